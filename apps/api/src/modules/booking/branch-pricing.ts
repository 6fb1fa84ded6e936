import type { TDeps } from '../../context.ts';
import { loadBookingData, type TBranchBookingData } from './booking.repository.ts';

/** The tables a branch's pricing and availability settings on a date are read from. */
export const PRICING_TABLES: readonly string[] = [
  'branches',
  'companies',
  'service_prices',
  'working_days',
  'blocked_days',
  'discounts',
];

/** About what one branch's settings weigh in the read cache (characters of JSON). */
const WEIGHT = 4000;

/**
 * One branch's pricing and availability settings on a date (branch, company, services, working
 * days, blocked days, discount) for the wizard's live price and the booking: kept by the read
 * cache until one of those tables changes, in any process (`memoScoped`, decision 035), never
 * for a fixed time. The team's capacity is not part of it: callers read it fresh each time.
 * Each caller gets its own copy to add the capacity to.
 */
export function createBranchPricing(deps: Pick<TDeps, 'db' | 'cache'>) {
  return async (branchId: number, date: string): Promise<TBranchBookingData | undefined> => {
    const kept = await deps.cache.memoScoped(
      `branch-pricing:${branchId}:${date}`,
      async () => (await loadBookingData(deps.db, [branchId], date)).get(branchId) ?? null,
      () => WEIGHT,
    );
    return kept ? { ...kept } : undefined;
  };
}

export type TBranchPricing = ReturnType<typeof createBranchPricing>;
