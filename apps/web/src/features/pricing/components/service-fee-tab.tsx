import {
  raiseSurgeDistance,
  type TBranchPricing,
  type TBranchPricingInput,
  ZBranchPricingInput,
} from '@haulpro/shared/pricing';
import {
  DOUBLE_DRIVING_LABELS,
  DOUBLE_DRIVING_OPTIONS,
  SURGE_SLIDER,
  type TDoubleDriving,
  TRAVEL_AREA,
} from '@haulpro/shared/pricing-constants';
import { Divider, Select, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import type { ReactNode } from 'react';
import { SettingsFooter, SettingsTab, settingsSubmit } from '../../../components/settings-form.tsx';
import { SliderField } from '../../../components/slider-field.tsx';
import { WholeNumberInput } from '../../../components/whole-number-input.tsx';
import { useBranchPricing } from '../../../lib/api/branch-pricing.ts';
import { FEE_FIELDS } from '../api/pricing-fields.ts';
import { useUpdateBranchPricing } from '../api/update-branch-pricing.ts';

const SERVICE_AREA = { min: 1, max: 100 } as const;
const AMOUNT_REQUIRED = 'Enter an amount (0 for none)';

type TFeeValues = {
  fee_first_bedroom: number | string;
  fee_extra_bedroom: number | string;
  service_area: number;
  surge_distance: number;
  surge_additional_hourly_rate: number;
  surge_additional_min_hours: number;
  surge_additional_service_fee: number;
  travel_area: number;
  helpers_and_trucks_between_double_driving: string;
};

function fromPricing(p: TBranchPricing): TFeeValues {
  // Shown as the server will store it: the surge distance never below the service area.
  const raised = raiseSurgeDistance({ service_area: p.service_area, surge_distance: p.surge_distance });
  return {
    fee_first_bedroom: p.fee_first_bedroom,
    fee_extra_bedroom: p.fee_extra_bedroom,
    service_area: Math.max(SERVICE_AREA.min, p.service_area),
    surge_distance: raised.surge_distance,
    surge_additional_hourly_rate: p.surge_additional_hourly_rate,
    surge_additional_min_hours: p.surge_additional_min_hours,
    surge_additional_service_fee: p.surge_additional_service_fee,
    travel_area: Math.max(TRAVEL_AREA.min, p.travel_area),
    helpers_and_trucks_between_double_driving: String(p.helpers_and_trucks_between_double_driving),
  };
}

function toInput(v: TFeeValues): TBranchPricingInput {
  return {
    fee_first_bedroom: v.fee_first_bedroom,
    fee_extra_bedroom: v.fee_extra_bedroom,
    service_area: v.service_area,
    surge_distance: v.surge_distance,
    surge_additional_hourly_rate: v.surge_additional_hourly_rate,
    surge_additional_min_hours: v.surge_additional_min_hours,
    surge_additional_service_fee: v.surge_additional_service_fee,
    travel_area: v.travel_area,
    helpers_and_trucks_between_double_driving: Number(v.helpers_and_trucks_between_double_driving),
  };
}

const DOUBLE_DRIVING_DATA = DOUBLE_DRIVING_OPTIONS.map((value) => ({
  value: String(value),
  label: DOUBLE_DRIVING_LABELS[value as TDoubleDriving],
}));

const km = (v: number) => `${v} km`;
const dollars = (v: number) => `$${v}`;
const hours = (v: number) => `${v} h`;

/** The three extras of a surging move, each a 0-100 slider. */
const SURGE_EXTRAS = [
  {
    field: 'surge_additional_hourly_rate',
    label: 'Surge hourly rate',
    help: 'Added to the hourly rate of a surging move.',
    format: dollars,
    testId: 'surge-hourly-rate',
  },
  {
    field: 'surge_additional_min_hours',
    label: 'Surge minimum hours',
    help: 'Added to the minimum hours of a surging move.',
    format: hours,
    testId: 'surge-min-hours',
  },
  {
    field: 'surge_additional_service_fee',
    label: 'Surge service fee',
    help: 'Added to the service fee of a surging move.',
    format: dollars,
    testId: 'surge-service-fee',
  },
] as const;

/** Service Fee: bedroom fees, service area and surge, travel area and double driving. */
export function ServiceFeeTab({ branchId }: { branchId: number }) {
  return (
    <SettingsTab
      query={useBranchPricing(branchId)}
      what="the service fee settings"
      loadingLabel="Loading the service fee"
      skeletonGap="lg"
      skeleton={
        <>
          <Skeleton h={24} w="40%" />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Skeleton h={60} />
            <Skeleton h={60} />
          </SimpleGrid>
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} h={48} />
          ))}
        </>
      }
    >
      {(pricing) => <ServiceFeeForm key={branchId} branchId={branchId} pricing={pricing} />}
    </SettingsTab>
  );
}

