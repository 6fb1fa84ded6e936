import { UnderConstructionPanel } from '../../../components/under-construction-panel.tsx';

/** /deliveries: the company's active delivery orders. */
export function DeliveriesTabPage() {
  return <UnderConstructionPanel area="your delivery orders" />;
}
