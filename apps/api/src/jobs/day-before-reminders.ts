import type { TServices } from '../modules/services.ts';

/** The day-before reminders (modules/reminders/day-before.ts): how many were sent by this run. */
export function runDayBeforeReminders(services: Pick<TServices, 'reminderJobs'>): Promise<number> {
  return services.reminderJobs.dayBefore();
}
