import type { TNotification } from '@haulpro/shared/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { notificationKeys } from './notification-keys.ts';

/** Opening a notification marks it read (spec: GET notifications/{id}). */
export function openNotification(id: number): Promise<TNotification> {
  return api.get<TNotification>(`notifications/${id}`);
}

export function useOpenNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: openNotification,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
