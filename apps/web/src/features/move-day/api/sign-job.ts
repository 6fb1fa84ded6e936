import type { TJobView, TSignInput } from '@haulpro/shared/move-day';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { storeJob } from './get-job.ts';
import { moveDayKeys } from './move-day-keys.ts';

export type TSignAnswer = { data: TJobView; message: string; work_order_url: string | null };

/**
 * POST orders/{id}/sign: the customer signs the final bill on the crew's phone (with the tip
 * they chose); the order is Completed and the signed work order's link comes back. A 422 on
 * `balance` means the saved card was declined: the crew may then collect it in cash.
 */
export function signJob(orderId: number, body: TSignInput): Promise<TSignAnswer> {
  return api.whole<TSignAnswer>(`orders/${orderId}/sign`, {
    method: 'POST',
    body,
    formFields: ['balance', 'signature', 'tip'],
  });
}

export function useSignJob(userId: number, orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TSignInput) => signJob(orderId, body),
    onSuccess: (answer) => {
      storeJob(queryClient, userId, answer.data);
      void queryClient.invalidateQueries({ queryKey: moveDayKeys.today() });
    },
  });
}
