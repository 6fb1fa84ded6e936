import type { TReview } from '@haulpro/shared/review';
import { Center, Divider, EmptyState, Loader, Modal, ScrollArea, Stack } from '@mantine/core';
import { IconStars } from '@tabler/icons-react';
import { LoadError } from '../load-error.tsx';
import { ReviewCard } from './review-card.tsx';
import { ReviewSummary } from './review-summary.tsx';

export type TSeeReviews = { reviews: TReview[]; average: number; count: number };

type TSeeReviewsModalProps = {
  opened: boolean;
  title: string;
  /** The reviews query: pending, failed, or the list with its average and count. */
  query: {
    isPending: boolean;
    isError: boolean;
    isFetching: boolean;
    error: Error | null;
    data: TSeeReviews | undefined;
    refetch: () => unknown;
  };
  emptyText: string;
  onClose: () => void;
  /** Test ids of the modal and its empty state (the order cards' list names its own). */
  testId?: string;
  emptyTestId?: string;
};

/**
 * See reviews (spec: order and delivery cards): the other side's published reviews, star average
 * and count.
 */
export function SeeReviewsModal({
  opened,
  title,
  query,
  emptyText,
  onClose,
  testId = 'see-reviews-modal',
  emptyTestId,
}: TSeeReviewsModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      size="lg"
      scrollAreaComponent={ScrollArea.Autosize}
      styles={{ title: { fontWeight: 700, overflowWrap: 'anywhere' } }}
      data-testid={testId}
    >
      {query.isPending ? (
        <Center h={160}>
          <Loader aria-label="Loading reviews" />
        </Center>
      ) : query.isError || !query.data ? (
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
          description={emptyText}
          py="xl"
          data-testid={emptyTestId}
        />
      ) : (
        <Stack gap="md">
          <ReviewSummary average={query.data.average} count={query.data.count} />
          <Divider />
          {query.data.reviews.map((review) => (
            <ReviewCard key={review.id} review={review} />
          ))}
        </Stack>
      )}
    </Modal>
  );
}
