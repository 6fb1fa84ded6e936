import type { TReview } from '@haulpro/shared/review';
import { cutText } from '@haulpro/shared/text';
import { Avatar, Badge, Box, Group, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { dayjs } from '../../lib/dayjs.ts';
import { StarRating } from '../star-rating.tsx';

/** Reviewer names are cut at 20 characters (spec section 9: "reviewer name 20"). */
export const REVIEWER_NAME_MAX = 20;

function formatReviewDate(iso: string): string {
  return dayjs(iso).format('MMM D, YYYY');
}

type TPersonLineProps = { name: string; image: string | null; date: string; size?: 'sm' | 'md' };

/** Avatar, name (cut at 20 characters, the whole name on hover) and date. */
function PersonLine({ name, image, date, size = 'md' }: TPersonLineProps) {
  return (
    <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
      <Avatar src={image} name={name} color="initials" size={size === 'md' ? 36 : 28} radius="xl" />
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text size="sm" fw={600} title={name} truncate data-testid="review-sender">
          {cutText(name, REVIEWER_NAME_MAX)}
        </Text>
        <Text size="xs" c="dimmed">
          {formatReviewDate(date)}
        </Text>
      </Stack>
    </Group>
  );
}

type TReviewCardProps = {
  review: TReview;
  /** Say whom it is about (where reviews of both sides are listed together). */
  withReceiver?: boolean;
  /** Marked as written through a reviewer invitation. */
  invited?: boolean;
  /** Actions under the review (Publish, Edit, the reply box). */
  children?: ReactNode;
};

/** One review: the sender, stars, comment and date, a private badge while unpublished, and its replies. */
export function ReviewCard({ review, withReceiver = false, invited = false, children }: TReviewCardProps) {
  return (
    <Paper withBorder p="md" radius="md" data-testid="review-card" data-review-id={review.id}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
          <PersonLine
            name={review.sender.name}
            image={review.sender.image}
            date={review.published_at ?? review.created_at}
          />
          <StarRating value={review.star} label={`${review.star} out of 5 stars`} testId="review-stars" />
        </Group>
        {withReceiver ? (
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }} data-testid="review-receiver">
            Review of {review.receiver.name}
          </Text>
        ) : null}
        {invited ? (
          <Badge variant="light" color="teal" radius="sm" w="fit-content" data-testid="review-invited">
            Invited review
          </Badge>
        ) : null}
        {review.is_published ? null : (
          <Badge variant="light" color="gray" radius="sm" w="fit-content">
            Private · editable until {formatReviewDate(review.editable_until)}
          </Badge>
        )}
        <Text
          size="sm"
          style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}
          data-testid="review-comment"
        >
          {review.comment}
        </Text>
        {review.replies.map((reply) => (
          <Box
            key={reply.id}
            pl="md"
            ml={4}
            style={{ borderLeft: '3px solid var(--mantine-color-default-border)' }}
            data-testid="review-reply"
          >
            <Stack gap={4}>
              <Text size="xs" c="dimmed" fw={600} tt="uppercase">
                Reply
              </Text>
              <PersonLine
                name={reply.sender.name}
                image={reply.sender.image}
                date={reply.created_at}
                size="sm"
              />
              <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                {reply.comment}
              </Text>
            </Stack>
          </Box>
        ))}
        {children}
      </Stack>
    </Paper>
  );
}
