import { REASON_MIN, ZReason } from '@haulpro/shared/order';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useEffect, useState } from 'react';

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
}: TReasonModalProps) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (opened) {
      setReason('');
      setError(null);
    }
  }, [opened]);

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const parsed = ZReason.safeParse(reason);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setError(null);
    onSubmit(parsed.data);
  }

  return (
    <Modal opened={opened} onClose={onClose} title={title} centered size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {description ? (
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          ) : null}
          <Textarea
            label="Reason"
            placeholder={`Tell them why (at least ${REASON_MIN} characters)`}
            withAsterisk
            autosize
            minRows={3}
            maxRows={8}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            error={error ?? serverError}
            data-autofocus
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Back
            </Button>
            <Button type="submit" color="red" loading={loading}>
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
