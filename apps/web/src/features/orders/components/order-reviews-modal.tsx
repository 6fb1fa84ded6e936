import type { TOrder, TOrderParty } from '@haulpro/shared/order-wire';
import { SeeReviewsModal } from '../../../components/reviews/see-reviews-modal.tsx';
import { useOrderReviews } from '../api/list-order-reviews.ts';
import { reviewSubject } from './order-review-subject.ts';

const EMPTY_TEXT: Record<TOrderParty, string> = {
  company:
    'No mover has published a review of this customer yet. Reviews show here once their authors publish them.',
  customer:
    'No customer has published a review of this mover yet. Reviews show here once their authors publish them.',
};

type TOrderReviewsModalProps = {
  party: TOrderParty;
  /** The order whose counterpart's reviews to list; null keeps the modal closed. */
  order: TOrder | null;
  onClose: () => void;
};

/**
 * The order reviews list (spec: Modals): staff see the published reviews the customer received,
 * customers the published reviews of the branch, with the star average and the count.
 */
export function OrderReviewsModal({ party, order, onClose }: TOrderReviewsModalProps) {
  const query = useOrderReviews(party, order?.id ?? null);
  const { data } = query;
  return (
    <SeeReviewsModal
      opened={order !== null}
      title={order ? `Reviews of ${reviewSubject(order, party)}` : 'Reviews'}
      query={{
        isPending: query.isPending,
        isError: query.isError,
        isFetching: query.isFetching,
        error: query.error,
        refetch: query.refetch,
        data: data && { reviews: data.reviews, average: data.summary.average, count: data.summary.count },
      }}
      emptyText={EMPTY_TEXT[party]}
      onClose={onClose}
      testId="order-reviews-modal"
      emptyTestId="order-reviews-empty"
    />
  );
}
