import { UnderConstructionPanel } from '../../../components/under-construction-panel.tsx';

/** /movings: the company's active moving orders. */
export function MovingsTabPage() {
  return <UnderConstructionPanel area="your moving orders" />;
}
