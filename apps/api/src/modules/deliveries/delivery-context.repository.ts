import { type SQL, sql } from 'drizzle-orm';
import type { TDb, TTx } from '../../db/client.ts';
import { preparedFor } from '../../db/prepared.ts';
import {
  branches,
  companies,
  deliveries,
  deliveryBidders,
  deliveryImages,
  deliveryItems,
  laborProfiles,
  payoutSubmissions,
  users,
} from '../../db/schema.ts';
import type {
  TBidderRow,
  TDeliveryActor,
  TDeliveryContext,
  TDeliveryRow,
  TPayoutSubmissionRow,
} from './deliveries.repository.ts';

type TQ = TDb | TTx;

// A delivery with everything its views need besides its row (items, photos, customer, acceptor,
// latest payout submission, the viewer's bids), as JSON columns of one statement: the rows of a
// list (delivery-lists.repository.ts), one delivery's page, and what a helper's step reads.

/** The shape of a viewer, one prepared statement each: a labor user, a company, one branch of it. */
export type TShape = 'labor' | 'company' | 'branch' | 'none';

export function shapeOf(actor: TDeliveryActor): TShape {
  if (actor.kind === 'labor') return 'labor';
  if (actor.kind === 'company') return actor.branchId ? 'branch' : 'company';
  return 'none';
}

/** The placeholders' values for a shape: the labor user's or the company's id, and the branch's. */
export function shapeParams(actor: TDeliveryActor): { actorId: number; branchId?: number } {
  if (actor.kind === 'company')
    return { actorId: actor.companyId, ...(actor.branchId ? { branchId: actor.branchId } : {}) };
  return { actorId: actor.userId };
}

export const actorId = sql.placeholder('actorId');
export const branchId = sql.placeholder('branchId');

/** Bidder rows (alias `b`) of this viewer; a company's reject covers its branches (markRejected). */
export function bidderWho(shape: TShape): SQL {
  if (shape === 'labor') return sql`b.labor_user_id = ${actorId}`;
  if (shape === 'company') return sql`b.company_id = ${actorId}`;
  if (shape === 'branch') return sql`b.company_id = ${actorId} and b.branch_id = ${branchId}`;
  return sql`false`;
}

type TAcceptorJson =
  | { kind: 'labor'; firstName: string; lastName: string; phone: string | null; address: string | null }
  | {
      kind: 'company';
      name: string;
      slug: string;
      phone: string | null;
      address: string;
      companyName: string;
    };
type TPayoutJson = Omit<TPayoutSubmissionRow, 'createdAt' | 'reviewedAt'> & {
  createdAtMs: number;
  reviewedAtMs: number | null;
};

/** A column of the listed delivery, qualified (the select list names its own columns bare). */
const col = (name: string) => sql.raw(`"deliveries"."${name}"`);

/** The viewer's own bidder rows on the selected delivery, nearest branch first, as JSON. */
const biddersJson = (whole: TShape) =>
  sql<TBidderRow[]>`coalesce((select json_agg(json_build_object('deliveryId', b.delivery_id,
    'branchId', b.branch_id, 'branchName', br.name, 'distanceKm', b.distance_km, 'rejected', b.rejected)
    order by b.distance_km, b.branch_id)
    from ${deliveryBidders} b left join ${branches} br on br.id = b.branch_id
    where b.delivery_id = ${col('id')} and ${bidderWho(whole)} and br.deleted_at is null), '[]'::json)`;

/**
 * A delivery row with its context (items, images, customer, acceptor, latest payout submission)
 * as JSON columns, so a page is one statement. `bidders` adds the viewer's own bidder rows (their
 * company's, all branches, nearest first) for the New tab's cards.
 */
