import {
  EMPLOYEE_TYPE,
  EMPLOYEE_TYPE_IDS,
  EMPLOYEE_TYPE_LABELS,
  type TCrewDetail,
  type TEmployeeTypeId,
  ZCrewInput,
} from '@haulpro/shared/crew';
import { Button, Card, Group, Select, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconTrash } from '@tabler/icons-react';
import { type FormEvent, useRef, useState } from 'react';
import { FormAlert } from '../../../components/form-alert.tsx';
import { ImageCropInput } from '../../../components/image-crop-input.tsx';
import { PhoneInput } from '../../../components/phone-input.tsx';
import { ZipInput } from '../../../components/zip-input.tsx';
import { splitApiError } from '../../../lib/form-errors.ts';
import { useCityOptions, useStateOptions } from '../api/geo-options.ts';
import { useSaveMember } from '../api/save-member.ts';
import { CREW_FIELDS, type TCrewField } from '../api/team-keys.ts';

type TMemberValues = {
  first_name: string;
  last_name: string;
  email: string;
  phone_number: string;
  zip_code: string;
  state_id: number | null;
  city_id: number | null;
  is_active: boolean;
  is_driver: boolean;
  employee_type: TEmployeeTypeId;
};

function initialValues(m: TCrewDetail | null): TMemberValues {
  return {
    first_name: m?.first_name ?? '',
    last_name: m?.last_name ?? '',
    email: m?.email ?? '',
    phone_number: m?.phone_number ?? '',
    zip_code: m?.zip_code ?? '',
    state_id: m?.state_id ?? null,
    city_id: m?.city_id ?? null,
    is_active: m?.is_active ?? true,
    is_driver: m?.is_driver ?? false,
    employee_type: m?.employee_type ?? EMPLOYEE_TYPE.fullTime,
  };
}

/** The spec's messages (ZCrewInput), the first one per field. */
function formErrors(values: TMemberValues): Partial<Record<TCrewField, string>> {
  const errors: Partial<Record<TCrewField, string>> = {};
  for (const issue of ZCrewInput.safeParse(values).error?.issues ?? []) {
    const field = String(issue.path[0]) as TCrewField;
    errors[field] ??= issue.message;
  }
  return errors;
}

type TMemberFormProps = {
  branchId: number;
  member: TCrewDetail | null;
  onSaved: (m: TCrewDetail) => void;
  onDelete?: () => void;
  deleting?: boolean;
};

/**
 * The team member form (spec: Team member validation): submit does nothing while a field is
 * invalid (its message shows under it); a server refusal shows its own message.
 */
export function MemberForm({ branchId, member, onSaved, onDelete, deleting = false }: TMemberFormProps) {
  const save = useSaveMember();
  const form = useForm<TMemberValues>({ initialValues: initialValues(member) });
  const [picture, setPicture] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const states = useStateOptions();
  const cities = useCityOptions(form.values.state_id);
  const submitting = useRef(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting.current) return;
    const values = form.getValues();
    const errors = formErrors(values);
    form.setErrors(errors);
    setFormError(null);
    if (Object.keys(errors).length > 0) return;
    submitting.current = true;
    try {
      const body = { ...ZCrewInput.parse(values), ...(picture ? { profile_picture: picture } : {}) };
      const saved = await save.mutateAsync({ branchId, crewId: member?.id ?? null, body });
      setPicture(null);
      onSaved(saved);
    } catch (error) {
      const split = splitApiError(error, CREW_FIELDS);
      form.setErrors(split.fieldErrors);
      setFormError(split.formError ?? split.fieldErrors.profile_picture ?? null);
    } finally {
      submitting.current = false;
    }
  }

  const stateOptions = (states.data ?? []).map((s) => ({ value: String(s.value), label: s.display }));
  const cityOptions = (cities.data ?? []).map((c) => ({ value: String(c.value), label: c.display }));

  return (
    <form onSubmit={submit} noValidate aria-label={member ? 'Edit team member' : 'New team member'}>
      <Card withBorder padding="lg">
        <Stack gap="lg">
          <ImageCropInput
            label="Profile picture"
            value={picture ?? member?.profile_picture ?? null}
            onChange={setPicture}
            buttonLabel={member?.profile_picture || picture ? 'Change picture' : 'Upload picture'}
            round
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label="First name"
              autoComplete="off"
              withAsterisk
              {...form.getInputProps('first_name')}
            />
            <TextInput
              label="Last name"
              autoComplete="off"
              withAsterisk
              {...form.getInputProps('last_name')}
            />
            <TextInput
              label="E-mail"
              type="email"
              autoComplete="off"
              withAsterisk
              {...form.getInputProps('email')}
            />
            <PhoneInput
              label="Phone number"
              withAsterisk
              value={form.values.phone_number}
              onChange={(v) => form.setFieldValue('phone_number', v)}
              error={form.errors.phone_number}
              data-testid="member-phone"
            />
            <ZipInput
              label="Zip code"
              withAsterisk
              value={form.values.zip_code}
              onChange={(v) => form.setFieldValue('zip_code', v)}
              error={form.errors.zip_code}
            />
            <Select
              label="State"
              placeholder="Choose a state"
              data={stateOptions}
              searchable
              clearable
              value={form.values.state_id === null ? null : String(form.values.state_id)}
              onChange={(v) => {
                form.setFieldValue('state_id', v ? Number(v) : null);
                form.setFieldValue('city_id', null);
              }}
              error={form.errors.state_id}
              comboboxProps={{ withinPortal: true }}
            />
            <Select
              label="City"
              placeholder={form.values.state_id === null ? 'Choose a state first' : 'Choose a city'}
              data={cityOptions}
              searchable
              clearable
              disabled={form.values.state_id === null}
              value={form.values.city_id === null ? null : String(form.values.city_id)}
              onChange={(v) => form.setFieldValue('city_id', v ? Number(v) : null)}
              error={form.errors.city_id}
              comboboxProps={{ withinPortal: true }}
            />
            <Select
              label="Employee type"
              data={EMPLOYEE_TYPE_IDS.map((t) => ({ value: String(t), label: EMPLOYEE_TYPE_LABELS[t] }))}
              allowDeselect={false}
              value={String(form.values.employee_type)}
              // The spec's numbers on the wire; a Select's values are text.
              onChange={(v) => v && form.setFieldValue('employee_type', Number(v) as TEmployeeTypeId)}
              error={form.errors.employee_type}
              comboboxProps={{ withinPortal: true }}
            />
          </SimpleGrid>
          <Group gap="xl" wrap="wrap">
            <Switch label="Active" {...form.getInputProps('is_active', { type: 'checkbox' })} />
            <Switch label="Driver" {...form.getInputProps('is_driver', { type: 'checkbox' })} />
          </Group>
          <FormAlert message={formError} />
          <Group justify="space-between" gap="sm" wrap="wrap">
            {onDelete ? (
              <Button
                variant="light"
                color="red"
                leftSection={<IconTrash size={16} />}
                onClick={onDelete}
                loading={deleting}
              >
                Delete
              </Button>
            ) : (
              <span />
            )}
            <Button type="submit" loading={save.isPending}>
              {member ? 'Save changes' : 'Add member'}
            </Button>
          </Group>
        </Stack>
      </Card>
    </form>
  );
}
