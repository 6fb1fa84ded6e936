import { ACCOUNT_MSG, type TLaborProfile, ZLaborProfileUpdate } from '@haulpro/shared/account';
import { NAME_MAX } from '@haulpro/shared/constants';
import { VEHICLE_TYPES } from '@haulpro/shared/delivery';
import type { TZipInfo } from '@haulpro/shared/geo';
import {
  Divider,
  Group,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ImageCropInput } from '../../../components/image-crop-input.tsx';
import { MaskedInput } from '../../../components/masked-input.tsx';
import { PhoneInput } from '../../../components/phone-input.tsx';
import { SettingsFooter, SettingsTab, settingsSubmit } from '../../../components/settings-form.tsx';
import { SliderField } from '../../../components/slider-field.tsx';
import { ZipInput } from '../../../components/zip-input.tsx';
import { fetchZipLocation } from '../../../lib/api/get-zip-location.ts';
import { PROFILE_FIELDS, useLaborProfile, useSaveLaborProfile } from '../api/labor-profile.ts';

type TValues = {
  personal: {
    first_name: string;
    last_name: string;
    email: string;
    phone: string;
    social_security_number: string;
  };
  options: {
    address: string;
    street_address: string;
    apt_unit: string;
    state_id: string;
    city_id: string;
    zip_code: string;
    service_area: number;
    has_vehicle: boolean;
  };
  vehicle: { type: string; model: string; year: string; make: string };
  /** A newly picked photo (data URL), sent with Save; '' keeps the stored one. */
  image: string;
};

const fromProfile = (p: TLaborProfile): TValues => ({
  personal: {
    first_name: p.personal.first_name,
    last_name: p.personal.last_name,
    email: p.personal.email,
    phone: p.personal.phone ?? '',
    social_security_number: '',
  },
  options: {
    address: p.options.address,
    street_address: p.options.street_address,
    apt_unit: p.options.apt_unit,
    state_id: p.options.state_id ? String(p.options.state_id) : '',
    city_id: p.options.city_id ? String(p.options.city_id) : '',
    zip_code: p.options.zip_code,
    service_area: p.options.service_area,
    has_vehicle: p.options.has_vehicle,
  },
  vehicle: {
    type: p.vehicle.type ? String(p.vehicle.type) : '',
    model: p.vehicle.model ?? '',
    year: p.vehicle.year ? String(p.vehicle.year) : '',
    make: p.vehicle.make ?? '',
  },
  image: '',
});

/** The form's values as the call's body (spec: personal, options, vehicle). */
function toBody(v: TValues) {
  return {
    personal: v.personal,
    options: v.options,
    vehicle: {
      type: v.vehicle.type ? Number(v.vehicle.type) : null,
      model: v.vehicle.model || null,
      year: v.vehicle.year,
      make: v.vehicle.make || null,
    },
    ...(v.image ? { image: v.image } : {}),
  };
}

const resolve = schemaResolver(ZLaborProfileUpdate, { sync: true });
/** The shared schema's messages; a missing state or city is the ZIP's problem on this form. */
function validate(values: TValues) {
  const errors = resolve(toBody(values));
  if (errors['options.state_id'] || errors['options.city_id']) {
    errors['options.zip_code'] ??= 'Enter the ZIP code of your address';
    delete errors['options.state_id'];
    delete errors['options.city_id'];
  }
  return errors;
}

const VEHICLE_OPTIONS = VEHICLE_TYPES.map((v) => ({ value: String(v.value), label: v.label }));

/** Personal info: name, contact, address, service area, vehicle, SSN and a photo. */
export function PersonalInfoTab({ userId }: { userId: number }) {
  return (
    <SettingsTab
      query={useLaborProfile(userId)}
      what="your personal info"
      loadingLabel="Loading your personal info"
      skeleton={
        <>
          <Skeleton h={80} w={80} circle />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {[0, 1, 2, 3, 4, 5].map((i) => (
              <Skeleton key={i} h={60} />
            ))}
          </SimpleGrid>
        </>
      }
    >
      {(profile) => <PersonalInfoForm profile={profile} />}
    </SettingsTab>
  );
}

