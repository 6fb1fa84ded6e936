import { useQueryClient } from '@tanstack/react-query';
import { useLiveEvent } from '../../../lib/live-bus.ts';
import { notificationKeys } from './notification-keys.ts';

/** The bell follows the live stream: a new notification, or one read in another tab, refreshes it. */
export function useNotificationsLiveRefresh(): void {
  const queryClient = useQueryClient();
  useLiveEvent('notification', () => {
    void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
  });
}
