import type { TOrder } from '@haulpro/shared/order-wire';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type TPage } from '../../../lib/api-client.ts';
import { keepPreviousPage } from '../../../lib/keep-previous-page.ts';
import { orderKeys } from '../api/order-keys.ts';
import { JOB_POLL_MS } from './job-poll.ts';

export type TCustomerTab = 'active' | 'archive';
export type TCustomerOrdersMeta = { active_count: number; archive_count: number };

/** GET customer/orders?tab=: the customer's active or archived orders, with both counts. */
export function listCustomerOrders(
  tab: TCustomerTab,
  page: number,
  signal?: AbortSignal,
  quiet = false,
): Promise<TPage<TOrder, TCustomerOrdersMeta>> {
  return api.page<TOrder, TCustomerOrdersMeta>('customer/orders', {
    signal,
    query: { tab, page },
    ...(quiet ? { errorToast: false } : {}),
  });
}

/**
 * One page of the customer's orders as a query: the dashboard's, and what a first visit asks for
 * before the session check answers (`quiet`: a failure is not toasted there, as the dashboard asks
 * again and says so; a user who is not a customer is sent elsewhere).
 */
export function customerOrdersQuery(tab: TCustomerTab, page: number, { quiet = false } = {}) {
  return queryOptions({
    queryKey: orderKeys.customerList(tab, page),
    queryFn: ({ signal }) => listCustomerOrders(tab, page, signal, quiet),
    ...keepPreviousPage([tab]),
    // While a crew is on the way or at work, the page follows its jobs (their lines come with it).
    refetchInterval: (query) => (query.state.data?.data.some(isJobRunning) ? JOB_POLL_MS : false),
  });
}

/** A job whose line changes by itself: the crew on the way, or the clock running (worked time, bill). */
const isJobRunning = (o: TOrder) => {
  const state = o.job_line?.state;
  return state === 'on_the_way' || state === 'arrived' || state === 'working' || state === 'on_break';
};

export function useCustomerOrders(tab: TCustomerTab, page: number) {
  return useQuery(customerOrdersQuery(tab, page));
}
