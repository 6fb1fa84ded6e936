import { activeReviewsText } from '@haulpro/shared/text';
import { Group, Stack, Text } from '@mantine/core';
import { StarRating } from '../star-rating.tsx';

type TReviewSummaryProps = { average: number; count: number };

/** The star average with one decimal and "{n} active review(s)" (spec: Reviews page). */
export function ReviewSummary({ average, count }: TReviewSummaryProps) {
  return (
    <Group gap="md" wrap="nowrap" data-testid="review-summary">
      <Text fz={36} fw={700} lh={1} data-testid="review-average">
        {average.toFixed(1)}
      </Text>
      <Stack gap={4}>
        <StarRating value={average} label={`Rated ${average.toFixed(1)} of 5`} />
        <Text size="sm" c="dimmed" data-testid="review-count">
          {activeReviewsText(count)}
        </Text>
      </Stack>
    </Group>
  );
}
