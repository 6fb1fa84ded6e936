import { EmptyOrders } from '../../../components/empty-orders.tsx';

/** /deliveries: delivery orders come in a later issue; the tab says so plainly. */
export function DeliveriesTabPage() {
  return (
    <EmptyOrders
      title="Deliveries arrive with the next release"
      description="Delivery orders will be listed here. Your moving orders are on the Moving tab."
    />
  );
}
