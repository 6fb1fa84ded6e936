import { REVIEW_COMMENT, ZReviewInput } from '@haulpro/shared/review';
import { REVIEW_INVITE_MSG, ZInvitedReviewInput } from '@haulpro/shared/review-page';
import {
  Alert,
  Avatar,
  Button,
  Group,
  Input,
  Loader,
  Rating,
  Stack,
  Text,
  Textarea,
  TextInput,
  ThemeIcon,
} from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { AuthShell } from '../../../components/auth-shell.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { usePublicInvitation, useSubmitInvitedReview } from '../api/public-invitation.ts';

const starLabel = (n: number) => `${n} star${n === 1 ? '' : 's'}`;
type TFields = 'name' | 'star' | 'comment';

/**
 * /write-review?token=…: opened from a reviewer invitation e-mail. The invited person reviews the
 * company without an account; the review is published at once and marked as an invited review.
 */
export function WriteReviewPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const invitation = usePublicInvitation(token);
  const submit = useSubmitInvitedReview(token);
  const [name, setName] = useState('');
  const [star, setStar] = useState(0);
  const [comment, setComment] = useState('');
  const [touched, setTouched] = useState<Partial<Record<TFields, boolean>>>({});
  const [serverErrors, setServerErrors] = useState<Partial<Record<TFields, string>>>({});

  const parsed = ZInvitedReviewInput.safeParse({ name, star, comment });
  const errors: Partial<Record<TFields, string>> = {};
  if (!parsed.success)
    for (const i of parsed.error.issues) {
      const f = String(i.path[0]) as TFields;
      errors[f] ??= i.message;
    }
  const shown = (f: TFields) => serverErrors[f] ?? (touched[f] ? errors[f] : undefined);

  if (!token || invitation.isError) {
    return (
      <AuthShell title="Review link not valid">
        <Stack align="center" ta="center" gap="md" data-testid="write-review-invalid">
          <ThemeIcon size={64} radius="xl" color="red" variant="light">
            <IconAlertTriangle size={34} stroke={1.6} />
          </ThemeIcon>
          <Text role="alert">{REVIEW_INVITE_MSG.linkInvalid}</Text>
          <Text c="dimmed" size="sm">
            The invitation may have been withdrawn. Ask the company to send you a new one.
          </Text>
        </Stack>
      </AuthShell>
    );
  }

  if (invitation.isPending) {
    return (
      <AuthShell title="Leave a review">
        <Stack align="center" py="lg" role="status">
          <Loader aria-label="Loading the invitation" />
        </Stack>
      </AuthShell>
    );
  }

  const inv = invitation.data;
  if (inv.reviewed || submit.isSuccess) {
    return (
      <AuthShell title="Thank you for your review">
        <Stack align="center" ta="center" gap="md" data-testid="write-review-done">
          <ThemeIcon size={64} radius="xl" color="teal" variant="light">
            <IconCircleCheck size={36} stroke={1.6} />
          </ThemeIcon>
          <Text>
            {submit.isSuccess
              ? `Your review of ${inv.branch_name} is published. Thank you for helping others choose their movers.`
              : REVIEW_INVITE_MSG.alreadyReviewed}
          </Text>
        </Stack>
      </AuthShell>
    );
  }

  function send(e: React.FormEvent) {
    e.preventDefault();
    setTouched({ name: true, star: true, comment: true });
    if (!parsed.success) return;
    setServerErrors({});
    submit.mutate(parsed.data, {
      onError: (err) => {
        if (!(err instanceof ApiError)) return;
        const next: Partial<Record<TFields, string>> = {};
        for (const f of ['name', 'star', 'comment'] as const) {
          const m = err.field(f);
          if (m) next[f] = m;
        }
        setServerErrors(next);
      },
    });
  }

  const length = comment.trim().length;
  const valid = parsed.success && ZReviewInput.safeParse({ star, comment }).success;
  return (
    <AuthShell
      title={`Review ${inv.branch_name}`}
      description={`${inv.company_name} asked you for a review.`}
    >
      <form onSubmit={send} noValidate>
        <Stack gap="md">
          <Group gap="sm" wrap="nowrap">
            <Avatar src={inv.logo} name={inv.branch_name} color="initials" radius="md" size={48} />
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {inv.branch_name}
              </Text>
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                Invited as {inv.email}
              </Text>
            </Stack>
          </Group>
          <Alert variant="light" color="blue" p="sm">
            <Text size="sm">
              No account needed. Your review is published right away with the name you enter.
            </Text>
          </Alert>
          <TextInput
            label="Your name"
            withAsterisk
            value={name}
            onChange={(e) => {
              setName(e.currentTarget.value);
              setTouched((t) => ({ ...t, name: true }));
              setServerErrors((s) => ({ ...s, name: undefined }));
            }}
            error={shown('name')}
            autoComplete="name"
          />
          <Input.Wrapper label="Your rating" labelElement="div" withAsterisk error={shown('star')}>
            <Rating
              mt={4}
              size="lg"
              value={star}
              onChange={(v) => {
                setStar(v);
                setTouched((t) => ({ ...t, star: true }));
                setServerErrors((s) => ({ ...s, star: undefined }));
              }}
              getSymbolLabel={starLabel}
            />
          </Input.Wrapper>
          <Stack gap={4}>
            <Textarea
              label="Comment"
              withAsterisk
              placeholder="How did it go? What would you tell others?"
              autosize
              minRows={4}
              maxRows={10}
              value={comment}
              onChange={(e) => {
                setComment(e.currentTarget.value);
                setTouched((t) => ({ ...t, comment: true }));
                setServerErrors((s) => ({ ...s, comment: undefined }));
              }}
              error={shown('comment')}
            />
            <Text size="xs" ta="right" c={length > REVIEW_COMMENT.max ? 'red' : 'dimmed'} aria-live="polite">
              {length} / {REVIEW_COMMENT.max} characters (at least {REVIEW_COMMENT.min})
            </Text>
          </Stack>
          <Button type="submit" size="md" disabled={!valid} loading={submit.isPending}>
            Publish review
          </Button>
        </Stack>
      </form>
    </AuthShell>
  );
}
