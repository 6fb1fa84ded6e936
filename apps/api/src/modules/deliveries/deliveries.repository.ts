import { and, asc, desc, eq, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { TDb, TTx } from '../../db/client.ts';
import { preparedFor } from '../../db/prepared.ts';
import {
  branches,
  companies,
  deliveries,
  deliveryBidders,
  deliveryHistory,
  deliveryImages,
  deliveryItems,
  laborProfiles,
  payoutSubmissions,
  users,
} from '../../db/schema.ts';
import { alsoIfWonCte, type TAlsoIfWon, writtenRow } from '../../db/written-row.ts';

type TQ = TDb | TTx;

export type TDeliveryRow = typeof deliveries.$inferSelect;
export type TDeliveryItemRow = typeof deliveryItems.$inferSelect;
export type TPayoutSubmissionRow = typeof payoutSubmissions.$inferSelect;

/** Who is looking: a labor user, a company (optionally one branch), the customer, or an admin. */
export type TDeliveryActor =
  | { kind: 'labor'; userId: number }
  | { kind: 'company'; companyId: number; branchId?: number | undefined }
  | { kind: 'customer'; userId: number }
  | { kind: 'admin'; userId: number };

/** A delivery with what its views need besides its own row. */
export type TDeliveryContext = {
  row: TDeliveryRow;
  items: TDeliveryItemRow[];
  images: { id: number; path: string }[];
  customer: { id: number; firstName: string; lastName: string; email: string };
  acceptor: {
    kind: 'labor' | 'company';
    name: string;
    phone: string | null;
    address: string | null;
    branchId: number | null;
    slug: string | null;
  } | null;
  payout: TPayoutSubmissionRow | null;
};

// ---------------------------------------------------------------------------------------------
// Writes

export async function insertDelivery(
  tx: TTx,
  row: typeof deliveries.$inferInsert,
  items: Omit<typeof deliveryItems.$inferInsert, 'deliveryId'>[],
  images: string[],
): Promise<number> {
  const [d] = await tx.insert(deliveries).values(row).returning({ id: deliveries.id });
  const id = d!.id;
  await tx.insert(deliveryItems).values(items.map((i) => ({ ...i, deliveryId: id })));
  if (images.length) await tx.insert(deliveryImages).values(images.map((path) => ({ deliveryId: id, path })));
  return id;
}

/** The labor users invited to bid on a delivery (written when it was placed). */
export function laborBidderIds(q: TQ, deliveryId: number): Promise<number[]> {
  return q
    .select({ id: deliveryBidders.laborUserId })
    .from(deliveryBidders)
    .where(and(eq(deliveryBidders.deliveryId, deliveryId), isNotNull(deliveryBidders.laborUserId)))
    .then((rows) => rows.flatMap((r) => (r.id ? [r.id] : [])));
}

export async function insertBidders(tx: TTx, rows: (typeof deliveryBidders.$inferInsert)[]): Promise<void> {
  if (rows.length) await tx.insert(deliveryBidders).values(rows);
}

export type TDeliveryOnceFlag =
  | 'archivedByCustomer'
  | 'archivedByAcceptor'
  | 'reviewedByCustomer'
  | 'reviewedByAcceptor';

/** Writes the next state only while the delivery is still as read (status, approval, the side's flag). */
/**
 * Writes a delivery's next state only while its status and payout approval are still the ones
 * read (and the side's flag for archive and review still false), and its history row with it, in
 * one statement (a data-modifying CTE): the row is written only if the update won. The row as
 * written (the row read with every column set), or undefined when another change won.
 */
export async function updateDeliveryIf(
  tx: TTx,
  d: TDeliveryRow,
  expected: { onceFlag?: TDeliveryOnceFlag | undefined },
  set: Partial<typeof deliveries.$inferInsert>,
  history: Omit<typeof deliveryHistory.$inferInsert, 'deliveryId' | 'fromStatus' | 'id'>,
  /** Another write of the step, made by this statement only if the update won (`won`: a query). */
  alsoIfWon?: TAlsoIfWon,
): Promise<TDeliveryRow | undefined> {
  const update = tx
    .update(deliveries)
    .set(set)
    .where(
      and(
        eq(deliveries.id, d.id),
        eq(deliveries.status, d.status),
        eq(deliveries.payoutApproved, d.payoutApproved),
        expected.onceFlag ? eq(deliveries[expected.onceFlag], false) : undefined,
      ),
    )
    .returning({ id: deliveries.id });
  const r = (await tx.execute(sql`
    with won as (${update.getSQL()})${alsoIfWonCte(alsoIfWon)}
    insert into ${deliveryHistory} (delivery_id, actor_user_id, actor_party, action, from_status, to_status, reason, created_at)
    select won.id, ${history.actorUserId ?? null}::int, ${history.actorParty}::varchar, ${history.action}::varchar,
      ${d.status}::smallint, ${history.toStatus}::smallint, ${history.reason ?? null}::text,
      ${history.createdAt ?? new Date()}::timestamptz
    from won
    returning delivery_id`)) as { rows?: unknown[] };
  return r.rows?.length ? writtenRow(d, set) : undefined;
}

export async function insertDeliveryHistory(
  tx: TTx,
  row: typeof deliveryHistory.$inferInsert,
): Promise<void> {
  await tx.insert(deliveryHistory).values(row);
}

/** The bidder stops seeing the delivery (a company's reject hides it from all its branches). */
export async function markRejected(tx: TTx, deliveryId: number, actor: TDeliveryActor): Promise<void> {
  // A company's reject covers all its branches.
  const who = bidderWhere(actor.kind === 'company' ? { kind: 'company', companyId: actor.companyId } : actor);
  if (!who) return;
  await tx
    .update(deliveryBidders)
    .set({ rejected: true })
    .where(and(eq(deliveryBidders.deliveryId, deliveryId), who));
}

/**
 * Records the payment session of a Waiting delivery once: true when this call set it; false when
 * another request already had (its session stands, so the webhook still matches).
 */
export async function setPaymentSession(tx: TQ, id: number, sessionId: string): Promise<boolean> {
  const won = await tx
    .update(deliveries)
    .set({ paymentSessionId: sessionId })
    .where(and(eq(deliveries.id, id), isNull(deliveries.paymentSessionId)))
    .returning({ id: deliveries.id });
  return won.length > 0;
}

// ---------------------------------------------------------------------------------------------
// Reads

export async function findDelivery(q: TQ, id: number, forUpdate = false): Promise<TDeliveryRow | undefined> {
  if (forUpdate) {
    const [r] = await q.select().from(deliveries).where(eq(deliveries.id, id)).for('update');
    return r;
  }
  // Prepared: the read of every step and page of one delivery (planned once per connection).
  const one = preparedFor(q, 'delivery_one', () =>
    q
      .select()
      .from(deliveries)
      .where(eq(deliveries.id, sql.placeholder('id')))
      .prepare('delivery_one'),
  );
  const [r] = await one.execute({ id });
  return r;
}

export function bidderWhere(actor: TDeliveryActor): SQL | undefined {
  if (actor.kind === 'labor') return eq(deliveryBidders.laborUserId, actor.userId);
  if (actor.kind === 'company')
    return and(
      eq(deliveryBidders.companyId, actor.companyId),
      actor.branchId ? eq(deliveryBidders.branchId, actor.branchId) : undefined,
    );
  return undefined;
}

export type TBidderRow = {
  deliveryId: number;
  branchId: number | null;
  branchName: string | null;
  distanceKm: number;
  rejected: boolean;
};

/** A bidder row as a viewer's actions and cards need it. */
const BIDDER_FIELDS = {
  deliveryId: deliveryBidders.deliveryId,
  branchId: deliveryBidders.branchId,
  branchName: branches.name,
  distanceKm: deliveryBidders.distanceKm,
  rejected: deliveryBidders.rejected,
};

/** The bidder rows of one viewer on these deliveries, nearest branch first (one query for a page). */
export async function bidderRowsFor(
  q: TQ,
  deliveryIds: number[],
  actor: TDeliveryActor,
): Promise<Map<number, TBidderRow[]>> {
  const who = bidderWhere(actor);
  const out = new Map<number, TBidderRow[]>();
  if (!who || !deliveryIds.length) return out;
  const rows = await q
    .select(BIDDER_FIELDS)
    .from(deliveryBidders)
    .leftJoin(branches, eq(branches.id, deliveryBidders.branchId))
    .where(and(inArray(deliveryBidders.deliveryId, deliveryIds), who, isNull(branches.deletedAt)))
    .orderBy(asc(deliveryBidders.distanceKm), asc(deliveryBidders.branchId));
  for (const r of rows) {
    const list = out.get(r.deliveryId);
    if (list) list.push(r);
    else out.set(r.deliveryId, [r]);
  }
  return out;
}

/** One viewer's bidder rows on one delivery, nearest branch first (prepared, one per kind of viewer). */
export async function bidderRows(q: TQ, deliveryId: number, actor: TDeliveryActor): Promise<TBidderRow[]> {
  if (actor.kind !== 'labor' && actor.kind !== 'company') return [];
  const branch = actor.kind === 'company' && Boolean(actor.branchId);
  const name = `delivery_bidders_${actor.kind}${branch ? '_branch' : ''}`;
  const statement = preparedFor(q, name, () =>
    q
      .select(BIDDER_FIELDS)
      .from(deliveryBidders)
      .leftJoin(branches, eq(branches.id, deliveryBidders.branchId))
      .where(
        and(
          eq(deliveryBidders.deliveryId, sql.placeholder('deliveryId')),
          actor.kind === 'labor'
            ? eq(deliveryBidders.laborUserId, sql.placeholder('actorId'))
            : eq(deliveryBidders.companyId, sql.placeholder('actorId')),
          branch ? eq(deliveryBidders.branchId, sql.placeholder('branchId')) : undefined,
          isNull(branches.deletedAt),
        ),
      )
      .orderBy(asc(deliveryBidders.distanceKm), asc(deliveryBidders.branchId))
      .prepare(name),
  );
  return statement.execute({
    deliveryId,
    actorId: actor.kind === 'labor' ? actor.userId : actor.companyId,
    branchId: actor.kind === 'company' ? (actor.branchId ?? 0) : 0,
  });
}

/** Everything the views of these deliveries need, in four queries. */
export async function deliveryContexts(q: TQ, rows: TDeliveryRow[]): Promise<TDeliveryContext[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const [items, images, people, subs] = await Promise.all([
    q
      .select()
      .from(deliveryItems)
      .where(inArray(deliveryItems.deliveryId, ids))
      .orderBy(asc(deliveryItems.deliveryId), asc(deliveryItems.position)),
    q
      .select()
      .from(deliveryImages)
      .where(inArray(deliveryImages.deliveryId, ids))
      .orderBy(asc(deliveryImages.id)),
    q
      .select({
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        phone: users.phone,
      })
      .from(users)
      .where(
        inArray(users.id, [
          ...new Set(rows.flatMap((r) => [r.customerId, ...(r.acceptorUserId ? [r.acceptorUserId] : [])])),
        ]),
      ),
    q
      .selectDistinctOn([payoutSubmissions.deliveryId])
      .from(payoutSubmissions)
      .where(inArray(payoutSubmissions.deliveryId, ids))
      .orderBy(payoutSubmissions.deliveryId, desc(payoutSubmissions.id)),
  ]);
  const branchIds = [...new Set(rows.flatMap((r) => (r.acceptorBranchId ? [r.acceptorBranchId] : [])))];
  const acceptorBranches = branchIds.length
    ? await q
        .select({
          id: branches.id,
          name: branches.name,
          slug: branches.slug,
          phone: branches.primaryPhone,
          address: branches.address,
          companyName: companies.name,
        })
        .from(branches)
        .innerJoin(companies, eq(companies.id, branches.companyId))
        .where(inArray(branches.id, branchIds))
    : [];
  const laborIds = [...new Set(rows.flatMap((r) => (r.acceptorUserId ? [r.acceptorUserId] : [])))];
  const laborAddresses = laborIds.length
    ? await q
        .select({ userId: laborProfiles.userId, address: laborProfiles.address, zip: laborProfiles.zipCode })
        .from(laborProfiles)
        .where(inArray(laborProfiles.userId, laborIds))
    : [];
  const person = new Map(people.map((p) => [p.id, p]));
  const branch = new Map(acceptorBranches.map((b) => [b.id, b]));
  const laborAddress = new Map(laborAddresses.map((l) => [l.userId, l.address ?? l.zip]));
  const sub = new Map(subs.map((s) => [s.deliveryId, s]));
  return rows.map((row) => {
    const c = person.get(row.customerId);
    let acceptor: TDeliveryContext['acceptor'] = null;
    if (row.acceptorUserId) {
      const l = person.get(row.acceptorUserId);
      acceptor = {
        kind: 'labor',
        name: l ? `${l.firstName} ${l.lastName}`.trim() : 'Helper',
        phone: l?.phone ?? null,
        address: laborAddress.get(row.acceptorUserId) ?? null,
        branchId: null,
        slug: null,
      };
    } else if (row.acceptorBranchId) {
      const b = branch.get(row.acceptorBranchId);
      acceptor = {
        kind: 'company',
        name: b ? `${b.companyName} (${b.name})` : 'Moving company',
        phone: b?.phone ?? null,
        address: b?.address || null,
        branchId: row.acceptorBranchId,
        slug: b?.slug ?? null,
      };
    }
    return {
      row,
      items: items.filter((i) => i.deliveryId === row.id),
      images: images.filter((i) => i.deliveryId === row.id).map((i) => ({ id: i.id, path: i.path })),
      customer: {
        id: row.customerId,
        firstName: c?.firstName ?? '',
        lastName: c?.lastName ?? '',
        email: c?.email ?? '',
      },
      acceptor,
      payout: sub.get(row.id) ?? null,
    };
  });
}

export async function adminIds(q: TQ): Promise<number[]> {
  const rows = await q.select({ id: users.id }).from(users).where(eq(users.role, 'admin'));
  return rows.map((r) => r.id);
}

/**
 * Who is paid for an accepted delivery, for the cancel's terms (decision 029): the acceptor
 * company's name and tiers (null: the default), or a labor user's name (no setting: the default).
 */
export async function findAcceptorCancellation(
  db: TQ,
  d: Pick<TDeliveryRow, 'acceptorCompanyId' | 'acceptorUserId'>,
): Promise<{ name: string; policy: { hours_before: number; percent: number }[] | null } | null> {
  if (d.acceptorCompanyId) {
    const [c] = await db
      .select({ name: companies.name, policy: companies.cancellationPolicy })
      .from(companies)
      .where(eq(companies.id, d.acceptorCompanyId))
      .limit(1);
    return c ?? null;
  }
  if (d.acceptorUserId) {
    const [u] = await db
      .select({ first: users.firstName, last: users.lastName })
      .from(users)
      .where(eq(users.id, d.acceptorUserId))
      .limit(1);
    return u ? { name: `${u.first} ${u.last}`.trim(), policy: null } : null;
  }
  return null;
}
