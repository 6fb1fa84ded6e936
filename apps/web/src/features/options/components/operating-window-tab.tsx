import { type TCompanySettings, ZCompanySettingsInput } from '@haulpro/shared/pricing';
import { OPERATING_WINDOW_MAX_DIGITS } from '@haulpro/shared/pricing-constants';
import { Alert, Button, Group, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconBuildingSkyscraper, IconDeviceFloppy } from '@tabler/icons-react';
import { SettingsTab, settingsSubmit } from '../../../components/settings-form.tsx';
import { WholeNumberInput } from '../../../components/whole-number-input.tsx';
import { useCompanySettings } from '../../../lib/api/company-settings.ts';
import { useSession } from '../../../lib/auth-store.ts';
import {
  OPERATING_WINDOW_FIELDS,
  type TOperatingWindowInput,
  useUpdateCompanySettings,
} from '../api/update-company-settings.ts';

type TWindowValues = { accept_in_period_of: number | string; accept_next_day_move: boolean };

function fromSettings(s: TCompanySettings): TWindowValues {
  return { accept_in_period_of: s.accept_in_period_of, accept_next_day_move: s.accept_next_day_move };
}

function toInput(v: TWindowValues): TOperatingWindowInput {
  // An empty field means no limit, like 0.
  return {
    accept_in_period_of: v.accept_in_period_of === '' ? 0 : Number(v.accept_in_period_of),
    accept_next_day_move: v.accept_next_day_move,
  };
}

/** Operating window (company-wide): how far ahead customers can book, and next-day moves. */
export function OperatingWindowTab() {
  const { company, user } = useSession();
  const companyId = company?.id ?? user.company_id ?? 0;
  return (
    <SettingsTab
      query={useCompanySettings(companyId)}
      what="the operating window"
      loadingLabel="Loading the operating window"
      skeletonGap="md"
      skeleton={
        <>
          <Skeleton h={24} w="40%" />
          <Skeleton h={60} maw={320} />
          <Skeleton h={28} maw={280} />
        </>
      }
    >
      {(settings) => <OperatingWindowForm companyId={companyId} settings={settings} />}
    </SettingsTab>
  );
}

function OperatingWindowForm({ companyId, settings }: { companyId: number; settings: TCompanySettings }) {
  const save = useUpdateCompanySettings();
  const form = useForm<TWindowValues>({
    initialValues: fromSettings(settings),
    validateInputOnBlur: true,
    validate: (values) => schemaResolver(ZCompanySettingsInput, { sync: true })(toInput(values)),
  });
  const days = toInput(form.values).accept_in_period_of;

  const submit = settingsSubmit(form, OPERATING_WINDOW_FIELDS, async (values) =>
    fromSettings(await save.mutateAsync({ companyId, input: toInput(values) })),
  );

  return (
    <form onSubmit={submit} noValidate aria-label="Operating window">
      <Stack gap="lg" maw={620}>
        <div>
          <Title order={2} fz="lg">
            Operating window
          </Title>
          <Text size="sm" c="dimmed">
            How far ahead customers can book a move. Same-day moves are never taken.
          </Text>
        </div>
        <Alert variant="light" color="gray" icon={<IconBuildingSkyscraper size={18} />} p="sm">
          <Text size="sm">
            These settings apply to every location of {settings.name}, whichever location is selected.
          </Text>
        </Alert>
        <WholeNumberInput
          label="Accept orders within"
          description={
            days > 0
              ? `Customers can book up to ${days} day${days === 1 ? '' : 's'} ahead.`
              : '0 means no limit: customers can book any date ahead.'
          }
          rightSection={
            <Text size="sm" c="dimmed" pr="xs">
              days
            </Text>
          }
          rightSectionWidth={52}
          maw={260}
          size="sm"
          min={0}
          max={9999}
          maxLength={OPERATING_WINDOW_MAX_DIGITS}
          {...form.getInputProps('accept_in_period_of')}
        />
        <Switch
          label="Accept next-day moves"
          description="Let customers book a move for tomorrow."
          size="md"
          {...form.getInputProps('accept_next_day_move', { type: 'checkbox' })}
        />
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
