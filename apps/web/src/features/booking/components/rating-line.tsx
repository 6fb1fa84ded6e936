import { Group, Rating, Text } from '@mantine/core';

/** Stars with the average to one decimal and "(N reviews)"; "New on Haulpro" with no reviews. */
export function RatingLine({ rating, reviews }: { rating: number; reviews: number }) {
  if (reviews === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid="helper-rating">
        New on Haulpro · no reviews yet
      </Text>
    );
  }
  return (
    <Group gap={6} wrap="nowrap" data-testid="helper-rating">
      <Rating
        value={rating}
        fractions={10}
        readOnly
        size="sm"
        aria-label={`Rated ${rating.toFixed(1)} of 5`}
      />
      <Text size="sm" fw={700}>
        {rating.toFixed(1)}
      </Text>
      <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        ({reviews} {reviews === 1 ? 'review' : 'reviews'})
      </Text>
    </Group>
  );
}
