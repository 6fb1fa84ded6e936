import { and, eq } from 'drizzle-orm';
import type { TDb, TTx } from '../../db/client.ts';
import { idempotencyKeys, paymentEvents } from '../../db/schema.ts';

type TQ = TDb | TTx;

export type TIdempotencyRow = typeof idempotencyKeys.$inferSelect;
/** One customer's key. */
export type TIdempotencyKey = { userId: number; key: string };
/** What a claimed key made: an order or a delivery. */
export type TIdempotencyTarget = { orderId: number } | { deliveryId: number };

const keyOf = ({ userId, key }: TIdempotencyKey) =>
  and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key));

export function findIdempotencyKey(db: TQ, idem: TIdempotencyKey): Promise<TIdempotencyRow | undefined> {
  return db
    .select()
    .from(idempotencyKeys)
    .where(keyOf(idem))
    .limit(1)
    .then((r) => r[0]);
}

/**
 * Claims a key inside the booking's transaction: true when this request owns it. A concurrent
 * request with the same key waits on the primary key until the owner commits (then gets false)
 * or rolls back (then owns it): never check-then-insert.
 */
export async function claimIdempotencyKey(
  tx: TTx,
  idem: TIdempotencyKey & { hash: string },
  now: Date,
): Promise<boolean> {
  const rows = await tx
    .insert(idempotencyKeys)
    .values({ userId: idem.userId, key: idem.key, requestHash: idem.hash, createdAt: now })
    .onConflictDoNothing()
    .returning({ userId: idempotencyKeys.userId });
  return rows.length > 0;
}

/** Records what the claimed key made, in the same transaction (sent when called, decision 041). */
export function setIdempotencyTarget(
  tx: TTx,
  idem: TIdempotencyKey,
  target: TIdempotencyTarget,
): Promise<void> {
  return tx
    .update(idempotencyKeys)
    .set(target)
    .where(keyOf(idem))
    .then(() => undefined);
}

/** Records the payment page the first request opened, so a retry sends the customer to it. */
export async function setIdempotencyCheckout(db: TQ, idem: TIdempotencyKey, url: string) {
  await db.update(idempotencyKeys).set({ checkoutUrl: url }).where(keyOf(idem));
}

/** Records a provider event once: false when it was recorded before (a replay applies nothing). */
export async function recordPaymentEvent(
  tx: TTx,
  ev: { id: string; type: string; orderId: number | null },
  now: Date,
): Promise<boolean> {
  const fresh = await tx
    .insert(paymentEvents)
    .values({ id: ev.id, provider: 'stripe', type: ev.type, orderId: ev.orderId, receivedAt: now })
    .onConflictDoNothing()
    .returning({ id: paymentEvents.id });
  return fresh.length > 0;
}
