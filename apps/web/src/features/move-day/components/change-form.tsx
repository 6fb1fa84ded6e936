import {
  CHANGE_KIND_LABELS,
  CHANGE_KINDS,
  type TChangeInput,
  type TChangeKind,
  ZChangeInput,
} from '@haulpro/shared/move-day';
import { Button, Card, FileButton, Group, NumberInput, Select, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCamera } from '@tabler/icons-react';
import { useState } from 'react';
import { FormAlert } from '../../../components/form-alert.tsx';
import { useBranchPricing } from '../../../lib/api/branch-pricing.ts';
import { splitApiError } from '../../../lib/form-errors.ts';
import { CHANGE_FIELDS, useAddChange } from '../api/add-change.ts';
import { useUploadJobPhoto } from '../api/upload-photo.ts';

type TValues = {
  kind: TChangeKind;
  description: string;
  quantity: number | string;
  amount: number | string;
  equipment_uuid: string | null;
};

const COUNTED: readonly TChangeKind[] = ['stairs', 'stop', 'heavy_item'];
const KIND_OPTIONS = CHANGE_KINDS.map((k) => ({ value: k, label: CHANGE_KIND_LABELS[k] }));

type TChangeFormProps = { userId: number; orderId: number; branchId: number | null; onDone: () => void };

/** "Add a change": what the booking did not say, priced by the server, then approved by the customer. */
export function ChangeForm({ userId, orderId, branchId, onDone }: TChangeFormProps) {
  const add = useAddChange(userId, orderId);
  const upload = useUploadJobPhoto(userId, orderId);
  const pricing = useBranchPricing(branchId ?? 0, branchId !== null);
  const [photo, setPhoto] = useState<File | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<TValues>({
    mode: 'controlled',
    initialValues: { kind: 'stairs', description: '', quantity: 1, amount: '', equipment_uuid: null },
  });
  const kind = form.values.kind;
  const equipment = (pricing.data?.equipments ?? [])
    .filter((e) => e.is_active)
    .map((e) => ({ value: e.uuid, label: e.name }));

  async function submit(values: TValues) {
    setFormError(null);
    const body: TChangeInput = {
      kind: values.kind,
      description: values.description,
      ...(COUNTED.includes(values.kind) ? { quantity: Number(values.quantity) || 1 } : {}),
      ...(values.kind === 'fixed' && values.amount !== '' ? { amount: Number(values.amount) } : {}),
      ...(values.kind === 'equipment' && values.equipment_uuid
        ? { equipment_uuid: values.equipment_uuid }
        : {}),
    };
    const parsed = ZChangeInput.safeParse(body);
    const errors: Record<string, string> = {};
    if (!parsed.success)
      for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? 'kind')] ??= issue.message;
    if (values.kind === 'fixed' && values.amount === '') errors.amount = 'Enter the amount of a fixed extra.';
    if (values.kind === 'equipment' && !values.equipment_uuid)
      errors.equipment_uuid = 'Choose the equipment from the company’s equipment list.';
    if (Object.keys(errors).length > 0) {
      form.setErrors(errors);
      return;
    }
    try {
      if (photo) {
        const before = await upload.mutateAsync({ phase: 'change', file: photo }).catch(() => null);
        const added = before?.photos.filter((p) => p.phase === 'change').at(-1);
        if (added) body.photo_id = added.id;
      }
      await add.mutateAsync(body);
      onDone();
    } catch (error) {
      const { fieldErrors, formError: message } = splitApiError(error, CHANGE_FIELDS);
      form.setErrors(fieldErrors);
      setFormError(message);
    }
  }

  return (
    <Card withBorder radius="md" padding="md" data-testid="change-form">
      <form onSubmit={form.onSubmit((v) => void submit(v))} noValidate>
        <Stack gap="sm">
          <Text fw={700}>Add a change</Text>
          <FormAlert message={formError} />
          <Select
            label="What changed"
            data={KIND_OPTIONS}
            allowDeselect={false}
            {...form.getInputProps('kind')}
          />
          <Textarea
            label="Description"
            autosize
            minRows={2}
            maxLength={500}
            {...form.getInputProps('description')}
          />
          {COUNTED.includes(kind) ? (
            <NumberInput
              label={kind === 'stairs' ? 'Flights of stairs' : kind === 'stop' ? 'Stops' : 'Items'}
              min={1}
              max={20}
              allowDecimal={false}
              allowNegative={false}
              {...form.getInputProps('quantity')}
            />
          ) : null}
          {kind === 'fixed' ? (
            <NumberInput
              label="Amount"
              prefix="$"
              decimalScale={2}
              min={0.01}
              max={10_000}
              allowNegative={false}
              thousandSeparator=","
              {...form.getInputProps('amount')}
            />
          ) : null}
          {kind === 'equipment' ? (
            <Select
              label="Equipment"
              placeholder={pricing.isPending ? 'Loading the equipment list…' : 'Choose equipment'}
              data={equipment}
              nothingFoundMessage="No active equipment on this branch's list"
              {...form.getInputProps('equipment_uuid')}
            />
          ) : null}
          <Group gap="xs" wrap="wrap">
            <FileButton onChange={setPhoto} accept="image/png,image/jpeg,image/webp" capture="environment">
              {(props) => (
                <Button {...props} variant="default" leftSection={<IconCamera size={18} />}>
                  {photo ? 'Change photo' : 'Add a photo'}
                </Button>
              )}
            </FileButton>
            {photo ? (
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {photo.name}
              </Text>
            ) : null}
          </Group>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onDone}>
              Cancel
            </Button>
            <Button type="submit" loading={add.isPending || upload.isPending}>
              Add change
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
