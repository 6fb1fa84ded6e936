import { PageUnderConstruction } from '../../../components/page-under-construction.tsx';

/** /reviews: moving and delivery reviews, sent and received. */
export function ReviewsPage() {
  return <PageUnderConstruction title="Reviews" area="reviews" />;
}
