import type { TOrderListParams, TOrderParty } from '@haulpro/shared/order-wire';

/** Every order query starts with 'orders', so one invalidation refreshes lists, counts and details. */
export const orderKeys = {
  all: ['orders'] as const,
  list: (params: TOrderListParams) => ['orders', 'company', 'list', params] as const,
  counts: (branchId: number | null, arrivalDateIn?: string) =>
    ['orders', 'company', 'counts', branchId, arrivalDateIn ?? null] as const,
  detail: (party: TOrderParty, id: number) => ['orders', party, 'detail', id] as const,
  customerList: (tab: 'active' | 'archive', page: number) =>
    ['orders', 'customer', 'list', tab, page] as const,
  price: (party: TOrderParty, id: number, date: string) => ['orders', party, 'price', id, date] as const,
  reviews: (party: TOrderParty, id: number) => ['orders', party, 'reviews', id] as const,
};

/** The API prefix of a side: company calls under orders/, customer calls under customer/orders/. */
export function orderBase(party: TOrderParty): string {
  return party === 'company' ? 'orders' : 'customer/orders';
}
