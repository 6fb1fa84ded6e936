import { NOTIFICATION_POLL_MS } from '@haulpro/shared/constants';
import type { TNotification } from '@haulpro/shared/notifications';
import { useQuery } from '@tanstack/react-query';
import { api, type TPage } from '../../../lib/api-client.ts';
import { useLiveUp } from '../../../lib/live-bus.ts';
import { notificationKeys } from './notification-keys.ts';

export type TNotificationPage = TPage<TNotification, { unread_count: number }>;

/** Polling is silent: a missed poll is retried ten seconds later rather than toasted. */
export function listNotifications(page = 1): Promise<TNotificationPage> {
  return api.page<TNotification, { unread_count: number }>('notifications', {
    query: { page },
    errorToast: false,
    successToast: false,
  });
}

/**
 * Polled every 10 seconds while someone is signed in (spec: Session) and the live stream is
 * down: while it is up, its `notification` events refresh the bell (use-live-refresh.ts) and
 * no poll runs. The bell only exists for a signed-in user, and sign-out clears the query cache,
 * so polling stops then.
 */
export function useNotifications(enabled: boolean) {
  const live = useLiveUp();
  return useQuery({
    queryKey: notificationKeys.list(1),
    queryFn: () => listNotifications(1),
    enabled,
    refetchInterval: live ? false : NOTIFICATION_POLL_MS,
    staleTime: 0,
  });
}
