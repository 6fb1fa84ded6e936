import { DELIVERY_STATUS as S } from '@haulpro/shared/delivery';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
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

// The helpers' and customers' lists of deliveries, and who may bid on a new one. Dashboards poll
// these lists: each is one prepared statement for the page with everything its views need, and
// one for its counts (no per-row queries), whatever the page size.

/** The shape of a viewer, one prepared statement each: a labor user, a company, one branch of it. */
type TShape = 'labor' | 'company' | 'branch' | 'none';

function shapeOf(actor: TDeliveryActor): TShape {
  if (actor.kind === 'labor') return 'labor';
  if (actor.kind === 'company') return actor.branchId ? 'branch' : 'company';
  return 'none';
}

/** The placeholders' values for a shape: the labor user's or the company's id, and the branch's. */
function shapeParams(actor: TDeliveryActor): { actorId: number; branchId?: number } {
  if (actor.kind === 'company')
    return { actorId: actor.companyId, ...(actor.branchId ? { branchId: actor.branchId } : {}) };
  return { actorId: actor.userId };
}

const actorId = sql.placeholder('actorId');
const branchId = sql.placeholder('branchId');

/** Bidder rows (alias `b`) of this viewer; a company's reject covers its branches (markRejected). */
function bidderWho(shape: TShape): SQL {
  if (shape === 'labor') return sql`b.labor_user_id = ${actorId}`;
  if (shape === 'company') return sql`b.company_id = ${actorId}`;
  if (shape === 'branch') return sql`b.company_id = ${actorId} and b.branch_id = ${branchId}`;
  return sql`false`;
}

/** Deliveries this viewer holds (a company's branch view: that branch's). */
function heldBy(shape: TShape): SQL {
  if (shape === 'labor') return sql`${deliveries.acceptorUserId} = ${actorId}`;
  if (shape === 'company') return sql`${deliveries.acceptorCompanyId} = ${actorId}`;
  if (shape === 'branch')
    return sql`${deliveries.acceptorCompanyId} = ${actorId} and ${deliveries.acceptorBranchId} = ${branchId}`;
  return sql`false`;
}

const HELD_STATUSES = [S.accepted, S.customerCancelled, S.waitingForComplete, S.completed];

type TTab = 'new' | 'accepted' | 'history';

/**
 * New biddings this viewer may still take: open, not expired, covering them, not rejected by them
 * (the bidder rows are probed by the delivery, so a page reads its rows in deadline order).
 */
function tabWhere(shape: TShape, tab: TTab): SQL | undefined {
  if (tab === 'new')
    return and(
      eq(deliveries.status, S.new),
      sql`${deliveries.biddingDeadline} > ${sql.placeholder('now')}::timestamptz`,
      sql`exists (select 1 from ${deliveryBidders} b where b.delivery_id = ${deliveries.id} and ${bidderWho(shape)} and not b.rejected)`,
    );
  const held = and(heldBy(shape), inArray(deliveries.status, HELD_STATUSES));
  // Accepted: what they hold, not archived; History: everything they hold or held to the end.
  return tab === 'accepted' ? and(held, eq(deliveries.archivedByAcceptor, false)) : held;
}

const TAB_ORDER = {
  new: [asc(deliveries.biddingDeadline), asc(deliveries.id)],
  accepted: [asc(deliveries.status), asc(deliveries.arrivalDate), asc(deliveries.id)],
  history: [desc(deliveries.arrivalDate), desc(deliveries.id)],
} as const;

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
function contextSelect(q: TQ, bidders: TShape | null) {
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
    })
    .from(deliveries);
}
type TDeliveryItemJson = TDeliveryContext['items'][number];
type TContextRow = Awaited<ReturnType<ReturnType<typeof contextSelect>['execute']>>[number];

/** A delivery's context as the views take it (the same as deliveryContexts builds). */
function toContext(r: TContextRow): TDeliveryContext & { bidders: TBidderRow[] } {
  const a = r.acceptor;
  const row = r.d;
  let acceptor: TDeliveryContext['acceptor'] = null;
  if (row.acceptorUserId)
    acceptor = {
      kind: 'labor',
      name: a?.kind === 'labor' ? `${a.firstName} ${a.lastName}`.trim() : 'Helper',
      phone: a?.kind === 'labor' ? a.phone : null,
      address: a?.kind === 'labor' ? a.address : null,
      branchId: null,
      slug: null,
    };
  else if (row.acceptorBranchId)
    acceptor = {
      kind: 'company',
      name: a?.kind === 'company' ? `${a.companyName} (${a.name})` : 'Moving company',
      phone: a?.kind === 'company' ? a.phone : null,
      address: (a?.kind === 'company' && a.address) || null,
      branchId: row.acceptorBranchId,
      slug: a?.kind === 'company' ? a.slug : null,
    };
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
 * A delivery's row and one helper's bidder rows on it (a company's over all its branches unless
 * the actor names one), in one prepared statement: what a helper's step decides from (their party
 * and bids) before it writes.
 */
