import { JOB_MSG, ZDisputeInput } from '@haulpro/shared/move-day';
import { Modal, Stack, Text, Textarea } from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import { FormFooter } from '../../../components/form-footer.tsx';

type TDisputeModalProps = {
  opened: boolean;
  loading: boolean;
  serverError?: string | undefined;
  onClose: () => void;
  onSubmit: (reason: string) => void;
};

/** Disputing the finished bill: what is wrong with it, 1 to 1,000 characters (ZDisputeInput). */
export function DisputeModal({ opened, loading, serverError, onClose, onSubmit }: TDisputeModalProps) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!opened) return;
    setReason('');
    setError(null);
  }, [opened]);

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = ZDisputeInput.safeParse({ reason });
    if (!parsed.success) {
      setError(JOB_MSG.reason);
      return;
    }
    onSubmit(parsed.data.reason);
  }

  return (
    <Modal opened={opened} onClose={onClose} title="Dispute the bill" centered size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            The company is told what you disagree with, and the bill is not confirmed until it is settled.
          </Text>
          <Textarea
            label="What is wrong with the bill?"
            withAsterisk
            autosize
            minRows={3}
            maxLength={1000}
            value={reason}
            onChange={(e) => {
              setReason(e.currentTarget.value);
              setError(null);
            }}
            error={error ?? serverError}
            styles={{ error: { color: 'var(--mantine-color-red-8)' } }}
            data-autofocus
            data-testid="dispute-reason"
          />
          <FormFooter
            cancelLabel="Back"
            onCancel={onClose}
            submitLabel="Send dispute"
            submit={{ loading, color: 'red.8' }}
          />
        </Stack>
      </form>
    </Modal>
  );
}
