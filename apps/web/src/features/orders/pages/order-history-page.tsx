import { PageUnderConstruction } from '../../../components/page-under-construction.tsx';

/** /orders: past and current orders with the overview card. */
export function OrderHistoryPage() {
  return <PageUnderConstruction title="Order History" area="your order history" />;
}
