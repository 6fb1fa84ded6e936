import {
  CANCELLATION_LIMITS,
  DEFAULT_CANCELLATION_POLICY,
  describePolicy,
  type TCancellationPolicy,
  type TCancellationPolicyInput,
  ZCancellationPolicyInput,
} from '@haulpro/shared/cancellation';
import { ActionIcon, Button, Group, List, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconDeviceFloppy, IconPlus, IconRestore, IconTrash } from '@tabler/icons-react';
import { SettingsTab, settingsSubmit } from '../../../components/settings-form.tsx';
import { WholeNumberInput } from '../../../components/whole-number-input.tsx';
import {
  CANCELLATION_POLICY_FIELDS,
  useCancellationPolicy,
  useSaveCancellationPolicy,
} from '../api/cancellation-policy.ts';

type TTierValues = { hours_before: number | string; percent: number | string };
type TPolicyValues = { tiers: TTierValues[] };

const fromPolicy = (p: { tiers: readonly { hours_before: number; percent: number }[] }): TPolicyValues => ({
  tiers: p.tiers.map((t) => ({ hours_before: t.hours_before, percent: t.percent })),
});

// An empty field is sent as it is, so the API's message (and the form's) says what is wrong.
const toInput = (v: TPolicyValues): TCancellationPolicyInput => ({
  tiers: v.tiers.map((t) => ({
    hours_before: t.hours_before === '' ? Number.NaN : Number(t.hours_before),
    percent: t.percent === '' ? Number.NaN : Number(t.percent),
  })),
});

/** Options › Cancellation policy (company-wide): what a late cancel by the customer keeps. */
export function CancellationPolicyTab() {
  return (
    <SettingsTab
      query={useCancellationPolicy()}
      what="the cancellation policy"
      loadingLabel="Loading the cancellation policy"
      skeleton={
        <>
          <Skeleton h={24} w="40%" />
          <Skeleton h={120} maw={420} />
        </>
      }
    >
      {(policy) => <CancellationPolicyForm policy={policy} />}
    </SettingsTab>
  );
}

function CancellationPolicyForm({ policy }: { policy: TCancellationPolicy }) {
  const save = useSaveCancellationPolicy();
  const form = useForm<TPolicyValues>({
    initialValues: fromPolicy(policy),
    validateInputOnBlur: true,
    validate: (values) => schemaResolver(ZCancellationPolicyInput, { sync: true })(toInput(values)),
  });
  const submit = settingsSubmit(form, CANCELLATION_POLICY_FIELDS, async (values) =>
    fromPolicy(await save.mutateAsync(toInput(values))),
  );
  const input = toInput(form.values);
  const valid = input.tiers.every((t) => Number.isInteger(t.hours_before) && Number.isInteger(t.percent));
  const tierError = form.errors.tiers;

  return (
    <form onSubmit={submit} noValidate aria-label="Cancellation policy">
      <Stack gap="lg" maw={620}>
        <div>
          <Title order={2} fz="lg">
            Cancellation policy
          </Title>
          <Text size="sm" c="dimmed">
            What you keep from a card payment when a customer cancels a job you accepted, by how close to the
            arrival window they cancel. Cash jobs and your own cancels are always free for the customer.
          </Text>
        </div>
        <Stack gap="xs">
          {form.values.tiers.map((tier, i) => (
            <Group key={form.key(`tiers.${i}`)} gap="xs" align="flex-start" wrap="nowrap">
              <WholeNumberInput
                label="Hours before"
                aria-label={`Tier ${i + 1}: hours before the arrival window`}
                min={0}
                max={CANCELLATION_LIMITS.maxHours}
                maxLength={3}
                size="sm"
                w={130}
                description={tier.hours_before === 0 ? 'After the start' : undefined}
                {...form.getInputProps(`tiers.${i}.hours_before`)}
              />
              <WholeNumberInput
                label="Percent kept"
                aria-label={`Tier ${i + 1}: percent kept`}
                min={0}
                max={100}
                maxLength={3}
                size="sm"
                w={110}
                rightSection={<Text size="sm">%</Text>}
                {...form.getInputProps(`tiers.${i}.percent`)}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                mt={26}
                size="lg"
                aria-label={`Remove tier ${i + 1}`}
                onClick={() => form.removeListItem('tiers', i)}
              >
                <IconTrash size={18} />
              </ActionIcon>
            </Group>
          ))}
          {form.values.tiers.length === 0 && (
            <Text size="sm" c="dimmed">
              No tiers: cancelling is always free.
            </Text>
          )}
          {tierError && (
            <Text size="sm" c="red" role="alert">
              {tierError}
            </Text>
          )}
        </Stack>
        <Group gap="sm">
          <Button
            variant="light"
            leftSection={<IconPlus size={16} />}
            disabled={form.values.tiers.length >= CANCELLATION_LIMITS.maxTiers}
            onClick={() => form.insertListItem('tiers', { hours_before: '', percent: '' })}
          >
            Add a tier
          </Button>
          <Button
            variant="default"
            leftSection={<IconRestore size={16} />}
            onClick={() => form.setValues(fromPolicy({ tiers: DEFAULT_CANCELLATION_POLICY }))}
          >
            Reset to default
          </Button>
        </Group>
        {valid && (
          <Paper withBorder p="sm" radius="md">
            <Text size="sm" fw={600} mb={4}>
              Customers will read
            </Text>
            <List size="sm" spacing={2}>
              {describePolicy(input.tiers).map((line) => (
                <List.Item key={line}>{line}</List.Item>
              ))}
            </List>
          </Paper>
        )}
        <Group gap="sm">
          <Button type="submit" leftSection={<IconDeviceFloppy size={16} />} loading={save.isPending}>
            Save
          </Button>
          <Button variant="default" onClick={() => form.reset()} disabled={!form.isDirty() || save.isPending}>
            Discard changes
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
