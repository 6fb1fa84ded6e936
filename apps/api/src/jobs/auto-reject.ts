import type { TDeps } from '../context.ts';
import { createServices, type TServices } from '../modules/services.ts';

/**
 * Moves New orders past their response deadline to Rejected, through the orders module
 * (`expireOverdue`: the one writer of an order's state, idempotent and safe with several API
 * processes). The scheduler hands in the process's orders service; without one (a test calling
 * the job on its own) the job builds the services from `deps`.
 */
export async function runAutoReject(
  deps: TDeps,
  batch = 100,
  orders: Pick<TServices['orders'], 'expireOverdue'> = createServices(deps).orders,
): Promise<number> {
  return orders.expireOverdue(batch);
}
