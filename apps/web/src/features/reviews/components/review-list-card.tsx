import type { TReviewListItem } from '@haulpro/shared/review-page';
import { Button, Group, Stack, Textarea } from '@mantine/core';
import { IconEdit, IconMessageReply, IconWorldUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { ReviewCard } from '../../../components/reviews/review-card.tsx';

type TReviewListCardProps = {
  review: TReviewListItem;
  /** Sent reviews say whom they are about. */
  withReceiver: boolean;
  busy: boolean;
  onEdit: (r: TReviewListItem) => void;
  onPublish: (r: TReviewListItem) => void;
  /** Resolves true when the reply was posted (the box closes). */
  onReply: (r: TReviewListItem, comment: string) => Promise<boolean>;
};

const REPLY_MAX = 1500;

/**
 * A review on the /reviews page with what the viewer may do: Publish and Edit (its author, while
 * unpublished; Edit within the 10-day period), and Reply (its receiver, once, on a published
 * review: a reply is public and final, so the box says so).
 */
export function ReviewListCard({
  review,
  withReceiver,
  busy,
  onEdit,
  onPublish,
  onReply,
}: TReviewListCardProps) {
  const [replying, setReplying] = useState(false);
  const [text, setText] = useState('');
  const [touched, setTouched] = useState(false);
  const trimmed = text.trim();
  const error = touched && !trimmed ? 'Reply is required' : undefined;

  async function send() {
    setTouched(true);
    if (!trimmed) return;
    if (await onReply(review, trimmed)) {
      setReplying(false);
      setText('');
      setTouched(false);
    }
  }

  const actions = review.can_edit || review.can_publish || (review.can_reply && !replying);
  return (
    <ReviewCard review={review} withReceiver={withReceiver} invited={review.is_invited}>
      {actions ? (
        <Group gap="xs" wrap="wrap" mt={4}>
          {review.can_publish ? (
            <Button
              size="xs"
              leftSection={<IconWorldUpload size={14} />}
              onClick={() => onPublish(review)}
              loading={busy}
            >
              Publish
            </Button>
          ) : null}
          {review.can_edit ? (
            <Button
              size="xs"
              variant="default"
              leftSection={<IconEdit size={14} />}
              onClick={() => onEdit(review)}
              disabled={busy}
            >
              Edit
            </Button>
          ) : null}
          {review.can_reply && !replying ? (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconMessageReply size={14} />}
              onClick={() => setReplying(true)}
            >
              Reply
            </Button>
          ) : null}
        </Group>
      ) : null}
      {review.can_reply && replying ? (
        <Stack gap="xs" data-testid="reply-box">
          <Textarea
            label="Your reply"
            description="Replies are public and cannot be edited later."
            autosize
            minRows={2}
            maxRows={6}
            maxLength={REPLY_MAX}
            value={text}
            onChange={(e) => {
              setText(e.currentTarget.value);
              setTouched(true);
            }}
            error={error}
            data-autofocus
          />
          <Group gap="xs" justify="flex-end">
            <Button
              size="xs"
              variant="default"
              onClick={() => {
                setReplying(false);
                setText('');
                setTouched(false);
              }}
            >
              Cancel
            </Button>
            <Button size="xs" onClick={() => void send()} disabled={!trimmed} loading={busy}>
              Post reply
            </Button>
          </Group>
        </Stack>
      ) : null}
    </ReviewCard>
  );
}
