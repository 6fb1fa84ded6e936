import { and, desc, eq, gte, inArray, isNull, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { TDb, TTx } from '../../db/client.ts';
import {
  crews,
  deliveries,
  moneyMovements,
  orderCrews,
  orders,
  payoutAccounts,
  payouts,
  payoutTipShares,
} from '../../db/schema.ts';

type TQ = TDb | TTx;

export type TPayoutAccountRow = typeof payoutAccounts.$inferSelect;
export type TPayoutRowDb = typeof payouts.$inferSelect;
export type TMovement = typeof moneyMovements.$inferInsert;
/** Who is paid: a company (its staff see it) or a labor user. */
export type TPayee = { companyId: number } | { userId: number };

const ownerOf = (p: TPayee) =>
  'companyId' in p ? eq(payoutAccounts.companyId, p.companyId) : eq(payoutAccounts.userId, p.userId);
const payeeOf = (p: TPayee) =>
  'companyId' in p ? eq(payouts.payeeCompanyId, p.companyId) : eq(payouts.payeeUserId, p.userId);

export function findAccountOf(q: TQ, payee: TPayee): Promise<TPayoutAccountRow | undefined> {
  return q
    .select()
    .from(payoutAccounts)
    .where(ownerOf(payee))
    .limit(1)
    .then((r) => r[0]);
}

/** Records the provider's account of a payee once: a concurrent second connect keeps the first. */
export async function insertAccount(q: TQ, payee: TPayee, stripeAccountId: string, now: Date) {
  await q
    .insert(payoutAccounts)
    .values({ ...payee, stripeAccountId, createdAt: now, updatedAt: now })
    .onConflictDoNothing();
  return findAccountOf(q, payee);
}

/**
 * The account's state from Stripe's `account.updated`, unless a newer event set it already (events
 * arrive in any order): the row as updated, or undefined when unknown or older news.
 */
export async function applyAccountState(
  q: TQ,
  stripeAccountId: string,
  s: Pick<TPayoutAccountRow, 'chargesEnabled' | 'payoutsEnabled' | 'detailsSubmitted' | 'requirements'>,
  eventAt: Date,
  now: Date,
): Promise<TPayoutAccountRow | undefined> {
  const [r] = await q
    .update(payoutAccounts)
    .set({ ...s, eventAt, updatedAt: now })
    .where(
      and(
        eq(payoutAccounts.stripeAccountId, stripeAccountId),
        or(isNull(payoutAccounts.eventAt), lte(payoutAccounts.eventAt, eventAt)),
      ),
    )
    .returning();
  return r;
}

/** A payee's transfers that waited for the account become due now. */
export async function wakeWaiting(q: TQ, payee: TPayee, now: Date): Promise<number> {
  const r = await q
    .update(payouts)
    .set({ status: 'pending', nextAttemptAt: now, updatedAt: now })
    .where(and(payeeOf(payee), eq(payouts.status, 'waiting_for_account')))
    .returning({ id: payouts.id });
  return r.length;
}

export async function insertPayout(tx: TTx, row: typeof payouts.$inferInsert): Promise<number | null> {
  const [r] = await tx.insert(payouts).values(row).onConflictDoNothing().returning({ id: payouts.id });
  return r?.id ?? null;
}

/** The columns `recordJob` writes, as `insertPayout` takes them. */
export type TPayoutJobRow = Pick<
  typeof payouts.$inferInsert,
  | 'orderId'
  | 'deliveryId'
  | 'payeeCompanyId'
  | 'payeeUserId'
  | 'paymentMethod'
  | 'gross'
  | 'platformFee'
  | 'tip'
  | 'cancellationFee'
  | 'net'
  | 'status'
  | 'nextAttemptAt'
  | 'createdAt'
  | 'updatedAt'
>;

/**
 * `insertPayout` as a data-modifying CTE of another module's statement (an order's step): the
 * row is written only if `gate` (a query) finds a row, and at most once per job (its unique index).
 */
export function insertPayoutIf(gate: SQL, row: TPayoutJobRow): SQL {
  return sql`insert into ${payouts} (order_id, delivery_id, payee_company_id, payee_user_id, payment_method,
      base_price, processing_fee, tip, cancellation_fee, total_payout, status, next_attempt_at, created_at, updated_at)
    select ${row.orderId ?? null}::int, ${row.deliveryId ?? null}::int, ${row.payeeCompanyId ?? null}::int,
      ${row.payeeUserId ?? null}::int, ${row.paymentMethod ?? 'electronic'}::varchar, ${row.gross}::int,
      ${row.platformFee}::int, ${row.tip}::int, ${row.cancellationFee ?? 0}::int, ${row.net}::int,
      ${row.status ?? 'pending'}::varchar, ${row.nextAttemptAt ?? null}::timestamptz,
      ${row.createdAt ?? new Date()}::timestamptz, ${row.updatedAt ?? new Date()}::timestamptz
    where exists (${gate})
    on conflict do nothing`;
}

/** The crew members assigned to an order (read for the split of its tip). */
export async function orderCrewIds(q: TQ, orderId: number): Promise<number[]> {
  const r = await q.select({ id: orderCrews.crewId }).from(orderCrews).where(eq(orderCrews.orderId, orderId));
  return r.map((x) => x.id);
}

export async function deleteTipShares(tx: TTx, payoutId: number) {
  await tx.delete(payoutTipShares).where(eq(payoutTipShares.payoutId, payoutId));
}

export async function insertTipShares(tx: TTx, rows: (typeof payoutTipShares.$inferInsert)[]) {
  if (rows.length) await tx.insert(payoutTipShares).values(rows).onConflictDoNothing();
}

/** Records a movement once per idempotency key: false when it was recorded before. */
export async function recordMovement(q: TQ, m: TMovement): Promise<boolean> {
  if (m.amount <= 0) return false;
  const r = await q
    .insert(moneyMovements)
    .values(m)
    .onConflictDoNothing({ target: moneyMovements.idempotencyKey })
    .returning({ id: moneyMovements.id });
  return r.length > 0;
}

const DUE = sql`(${payouts.status} in ('pending', 'waiting_for_account') or ${payouts.reversalOwed} > 0)`;

/**
 * Leases due rows for `leaseMs` (their next attempt moves past the lease): several runners, or a
 * request and the runner, never work one row at once. `ids` narrows to given rows (right after a
 * job ends); otherwise the oldest due rows, FOR UPDATE SKIP LOCKED.
 */
export async function leaseDue(
  db: TDb,
  now: Date,
  leaseMs: number,
  opts: { ids?: number[]; orderIds?: number[]; deliveryIds?: number[]; limit: number },
): Promise<TPayoutRowDb[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: payouts.id })
      .from(payouts)
      .where(
        and(
          DUE,
          // No next attempt: not due (waiting for an account, or done).
          lte(payouts.nextAttemptAt, now),
          opts.ids ? inArray(payouts.id, opts.ids) : undefined,
          opts.orderIds ? inArray(payouts.orderId, opts.orderIds) : undefined,
          opts.deliveryIds ? inArray(payouts.deliveryId, opts.deliveryIds) : undefined,
        ),
      )
      .orderBy(payouts.nextAttemptAt)
      .limit(opts.limit)
      .for('update', { skipLocked: true });
    if (!due.length) return [];
    return tx
      .update(payouts)
      .set({ nextAttemptAt: new Date(now.getTime() + leaseMs), attempts: sql`${payouts.attempts} + 1` })
      .where(
        inArray(
          payouts.id,
          due.map((d) => d.id),
        ),
      )
      .returning();
  });
}

