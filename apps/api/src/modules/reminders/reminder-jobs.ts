import { runBiddingClosesNotices } from './bidding-closes.ts';
import { runDayBeforeReminders } from './day-before.ts';
import type { TReminderDeps, TReminderFronts } from './reminder-fronts.ts';

export { DAY_BEFORE_FROM_HOUR } from './day-before.ts';
export type { TReminderFronts } from './reminder-fronts.ts';

/**
 * The reminder jobs (decision 031), for the scheduler: each safe with several schedulers running
 * (a reminder's key is claimed in the transaction that queues it).
 */
export function createReminderJobs(deps: TReminderDeps, fronts: TReminderFronts) {
  return {
    /** The day before a move or a delivery: the customer and the provider. */
    dayBefore: () => runDayBeforeReminders(deps, fronts),
    /** A New delivery's bidders, once, when bidding closes within two hours. */
    biddingCloses: () => runBiddingClosesNotices(deps, fronts),
  };
}

export type TReminderJobs = ReturnType<typeof createReminderJobs>;
