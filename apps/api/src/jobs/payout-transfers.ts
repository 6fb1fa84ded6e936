import type { TServices } from '../modules/services.ts';

/**
 * The money the providers are owed (decision 028): card orders' refunds the provider could not
 * take before, and the transfers due (a Stripe that was down, a payout account that became
 * active), then reversals owed after a dispute. Rows are leased (FOR UPDATE SKIP LOCKED) and each
 * movement has one idempotency key, so several processes may run it at once. Answers how many
 * movements went out.
 */
export async function runPayoutTransfers(
  services: {
    orders: Pick<TServices['orders'], 'retryRefunds'>;
    payouts: Pick<TServices['payouts'], 'settle'>;
  },
  batch = 50,
): Promise<number> {
  const refunds = await services.orders.retryRefunds(batch);
  return refunds + (await services.payouts.settle({ limit: batch }));
}
