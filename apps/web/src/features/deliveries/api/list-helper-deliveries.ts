import type { TDeliveryCounts, TDeliveryView } from '@haulpro/shared/delivery-view';
import { useQueries, useQuery } from '@tanstack/react-query';
import { api, type TPage } from '../../../lib/api-client.ts';
import { keepPreviousPage } from '../../../lib/keep-previous-page.ts';
import { deliveryKeys, type TDeliveryListTab, type TDeliveryTab } from './delivery-keys.ts';

export const DELIVERY_PAGE_SIZE = 15;

/**
 * GET deliveries?tab=&branch_id=&page=: one tab of the helper dashboard (a company's branch view
 * when branchId is set, All branches or a labor user's own list otherwise), 15 a page.
 */
export function listHelperDeliveries(
  tab: TDeliveryListTab,
  branchId: number | null,
  page: number,
  signal?: AbortSignal,
): Promise<TPage<TDeliveryView>> {
  return api.page<TDeliveryView>('deliveries', {
    signal,
    query: { tab, branch_id: branchId, page, paginate: DELIVERY_PAGE_SIZE },
  });
}

/** New biddings arrive and close on their own: the lists refresh every minute while shown. */
const REFRESH_MS = 60_000;

const listQuery = (tab: TDeliveryListTab, branchId: number | null, page: number) => ({
  queryKey: deliveryKeys.list(tab, branchId, page),
  queryFn: ({ signal }: { signal: AbortSignal }) => listHelperDeliveries(tab, branchId, page, signal),
  refetchInterval: REFRESH_MS,
  ...keepPreviousPage([tab, branchId]),
});

export function useHelperDeliveries(tab: TDeliveryTab, branchId: number | null, page: number) {
  return useQuery(listQuery(tab, branchId, page));
}

/**
 * Both tabs' counts for the tab labels and the company header's 'Delivery - n'. The answer's
 * `counts` would do in one call, but the api client's `page()` keeps only data and meta, so each
 * tab's first page is read and its meta.total used: the same numbers (the server computes both
 * from one query), and the dashboard's first pages come from the same cache. Undefined while
 * either is loading.
 */
export function useDeliveryCounts(branchId: number | null): TDeliveryCounts | undefined {
  const [fresh, accepted] = useQueries({
    queries: [listQuery('new', branchId, 1), listQuery('accepted', branchId, 1)],
  });
  if (!fresh?.data || !accepted?.data) return undefined;
  return { new: fresh.data.meta.total, accepted: accepted.data.meta.total };
}

/** GET deliveries?tab=history: every delivery the helper holds or held, newest day first. */
export function useDeliveryHistory(branchId: number | null, page: number) {
  return useQuery({
    queryKey: deliveryKeys.list('history', branchId, page),
    queryFn: ({ signal }) => listHelperDeliveries('history', branchId, page, signal),
    ...keepPreviousPage(['history', branchId]),
  });
}
