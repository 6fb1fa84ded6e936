import type { TDeliveryView } from '@haulpro/shared/delivery-view';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { deliveryKeys } from './delivery-keys.ts';

/**
 * Move day on a delivery (issue 28): POST deliveries/{id}/on-my-way `{ eta_minutes }`, arrived,
 * and pickup-photo / dropoff-photo (multipart `photo`). Each answers the delivery as the helper
 * now sees it (the server's next flags); settled either way, the helper's queries refresh.
 */
export type TMoveDayCall =
  | { kind: 'on-my-way'; id: number; etaMinutes: number }
  | { kind: 'arrived'; id: number }
  | { kind: 'pickup-photo' | 'dropoff-photo'; id: number; file: File };

export function runMoveDayStep(call: TMoveDayCall): Promise<TDeliveryView> {
  const path = `deliveries/${call.id}/${call.kind}`;
  if (call.kind === 'on-my-way') return api.post<TDeliveryView>(path, { eta_minutes: call.etaMinutes });
  if (call.kind === 'arrived') return api.post<TDeliveryView>(path, {});
  const form = new FormData();
  form.append('photo', call.file, call.file.name || 'photo.jpg');
  return api.post<TDeliveryView>(path, form);
}

export function useMoveDayStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runMoveDayStep,
    onSuccess: (d) => queryClient.setQueryData(deliveryKeys.detail(d.id), d),
    onSettled: () => queryClient.invalidateQueries({ queryKey: deliveryKeys.all }),
  });
}
