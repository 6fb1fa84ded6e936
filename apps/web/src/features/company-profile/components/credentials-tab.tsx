import {
  AUTHORITIES,
  CREDENTIAL_FLAGS,
  expiryStatus,
  expiryWarning,
  FIELD_LABELS,
  FLAG_LABELS,
  LICENCE_LABELS,
  LICENCE_SCHEMAS,
  LICENCES,
  type TCredentialFlag,
  type TCredentialsSection,
  type TLicence,
} from '@haulpro/shared/credentials';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  SegmentedControl,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertTriangle, IconCalendar, IconDeviceFloppy } from '@tabler/icons-react';
import { useState } from 'react';
import { DatePickerInput } from '../../../components/date-picker-input.tsx';
import { SettingsTab } from '../../../components/settings-form.tsx';
import { dayjs, todayIn } from '../../../lib/dayjs.ts';
import { splitApiError } from '../../../lib/form-errors.ts';
import { useProfileSection } from '../api/get-profile-section.ts';
import { useUpdateProfileSection } from '../api/update-profile-section.ts';

/** The fields of each licence, in the order the card shows them. */
const LICENCE_FIELDS: Record<TLicence, readonly string[]> = {
  mtr_license: ['mtr_license_number', 'issuing_city', 'expiration_date'],
  general_liability_license: ['policy_number', 'policy_issuer', 'expiration_date'],
  cargo_insurance_license: ['policy_number', 'policy_issuer', 'expiration_date'],
  workers_compensation_license: ['policy_number', 'policy_issuer', 'expiration_date'],
  transportation_service_license: [
    'mc_number',
    'dot_number',
    'state_lic_issuer',
    'state_lic_number',
    'authority',
    'expiration_date',
  ],
};

/** Names of the calendar's controls (screen readers, and tests find them by name). */
const DATE_LABELS = {
  nextMonth: 'Next month',
  previousMonth: 'Previous month',
  nextYear: 'Next year',
  previousYear: 'Previous year',
  nextDecade: 'Next decade',
  previousDecade: 'Previous decade',
  monthLevelControl: 'Choose a month',
  yearLevelControl: 'Choose a year',
  decadeLevelControl: 'Choose a decade',
};

/** Credentials: a card per licence, and the two yes/no flags. */
export function CredentialsTab({ branchId, timeZone }: { branchId: number; timeZone: string }) {
  const today = todayIn(timeZone);
  return (
    <SettingsTab
      query={useProfileSection(branchId, 'credentials')}
      what="the credentials"
      loadingLabel="Loading the credentials"
      skeleton={
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} h={220} />
          ))}
        </SimpleGrid>
      }
    >
      {(credentials) => (
        <Stack gap="lg" key={branchId}>
          <FlagsCard branchId={branchId} credentials={credentials} />
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" verticalSpacing="lg">
            {LICENCES.map((licence) => (
              <LicenceCard
                key={licence}
                branchId={branchId}
                licence={licence}
                saved={credentials[licence]}
                today={today}
              />
            ))}
          </SimpleGrid>
        </Stack>
      )}
    </SettingsTab>
  );
}

type TLicenceValues = Record<string, string>;

