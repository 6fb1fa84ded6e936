import type { TDeps } from '../context.ts';
import { createServices, type TServices } from '../modules/services.ts';

/**
 * Retries the refunds of cancelled card-paid deliveries left pending because the provider was
 * unreachable (one idempotency key per delivery, so a retry or two processes refund once). The
 * scheduler hands in the process's deliveries service; without one (a test calling the job on
 * its own) the job builds the services from `deps`.
 */
export async function runRefundRetries(
  deps: TDeps,
  batch = 20,
  deliveries: Pick<TServices['deliveries'], 'retryRefunds'> = createServices(deps).deliveries,
): Promise<number> {
  return deliveries.retryRefunds(batch);
}
