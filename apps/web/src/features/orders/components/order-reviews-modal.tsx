import type { TOrder, TOrderParty } from '@haulpro/shared/order-wire';
import { Center, Divider, EmptyState, Loader, Modal, ScrollArea, Stack } from '@mantine/core';
import { IconStars } from '@tabler/icons-react';
import { LoadError } from '../../../components/load-error.tsx';
import { ReviewCard } from '../../../components/reviews/review-card.tsx';
import { ReviewSummary } from '../../../components/reviews/review-summary.tsx';
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
  return (
    <Modal
      opened={order !== null}
      onClose={onClose}
      title={order ? `Reviews of ${reviewSubject(order, party)}` : 'Reviews'}
      size="lg"
      scrollAreaComponent={ScrollArea.Autosize}
      styles={{ title: { fontWeight: 700, overflowWrap: 'anywhere' } }}
      data-testid="order-reviews-modal"
    >
      {query.isPending ? (
        <Center h={160}>
          <Loader />
        </Center>
      ) : query.isError ? (
        <LoadError
          what="the reviews"
          error={query.error}
          onRetry={() => query.refetch()}
          retrying={query.isFetching}
        />
      ) : query.data.reviews.length === 0 ? (
        <EmptyState
          variant="light"
          icon={<IconStars size={28} stroke={1.6} />}
          title="No reviews yet"
          description={EMPTY_TEXT[party]}
          py="xl"
          data-testid="order-reviews-empty"
        />
      ) : (
        <Stack gap="md">
          <ReviewSummary average={query.data.summary.average} count={query.data.summary.count} />
          <Divider />
          {query.data.reviews.map((review) => (
            <ReviewCard key={review.id} review={review} />
          ))}
        </Stack>
      )}
    </Modal>
  );
}
