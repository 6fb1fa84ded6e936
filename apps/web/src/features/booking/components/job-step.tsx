import {
  BEDROOM_OPTIONS,
  HELP_TYPES,
  HOURS,
  helpersForBedrooms,
  MOVING_TYPES,
  SERVICE_TYPE_OPTIONS,
} from '@haulpro/shared/booking';
import { SHOW_UP_WINDOWS } from '@haulpro/shared/pricing-constants';
import {
  Chip,
  Group,
  Input,
  NumberInput,
  Radio,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import '@mantine/dates/styles.css';
import type { UseFormReturnType } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { IconCalendar } from '@tabler/icons-react';
import { dayjs } from '../../../lib/dayjs.ts';
import type { TBookingDraft } from '../lib/booking-draft.ts';
import { isShowUpWindow, windowLabel } from '../lib/show-up-window.ts';
import { FormSection } from './form-section.tsx';

const HELP_HINTS: Record<number, string> = {
  1: 'Fill the truck at your place',
  2: 'Empty the truck at the new place',
  3: 'Both ends of the move',
};
const BEDROOM_DATA = BEDROOM_OPTIONS.map((o) => ({ value: String(o.value), label: o.label }));

type TJobStepProps = {
  form: UseFormReturnType<TBookingDraft>;
  /** Crew sizes the company offers for the chosen service (empty until the quote arrives). */
  crews: number[];
  minHours: number;
  onBedrooms: (bedrooms: number) => void;
  onServiceType: (type: number) => void;
  /** Why the company cannot take the job as it stands (the live price's 422), by field. */
  quoteErrors?: Record<string, string>;
};

/** Step 1, the job: type of help, service, move size, crew, hours, date and show-up time. */
export function JobStep({
  form,
  crews,
  minHours,
  onBedrooms,
  onServiceType,
  quoteErrors = {},
}: TJobStepProps) {
  const values = form.values;
  const errorOf = (field: keyof TBookingDraft) => form.errors[field] ?? quoteErrors[field];
  // "Helpers and trucks" does not fit beside "Helpers only" on the narrowest phones.
  const narrow = useMediaQuery('(max-width: 33.74em)') ?? false;
  const recommended = helpersForBedrooms(values.bedrooms_count);
  const crewOptions = (crews.length > 0 ? crews : [values.helpers_count]).map((n) => ({
    value: String(n),
    label: String(n),
  }));

  return (
    <Stack gap="xl">
      <FormSection title="What do you need help with?">
        <Radio.Group
          value={String(values.type_help)}
          onChange={(v) => form.setFieldValue('type_help', Number(v))}
          error={errorOf('type_help')}
          aria-label="Type of help"
        >
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            {HELP_TYPES.map((h) => (
              <Radio.Card
                key={h.value}
                value={String(h.value)}
                radius="md"
                p="md"
                data-testid={`help-${h.value}`}
              >
                <Group wrap="nowrap" align="flex-start" gap="sm">
                  <Radio.Indicator mt={2} />
                  <div>
                    <Text fw={600} size="sm">
                      {h.label}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {HELP_HINTS[h.value]}
                    </Text>
                  </div>
                </Group>
              </Radio.Card>
            ))}
          </SimpleGrid>
        </Radio.Group>
      </FormSection>

      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Input.Wrapper label="Service" size="md" error={errorOf('type_service')}>
          <SegmentedControl
            fullWidth
            mt={4}
            orientation={narrow ? 'vertical' : 'horizontal'}
            value={String(values.type_service)}
            onChange={(v) => onServiceType(Number(v))}
            data={SERVICE_TYPE_OPTIONS.map((o) => ({ value: String(o.value), label: o.label }))}
            data-testid="job-type-service"
          />
        </Input.Wrapper>
        <Input.Wrapper label="Type of move" size="md" error={errorOf('type_moving')}>
          <SegmentedControl
            fullWidth
            mt={4}
            value={String(values.type_moving)}
            onChange={(v) => form.setFieldValue('type_moving', Number(v))}
            data={MOVING_TYPES.map((o) => ({ value: String(o.value), label: o.label }))}
          />
        </Input.Wrapper>
      </SimpleGrid>

      <FormSection
        title="Crew and time"
        description={`We suggest ${recommended} helpers for ${
          values.bedrooms_count <= 1 ? 'a studio or 1-bedroom' : `${values.bedrooms_count} bedrooms`
        }. Change it if you need more or fewer hands.`}
      >
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <Select
            label="Move size"
            data={BEDROOM_DATA}
            value={String(Math.max(1, values.bedrooms_count))}
            onChange={(v) => onBedrooms(Number(v ?? 1))}
            allowDeselect={false}
            error={errorOf('bedrooms_count')}
            comboboxProps={{ withinPortal: true }}
            size="md"
            data-testid="job-bedrooms"
          />
          <Select
            label="Helpers"
            data={crewOptions}
            value={String(values.helpers_count)}
            onChange={(v) => form.setFieldValue('helpers_count', Number(v))}
            allowDeselect={false}
            error={errorOf('helpers_count')}
            comboboxProps={{ withinPortal: true }}
            size="md"
            data-testid="job-helpers"
          />
          <NumberInput
            label="Hours"
            min={minHours}
            max={HOURS.max}
            step={HOURS.step}
            decimalScale={1}
            clampBehavior="blur"
            value={values.hours_count}
            onChange={(v) => form.setFieldValue('hours_count', typeof v === 'number' ? v : minHours)}
            description={`At least ${minHours} h for this crew`}
            error={errorOf('hours_count')}
            size="md"
            data-testid="job-hours"
          />
        </SimpleGrid>
      </FormSection>

      <FormSection title="When">
        <DatePickerInput
          label="Date"
          withAsterisk
          placeholder="Choose a date"
          leftSection={<IconCalendar size={16} />}
          valueFormat="ddd, MMM D, YYYY"
          minDate={dayjs().format('YYYY-MM-DD')}
          value={values.arrival_date}
          onChange={(d) => form.setFieldValue('arrival_date', d)}
          error={errorOf('arrival_date')}
          popoverProps={{ withinPortal: true }}
          size="md"
          maw={360}
          data-testid="job-date"
        />
        <Input.Wrapper label="Show-up time" size="md" withAsterisk error={errorOf('arrival_time')}>
          <Chip.Group
            multiple={false}
            value={values.arrival_time}
            onChange={(v) => {
              if (isShowUpWindow(v)) form.setFieldValue('arrival_time', v);
            }}
          >
            <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing={8} mt={6}>
              {SHOW_UP_WINDOWS.map((w) => (
                <Chip
                  key={w}
                  value={w}
                  variant="outline"
                  radius="md"
                  size="md"
                  styles={{ label: { width: '100%', justifyContent: 'center', paddingInline: 8 } }}
                >
                  {windowLabel(w)}
                </Chip>
              ))}
            </SimpleGrid>
          </Chip.Group>
        </Input.Wrapper>
      </FormSection>
    </Stack>
  );
}
