import { type TBlockedDay, ZBlockedDayInput } from '@haulpro/shared/pricing';
import {
  BLOCK_HOURS,
  BLOCK_KINDS,
  BLOCK_LABELS,
  blockFlags,
  blockKindOf,
  type TBlockKind,
} from '@haulpro/shared/pricing-labels';
import { Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useCreateBlockedDay } from '../lib/api/blocked-days/create-blocked-day.ts';
import { useDeleteBlockedDay } from '../lib/api/blocked-days/delete-blocked-day.ts';
import { useUpdateBlockedDay } from '../lib/api/blocked-days/update-blocked-day.ts';
import { ApiError } from '../lib/api-client.ts';
import { dayjs } from '../lib/dayjs.ts';
import { usePhone } from '../lib/use-phone.ts';
import { confirmDelete } from './confirm-delete.tsx';
import { FormFooter } from './form-footer.tsx';

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

const validateBlock = schemaResolver(ZBlockedDayInput, { sync: true });

type TBlockTimeFormProps = { branchId: number; date: string; block: TBlockedDay | null; onDone: () => void };

function BlockTimeForm({ branchId, date, block, onDone }: TBlockTimeFormProps) {
  const create = useCreateBlockedDay();
  const update = useUpdateBlockedDay();
  const remove = useDeleteBlockedDay();
  const form = useForm<{ kind: TBlockKind | null }>({
    initialValues: { kind: block ? blockKindOf(block) : null },
    // The shared rule and its message ("Choose the morning, the afternoon or both"), on the radios.
    validate: ({ kind }) => {
      const flags = kind ? blockFlags(kind) : { is_on_morning: false, is_on_afternoon: false };
      const errors = validateBlock({ branch_id: branchId, date, ...flags });
      return errors.is_on_morning ? { kind: errors.is_on_morning } : {};
    },
  });

  async function submit({ kind }: { kind: TBlockKind | null }) {
    if (!kind) return;
    const input = { branch_id: branchId, date, ...blockFlags(kind) };
    try {
      if (block) await update.mutateAsync({ id: block.id, input });
      else await create.mutateAsync(input);
      onDone();
    } catch (err) {
      if (err instanceof ApiError)
        form.setFieldError('kind', err.field('date') ?? err.field('is_on_morning'));
    }
  }

  function askDelete() {
    if (!block) return;
    confirmDelete({
      title: 'Delete blocked time',
      question: 'Do you want to delete this blocked time?',
      onConfirm: () => remove.mutate({ id: block.id, branchId }, { onSuccess: onDone }),
    });
  }

  const pending = create.isPending || update.isPending || remove.isPending;

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate aria-label={block ? 'Edit blocked time' : 'Block time'}>
      <Radio.Group
        label="Which part of the day?"
        description="Customers cannot book arrival windows in blocked time."
        {...form.getInputProps('kind')}
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
      <FormFooter
        mt="xl"
        onDelete={block ? askDelete : null}
        onCancel={onDone}
        cancelDisabled={pending}
        submitLabel={block ? 'Save changes' : 'Block time'}
        submit={{ loading: create.isPending || update.isPending }}
      />
    </form>
  );
}