export function contextSelect<E extends Record<string, SQL.Aliased | SQL>>(
  q: TQ,
  bidders: TShape | null,
  extra?: E,
) {
  const whole = bidders === 'branch' ? 'company' : bidders;
  return q
    .select({
      d: deliveries,
      customer: sql<{ firstName: string; lastName: string; email: string } | null>`(select json_build_object(
        'firstName', u.first_name, 'lastName', u.last_name, 'email', u.email)
        from ${users} u where u.id = ${col('customer_id')})`,
      items: sql<TDeliveryItemJson[]>`coalesce((select json_agg(json_build_object(
        'id', i.id, 'deliveryId', i.delivery_id, 'position', i.position, 'name', i.name, 'count', i.count,
        'weight', i.weight, 'height', i.height, 'width', i.width, 'length', i.length) order by i.position, i.id)
        from ${deliveryItems} i where i.delivery_id = ${col('id')}), '[]'::json)`,
      images: sql<{ id: number; path: string }[]>`coalesce((select json_agg(json_build_object(
        'id', im.id, 'path', im.path) order by im.id)
        from ${deliveryImages} im where im.delivery_id = ${col('id')}), '[]'::json)`,
      acceptor: sql<TAcceptorJson | null>`case
        when ${col('acceptor_user_id')} is not null then (select json_build_object('kind', 'labor',
          'firstName', u.first_name, 'lastName', u.last_name, 'phone', u.phone,
          'address', coalesce(lp.address, lp.zip_code))
          from ${users} u left join ${laborProfiles} lp on lp.user_id = u.id
          where u.id = ${col('acceptor_user_id')} limit 1)
        when ${col('acceptor_branch_id')} is not null then (select json_build_object('kind', 'company',
          'name', br.name, 'slug', br.slug, 'phone', br.primary_phone, 'address', br.address,
          'companyName', co.name)
          from ${branches} br join ${companies} co on co.id = br.company_id
          where br.id = ${col('acceptor_branch_id')})
        end`,
      payout: sql<TPayoutJson | null>`(select json_build_object('id', p.id, 'deliveryId', p.delivery_id,
        'submittedBy', p.submitted_by, 'status', p.status, 'helperNote', p.helper_note,
        'signedOnDevice', p.signed_on_device, 'files', p.files, 'reason', p.reason, 'reviewedBy', p.reviewed_by,
        'reviewedAtMs', floor(extract(epoch from p.reviewed_at) * 1000),
        'createdAtMs', floor(extract(epoch from p.created_at) * 1000))
        from ${payoutSubmissions} p where p.delivery_id = ${col('id')} order by p.id desc limit 1)`,
      bidders: whole ? biddersJson(whole) : sql<TBidderRow[]>`'[]'::json`,
      ...(extra as E),
    })
    .from(deliveries);
}
type TDeliveryItemJson = TDeliveryContext['items'][number];
type TContextRow = Awaited<ReturnType<ReturnType<typeof contextSelect>['execute']>>[number];

/**
 * The acceptor as the views take it, from the row's acceptor ids and what the statement read of
 * them (`json` null: nothing read, the names default).
 */
function acceptorOf(row: TDeliveryRow, a: TAcceptorJson | null): TDeliveryContext['acceptor'] {
  if (row.acceptorUserId)
    return {
      kind: 'labor',
      name: a?.kind === 'labor' ? `${a.firstName} ${a.lastName}`.trim() : 'Helper',
      phone: a?.kind === 'labor' ? a.phone : null,
      address: a?.kind === 'labor' ? a.address : null,
      branchId: null,
      slug: null,
    };
  if (row.acceptorBranchId)
    return {
      kind: 'company',
      name: a?.kind === 'company' ? `${a.companyName} (${a.name})` : 'Moving company',
      phone: a?.kind === 'company' ? a.phone : null,
      address: (a?.kind === 'company' && a.address) || null,
      branchId: row.acceptorBranchId,
      slug: a?.kind === 'company' ? a.slug : null,
    };
  return null;
}

/** A delivery's context as the views take it (the same as deliveryContexts builds). */
export function toContext(r: TContextRow): TDeliveryContext & { bidders: TBidderRow[] } {
  const row = r.d;
  const acceptor = acceptorOf(row, r.acceptor);
  const p = r.payout;
  return {
    row,
    items: r.items,
    images: r.images,
    customer: {
      id: row.customerId,
      firstName: r.customer?.firstName ?? '',
      lastName: r.customer?.lastName ?? '',
      email: r.customer?.email ?? '',
    },
    acceptor,
    payout: p
      ? {
          id: p.id,
          deliveryId: p.deliveryId,
          submittedBy: p.submittedBy,
          status: p.status,
          helperNote: p.helperNote,
          signedOnDevice: p.signedOnDevice,
          files: p.files,
          reason: p.reason,
          reviewedBy: p.reviewedBy,
          reviewedAt: p.reviewedAtMs === null ? null : new Date(p.reviewedAtMs),
          createdAt: new Date(p.createdAtMs),
        }
      : null,
    bidders: r.bidders,
  };
}

export type TListedDelivery = ReturnType<typeof toContext>;

