/** The helper dashboard's two tabs: New biddings and Accepted. */
export type TDeliveryTab = 'new' | 'accepted';
/** What GET deliveries lists: a dashboard tab, or the history (Order History's Delivery tab). */
export type TDeliveryListTab = TDeliveryTab | 'history';

/**
 * Every query of the helper dashboard starts with 'helper-deliveries', so one invalidation after
 * an action refreshes both tabs, their counts, an open details modal and the letter.
 */
export const deliveryKeys = {
  all: ['helper-deliveries'] as const,
  list: (tab: TDeliveryListTab, branchId: number | null, page: number) =>
    ['helper-deliveries', 'list', tab, branchId, page] as const,
  detail: (id: number) => ['helper-deliveries', 'detail', id] as const,
  letter: (id: number) => ['helper-deliveries', 'letter', id] as const,
};
