import type { TDeps } from '../context.ts';
import { createOrderWriter } from '../modules/orders/order-transition.ts';
import { claimOverdueOrders } from '../modules/orders/orders.repository.ts';

/**
 * Moves New orders past their response deadline to Rejected (the machine's `expire`, through
 * the one writer of an order's state, which also tells both sides). Rows are claimed with FOR
 * UPDATE SKIP LOCKED and each step applies only while the order is still New, so the job is
 * idempotent and several API processes can run it at once without doing any order twice.
 */
export async function runAutoReject(
  deps: Pick<TDeps, 'db' | 'clock' | 'cache' | 'mailer' | 'config'>,
  batch = 100,
): Promise<number> {
  const writer = createOrderWriter(deps);
  const now = deps.clock.now();
  const n = await deps.db.transaction(async (tx) => {
    let done = 0;
    for (const o of await claimOverdueOrders(tx, now, batch)) {
      const r = await writer.step(tx, o, { party: 'system', action: 'expire', actorUserId: null, now });
      if (r.ok) done++;
    }
    return done;
  });
  // Outside a request nothing else invalidates this process's read cache.
  if (n > 0) writer.committed();
  return n;
}
