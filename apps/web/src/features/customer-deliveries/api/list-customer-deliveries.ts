import type { TDeliveryView } from '@haulpro/shared/delivery-view';
import { useQuery } from '@tanstack/react-query';
import { api, type TPage } from '../../../lib/api-client.ts';
import { keepPreviousPage } from '../../../lib/keep-previous-page.ts';
import {
  CUSTOMER_DELIVERIES,
  customerDeliveryKeys,
  type TCustomerDeliveryTab,
} from './customer-delivery-keys.ts';

/** Both tabs' counts come with every page, whichever tab is asked for. */
export type TCustomerDeliveriesMeta = { active_count: number; archive_count: number };

/** GET customer/deliveries?tab=&page=: the customer's active or archived deliveries, with both counts. */
export function listCustomerDeliveries(
  tab: TCustomerDeliveryTab,
  page: number,
  signal?: AbortSignal,
): Promise<TPage<TDeliveryView, TCustomerDeliveriesMeta>> {
  return api.page<TDeliveryView, TCustomerDeliveriesMeta>(CUSTOMER_DELIVERIES, {
    signal,
    query: { tab, page },
  });
}

export function useCustomerDeliveries(tab: TCustomerDeliveryTab, page: number) {
  return useQuery({
    queryKey: customerDeliveryKeys.list(tab, page),
    queryFn: ({ signal }) => listCustomerDeliveries(tab, page, signal),
    ...keepPreviousPage([tab]),
  });
}
