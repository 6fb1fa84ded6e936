import type { TDeps } from '../context.ts';
import type { TAuthService } from '../modules/auth/auth.service.ts';

/** Rows deleted per statement: short transactions, the tables stay writable meanwhile. */
export const LIMIT_SWEEP_BATCH = 1000;

/**
 * Deletes rate-limit and sign-in counters whose window has ended, and sign-in addresses unused for
 * 30 days, one batch of each (decision 034); answers how many went so the runner loops until none
 * is left. Live counters are never touched. Safe in several processes: each skips rows another is
 * deleting (SKIP LOCKED).
 */
export async function runSweepLimits(
  deps: Pick<TDeps, 'limits' | 'clock'>,
  auth: Pick<TAuthService, 'sweepKnownAddresses'>,
  batch = LIMIT_SWEEP_BATCH,
): Promise<number> {
  const counters = await deps.limits.sweep(deps.clock.now(), batch);
  return counters + (await auth.sweepKnownAddresses(batch));
}
