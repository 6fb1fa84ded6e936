import { useQueryClient } from '@tanstack/react-query';
import { useLiveEvent } from '../../../lib/live-bus.ts';
import { orderKeys } from './order-keys.ts';

/**
 * An order's card changed (status, flags, a step of move day): the company's lists and counts,
 * the customer's dashboard and an open order modal refresh (every order key starts with 'orders';
 * only the queries on screen are fetched again).
 */
export function useOrdersLiveRefresh(): void {
  const queryClient = useQueryClient();
  useLiveEvent('order', () => {
    void queryClient.invalidateQueries({ queryKey: orderKeys.all });
  });
}
