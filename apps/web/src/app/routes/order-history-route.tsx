import { DeliveryHistory } from '../../features/deliveries/components/delivery-history.tsx';
import { OrderHistoryPage } from '../../features/orders/pages/order-history-page.tsx';

/** /orders: the orders feature's history, with the deliveries feature's history on its Delivery tab. */
export function OrderHistoryRoute() {
  return <OrderHistoryPage deliveries={(branchId) => <DeliveryHistory branchId={branchId} />} />;
}