function PersonalInfoForm({ profile }: { profile: TLaborProfile }) {
  const queryClient = useQueryClient();
  const save = useSaveLaborProfile(profile.id);
  const [place, setPlace] = useState<Pick<TZipInfo, 'state_name' | 'city_name'> | null>(null);
  const [zipError, setZipError] = useState<string | null>(null);
  const form = useForm<TValues>({ initialValues: fromProfile(profile), validate });
  const zip = form.values.options.zip_code;

  // The ZIP fills in the state and city (and tells an unknown one at once).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the ZIP changes.
  useEffect(() => {
    if (zip.length !== 5) {
      setPlace(null);
      return;
    }
    let live = true;
    fetchZipLocation(queryClient, zip)
      .then((info) => {
        if (!live) return;
        setZipError(info ? null : 'Invalid zip code');
        setPlace(info);
        if (info) {
          form.setFieldValue('options.state_id', String(info.state_id));
          form.setFieldValue('options.city_id', String(info.city_id));
        }
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [zip]);

  const submit = settingsSubmit(form, PROFILE_FIELDS, async (values) =>
    fromProfile(await save.mutateAsync(toBody(values))),
  );
  const last4 = profile.personal.social_security_number_last4;
  const hasVehicle = form.values.options.has_vehicle;
  const photo = form.values.image || profile.image;

  return (
    <form onSubmit={submit} noValidate aria-label="Personal info">
      <Stack gap="lg">
        <Group gap="md" align="flex-end">
          <ImageCropInput
            label="Photo"
            value={photo}
            onChange={(dataUrl) => form.setFieldValue('image', dataUrl)}
            buttonLabel={photo ? 'Change photo' : 'Upload photo'}
            round
          />
          {form.values.image ? (
            <Text size="xs" c="dimmed">
              Saved with the form.
            </Text>
          ) : null}
        </Group>
        {form.errors.image ? (
          <Text size="sm" c="red" role="alert">
            {form.errors.image}
          </Text>
        ) : null}

        <Title order={2} fz="lg">
          About you
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" verticalSpacing="md">
          <TextInput
            label="First name"
            withAsterisk
            autoComplete="given-name"
            maxLength={NAME_MAX + 20}
            {...form.getInputProps('personal.first_name')}
          />
          <TextInput
            label="Last name"
            withAsterisk
            autoComplete="family-name"
            maxLength={NAME_MAX + 20}
            {...form.getInputProps('personal.last_name')}
          />
          <TextInput
            label="Email"
            type="email"
            withAsterisk
            autoComplete="email"
            {...form.getInputProps('personal.email')}
          />
          <PhoneInput
            label="Phone"
            withAsterisk
            size="md"
            {...form.getInputProps('personal.phone')}
            value={form.values.personal.phone}
          />
          <MaskedInput
            label="Social security number"
            size="md"
            mask="000-00-0000"
            inputMode="numeric"
            autoComplete="off"
            placeholder={last4 ? `•••-••-${last4}` : '123-45-6789'}
            description={
              last4
                ? `Stored encrypted; only the last four digits (${last4}) are shown. Leave empty to keep it.`
                : 'Stored encrypted; only its last four digits are ever shown.'
            }
            {...form.getInputProps('personal.social_security_number')}
            value={form.values.personal.social_security_number}
          />
        </SimpleGrid>

        <Divider />
        <Title order={2} fz="lg">
          Address and service area
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" verticalSpacing="md">
          <TextInput
            label="Street address"
            autoComplete="address-line1"
            maxLength={140}
            {...form.getInputProps('options.street_address')}
          />
          <TextInput
            label="Apt / unit"
            autoComplete="address-line2"
            maxLength={40}
            {...form.getInputProps('options.apt_unit')}
          />
          <ZipInput
            label="Zip code"
            withAsterisk
            size="md"
            {...form.getInputProps('options.zip_code')}
            error={form.errors['options.zip_code'] ?? zipError}
            value={zip}
          />
          <TextInput
            label="Address (as customers see it)"
            maxLength={140}
            description="Optional, e.g. your neighbourhood"
            {...form.getInputProps('options.address')}
          />
          <TextInput
            label="State"
            value={place?.state_name ?? ''}
            readOnly
            variant="filled"
            placeholder="From the ZIP"
          />
          <TextInput
            label="City"
            value={place?.city_name ?? ''}
            readOnly
            variant="filled"
            placeholder="From the ZIP"
          />
        </SimpleGrid>
        <SliderField
          label="Service area"
          help="How far from your ZIP code you take deliveries."
          value={form.values.options.service_area}
          onChange={(v) => form.setFieldValue('options.service_area', Math.max(1, v))}
          min={1}
          max={100}
          format={(v) => `${v} km`}
          error={form.errors['options.service_area'] as string | undefined}
        />

        <Divider />
        <Title order={2} fz="lg">
          Vehicle
        </Title>
        <Switch
          label="I have a vehicle"
          {...form.getInputProps('options.has_vehicle', { type: 'checkbox' })}
        />
        {hasVehicle ? (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" verticalSpacing="md">
            <Select
              label="Vehicle type"
              withAsterisk
              data={VEHICLE_OPTIONS}
              placeholder="Choose"
              allowDeselect={false}
              {...form.getInputProps('vehicle.type')}
            />
            <MaskedInput
              label="Year"
              size="md"
              mask="0000"
              inputMode="numeric"
              placeholder="2019"
              {...form.getInputProps('vehicle.year')}
              value={form.values.vehicle.year}
            />
            <TextInput
              label="Make"
              maxLength={80}
              placeholder="Ford"
              {...form.getInputProps('vehicle.make')}
            />
            <TextInput
              label="Model"
              maxLength={80}
              placeholder="F-150"
              {...form.getInputProps('vehicle.model')}
            />
          </SimpleGrid>
        ) : (
          <Text size="sm" c="dimmed">
            Switch this on if you bring a car or truck to deliveries.
          </Text>
        )}
        <SettingsFooter form={form} saving={save.isPending} />
        {Object.keys(form.errors).length ? (
          <Text size="sm" c="red" ta="right" role="alert">
            {ACCOUNT_MSG.fixErrors}
          </Text>
        ) : null}
      </Stack>
    </form>
  );
}
