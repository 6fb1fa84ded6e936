import type { TDeliveryView } from '@haulpro/shared/delivery-view';
import { queryOptions, useQuery } from '@tanstack/react-query';
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
  quiet = false,
): Promise<TPage<TDeliveryView, TCustomerDeliveriesMeta>> {
  return api.page<TDeliveryView, TCustomerDeliveriesMeta>(CUSTOMER_DELIVERIES, {
    signal,
    query: { tab, page },
    ...(quiet ? { errorToast: false } : {}),
  });
}

/**
 * One page of the customer's deliveries as a query: the dashboard's, and what a first visit asks
 * for before the session check answers (`quiet`: see customerOrdersQuery).
 */
export function customerDeliveriesQuery(tab: TCustomerDeliveryTab, page: number, { quiet = false } = {}) {
  return queryOptions({
    queryKey: customerDeliveryKeys.list(tab, page),
    queryFn: ({ signal }) => listCustomerDeliveries(tab, page, signal, quiet),
    ...keepPreviousPage([tab]),
  });
}

export function useCustomerDeliveries(tab: TCustomerDeliveryTab, page: number) {
  return useQuery(customerDeliveriesQuery(tab, page));
}
