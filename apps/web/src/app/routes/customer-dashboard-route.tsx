import { useState } from 'react';
import {
  StartNewOrderButton,
  StartNewOrderSlider,
} from '../../features/booking/components/start-new-order.tsx';
import { useCustomerDeliveriesSlot } from '../../features/customer-deliveries/components/customer-deliveries-section.tsx';
import type { TCustomerTab } from '../../features/orders/api/list-customer-orders.ts';
import { CustomerDashboardPage } from '../../features/orders/pages/customer-dashboard-page.tsx';
import { FIRST_TAB } from './customer-dashboard-data.ts';

/**
 * /user-dashboard: the customer's moving orders (orders feature) and deliveries
 * (customer-deliveries feature) under one pair of tabs, with the booking feature's Start New
 * Order. The tab lives here so both features list the same one.
 */
export function CustomerDashboardRoute() {
  const [tab, setTab] = useState<TCustomerTab>(FIRST_TAB);
  const deliveries = useCustomerDeliveriesSlot(tab);
  return (
    <CustomerDashboardPage
      startNewOrder={{ button: <StartNewOrderButton />, slider: <StartNewOrderSlider /> }}
      tab={tab}
      onTabChange={setTab}
      deliveries={deliveries}
    />
  );
}
