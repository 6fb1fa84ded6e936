import type { TDeps } from '../../context.ts';
import { refundOwed, refundTransition } from '../../domain/delivery-refund-machine.ts';
import type { TCheckoutService } from '../checkout/checkout.service.ts';
import type { TDeliveryRow } from './deliveries.repository.ts';
import type { TDeliveryMoney } from './delivery-money.ts';
import { markRefunded, pendingRefunds } from './payouts.repository.ts';

/**
 * The full refund of a cancelled card-paid delivery (decision 017). The cancel made it owed
 * (`pending`, the refund machine's `cancelled`) with the delivery's step; this asks the provider
 * with one idempotency key per delivery (a retry, or two processes at once, refund once) and
 * records the provider's refund id. A failure leaves it owed for the retry job. Answers the row
 * as refunded, or null.
 */
export async function refundDelivery(
  deps: Pick<TDeps, 'db'>,
  checkout: Pick<TCheckoutService, 'refund'>,
  d: TDeliveryRow,
  money: Pick<TDeliveryMoney, 'recordRefund'>,
): Promise<TDeliveryRow | null> {
  const state = { status: d.refundStatus, amountCents: d.refundAmount };
  if (!refundOwed(state) || !d.paymentSessionId) return null;
  const key = `delivery-${d.id}-refund`;
  const refundId = await checkout.refund({
    sessionId: d.paymentSessionId,
    amountCents: d.refundAmount ?? d.totalPrice,
    idempotencyKey: key,
    ref: { deliveryId: d.id },
  });
  // Unreachable: it stays owed (the machine's `provider_unreachable`), for the retry job.
  const next = refundTransition(
    state,
    refundId ? { kind: 'provider_refunded' } : { kind: 'provider_unreachable' },
  );
  if (!refundId || !next.ok) return null;
  // Refunded and in the journal together (the journal keeps one row per key).
  return deps.db.transaction(async (tx) => {
    const r = await markRefunded(tx, d.id, refundId);
    if (r) await money.recordRefund(tx, r, refundId, key, new Date());
    return r ?? null;
  });
}

/** For the scheduler's job: retries refunds left pending (the provider was unreachable at cancel time). */
export async function retryRefunds(
  deps: Pick<TDeps, 'db' | 'payments'>,
  checkout: Pick<TCheckoutService, 'refund'>,
  batch: number,
  money: Pick<TDeliveryMoney, 'recordRefund'>,
): Promise<number> {
  if (!deps.payments) return 0;
  let done = 0;
  for (const d of await pendingRefunds(deps.db, batch))
    if (await refundDelivery(deps, checkout, d, money)) done++;
  return done;
}
