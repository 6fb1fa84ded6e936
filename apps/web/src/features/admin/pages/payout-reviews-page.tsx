import { PageUnderConstruction } from '../../../components/page-under-construction.tsx';

/** /admin: the admin's review of submitted deliveries before payout. */
export function PayoutReviewsPage() {
  return <PageUnderConstruction title="Payout reviews" area="payout reviews" />;
}
