import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { TDb, TTx } from '../../db/client.ts';
import { deliveries, payoutSubmissions, payouts } from '../../db/schema.ts';
import type { TDeliveryRow } from './deliveries.repository.ts';

type TQ = TDb | TTx;

// The payout submissions (the admin's queue), the ledger of payouts and the refunds.

export async function insertPayoutSubmission(
  tx: TTx,
  row: typeof payoutSubmissions.$inferInsert,
): Promise<number> {
  const [r] = await tx.insert(payoutSubmissions).values(row).returning({ id: payoutSubmissions.id });
  return r!.id;
}

export async function decidePayoutSubmission(
  tx: TTx,
  id: number,
  set: { status: 'approved' | 'rejected'; reason: string | null; reviewedBy: number; reviewedAt: Date },
): Promise<boolean> {
  const r = await tx
    .update(payoutSubmissions)
    .set(set)
    .where(and(eq(payoutSubmissions.id, id), eq(payoutSubmissions.status, 'pending')))
    .returning({ id: payoutSubmissions.id });
  return r.length > 0;
}

export async function insertPayout(tx: TTx, row: typeof payouts.$inferInsert): Promise<void> {
  await tx.insert(payouts).values(row).onConflictDoNothing({ target: payouts.deliveryId });
}

export async function listPayoutQueue(
  q: TQ,
  status: 'pending' | 'approved' | 'rejected',
  page: number,
  perPage: number,
) {
  const [rows, [t], [p]] = await Promise.all([
    q
      .select({ sub: payoutSubmissions, delivery: deliveries })
      .from(payoutSubmissions)
      .innerJoin(deliveries, eq(deliveries.id, payoutSubmissions.deliveryId))
      .where(eq(payoutSubmissions.status, status))
      .orderBy(
        status === 'pending' ? asc(payoutSubmissions.createdAt) : desc(payoutSubmissions.reviewedAt),
        asc(payoutSubmissions.id),
      )
      .limit(perPage)
      .offset((page - 1) * perPage),
    q.select({ n: count() }).from(payoutSubmissions).where(eq(payoutSubmissions.status, status)),
    q.select({ n: count() }).from(payoutSubmissions).where(eq(payoutSubmissions.status, 'pending')),
  ]);
  return { rows, total: t?.n ?? 0, pending: p?.n ?? 0 };
}

export async function findPayoutSubmission(q: TQ, id: number) {
  const [r] = await q
    .select({ sub: payoutSubmissions, delivery: deliveries })
    .from(payoutSubmissions)
    .innerJoin(deliveries, eq(deliveries.id, payoutSubmissions.deliveryId))
    .where(eq(payoutSubmissions.id, id));
  return r;
}

/** A payee's payout records, newest first, with their deliveries' names and dates. */
export async function listPayoutsOf(q: TQ, payee: { userId?: number; companyId?: number }) {
  const who = payee.userId
    ? eq(payouts.payeeUserId, payee.userId)
    : payee.companyId
      ? eq(payouts.payeeCompanyId, payee.companyId)
      : sql`false`;
  return q
    .select({
      id: payouts.id,
      deliveryId: deliveries.id,
      itemsName: deliveries.itemsName,
      arrivalDate: deliveries.arrivalDate,
      basePrice: payouts.gross,
      processingFee: payouts.platformFee,
      tip: payouts.tip,
      totalPayout: payouts.net,
      status: payouts.status,
      createdAt: payouts.createdAt,
    })
    .from(payouts)
    .innerJoin(deliveries, eq(deliveries.id, payouts.deliveryId))
    .where(who)
    .orderBy(desc(payouts.createdAt), desc(payouts.id))
    .limit(1000);
}

/** Records a provider refund once (a concurrent retry finds it refunded already). */
export async function markRefunded(q: TQ, id: number, refundId: string): Promise<TDeliveryRow | undefined> {
  const [r] = await q
    .update(deliveries)
    .set({ refundStatus: 'refunded', refundId })
    .where(and(eq(deliveries.id, id), eq(deliveries.refundStatus, 'pending')))
    .returning();
  return r;
}

/** Cancelled card-paid deliveries whose refund has not gone through yet (the retry job). */
export async function pendingRefunds(q: TQ, limit: number): Promise<TDeliveryRow[]> {
  return q
    .select()
    .from(deliveries)
    .where(eq(deliveries.refundStatus, 'pending'))
    .orderBy(asc(deliveries.updatedAt))
    .limit(limit);
}
