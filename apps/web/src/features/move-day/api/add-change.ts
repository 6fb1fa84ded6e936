import type { TChangeInput, TJobView } from '@haulpro/shared/move-day';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { storeJob } from './get-job.ts';

/** The fields the change form shows the server's 422 under. */
export const CHANGE_FIELDS = [
  'kind',
  'description',
  'amount',
  'equipment_uuid',
  'quantity',
  'photo_id',
] as const;

/** POST orders/{id}/changes: what the booking did not say, priced by the server, pending the customer's answer. */
export function addChange(orderId: number, body: TChangeInput): Promise<TJobView> {
  return api.post<TJobView>(`orders/${orderId}/changes`, body, { formFields: CHANGE_FIELDS });
}

export function useAddChange(userId: number, orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TChangeInput) => addChange(orderId, body),
    onSuccess: (job) => storeJob(queryClient, userId, job),
  });
}
