import type { TOrder } from '@haulpro/shared/order-wire';
import { useQuery } from '@tanstack/react-query';
import { api, type TPage } from '../../../lib/api-client.ts';
import { keepPreviousPage } from '../../../lib/keep-previous-page.ts';
import { orderKeys } from '../api/order-keys.ts';

export type TCustomerTab = 'active' | 'archive';
export type TCustomerOrdersMeta = { active_count: number; archive_count: number };

/** GET customer/orders?tab=: the customer's active or archived orders, with both counts. */
export function listCustomerOrders(
  tab: TCustomerTab,
  page: number,
  signal?: AbortSignal,
): Promise<TPage<TOrder, TCustomerOrdersMeta>> {
  return api.page<TOrder, TCustomerOrdersMeta>('customer/orders', { signal, query: { tab, page } });
}

export function useCustomerOrders(tab: TCustomerTab, page: number) {
  return useQuery({
    queryKey: orderKeys.customerList(tab, page),
    queryFn: ({ signal }) => listCustomerOrders(tab, page, signal),
    ...keepPreviousPage([tab]),
  });
}
