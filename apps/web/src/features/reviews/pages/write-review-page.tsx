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
import { schemaResolver, useForm } from '@mantine/form';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { AuthShell } from '../../../components/auth-shell.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { usePublicInvitation, useSubmitInvitedReview } from '../api/public-invitation.ts';

const starLabel = (n: number) => `${n} star${n === 1 ? '' : 's'}`;
type TValues = { name: string; star: number; comment: string };
const resolve = schemaResolver(ZInvitedReviewInput, { sync: true });

/**
 * /write-review?token=…: opened from a reviewer invitation e-mail. The invited person reviews the
 * company without an account; the review is published at once and marked as an invited review.
 */
export function WriteReviewPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const invitation = usePublicInvitation(token);
  const submit = useSubmitInvitedReview(token);
  // Each field is checked as it changes (and all of them at submit) by the shared schema.
  const form = useForm<TValues>({
    initialValues: { name: '', star: 0, comment: '' },
    validate: resolve,
    validateInputOnChange: true,
  });
  const { star, comment } = form.values;
  const parsed = ZInvitedReviewInput.safeParse(form.values);

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

  function send(values: TValues) {
    const input = ZInvitedReviewInput.safeParse(values);
    if (!input.success) return;
    submit.mutate(input.data, {
      onError: (err) => {
        if (!(err instanceof ApiError)) return;
        form.setErrors({ name: err.field('name'), star: err.field('star'), comment: err.field('comment') });
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
      <form onSubmit={form.onSubmit(send)} noValidate>
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
          <TextInput label="Your name" withAsterisk {...form.getInputProps('name')} autoComplete="name" />
          <Input.Wrapper label="Your rating" labelElement="div" withAsterisk error={form.errors.star}>
            <Rating
              mt={4}
              size="lg"
              value={star}
              onChange={(v) => form.setFieldValue('star', v)}
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
              {...form.getInputProps('comment')}
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
