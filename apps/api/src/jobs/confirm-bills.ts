import type { TServices } from '../modules/services.ts';

/**
 * Move day (decision 030): finished jobs whose bill the customer neither confirmed nor disputed
 * within 48 hours are confirmed for them (the balance charged to the saved card, or left owed
 * when it is declined). Each confirmation wins its job's row once, so several replicas may run it
 * at once and each bill is confirmed exactly once. Answers how many it confirmed.
 */
export async function runConfirmBills(
  services: { moveDay: Pick<TServices['moveDay'], 'confirmOverdue'> },
  batch = 20,
): Promise<number> {
  return services.moveDay.confirmOverdue(batch);
}
