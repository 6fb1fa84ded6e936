import type { TJobView } from '@haulpro/shared/move-day';
import { api } from '../../../lib/api-client.ts';

export type TChangeDecision = 'approve' | 'decline';

/** POST orders/{id}/changes/{change_id}/approve or /decline: the customer taps on the crew's phone. */
export function decideChange(
  orderId: number,
  changeId: number,
  decision: TChangeDecision,
  quiet = false,
): Promise<TJobView> {
  return api.post<TJobView>(`orders/${orderId}/changes/${changeId}/${decision}`, undefined, {
    successToast: false,
    errorToast: !quiet,
  });
}
