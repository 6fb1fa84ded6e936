import type { TServices } from '../modules/services.ts';

/** "Bidding closes in 2 hours" to a New delivery's bidders (modules/reminders/bidding-closes.ts). */
export function runBiddingCloses(services: Pick<TServices, 'reminderJobs'>): Promise<number> {
  return services.reminderJobs.biddingCloses();
}
