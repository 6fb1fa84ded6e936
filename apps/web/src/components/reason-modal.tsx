import { REASON_MIN, ZReasonInput } from '@haulpro/shared/order';
import { Modal, Stack, Text, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { type ReactNode, useEffect } from 'react';
import { FormFooter } from './form-footer.tsx';

type TReasonModalProps = {
  opened: boolean;
  title: string;
  description?: string;
  confirmLabel: string;
  loading?: boolean;
  onClose: () => void;
  /** Called with the trimmed reason once it passes ZReason (required, at least 20 characters). */
  onSubmit: (reason: string) => void;
  /** A message from the server for the reason field. */
  serverError?: string;
  /** More to read before confirming (a cancel's refund preview). */
  children?: ReactNode;
};

/** Cancel, reject-after-accepting and reschedule rejection: a reason of at least 20 characters (spec). */
export function ReasonModal({
  opened,
  title,
  description,
  confirmLabel,
  loading = false,
  onClose,
  onSubmit,
  serverError,
  children,
}: TReasonModalProps) {
  const form = useForm({
    initialValues: { reason: '' },
    validate: schemaResolver(ZReasonInput, { sync: true }),
  });
  const { reset } = form;

  useEffect(() => {
    if (opened) reset();
  }, [opened, reset]);

  const field = form.getInputProps('reason');
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered size="lg">
      <form onSubmit={form.onSubmit((values) => onSubmit(values.reason.trim()))} noValidate>
        <Stack gap="md">
          {description ? (
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          ) : null}
          {children}
          <Textarea
            label="Reason"
            placeholder={`Tell them why (at least ${REASON_MIN} characters)`}
            withAsterisk
            autosize
            minRows={3}
            maxRows={8}
            {...field}
            error={field.error ?? serverError}
            data-autofocus
          />
          <FormFooter
            cancelLabel="Back"
            onCancel={onClose}
            submitLabel={confirmLabel}
            submit={{ color: 'red', loading }}
          />
        </Stack>
      </form>
    </Modal>
  );
}