export async function updatePayout(q: TQ, id: number, set: Partial<typeof payouts.$inferInsert>) {
  await q.update(payouts).set(set).where(eq(payouts.id, id));
}

export function findPayoutByTransfer(q: TQ, transferId: string) {
  return q
    .select()
    .from(payouts)
    .where(eq(payouts.transferId, transferId))
    .limit(1)
    .then((r) => r[0]);
}

/** The job a Stripe payment intent paid for (the booking's charge or a tip). */
export async function jobOfPaymentIntent(q: TQ, pi: string) {
  const [m] = await q
    .select({ orderId: moneyMovements.orderId, deliveryId: moneyMovements.deliveryId })
    .from(moneyMovements)
    .where(and(eq(moneyMovements.providerRef, pi), inArray(moneyMovements.kind, ['charge', 'tip_charge'])))
    .limit(1);
  return m;
}

export function findPayoutOfJob(q: TQ, job: { orderId: number } | { deliveryId: number }) {
  return q
    .select()
    .from(payouts)
    .where('orderId' in job ? eq(payouts.orderId, job.orderId) : eq(payouts.deliveryId, job.deliveryId))
    .limit(1)
    .then((r) => r[0]);
}

/** A payout's news from the connected account's payout: expected, paid or failed. */
export async function applyAccountPayout(
  q: TQ,
  stripeAccountId: string,
  p: { payoutId: string; status: 'created' | 'paid' | 'failed'; arrivalAt: Date; createdAt: Date },
  now: Date,
): Promise<number> {
  const ofAccount = and(
    eq(payouts.stripeAccountId, stripeAccountId),
    eq(payouts.status, 'transferred'),
    lte(payouts.transferredAt, p.createdAt),
  );
  if (p.status === 'failed') {
    const r = await q
      .update(payouts)
      .set({ expectedAt: null, stripePayoutId: null, updatedAt: now })
      .where(and(ofAccount, eq(payouts.stripePayoutId, p.payoutId)))
      .returning({ id: payouts.id });
    return r.length;
  }
  const r = await q
    .update(payouts)
    .set(
      p.status === 'paid'
        ? {
            status: 'paid_out',
            stripePayoutId: p.payoutId,
            expectedAt: p.arrivalAt,
            paidOutAt: p.arrivalAt,
            updatedAt: now,
          }
        : { stripePayoutId: p.payoutId, expectedAt: p.arrivalAt, updatedAt: now },
    )
    .where(
      and(
        ofAccount,
        p.status === 'paid'
          ? or(isNull(payouts.stripePayoutId), eq(payouts.stripePayoutId, p.payoutId))
          : isNull(payouts.stripePayoutId),
      ),
    )
    .returning({ id: payouts.id });
  return r.length;
}

