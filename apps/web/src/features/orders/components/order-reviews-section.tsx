import type { TReview } from '@haulpro/shared/review';
import { Divider, Stack } from '@mantine/core';
import { ReviewCard } from '../../../components/reviews/review-card.tsx';

/** The reviews written on this order that the viewer may see; nothing when there are none. */
export function OrderReviewsSection({ reviews }: { reviews: TReview[] }) {
  if (reviews.length === 0) return null;
  return (
    <Stack gap="sm" data-testid="order-reviews-section">
      <Divider label="Reviews" labelPosition="left" />
      {reviews.map((review) => (
        <ReviewCard key={review.id} review={review} withReceiver />
      ))}
    </Stack>
  );
}