function LicenceCard({
  branchId,
  licence,
  saved,
  today,
}: {
  branchId: number;
  licence: TLicence;
  saved: Record<string, string> | null;
  today: string;
}) {
  const save = useUpdateProfileSection('credentials');
  const fields = LICENCE_FIELDS[licence];
  const empty = Object.fromEntries(fields.map((f) => [f, ''])) as TLicenceValues;
  const form = useForm<TLicenceValues>({
    initialValues: { ...empty, ...(saved ?? {}) },
    validateInputOnBlur: true,
    validate: (values) => {
      const errors: Record<string, string> = {};
      for (const issue of LICENCE_SCHEMAS[licence].safeParse(values).error?.issues ?? []) {
        const key = String(issue.path[0]);
        errors[key] ??= issue.message;
      }
      return errors;
    },
  });
  const serverFields = fields.map((f) => `data.${f}`);
  const submit = form.onSubmit(async (values) => {
    try {
      const next = await save.mutateAsync({
        branchId,
        body: { data_name: licence, data: values },
        fields: serverFields,
      });
      const now = { ...empty, ...(next[licence] ?? {}) };
      form.setInitialValues(now);
      form.setValues(now);
      form.resetDirty(now);
    } catch (error) {
      const { fieldErrors } = splitApiError(error, serverFields);
      form.setErrors(Object.fromEntries(Object.entries(fieldErrors).map(([k, v]) => [k.slice(5), v])));
    }
  });
  const warning = saved ? expiryWarning(saved.expiration_date ?? '', today) : null;
  const expired = saved ? expiryStatus(saved.expiration_date ?? '', today) === 'expired' : false;
  const optional = licence === 'workers_compensation_license';
  const shownDate = saved?.expiration_date ? dayjs(saved.expiration_date).format('MMM D, YYYY') : '';

  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      component="section"
      aria-label={LICENCE_LABELS[licence]}
      data-testid={`licence-${licence}`}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Title order={3} fz="md">
              {LICENCE_LABELS[licence]}
            </Title>
            {optional ? (
              <Badge variant="light" color="gray">
                Optional
              </Badge>
            ) : saved ? null : (
              <Badge variant="light" color="orange">
                Missing
              </Badge>
            )}
          </Group>
          {warning ? (
            <Alert
              color={expired ? 'red' : 'orange'}
              variant="light"
              icon={<IconAlertTriangle size={18} />}
              title={expired ? 'Expired' : 'Expires soon'}
              data-testid="expiry-warning"
              p="xs"
            >
              {expired
                ? `This licence expired on ${shownDate}. Renew it and save the new date.`
                : `${warning}: renew it before ${shownDate}.`}
            </Alert>
          ) : null}
          {fields.map((field) =>
            field === 'expiration_date' ? (
              <DatePickerInput
                key={field}
                label={FIELD_LABELS[field]}
                withAsterisk
                size="md"
                leftSection={<IconCalendar size={16} />}
                valueFormat="MMM D, YYYY"
                placeholder="Pick a date"
                firstDayOfWeek={1}
                popoverProps={{ withinPortal: true }}
                ariaLabels={DATE_LABELS}
                {...form.getInputProps(field)}
                value={form.values[field] || null}
                onChange={(v) => form.setFieldValue(field, v ?? '')}
              />
            ) : field === 'authority' ? (
              <Select
                key={field}
                label={FIELD_LABELS[field]}
                withAsterisk
                size="md"
                placeholder="Choose one"
                data={[...AUTHORITIES]}
                allowDeselect={false}
                comboboxProps={{ withinPortal: true }}
                {...form.getInputProps(field)}
                value={form.values[field] || null}
                onChange={(v) => form.setFieldValue(field, v ?? '')}
              />
            ) : (
              <TextInput
                key={field}
                label={FIELD_LABELS[field]}
                withAsterisk
                maxLength={120}
                {...form.getInputProps(field)}
              />
            ),
          )}
          <Group justify="flex-end" gap="sm">
            <Button
              variant="default"
              onClick={() => form.reset()}
              disabled={!form.isDirty() || save.isPending}
            >
              Discard
            </Button>
            <Button type="submit" loading={save.isPending} leftSection={<IconDeviceFloppy size={16} />}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

/** Uniformed crew and drug test: yes or no, saved as 1 or 0 when changed. */
function FlagsCard({ branchId, credentials }: { branchId: number; credentials: TCredentialsSection }) {
  const save = useUpdateProfileSection('credentials');
  const [pending, setPending] = useState<TCredentialFlag | null>(null);
  async function set(flag: TCredentialFlag, value: 0 | 1) {
    setPending(flag);
    try {
      await save.mutateAsync({ branchId, body: { data_name: flag, data: value }, fields: [] });
    } catch {
      // The client has shown the server's message.
    } finally {
      setPending(null);
    }
  }
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label="Crew">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        {CREDENTIAL_FLAGS.map((flag) => (
          <Stack key={flag} gap={6}>
            <Text fw={600} id={`flag-${flag}`}>
              {FLAG_LABELS[flag]}
            </Text>
            <SegmentedControl
              aria-labelledby={`flag-${flag}`}
              data={[
                { value: '1', label: 'Yes' },
                { value: '0', label: 'No' },
              ]}
              value={String(credentials[flag])}
              disabled={pending === flag}
              onChange={(v) => void set(flag, v === '1' ? 1 : 0)}
              data-testid={`flag-${flag}`}
            />
          </Stack>
        ))}
      </SimpleGrid>
    </Card>
  );
}
