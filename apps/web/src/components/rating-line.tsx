import { Group, Text } from '@mantine/core';
import { StarRating } from './star-rating.tsx';

/** Stars with the average to one decimal and "(N reviews)"; "New on Haulpro" with no reviews. */
export function RatingLine({
  rating,
  reviews,
  wrap = 'nowrap',
  testId = 'helper-rating',
}: {
  rating: number;
  reviews: number;
  wrap?: 'wrap' | 'nowrap';
  testId?: string;
}) {
  if (reviews === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid={testId}>
        New on Haulpro · no reviews yet
      </Text>
    );
  }
  return (
    <Group gap={6} wrap={wrap} data-testid={testId}>
      <StarRating value={rating} label={`Rated ${rating.toFixed(1)} of 5`} />
      <Text size="sm" fw={700}>
        {rating.toFixed(1)}
      </Text>
      <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        ({reviews} {reviews === 1 ? 'review' : 'reviews'})
      </Text>
    </Group>
  );
}
