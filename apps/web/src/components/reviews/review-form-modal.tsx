import { REVIEW_COMMENT, REVIEW_PERIOD_DAYS, type TReviewInput, ZReviewInput } from '@haulpro/shared/review';
import { Alert, Group, Input, Modal, Rating, Stack, Text, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconLock } from '@tabler/icons-react';
import { useEffect } from 'react';
import { ApiError } from '../../lib/api-client.ts';
import { FormFooter } from '../form-footer.tsx';

export type TReviewFieldErrors = Partial<Record<keyof TReviewInput, string>>;

/**
 * What a failed review submit does to its modal, the same wherever a review is written or edited:
 * - a 422 keeps it open with the server's messages under the fields;
 * - a refusal a retry cannot change (403, 404, 409: the period ended, it was published or
 *   reviewed meanwhile) closes it; the client toasted why and the refreshed card says so;
 * - anything else (no answer, a 5xx, toasted too) keeps it open with what was typed, to try again.
 */
export function reviewSubmitFailure(
  err: unknown,
): { close: true } | { close: false; errors: TReviewFieldErrors } {
  if (!(err instanceof ApiError)) return { close: false, errors: {} };
  if (err.status === 403 || err.status === 404 || err.status === 409) return { close: true };
  const errors: TReviewFieldErrors = {};
  for (const f of ['star', 'comment'] as const) {
    const m = err.field(f);
    if (m) errors[f] = m;
  }
  return { close: false, errors };
}

type TReviewFormModalProps = {
  opened: boolean;
  /** Who is being reviewed: "Review {subject}". */
  subject: string;
  loading?: boolean;
  /** Messages the server sent for the fields (422). */
  serverErrors?: TReviewFieldErrors;
  onClose: () => void;
  /** Called with the star and the trimmed comment once they pass ZReviewInput. */
  onSubmit: (input: { star: number; comment: string }) => void;
  /** Editing: the review's star and comment to start from. */
  initial?: { star: number; comment: string } | undefined;
  /** The modal's title (default "Review {subject}"). */
  title?: string | undefined;
  submitLabel?: string | undefined;
};

/** A stable default: a fresh {} per render would re-run the effect that copies it. */
const NO_ERRORS: TReviewFieldErrors = {};
const STAR_LABELS = ['Poor', 'Fair', 'Good', 'Very good', 'Excellent'];
const starLabel = (n: number) => `${n} star${n === 1 ? '' : 's'}`;
const validateReview = schemaResolver(ZReviewInput, { sync: true });
/** Value and change handler only: the messages shown are chosen below. */
const FIELD = { withFocus: false, withError: false } as const;

/**
 * The review modal (spec: star required, comment required and 10 to 1500 characters trimmed,
 * submit disabled while invalid). It says up front that the review stays private and editable
 * for the review period until its author publishes it.
 */
export function ReviewFormModal({
  opened,
  subject,
  loading = false,
  serverErrors = NO_ERRORS,
  onClose,
  onSubmit,
  initial,
  title,
  submitLabel = 'Submit review',
}: TReviewFormModalProps) {
  const form = useForm({
    initialValues: { star: initial?.star ?? 0, comment: initial?.comment ?? '' },
    validate: validateReview,
    // Touched means typed in: focusing the comment shows nothing yet.
    touchTrigger: 'change',
  });
  const { reset, setErrors, setValues, resetTouched } = form;
  const { star, comment } = form.values;
  const initialStar = initial?.star ?? 0;
  const initialComment = initial?.comment ?? '';

  useEffect(() => {
    if (!opened) return;
    reset();
    setValues({ star: initialStar, comment: initialComment });
    resetTouched();
  }, [opened, reset, setValues, resetTouched, initialStar, initialComment]);

  // The server's messages stay until the field they are about is changed.
  useEffect(() => {
    setErrors(serverErrors);
  }, [serverErrors, setErrors]);

  const errors = validateReview(form.values);
  const valid = Object.keys(errors).length === 0;
  const length = comment.trim().length;
  // Messages show once the user has typed a comment: an untouched form is not all red, and a
  // blur must not add lines that move the centred modal under the pointer (a star click lost).
  const touched = form.isTouched('comment');
  const commentError = (touched ? errors.comment : undefined) ?? form.errors.comment;
  const starError = (touched ? errors.star : undefined) ?? form.errors.star;

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title ?? `Review ${subject}`}
      size="lg"
      data-testid="review-modal"
    >
      <form onSubmit={form.onSubmit((values) => onSubmit(ZReviewInput.parse(values)))} noValidate>
        <Stack gap="md">
          <Alert variant="light" color="blue" icon={<IconLock size={18} />} p="sm">
            <Text size="sm">
              Only you can see this review for now. For the next {REVIEW_PERIOD_DAYS} days you can edit it and
              publish it when you are ready; after that it is published automatically.
            </Text>
          </Alert>
          <Input.Wrapper label="Your rating" labelElement="div" withAsterisk error={starError}>
            <Group gap="sm" mt={4} wrap="wrap">
              <Rating
                {...form.getInputProps('star', FIELD)}
                size="lg"
                getSymbolLabel={starLabel}
                data-testid="review-rating"
              />
              <Text size="sm" c="dimmed" aria-live="polite">
                {star > 0 ? STAR_LABELS[star - 1] : 'Choose 1 to 5 stars'}
              </Text>
            </Group>
          </Input.Wrapper>
          <Stack gap={4}>
            <Textarea
              label="Comment"
              placeholder="How did it go? What would you tell others?"
              withAsterisk
              autosize
              minRows={4}
              maxRows={10}
              {...form.getInputProps('comment', FIELD)}
              error={commentError}
            />
            <Text
              size="xs"
              ta="right"
              c={length > REVIEW_COMMENT.max ? 'red' : 'dimmed'}
              data-testid="review-comment-counter"
              aria-live="polite"
            >
              {length} / {REVIEW_COMMENT.max} characters (at least {REVIEW_COMMENT.min})
            </Text>
          </Stack>
          <FormFooter onCancel={onClose} submitLabel={submitLabel} submit={{ disabled: !valid, loading }} />
        </Stack>
      </form>
    </Modal>
  );
}
