import { useQueryClient } from '@tanstack/react-query';
import { useLiveEvent } from '../../../lib/live-bus.ts';
import { customerDeliveryKeys } from './customer-delivery-keys.ts';

/** A delivery of the customer changed: the Active and Archive tabs and an open details refresh. */
export function useCustomerDeliveriesLiveRefresh(): void {
  const queryClient = useQueryClient();
  useLiveEvent('delivery', () => {
    void queryClient.invalidateQueries({ queryKey: customerDeliveryKeys.all });
  });
}
