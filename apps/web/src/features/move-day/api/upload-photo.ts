import type { TJobView } from '@haulpro/shared/move-day';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { storeJob } from './get-job.ts';

export type TPhotoUploadPhase = 'before' | 'after' | 'change';

/** POST orders/{id}/photos (multipart: `photo`, `phase`): a photo of the job, checked by content; at most 20. */
export function uploadJobPhoto(orderId: number, phase: TPhotoUploadPhase, file: File): Promise<TJobView> {
  const form = new FormData();
  form.append('phase', phase);
  form.append('photo', file);
  return api.post<TJobView>(`orders/${orderId}/photos`, form, { successToast: false });
}

export function useUploadJobPhoto(userId: number, orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ phase, file }: { phase: TPhotoUploadPhase; file: File }) =>
      uploadJobPhoto(orderId, phase, file),
    onSuccess: (job) => storeJob(queryClient, userId, job),
  });
}
