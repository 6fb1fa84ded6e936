import type { TDeps } from '../../context.ts';
import { markRefunded, pendingRefunds, type TDeliveryRow } from './deliveries.repository.ts';

/**
 * The full refund of a cancelled card-paid delivery (decision 017). The cancel records it as
 * `pending` in its own transaction; this asks the provider with one idempotency key per delivery
 * (a retry, or two processes at once, refund once) and records the provider's refund id. A
 * failure leaves it pending for the retry job; cash deliveries are `nothing_to_refund` at once.
 */
export async function refundDelivery(
  deps: Pick<TDeps, 'db' | 'payments' | 'log'>,
  d: TDeliveryRow,
): Promise<boolean> {
  if (d.refundStatus !== 'pending' || !d.paymentSessionId || !deps.payments) return false;
  try {
    const r = await deps.payments.refund({
      sessionId: d.paymentSessionId,
      amountCents: d.refundAmount ?? d.totalPrice,
      idempotencyKey: `delivery-${d.id}-refund`,
    });
    return await markRefunded(deps.db, d.id, r.refundId);
  } catch (err) {
    deps.log.error({ err, deliveryId: d.id }, 'delivery refund failed; it stays pending for a retry');
    return false;
  }
}

/** The scheduler's job: retries refunds left pending (the provider was unreachable at cancel time). */
export async function runRefundRetries(
  deps: Pick<TDeps, 'db' | 'payments' | 'log'>,
  batch = 20,
): Promise<number> {
  if (!deps.payments) return 0;
  let done = 0;
  for (const d of await pendingRefunds(deps.db, batch)) if (await refundDelivery(deps, d)) done++;
  return done;
}