/** A payee's ledger, newest first, with each job's title and date and its tip shares. */
export async function listPayoutsOf(q: TQ, payee: TPayee, limit = 2000) {
  const rows = await q
    .select({
      p: payouts,
      orderDate: orders.arrivalDate,
      helpers: orders.helpersCount,
      hours: orders.hoursCount,
      deliveryDate: deliveries.arrivalDate,
      itemsName: deliveries.itemsName,
    })
    .from(payouts)
    .leftJoin(orders, eq(orders.id, payouts.orderId))
    .leftJoin(deliveries, eq(deliveries.id, payouts.deliveryId))
    .where(payeeOf(payee))
    .orderBy(desc(payouts.createdAt), desc(payouts.id))
    .limit(limit);
  const ids = rows.map((r) => r.p.id);
  const shares = ids.length
    ? await q
        .select({
          payoutId: payoutTipShares.payoutId,
          crewId: payoutTipShares.crewId,
          amount: payoutTipShares.amount,
          firstName: crews.firstName,
          lastName: crews.lastName,
        })
        .from(payoutTipShares)
        .innerJoin(crews, eq(crews.id, payoutTipShares.crewId))
        .where(inArray(payoutTipShares.payoutId, ids))
    : [];
  return { rows, shares };
}

/** Every movement made between two instants. */
export function movementsBetween(q: TQ, from: Date, to: Date) {
  return q
    .select()
    .from(moneyMovements)
    .where(and(gte(moneyMovements.createdAt, from), lt(moneyMovements.createdAt, to)));
}

/** The platform fees of card jobs that finished between two instants. */
export function cardFeesBetween(q: TQ, from: Date, to: Date) {
  return q
    .select({ platformFee: payouts.platformFee, createdAt: payouts.createdAt })
    .from(payouts)
    .where(
      and(eq(payouts.paymentMethod, 'electronic'), gte(payouts.createdAt, from), lt(payouts.createdAt, to)),
    );
}

/** Everything the books know of these jobs: their movements, payout rows and refunds owed. */
export async function jobsBooks(q: TQ, orderIds: number[], deliveryIds: number[]) {
  const none = sql`false`;
  const [movements, ledger, orderRefunds, deliveryRefunds] = await Promise.all([
    q
      .select()
      .from(moneyMovements)
      .where(
        or(
          orderIds.length ? inArray(moneyMovements.orderId, orderIds) : none,
          deliveryIds.length ? inArray(moneyMovements.deliveryId, deliveryIds) : none,
        ),
      ),
    q
      .select()
      .from(payouts)
      .where(
        or(
          orderIds.length ? inArray(payouts.orderId, orderIds) : none,
          deliveryIds.length ? inArray(payouts.deliveryId, deliveryIds) : none,
        ),
      ),
    orderIds.length
      ? q
          .select({ id: orders.id, status: orders.refundStatus, amount: orders.refundAmount })
          .from(orders)
          .where(inArray(orders.id, orderIds))
      : Promise.resolve([]),
    deliveryIds.length
      ? q
          .select({ id: deliveries.id, status: deliveries.refundStatus, amount: deliveries.refundAmount })
          .from(deliveries)
          .where(inArray(deliveries.id, deliveryIds))
      : Promise.resolve([]),
  ]);
  return { movements, ledger, orderRefunds, deliveryRefunds };
}
