import type { TJobEventInput, TJobView } from '@haulpro/shared/move-day';
import { api } from '../../../lib/api-client.ts';

/**
 * POST orders/{id}/job-events: one step of the crew (On my way with its ETA, Arrived, Start,
 * Break, Resume, Finish) with the phone's time and an idempotency key; answers the job. A step
 * out of order is a 409 naming the expected step (toasted unless `quiet`).
 */
export function postJobEvent(orderId: number, body: TJobEventInput, quiet = false): Promise<TJobView> {
  return api.post<TJobView>(`orders/${orderId}/job-events`, body, {
    successToast: false,
    // A step with no answer waits in the queue: the offline banner says so, not a toast.
    errorToast: !quiet,
  });
}
