import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { TDb, TTx } from '../../db/client.ts';
import { deliveries, payoutSubmissions } from '../../db/schema.ts';
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
