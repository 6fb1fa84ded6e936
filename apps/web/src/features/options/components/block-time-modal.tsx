import { PRICING_MSG, type TBlockedDay } from '@haulpro/shared/pricing';
import {
  BLOCK_HOURS,
  BLOCK_KINDS,
  BLOCK_LABELS,
  blockFlags,
  blockKindOf,
  type TBlockKind,
} from '@haulpro/shared/pricing-labels';
import { Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { dayjs } from '../../../lib/dayjs.ts';
import { usePhone } from '../../../lib/use-phone.ts';
import { useCreateBlockedDay } from '../api/create-blocked-day.ts';
import { useDeleteBlockedDay } from '../api/delete-blocked-day.ts';
import { useUpdateBlockedDay } from '../api/update-blocked-day.ts';

type TBlockTimeModalProps = {
  opened: boolean;
  onClose: () => void;
  branchId: number;
  date: string | null;
  /** The date's blocked time, to change or delete; null to block it. */
  block: TBlockedDay | null;
};

/** Block the morning (7am-12), the afternoon (12-6pm) or the full day of a date. */
export function BlockTimeModal({ opened, onClose, branchId, date, block }: TBlockTimeModalProps) {
  const phone = usePhone();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size={440}
      fullScreen={phone}
      title={
        <Stack gap={0}>
          <Text fw={700} fz="lg">
            {block ? 'Edit blocked time' : 'Block time'}
          </Text>
          {date ? (
            <Text size="sm" c="dimmed">
              {dayjs(date).format('dddd, MMMM D, YYYY')}
            </Text>
          ) : null}
        </Stack>
      }
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {date ? (
        <BlockTimeForm
          key={`${block?.id ?? 'new'}-${date}`}
          branchId={branchId}
          date={date}
          block={block}
          onDone={onClose}
        />
      ) : null}
    </Modal>
  );
}

type TBlockTimeFormProps = { branchId: number; date: string; block: TBlockedDay | null; onDone: () => void };

function BlockTimeForm({ branchId, date, block, onDone }: TBlockTimeFormProps) {
  const create = useCreateBlockedDay();
  const update = useUpdateBlockedDay();
  const remove = useDeleteBlockedDay();
  const [kind, setKind] = useState<TBlockKind | null>(block ? blockKindOf(block) : null);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!kind) {
      setError(PRICING_MSG.blockInterval);
      return;
    }
    const input = { branch_id: branchId, date, ...blockFlags(kind) };
    try {
      if (block) await update.mutateAsync({ id: block.id, input });
      else await create.mutateAsync(input);
      onDone();
    } catch (err) {
      if (err instanceof ApiError) setError(err.field('date') ?? err.field('is_on_morning') ?? null);
    }
  }

  function confirmDelete() {
    if (!block) return;
    modals.openConfirmModal({
      title: (
        <Text fw={700} fz="lg">
          Delete blocked time
        </Text>
      ),
      children: <Text size="sm">Do you want to delete this blocked time?</Text>,
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate({ id: block.id, branchId }, { onSuccess: onDone }),
    });
  }

  const pending = create.isPending || update.isPending || remove.isPending;

  return (
    <form onSubmit={submit} noValidate aria-label={block ? 'Edit blocked time' : 'Block time'}>
      <Radio.Group
        label="Which part of the day?"
        description="Customers cannot book arrival windows in blocked time."
        value={kind}
        onChange={(value) => {
          setError(null);
          setKind(BLOCK_KINDS.find((k) => k === value) ?? null);
        }}
        error={error}
      >
        <Stack gap="xs" mt="sm">
          {BLOCK_KINDS.map((k) => (
            <Radio.Card
              key={k}
              value={k}
              radius="md"
              p="sm"
              aria-label={`${BLOCK_LABELS[k]} (${BLOCK_HOURS[k]})`}
            >
              <Group wrap="nowrap" gap="sm">
                <Radio.Indicator />
                <div>
                  <Text fw={600} size="sm">
                    {BLOCK_LABELS[k]}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {BLOCK_HOURS[k]}
                  </Text>
                </div>
              </Group>
            </Radio.Card>
          ))}
        </Stack>
      </Radio.Group>
      <Group justify="space-between" gap="sm" mt="xl">
        {block ? (
          <Button
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={16} />}
            onClick={confirmDelete}
            disabled={pending}
          >
            Delete
          </Button>
        ) : (
          <span />
        )}
        <Group gap="sm">
          <Button variant="default" onClick={onDone} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending || update.isPending}>
            {block ? 'Save changes' : 'Block time'}
          </Button>
        </Group>
      </Group>
    </form>
  );
}
