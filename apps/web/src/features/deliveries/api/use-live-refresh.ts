import { useQueryClient } from '@tanstack/react-query';
import { useLiveEvent } from '../../../lib/live-bus.ts';
import { deliveryKeys } from './delivery-keys.ts';

/** A delivery changed (offered, bid on, accepted, a step): the helper's or company's tabs refresh. */
export function useHelperDeliveriesLiveRefresh(): void {
  const queryClient = useQueryClient();
  useLiveEvent('delivery', () => {
    void queryClient.invalidateQueries({ queryKey: deliveryKeys.all });
  });
}
