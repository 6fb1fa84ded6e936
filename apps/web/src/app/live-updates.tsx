import { useEffect } from 'react';
import { useCalendarLiveRefresh } from '../features/calendar/api/use-live-refresh.ts';
import { useCustomerDeliveriesLiveRefresh } from '../features/customer-deliveries/api/use-live-refresh.ts';
import { useHelperDeliveriesLiveRefresh } from '../features/deliveries/api/use-live-refresh.ts';
import { useMoveDayLiveRefresh } from '../features/move-day/api/use-live-refresh.ts';
import { useNotificationsLiveRefresh } from '../features/notifications/api/use-live-refresh.ts';
import { useOrdersLiveRefresh } from '../features/orders/api/use-live-refresh.ts';
import { getToken, useAuth } from '../lib/auth-store.ts';

/** While someone is signed in: the live stream, and each feature refreshing its own queries from it. */
function SignedInLive() {
  // One stream per sign-in (keyed by the token below): another user gets a new one; sign-out stops
  // it. The reader loads after the first paint (it brings the shared talk contract, zod with it).
  useEffect(() => {
    let stop: (() => void) | null = null;
    let gone = false;
    void import('../lib/live-stream.ts').then((m) => {
      if (!gone) stop = m.startLiveStream();
    });
    return () => {
      gone = true;
      stop?.();
    };
  }, []);
  useNotificationsLiveRefresh();
  useOrdersLiveRefresh();
  useCalendarLiveRefresh();
  useMoveDayLiveRefresh();
  useHelperDeliveriesLiveRefresh();
  useCustomerDeliveriesLiveRefresh();
  return null;
}

/** Live updates (decision 031), mounted once for the whole app; nothing for a visitor. */
export function LiveUpdates() {
  const auth = useAuth();
  const token = getToken();
  return auth.status === 'authenticated' && token ? <SignedInLive key={token} /> : null;
}