/**
 * One delivery with everything its view needs, in one prepared statement: a step's answer and the
 * delivery page. `bidderActor` adds that viewer's bidder rows (a bidder looking at an open one).
 */
export async function findListedDelivery(
  q: TDb,
  id: number,
  bidderActor: TDeliveryActor | null,
): Promise<TListedDelivery | undefined> {
  const shape = bidderActor ? shapeOf(bidderActor) : 'none';
  const name = `delivery_one_${shape}`;
  const statement = preparedFor(q, name, () =>
    contextSelect(q, shape === 'none' ? null : shape)
      .where(sql`${deliveries.id} = ${sql.placeholder('id')}`)
      .prepare(name),
  );
  const [r] = await statement.execute({ id, ...(bidderActor ? shapeParams(bidderActor) : {}) });
  return r ? toContext(r) : undefined;
}

/**
 * Who could become the acceptor when this helper takes the delivery, as the acceptor's JSON: the
 * labor user, or each branch of the company with a bidder row on it (one of them takes it).
 */
const takersJson = (shape: 'labor' | 'company' | 'branch') =>
  shape === 'labor'
    ? sql<TTakerJson[]>`coalesce((select json_agg(json_build_object('kind', 'labor', 'userId', u.id,
        'firstName', u.first_name, 'lastName', u.last_name, 'phone', u.phone,
        'address', coalesce(lp.address, lp.zip_code)))
        from ${users} u left join ${laborProfiles} lp on lp.user_id = u.id where u.id = ${actorId}), '[]'::json)`
    : sql<TTakerJson[]>`coalesce((select json_agg(json_build_object('kind', 'company', 'branchId', br.id,
        'name', br.name, 'slug', br.slug, 'phone', br.primary_phone, 'address', br.address,
        'companyName', co.name))
        from ${branches} br join ${companies} co on co.id = br.company_id
        where br.id in (select b.branch_id from ${deliveryBidders} b
          where b.delivery_id = ${col('id')} and ${bidderWho(shape === 'branch' ? 'company' : shape)})), '[]'::json)`;
type TTakerJson = TAcceptorJson & { userId?: number; branchId?: number };

/** A delivery as a helper's step read it: its view's context, the helper's bids and who may take it. */
export type TDeliveryToStep = { listed: TListedDelivery; takers: TTakerJson[] };

/**
 * A delivery with its view's context, one helper's bidder rows on it (a company's over all its
 * branches) and who would hold it if they took it, in one prepared statement: what a helper's
 * step decides from (their party and bids) before it writes, and what its answer is built from
 * (`listedAfterStep`), so the step reads nothing after its write.
 */
export async function findDeliveryToStep(
  q: TQ,
  id: number,
  actor: Extract<TDeliveryActor, { kind: 'labor' | 'company' }>,
): Promise<TDeliveryToStep | undefined> {
  const shape = shapeOf(actor) as 'labor' | 'company' | 'branch';
  const name = `delivery_to_step_${shape}`;
  const statement = preparedFor(q, name, () =>
    contextSelect(q, shape, { takers: takersJson(shape) })
      .where(sql`${deliveries.id} = ${sql.placeholder('id')}`)
      .prepare(name),
  );
  const [r] = await statement.execute({ id, ...shapeParams(actor) });
  return r ? { listed: toContext(r), takers: r.takers } : undefined;
}

/**
 * The delivery's context after a step that wrote only its row (no items, photos, bids or payout
 * submission): the row as written, and its acceptor as read before or among the takers.
 * Undefined when the acceptor is someone the read did not bring: the caller reads it again.
 */
export function listedAfterStep(read: TDeliveryToStep, written: TDeliveryRow): TListedDelivery | undefined {
  const before = read.listed.row;
  const listed = { ...read.listed, row: written };
  if (
    written.acceptorUserId === before.acceptorUserId &&
    written.acceptorBranchId === before.acceptorBranchId
  )
    return {
      ...listed,
      acceptor: before.acceptorUserId || before.acceptorBranchId ? read.listed.acceptor : null,
    };
  if (!written.acceptorUserId && !written.acceptorBranchId) return { ...listed, acceptor: null };
  const taker = read.takers.find((t) =>
    written.acceptorUserId
      ? t.kind === 'labor' && t.userId === written.acceptorUserId
      : t.kind === 'company' && t.branchId === written.acceptorBranchId,
  );
  return taker ? { ...listed, acceptor: acceptorOf(written, taker) } : undefined;
}
