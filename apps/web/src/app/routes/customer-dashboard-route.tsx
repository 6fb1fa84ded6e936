import {
  StartNewOrderButton,
  StartNewOrderSlider,
} from '../../features/booking/components/start-new-order.tsx';
import { CustomerDashboardPage } from '../../features/orders/pages/customer-dashboard-page.tsx';

/** /user-dashboard: the customer's orders, with the booking feature's Start New Order. */
export function CustomerDashboardRoute() {
  return (
    <CustomerDashboardPage
      startNewOrder={{ button: <StartNewOrderButton />, slider: <StartNewOrderSlider /> }}
    />
  );
}
