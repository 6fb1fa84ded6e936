/**
 * Every query of the customer's deliveries starts with 'customer-deliveries', so one
 * invalidation after an action refreshes the lists, both tab counts and the open details.
 */
export const customerDeliveryKeys = {
  all: ['customer-deliveries'] as const,
  list: (tab: TCustomerDeliveryTab, page: number) => ['customer-deliveries', 'list', tab, page] as const,
  detail: (id: number) => ['customer-deliveries', 'detail', id] as const,
};

/** The dashboard tab a delivery is listed under (spec: Active and Archive). */
export type TCustomerDeliveryTab = 'active' | 'archive';

/** The API prefix of the customer's delivery calls. */
export const CUSTOMER_DELIVERIES = 'customer/deliveries';
