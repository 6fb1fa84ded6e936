import { PageUnderConstruction } from '../../../components/page-under-construction.tsx';

/** /pricing: helpers only, helpers and trucks, service fee, calendar and equipment pricing. */
export function PricingPage() {
  return <PageUnderConstruction title="Pricing & Services" area="pricing and services" />;
}
