import type { TReviewListItem } from '@haulpro/shared/review-page';
import type { TRole } from '@haulpro/shared/user';
import { Card, EmptyState, Skeleton, Stack } from '@mantine/core';
import { IconStar } from '@tabler/icons-react';
import { useState } from 'react';
import {
  ReviewFormModal,
  reviewSubmitFailure,
  type TReviewFieldErrors,
} from '../../../components/reviews/review-form-modal.tsx';
import { useReviewAction } from '../api/review-actions.ts';
import { ReviewListCard } from './review-list-card.tsx';

type TReviewListProps = {
  role: TRole | null;
  items: TReviewListItem[];
  sent: boolean;
  empty: { title: string; description: string };
};

export function ReviewListSkeleton() {
  return (
    <Stack gap="md" role="status" aria-busy="true" aria-label="Loading reviews">
      <Skeleton height={140} radius="md" />
      <Skeleton height={140} radius="md" />
    </Stack>
  );
}

/** Review cards with Publish, Edit (in the edit-review modal) and the reply box; or the empty state. */
export function ReviewList({ role, items, sent, empty }: TReviewListProps) {
  const action = useReviewAction(role);
  const [editing, setEditing] = useState<TReviewListItem | null>(null);
  const [serverErrors, setServerErrors] = useState<TReviewFieldErrors>({});
  const running = action.isPending ? action.variables : undefined;
  const busyId = running && 'id' in running ? running.id : undefined;

  function save(input: { star: number; comment: string }) {
    if (!editing) return;
    setServerErrors({});
    action.mutate(
      { kind: 'edit', id: editing.id, input },
      {
        onSuccess: () => setEditing(null),
        onError: (err) => {
          // The period ended or it was published meanwhile: it closes, the refreshed card says so.
          const failure = reviewSubmitFailure(err);
          if (failure.close) setEditing(null);
          else setServerErrors(failure.errors);
        },
      },
    );
  }

  if (items.length === 0)
    return (
      <Card py={48} data-testid="reviews-empty">
        <EmptyState
          variant="light"
          size="lg"
          icon={<IconStar size={30} stroke={1.6} />}
          title={empty.title}
          description={empty.description}
        />
      </Card>
    );

  return (
    <>
      <Stack gap="md" data-testid="review-list">
        {items.map((r) => (
          <ReviewListCard
            key={r.id}
            review={r}
            withReceiver={sent}
            busy={busyId === r.id}
            onEdit={(x) => {
              setServerErrors({});
              setEditing(x);
            }}
            onPublish={(x) => action.mutate({ kind: 'publish', id: x.id })}
            onReply={(x, comment) =>
              action
                .mutateAsync({ kind: 'reply', id: x.id, comment })
                .then(() => true)
                .catch(() => false)
            }
          />
        ))}
      </Stack>
      <ReviewFormModal
        opened={editing !== null}
        subject={editing?.receiver.name ?? ''}
        title="Edit review"
        submitLabel="Save changes"
        initial={editing ? { star: editing.star, comment: editing.comment } : undefined}
        loading={action.isPending}
        serverErrors={serverErrors}
        onClose={() => setEditing(null)}
        onSubmit={save}
      />
    </>
  );
}