export async function findDeliveryWithBids(
  q: TQ,
  id: number,
  actor: Extract<TDeliveryActor, { kind: 'labor' | 'company' }>,
): Promise<{ row: TDeliveryRow; bids: TBidderRow[] } | undefined> {
  const shape = shapeOf(actor);
  const name = `delivery_with_bids_${shape}`;
  const statement = preparedFor(q, name, () =>
    q
      .select({ row: deliveries, bids: biddersJson(shape) })
      .from(deliveries)
      .where(sql`${deliveries.id} = ${sql.placeholder('id')}`)
      .prepare(name),
  );
  const [r] = await statement.execute({ id, ...shapeParams(actor) });
  return r ? { row: r.row, bids: r.bids } : undefined;
}

function helperPage(q: TQ, shape: TShape, tab: TTab) {
  const name = `deliveries_helper_${tab}_${shape}`;
  return preparedFor(q, name, () =>
    contextSelect(q, tab === 'new' ? shape : null)
      .where(tabWhere(shape, tab))
      .orderBy(...TAB_ORDER[tab])
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(name),
  );
}

const countOf = (shape: TShape, tab: TTab) =>
  sql<number>`(select count(*) from ${deliveries} where ${tabWhere(shape, tab)})`.mapWith(Number);

/** The New and Accepted counts (and History's on that tab), in one statement. */
function helperCounts(q: TQ, shape: TShape, history: boolean) {
  const name = `deliveries_helper_counts_${shape}${history ? '_history' : ''}`;
  return preparedFor(q, name, () =>
    q
      .select({
        new: countOf(shape, 'new'),
        accepted: countOf(shape, 'accepted'),
        history: history ? countOf(shape, 'history') : sql<number>`0`.mapWith(Number),
      })
      .from(sql`(values (1)) as one (x)`)
      .prepare(name),
  );
}

export async function listHelperDeliveries(
  q: TQ,
  actor: TDeliveryActor,
  tab: TTab,
  now: Date,
  page: number,
  perPage: number,
): Promise<{ items: TListedDelivery[]; total: number; counts: { new: number; accepted: number } }> {
  const shape = shapeOf(actor);
  const params = { ...shapeParams(actor), now: now.toISOString() };
  const [rows, [c]] = await Promise.all([
    helperPage(q, shape, tab).execute({ ...params, limit: perPage, offset: (page - 1) * perPage }),
    helperCounts(q, shape, tab === 'history').execute(params),
  ]);
  const counts = { new: c?.new ?? 0, accepted: c?.accepted ?? 0 };
  const total = tab === 'new' ? counts.new : tab === 'accepted' ? counts.accepted : (c?.history ?? 0);
  return { items: rows.map(toContext), total, counts };
}

const customerId = sql.placeholder('customerId');

export async function listCustomerDeliveries(
  q: TQ,
  customer: number,
  tab: 'active' | 'archive',
  page: number,
  perPage: number,
): Promise<{ items: TListedDelivery[]; active: number; archive: number }> {
  const pageName = `deliveries_customer_${tab}`;
  const list = preparedFor(q, pageName, () =>
    contextSelect(q, null)
      .where(
        and(
          sql`${deliveries.customerId} = ${customerId}`,
          eq(deliveries.archivedByCustomer, tab === 'archive'),
        ),
      )
      .orderBy(desc(deliveries.createdAt), desc(deliveries.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(pageName),
  );
  const counts = preparedFor(q, 'deliveries_customer_counts', () =>
    q
      .select({
        active: sql<number>`count(*) filter (where not ${deliveries.archivedByCustomer})`.mapWith(Number),
        archive: sql<number>`count(*) filter (where ${deliveries.archivedByCustomer})`.mapWith(Number),
      })
      .from(deliveries)
      .where(sql`${deliveries.customerId} = ${customerId}`)
      .prepare('deliveries_customer_counts'),
  );
  const [rows, [c]] = await Promise.all([
    list.execute({ customerId: customer, limit: perPage, offset: (page - 1) * perPage }),
    counts.execute({ customerId: customer }),
  ]);
  return { items: rows.map(toContext), active: c?.active ?? 0, archive: c?.archive ?? 0 };
}

/** Labor users whose service area covers a point, with the distance in km. */
export async function coveringLabor(q: TQ, point: { latitude: number; longitude: number }) {
  const here = sql`ll_to_earth(${point.latitude}::float8, ${point.longitude}::float8)`;
  const there = sql`ll_to_earth(${laborProfiles.latitude}, ${laborProfiles.longitude})`;
  const distance = sql<number>`earth_distance(${here}, ${there})`;
  const rows = await q
    .select({ userId: laborProfiles.userId, metres: distance })
    .from(laborProfiles)
    .innerJoin(users, eq(users.id, laborProfiles.userId))
    .where(
      and(
        eq(users.role, 'labor'),
        sql`earth_box(${there}, (${laborProfiles.serviceArea} * 1000)::float8) @> ${here}`,
        sql`${distance} <= ${laborProfiles.serviceArea} * 1000`,
      ),
    );
  return rows.map((r) => ({ userId: r.userId, distanceKm: Math.round(Number(r.metres) / 10) / 100 }));
}
