import type { TOrder, TOrderListParams } from '@haulpro/shared/order-wire';
import { useQuery } from '@tanstack/react-query';
import { api, type TPage } from '../../../lib/api-client.ts';
import { keepPreviousPage } from '../../../lib/keep-previous-page.ts';
import { orderKeys } from './order-keys.ts';

/** GET orders: the company's orders (All Branches = no branch_id), 15 a page. */
export function listCompanyOrders(params: TOrderListParams, signal?: AbortSignal): Promise<TPage<TOrder>> {
  return api.page<TOrder>('orders', {
    signal,
    query: {
      branch_id: params.branchId,
      filter: params.filter,
      page: params.page,
      paginate: 15,
      orderBy: params.orderBy ?? 'arrival_date',
      desc: params.desc ?? false,
      arrival_date_in: params.arrivalDateIn,
    },
  });
}

export function useCompanyOrders(params: TOrderListParams) {
  return useQuery({
    queryKey: orderKeys.list(params),
    queryFn: ({ signal }) => listCompanyOrders(params, signal),
    ...keepPreviousPage([{ ...params, page: undefined }]),
  });
}
