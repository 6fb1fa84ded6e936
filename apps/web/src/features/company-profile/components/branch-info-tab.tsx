import { type TBranchInfoSection, ZBranchInfoInput } from '@haulpro/shared/company-profile';
import { NAME_MAX } from '@haulpro/shared/constants';
import { Divider, SimpleGrid, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { ImageCropInput } from '../../../components/image-crop-input.tsx';
import { PhoneInput } from '../../../components/phone-input.tsx';
import { SettingsFooter, SettingsTab, settingsSubmit } from '../../../components/settings-form.tsx';
import { dayjs } from '../../../lib/dayjs.ts';
import { splitApiError } from '../../../lib/form-errors.ts';
import { useProfileSection } from '../api/get-profile-section.ts';
import { useUpdateProfileSection } from '../api/update-profile-section.ts';

const FIELDS = ['name', 'address', 'primary_phone', 'employees_count'] as const;
type TField = (typeof FIELDS)[number];
type TValues = Record<TField, string>;

const fromSection = (s: TBranchInfoSection): TValues => ({
  name: s.name,
  address: s.address,
  primary_phone: s.primary_phone ?? '',
  employees_count: s.employees_count === null ? '' : String(s.employees_count),
});

/** The spec's messages, one per field (the same schema the API parses with). */
function validate(values: TValues): Partial<Record<TField, string>> {
  const errors: Partial<Record<TField, string>> = {};
  for (const issue of ZBranchInfoInput.safeParse(values).error?.issues ?? []) {
    const field = String(issue.path[0]) as TField;
    errors[field] ??= issue.message;
  }
  return errors;
}

/** Branch info: name, address, phone and employees editable; the company's facts read-only; the logo. */
export function BranchInfoTab({ branchId }: { branchId: number }) {
  return (
    <SettingsTab
      query={useProfileSection(branchId, 'branch_info')}
      what="the branch info"
      loadingLabel="Loading the branch info"
      skeleton={
        <>
          <Skeleton h={80} w={80} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} h={60} />
            ))}
          </SimpleGrid>
        </>
      }
    >
      {(info) => <BranchInfoForm key={branchId} branchId={branchId} info={info} />}
    </SettingsTab>
  );
}

function BranchInfoForm({ branchId, info }: { branchId: number; info: TBranchInfoSection }) {
  const save = useUpdateProfileSection('branch_info');
  const form = useForm<TValues>({ initialValues: fromSection(info), validateInputOnBlur: true, validate });
  const submit = settingsSubmit(form, FIELDS, async (values) =>
    fromSection(
      await save.mutateAsync({
        branchId,
        body: { ...values, employees_count: values.employees_count },
        fields: FIELDS,
      }),
    ),
  );

  return (
    <Stack gap="xl">
      <LogoField branchId={branchId} logo={info.logo} />
      <Divider />
      <form onSubmit={submit} noValidate aria-label="Branch info">
        <Stack gap="lg">
          <Title order={2} fz="lg">
            Branch
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" verticalSpacing="md">
            <TextInput
              label="Branch name"
              withAsterisk
              maxLength={NAME_MAX + 20}
              autoComplete="organization"
              {...form.getInputProps('name')}
            />
            <TextInput
              label="Address"
              withAsterisk
              maxLength={NAME_MAX + 20}
              autoComplete="street-address"
              {...form.getInputProps('address')}
            />
            <PhoneInput
              label="Phone"
              withAsterisk
              size="md"
              {...form.getInputProps('primary_phone')}
              value={form.values.primary_phone}
            />
            <TextInput
              label="Number of employees"
              withAsterisk
              inputMode="numeric"
              maxLength={7}
              {...form.getInputProps('employees_count')}
              onChange={(e) =>
                form.setFieldValue('employees_count', e.currentTarget.value.replace(/\D/g, ''))
              }
            />
          </SimpleGrid>
          <Title order={2} fz="lg" mt="sm">
            Company
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" verticalSpacing="md">
            <ReadOnly label="Company name" value={info.company_name} />
            <ReadOnly label="E-mail" value={info.email} />
            <ReadOnly label="Website" value={info.website} />
            <ReadOnly
              label="Founded"
              value={info.found_date ? dayjs(info.found_date).format('MMMM D, YYYY') : null}
            />
          </SimpleGrid>
          <SettingsFooter form={form} saving={save.isPending} />
        </Stack>
      </form>
    </Stack>
  );
}

/** A fact of the company staff cannot change here, shown as a read-only field. */
function ReadOnly({ label, value }: { label: string; value: string | null }) {
  return (
    <TextInput
      label={label}
      value={value ?? 'Not set'}
      readOnly
      variant="filled"
      styles={{ input: { color: value ? undefined : 'var(--mantine-color-dimmed)' } }}
    />
  );
}

/** The logo: picked and cropped, then saved at once (PUT branches/{id} {logo}). */
function LogoField({ branchId, logo }: { branchId: number; logo: string | null }) {
  const save = useUpdateProfileSection('branch_info');
  const [error, setError] = useState<string | null>(null);
  async function upload(dataUrl: string) {
    setError(null);
    try {
      await save.mutateAsync({ branchId, body: { logo: dataUrl }, fields: ['logo'] });
    } catch (e) {
      setError(splitApiError(e, ['logo'] as const).fieldErrors.logo ?? null);
    }
  }
  return (
    <Stack gap={4}>
      <ImageCropInput
        label="Logo"
        value={logo}
        onChange={(dataUrl) => void upload(dataUrl)}
        buttonLabel={logo ? 'Change logo' : 'Upload logo'}
        disabled={save.isPending}
      />
      <Text size="xs" c="dimmed">
        Shown to customers on this location's public page. PNG or JPG, up to 10 MB.
      </Text>
      {error ? (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}
