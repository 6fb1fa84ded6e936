import { type TWorkingDay, ZWorkingDaysInput } from '@haulpro/shared/pricing';
import { AFTERNOON, MORNING } from '@haulpro/shared/pricing-constants';
import { hourLabel, WEEK_MONDAY_FIRST, WEEKDAY_NAMES } from '@haulpro/shared/pricing-labels';
import { Card, Grid, Group, Select, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { SettingsFooter, SettingsTab, settingsSubmit } from '../../../components/settings-form.tsx';
import { usePhone } from '../../../lib/use-phone.ts';
import { useWorkingDays } from '../api/get-working-days.ts';
import { useSaveWorkingDays } from '../api/save-working-days.ts';

type TDayRow = { day: number; is_active: boolean; from_hour: string; to_hour: string };
type THoursValues = { days: TDayRow[] };

const FROM_HOURS = Array.from({ length: 24 }, (_, h) => ({ value: String(h), label: hourLabel(h) }));
const TO_HOURS = Array.from({ length: 24 }, (_, h) => ({ value: String(h + 1), label: hourLabel(h + 1) }));

/** The API's days (0 = Sunday) as rows in the spec's week order, Monday first. */
function fromDays(days: TWorkingDay[]): THoursValues {
  return {
    days: WEEK_MONDAY_FIRST.map((day) => {
      const d = days.find((x) => x.day === day);
      return {
        day,
        is_active: d?.is_active ?? true,
        from_hour: String(d?.from_hour ?? MORNING.start),
        to_hour: String(d?.to_hour ?? AFTERNOON.end),
      };
    }),
  };
}

function toDays(v: THoursValues): TWorkingDay[] {
  return v.days.map((d) => {
    const from = Number(d.from_hour);
    const to = Number(d.to_hour);
    // A closed day's hours do not matter; impossible ones fall back to the default day.
    if (!d.is_active && from >= to) {
      return { day: d.day, is_active: false, from_hour: MORNING.start, to_hour: AFTERNOON.end };
    }
    return { day: d.day, is_active: d.is_active, from_hour: from, to_hour: to };
  });
}

/** Operating hours: for each weekday, open or closed and the hours crews start jobs. */
export function OperatingHoursTab({ branchId }: { branchId: number }) {
  return (
    <SettingsTab
      query={useWorkingDays(branchId)}
      what="the operating hours"
      loadingLabel="Loading the operating hours"
      skeleton={WEEK_MONDAY_FIRST.map((d) => <Skeleton key={d} h={48} />)}
    >
      {(days) => <OperatingHoursForm key={branchId} branchId={branchId} days={days} />}
    </SettingsTab>
  );
}

function OperatingHoursForm({ branchId, days }: { branchId: number; days: TWorkingDay[] }) {
  const save = useSaveWorkingDays();
  const phone = usePhone();
  const form = useForm<THoursValues>({
    initialValues: fromDays(days),
    validate: (values) =>
      schemaResolver(ZWorkingDaysInput, { sync: true })({ branch_id: branchId, days: toDays(values) }),
  });
  const fields = form.values.days.flatMap((_, i) => [`days.${i}.from_hour`, `days.${i}.to_hour`]);

  const submit = settingsSubmit(form, fields, async (values) =>
    fromDays(await save.mutateAsync({ branch_id: branchId, days: toDays(values) })),
  );

  return (
    <form onSubmit={submit} noValidate aria-label="Operating hours">
      <Stack gap="md">
        <div>
          <Title order={2} fz="lg">
            Operating hours
          </Title>
          <Text size="sm" c="dimmed">
            The days you work and the hours a crew can arrive. Customers can only pick arrival windows that
            start within these hours.
          </Text>
        </div>
        {phone ? null : (
          <Grid gap="sm" px="sm" c="dimmed" fz="xs" fw={600} aria-hidden>
            <Grid.Col span={3}>Day</Grid.Col>
            <Grid.Col span={3}>Open</Grid.Col>
            <Grid.Col span={3}>Opens</Grid.Col>
            <Grid.Col span={3}>Closes</Grid.Col>
          </Grid>
        )}
        <Stack gap="xs" data-testid="operating-hours">
          {form.values.days.map((row, i) => {
            const name = WEEKDAY_NAMES[row.day] ?? '';
            const error = form.errors[`days.${i}.to_hour`] ?? form.errors[`days.${i}.from_hour`];
            return (
              <Card
                key={row.day}
                padding="sm"
                radius="md"
                bg={row.is_active ? undefined : 'gray.0'}
                data-testid="hours-row"
                data-day={row.day}
                aria-label={name}
                component="section"
              >
                <Grid gap="sm" align="center">
                  <Grid.Col span={{ base: 7, sm: 3 }}>
                    <Text fw={600}>{name}</Text>
                  </Grid.Col>
                  <Grid.Col span={{ base: 5, sm: 3 }}>
                    <Group justify={phone ? 'flex-end' : 'flex-start'}>
                      <Switch
                        size="md"
                        label={row.is_active ? 'Open' : 'Closed'}
                        aria-label={`Open on ${name}`}
                        {...form.getInputProps(`days.${i}.is_active`, { type: 'checkbox' })}
                      />
                    </Group>
                  </Grid.Col>
                  <Grid.Col span={{ base: 6, sm: 3 }}>
                    <Select
                      label={phone ? 'Opens' : undefined}
                      aria-label={`${name} opens`}
                      data={FROM_HOURS}
                      allowDeselect={false}
                      disabled={!row.is_active}
                      size="sm"
                      comboboxProps={{ withinPortal: true }}
                      value={row.from_hour}
                      onChange={(value) => value && form.setFieldValue(`days.${i}.from_hour`, value)}
                      error={Boolean(error)}
                    />
                  </Grid.Col>
                  <Grid.Col span={{ base: 6, sm: 3 }}>
                    <Select
                      label={phone ? 'Closes' : undefined}
                      aria-label={`${name} closes`}
                      data={TO_HOURS}
                      allowDeselect={false}
                      disabled={!row.is_active}
                      size="sm"
                      comboboxProps={{ withinPortal: true }}
                      value={row.to_hour}
                      onChange={(value) => value && form.setFieldValue(`days.${i}.to_hour`, value)}
                      error={Boolean(error)}
                    />
                  </Grid.Col>
                </Grid>
                {error ? (
                  <Text size="xs" c="red" mt={6} role="alert">
                    {error}
                  </Text>
                ) : null}
              </Card>
            );
          })}
        </Stack>
        <SettingsFooter form={form} saving={save.isPending} />
      </Stack>
    </form>
  );
}
