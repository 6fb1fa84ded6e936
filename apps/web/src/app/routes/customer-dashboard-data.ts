import type { QueryClient } from '@tanstack/react-query';
import { customerDeliveriesQuery } from '../../features/customer-deliveries/api/list-customer-deliveries.ts';
import { customerOrdersQuery, type TCustomerTab } from '../../features/orders/api/list-customer-orders.ts';

/** The tab /user-dashboard opens on. */
export const FIRST_TAB: TCustomerTab = 'active';

/**
 * Asks for what /user-dashboard shows first (both lists' first page of the Active tab) when a
 * visit starts there with a stored session: beside the session check and the page's code, rather
 * than after both. A failure stays quiet here; the dashboard asks again when it renders.
 */
export function prefetchCustomerDashboard(client: QueryClient): void {
  void client.prefetchQuery(customerOrdersQuery(FIRST_TAB, 1, { quiet: true }));
  void client.prefetchQuery(customerDeliveriesQuery(FIRST_TAB, 1, { quiet: true }));
}
