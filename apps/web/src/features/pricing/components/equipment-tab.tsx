import { type TBranchPricing, type TBranchPricingInput, ZBranchPricingInput } from '@haulpro/shared/pricing';
import {
  ActionIcon,
  Button,
  Card,
  EmptyState,
  Grid,
  Group,
  Skeleton,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconPackages, IconPlus, IconTrash } from '@tabler/icons-react';
import { SettingsFooter, SettingsTab, settingsSubmit } from '../../../components/settings-form.tsx';
import { WholeNumberInput } from '../../../components/whole-number-input.tsx';
import { useBranchPricing } from '../../../lib/api/branch-pricing.ts';
import { newRowKey } from '../../../lib/row-key.ts';
import { useUpdateBranchPricing } from '../api/update-branch-pricing.ts';

type TEquipmentRow = {
  key: string;
  uuid: string | null;
  name: string;
  value: number | string;
  is_active: boolean;
};
type TEquipmentValues = { equipments: TEquipmentRow[] };

const PRICE_REQUIRED = 'Enter a price (0 if free)';

function fromPricing(p: TBranchPricing): TEquipmentValues {
  return {
    equipments: p.equipments.map((e) => ({
      key: e.uuid,
      uuid: e.uuid,
      name: e.name,
      value: e.value,
      is_active: e.is_active,
    })),
  };
}

function toInput(v: TEquipmentValues): TBranchPricingInput {
  return {
    equipments: v.equipments.map((e) => ({
      ...(e.uuid ? { uuid: e.uuid } : {}),
      name: e.name,
      value: e.value,
      is_active: e.is_active,
    })),
  };
}

/** Equipment pricing: extras a customer can add (dollies, blankets...), each with a price. */
export function EquipmentTab({ branchId }: { branchId: number }) {
  return (
    <SettingsTab
      query={useBranchPricing(branchId)}
      what="the equipment"
      loadingLabel="Loading equipment"
      skeleton={[0, 1, 2].map((i) => <Skeleton key={i} h={56} />)}
    >
      {(pricing) => <EquipmentForm key={branchId} branchId={branchId} pricing={pricing} />}
    </SettingsTab>
  );
}

function EquipmentForm({ branchId, pricing }: { branchId: number; pricing: TBranchPricing }) {
  const save = useUpdateBranchPricing();
  const form = useForm<TEquipmentValues>({
    initialValues: fromPricing(pricing),
    validate: (values) => {
      const errors = schemaResolver(ZBranchPricingInput, { sync: true })(toInput(values));
      values.equipments.forEach((e, i) => {
        if (e.value === '') errors[`equipments.${i}.value`] = PRICE_REQUIRED;
      });
      return errors;
    },
  });
  const rows = form.values.equipments;
  const fields = rows.flatMap((_, i) => [`equipments.${i}.name`, `equipments.${i}.value`]);

  function addRow() {
    form.insertListItem('equipments', { key: newRowKey(), uuid: null, name: '', value: '', is_active: true });
    // Focus the new row's name once it is rendered.
    window.setTimeout(() => {
      const inputs = document.querySelectorAll<HTMLInputElement>('[data-equipment-name]');
      inputs[inputs.length - 1]?.focus();
    }, 0);
  }

  const submit = settingsSubmit(form, fields, async (values) =>
    fromPricing(await save.mutateAsync({ branchId, input: toInput(values), fields })),
  );

  return (
    <form onSubmit={submit} noValidate aria-label="Equipment pricing">
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" gap="sm">
          <Stack gap={2} style={{ flex: '1 1 16rem', minWidth: 0 }}>
            <Title order={2} fz="lg">
              Equipment pricing
            </Title>
            <Text size="sm" c="dimmed">
              Extras a customer can add to a move. Active items are offered and their price is added to the
              total.
            </Text>
          </Stack>
          {rows.length > 0 ? (
            <Button variant="light" leftSection={<IconPlus size={16} />} onClick={addRow}>
              Add equipment
            </Button>
          ) : null}
        </Group>

        {rows.length === 0 ? (
          <Card py={40} withBorder={false} bg="gray.0">
            <EmptyState
              variant="light"
              size="lg"
              icon={<IconPackages size={30} stroke={1.6} />}
              title="No equipment yet"
              description="Add extras such as a dolly, moving blankets or a piano board, each with its price."
            >
              <Button leftSection={<IconPlus size={16} />} onClick={addRow}>
                Add equipment
              </Button>
            </EmptyState>
          </Card>
        ) : (
          <Stack gap="sm" data-testid="equipment-list">
            {rows.map((row, i) => (
              <Card key={row.key} padding="sm" radius="md" data-testid="equipment-row">
                <Grid gap="sm" align="flex-end">
                  <Grid.Col span={{ base: 12, sm: 6 }}>
                    <TextInput
                      label="Name"
                      placeholder="e.g. Moving blankets"
                      size="sm"
                      maxLength={60}
                      data-equipment-name
                      {...form.getInputProps(`equipments.${i}.name`)}
                    />
                  </Grid.Col>
                  <Grid.Col span={{ base: 6, sm: 3 }}>
                    <WholeNumberInput
                      label="Price"
                      leftSection="$"
                      size="sm"
                      min={0}
                      {...form.getInputProps(`equipments.${i}.value`)}
                    />
                  </Grid.Col>
                  <Grid.Col span={{ base: 6, sm: 3 }}>
                    <Group justify="space-between" wrap="nowrap" gap="xs" mb={4}>
                      <Switch
                        label="Active"
                        size="md"
                        {...form.getInputProps(`equipments.${i}.is_active`, { type: 'checkbox' })}
                      />
                      <Tooltip label="Remove" openDelay={400}>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          size="lg"
                          onClick={() => form.removeListItem('equipments', i)}
                          aria-label={`Remove ${row.name || 'this equipment'}`}
                        >
                          <IconTrash size={18} />
                        </ActionIcon>
                      </Tooltip>
                    </Group>
                  </Grid.Col>
                </Grid>
              </Card>
            ))}
          </Stack>
        )}

        <SettingsFooter form={form} saving={save.isPending} />
      </Stack>
    </form>
  );
}