function ServiceFeeForm({ branchId, pricing }: { branchId: number; pricing: TBranchPricing }) {
  const save = useUpdateBranchPricing();
  const form = useForm<TFeeValues>({
    initialValues: fromPricing(pricing),
    validateInputOnBlur: true,
    validate: (values) => {
      const errors = schemaResolver(ZBranchPricingInput, { sync: true })(toInput(values));
      if (values.fee_first_bedroom === '') errors.fee_first_bedroom = AMOUNT_REQUIRED;
      if (values.fee_extra_bedroom === '') errors.fee_extra_bedroom = AMOUNT_REQUIRED;
      return errors;
    },
  });
  const v = form.values;

  function setServiceArea(value: number) {
    const serviceArea = Math.max(SERVICE_AREA.min, value);
    form.setFieldValue('service_area', serviceArea);
    // As the server does: the surge distance follows a service area raised above it.
    if (form.getValues().surge_distance < serviceArea) form.setFieldValue('surge_distance', serviceArea);
  }

  const submit = settingsSubmit(form, FEE_FIELDS, async (values) =>
    fromPricing(await save.mutateAsync({ branchId, input: toInput(values), fields: FEE_FIELDS })),
  );

  return (
    <form onSubmit={submit} noValidate aria-label="Service fee">
      <Stack gap="xl">
        <Section
          title="Bedrooms"
          text="Added to the price of a move by its number of bedrooms (a studio counts as one)."
        >
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" verticalSpacing="md">
            <WholeNumberInput
              label="First bedroom fee"
              description="Added once when the move has a bedroom."
              leftSection="$"
              size="sm"
              min={0}
              {...form.getInputProps('fee_first_bedroom')}
            />
            <WholeNumberInput
              label="Extra bedroom fee"
              description="Added for each bedroom after the first."
              leftSection="$"
              size="sm"
              min={0}
              {...form.getInputProps('fee_extra_bedroom')}
            />
          </SimpleGrid>
        </Section>

        <Divider />
        <Section
          title="Service area and surge"
          text="Moves longer than the surge distance cost more: the three extras below are added."
        >
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing={40} verticalSpacing="lg">
            <SliderField
              label="Service area"
              help="Your radius from the branch; also the radius on your location's map."
              value={v.service_area}
              onChange={setServiceArea}
              min={SERVICE_AREA.min}
              max={SERVICE_AREA.max}
              format={km}
              marks={[1, 25, 50, 75, 100]}
              error={form.errors.service_area as string | undefined}
              data-testid="service-area"
            />
            <SliderField
              label="Surge distance"
              help="Moves longer than this surge. Never below the service area."
              value={v.surge_distance}
              onChange={(value) => form.setFieldValue('surge_distance', Math.max(v.service_area, value))}
              min={SURGE_SLIDER.min}
              max={SURGE_SLIDER.max}
              format={km}
              marks={[0, 25, 50, 75, 100]}
              error={form.errors.surge_distance as string | undefined}
              data-testid="surge-distance"
            />
            {SURGE_EXTRAS.map((extra) => (
              <SliderField
                key={extra.field}
                label={extra.label}
                help={extra.help}
                value={v[extra.field]}
                onChange={(value) => form.setFieldValue(extra.field, value)}
                min={SURGE_SLIDER.min}
                max={SURGE_SLIDER.max}
                format={extra.format}
                marks={[0, 50, 100]}
                data-testid={extra.testId}
              />
            ))}
          </SimpleGrid>
        </Section>

        <Divider />
        <Section title="Travel and double driving" text="How far crews go, and how the drive is charged.">
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing={40} verticalSpacing="lg">
            <SliderField
              label="Travel area"
              help="The farthest pickup your crews travel to. It does not change the price."
              value={v.travel_area}
              onChange={(value) => form.setFieldValue('travel_area', Math.max(TRAVEL_AREA.min, value))}
              min={0}
              max={TRAVEL_AREA.max}
              format={km}
              marks={[0, 100, 200, 300]}
              error={form.errors.travel_area as string | undefined}
              data-testid="travel-area"
            />
            <Select
              label="Double driving"
              description="Helpers and trucks only: the drive between pickup and destination is charged twice, from the start or past the miles chosen."
              data={DOUBLE_DRIVING_DATA}
              allowDeselect={false}
              size="sm"
              comboboxProps={{ withinPortal: true }}
              {...form.getInputProps('helpers_and_trucks_between_double_driving')}
            />
          </SimpleGrid>
        </Section>

        <SettingsFooter form={form} saving={save.isPending} />
      </Stack>
    </form>
  );
}

function Section({ title, text, children }: { title: string; text: string; children: ReactNode }) {
  return (
    <Stack gap="md">
      <div>
        <Title order={2} fz="lg">
          {title}
        </Title>
        <Text size="sm" c="dimmed">
          {text}
        </Text>
      </div>
      {children}
    </Stack>
  );
}
