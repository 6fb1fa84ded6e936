import type { TQuoteView } from '@haulpro/shared/pricing';
import {
  Alert,
  Badge,
  Box,
  Card,
  Checkbox,
  Collapse,
  Divider,
  Grid,
  Group,
  Input,
  Loader,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { useDebouncedValue, useDisclosure } from '@mantine/hooks';
import { IconCalculator, IconCalendar, IconChevronDown } from '@tabler/icons-react';
import { type ReactNode, useMemo } from 'react';
import { ZipInput } from '../../../components/zip-input.tsx';
import { useBranchPricing } from '../../../lib/api/branch-pricing.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { dayjs, todayIn } from '../../../lib/dayjs.ts';
import { useServices } from '../api/list-services.ts';
import { type TQuoteRequest, useQuotePreview } from '../api/preview-quote.ts';
import { SERVICE_TYPE_NAMES } from './service-form-modal.tsx';

/** The job the panel prices, as its inputs hold it. */
type TPreviewValues = {
  service_id: string | null;
  hours: number | string;
  bedrooms: string;
  from_zip: string;
  to_zip: string;
  date: string | null;
  payment_method: 'cash' | 'electronic';
  equipment: string[];
};

type TPricePreviewProps = { branchId: number; branchZip: string; timeZone: string };

const BEDROOMS = [
  { value: '0', label: 'No bedrooms' },
  { value: '1', label: 'Studio or 1 bedroom' },
  ...Array.from({ length: 9 }, (_, i) => ({ value: String(i + 2), label: `${i + 2} bedrooms` })),
];

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const money = (n: number) => usd.format(n);
const ZIP = /^\d{5}$/;

/**
 * Price preview: what a customer would pay with the branch's current settings, for a job the
 * staff member describes (service, hours, bedrooms, two ZIPs, date, payment, equipment).
 * It follows every saved change, since the quote is computed by the server from stored settings.
 */
export function PricePreview({ branchId, branchZip, timeZone }: TPricePreviewProps) {
  const [opened, panel] = useDisclosure(false);
  return (
    <Card mt="lg" padding={0} data-testid="price-preview">
      <UnstyledButton
        onClick={panel.toggle}
        aria-expanded={opened}
        aria-controls="price-preview-body"
        px={{ base: 'md', sm: 'xl' }}
        py="md"
        w="100%"
      >
        <Group justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <IconCalculator
              size={22}
              stroke={1.7}
              color="var(--mantine-color-blue-7)"
              aria-hidden
              style={{ flex: 'none' }}
            />
            <div>
              <Title order={2} fz="lg">
                Price preview
              </Title>
              <Text size="sm" c="dimmed">
                See what a customer would pay with your saved settings.
              </Text>
            </div>
          </Group>
          <IconChevronDown
            size={20}
            aria-hidden
            style={{
              transform: opened ? 'rotate(180deg)' : undefined,
              transition: 'transform 150ms',
              flex: 'none',
            }}
          />
        </Group>
      </UnstyledButton>
      <Collapse expanded={opened} id="price-preview-body">
        {opened ? (
          <Box px={{ base: 'md', sm: 'xl' }} pb="xl">
            <Divider mb="lg" />
            <PreviewBody branchId={branchId} branchZip={branchZip} timeZone={timeZone} />
          </Box>
        ) : null}
      </Collapse>
    </Card>
  );
}

function PreviewBody({ branchId, branchZip, timeZone }: TPricePreviewProps) {
  const services = useServices(branchId);
  const pricing = useBranchPricing(branchId);
  const today = todayIn(timeZone);
  const form = useForm<TPreviewValues>({
    initialValues: {
      service_id: null,
      hours: 3,
      bedrooms: '1',
      from_zip: branchZip,
      to_zip: branchZip,
      date: dayjs(today).add(1, 'day').format('YYYY-MM-DD'),
      payment_method: 'cash',
      equipment: [],
    },
    validate: {
      hours: (value) =>
        typeof value === 'number' && (value < 1 || value > 24) ? 'From 1 to 24 hours' : null,
    },
    validateInputOnChange: ['hours'],
  });
  const { service_id: serviceId, hours, bedrooms, from_zip: fromZip, to_zip: toZip, date } = form.values;
  const { payment_method: payment, equipment } = form.values;

  const all = useMemo(
    () => [...(services.data?.helpers_only ?? []), ...(services.data?.helpers_and_trucks ?? [])],
    [services.data],
  );
  // The first service until the user picks one (or the picked one is deleted).
  const chosen = all.find((s) => String(s.id) === serviceId) ?? all[0] ?? null;
  const activeEquipment = (pricing.data?.equipments ?? []).filter((e) => e.is_active);

  const request: TQuoteRequest | null =
    chosen &&
    typeof hours === 'number' &&
    hours >= 1 &&
    hours <= 24 &&
    ZIP.test(fromZip) &&
    ZIP.test(toZip) &&
    date
      ? {
          service_id: chosen.id,
          hours,
          bedrooms: Number(bedrooms),
          from_zip: fromZip,
          to_zip: toZip,
          date,
          payment_method: payment,
          equipment: equipment.filter((uuid) => activeEquipment.some((e) => e.uuid === uuid)),
        }
      : null;
  const [debounced] = useDebouncedValue(request, 350);
  const quote = useQuotePreview(branchId, debounced);
  const zipErrors = quote.error instanceof ApiError ? quote.error.errors : {};
  const otherError =
    quote.isError && !zipErrors.from_zip && !zipErrors.to_zip ? (quote.error?.message ?? null) : null;

  if (services.isSuccess && all.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        Add a service on the Helpers Only or Helpers and Trucks tab to preview prices.
      </Text>
    );
  }

  const groups = [
    { group: SERVICE_TYPE_NAMES[1], items: (services.data?.helpers_only ?? []).map(toOption) },
    { group: SERVICE_TYPE_NAMES[2], items: (services.data?.helpers_and_trucks ?? []).map(toOption) },
  ].filter((g) => g.items.length > 0);

  return (
    <Grid gap="xl">
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Stack gap="sm">
          <Select
            label="Service"
            placeholder={services.isPending ? 'Loading…' : 'Choose a service'}
            data={groups}
            {...form.getInputProps('service_id')}
            value={chosen ? String(chosen.id) : null}
            allowDeselect={false}
            size="sm"
            comboboxProps={{ withinPortal: true }}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
            <NumberInput
              label="Hours"
              description={chosen ? `Minimum ${chosen.minimum_hours} h for this service` : undefined}
              min={1}
              max={24}
              step={0.5}
              decimalScale={2}
              allowNegative={false}
              size="sm"
              {...form.getInputProps('hours')}
            />
            <Select
              label="Bedrooms"
              description="Adds the bedroom fees"
              data={BEDROOMS}
              {...form.getInputProps('bedrooms')}
              allowDeselect={false}
              size="sm"
              comboboxProps={{ withinPortal: true }}
            />
            <ZipInput
              label="From ZIP"
              size="sm"
              value={fromZip}
              onChange={(value) => form.setFieldValue('from_zip', value)}
              error={zipErrors.from_zip?.[0]}
            />
            <ZipInput
              label="To ZIP"
              size="sm"
              value={toZip}
              onChange={(value) => form.setFieldValue('to_zip', value)}
              error={zipErrors.to_zip?.[0]}
            />
            <DatePickerInput
              label="Move date"
              description="Applies that date's offer"
              valueFormat="ddd, MMM D, YYYY"
              leftSection={<IconCalendar size={16} />}
              firstDayOfWeek={1}
              size="sm"
              {...form.getInputProps('date')}
              popoverProps={{ withinPortal: true }}
            />
            <Input.Wrapper
              label="Payment"
              description="Electronic payments add the processing fee"
              labelProps={{ id: 'preview-payment-label' }}
              size="sm"
            >
              <SegmentedControl
                aria-labelledby="preview-payment-label"
                fullWidth
                size="sm"
                mt={4}
                data={[
                  { value: 'cash', label: 'Cash' },
                  { value: 'electronic', label: 'Electronic' },
                ]}
                {...form.getInputProps('payment_method')}
              />
            </Input.Wrapper>
          </SimpleGrid>
          {activeEquipment.length > 0 ? (
            <Checkbox.Group label="Equipment" {...form.getInputProps('equipment')} size="sm">
              <Group gap="md" mt={6}>
                {activeEquipment.map((e) => (
                  <Checkbox key={e.uuid} value={e.uuid} label={`${e.name} (${money(e.value)})`} />
                ))}
              </Group>
            </Checkbox.Group>
          ) : null}
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Card bg="gray.0" withBorder={false} padding="lg" radius="md" aria-live="polite">
          <Group justify="space-between" mb="sm">
            <Text fw={700}>Quote</Text>
            {quote.isFetching ? <Loader size={16} role="status" aria-label="Updating the quote" /> : null}
          </Group>
          {otherError ? (
            <Alert color="red" variant="light">
              {otherError}
            </Alert>
          ) : quote.isError ? (
            <Text size="sm" c="red">
              Check the ZIP codes to see the price.
            </Text>
          ) : quote.data && request ? (
            <Breakdown quote={quote.data} />
          ) : (
            <Text size="sm" c="dimmed">
              {request ? 'Calculating…' : 'Fill in the job to see its price.'}
            </Text>
          )}
        </Card>
      </Grid.Col>
    </Grid>
  );
}

function toOption(s: { id: number; name: string }) {
  return { value: String(s.id), label: s.name };
}

function Breakdown({ quote }: { quote: TQuoteView }) {
  return (
    <Stack gap={6} data-testid="quote-breakdown">
      <Line label="Hourly rate">
        {money(quote.hourly)}/h
        {quote.is_surge ? (
          <Badge ml={6} size="xs" color="orange" variant="light">
            surge
          </Badge>
        ) : null}
      </Line>
      <Line label="Billable hours" hint={`minimum ${quote.minimum_hours} h`}>
        {quote.billable_hours} h
      </Line>
      <Line label="Distance">{quote.distance_miles} mi</Line>
      <Line label="Labor">{money(quote.total_for_n_hours)}</Line>
      {quote.is_double_drive ? (
        <Line label="Double driving" hint={`${quote.double_drive_hours} h`}>
          {money(quote.double_drive_price)}
        </Line>
      ) : null}
      {quote.bedroom_fee ? <Line label="Bedroom fee">{money(quote.bedroom_fee)}</Line> : null}
      {quote.equipment ? <Line label="Equipment">{money(quote.equipment)}</Line> : null}
      <Divider my={4} />
      <Line label="Subtotal">{money(quote.subtotal)}</Line>
      {quote.date_adjustment ? (
        <Line label={quote.date_adjustment < 0 ? 'Date discount' : 'Date surcharge'}>
          <Text span c={quote.date_adjustment < 0 ? 'green.8' : 'orange.8'} inherit>
            {quote.date_adjustment < 0 ? '-' : '+'}
            {money(Math.abs(quote.date_adjustment))}
          </Text>
        </Line>
      ) : null}
      <Line label="Service fee">{money(quote.service_fee)}</Line>
      {quote.processing_fee ? <Line label="Processing fee">{money(quote.processing_fee)}</Line> : null}
      <Divider my={4} />
      <Group justify="space-between" wrap="nowrap">
        <Text fw={700}>Total</Text>
        <Text fw={800} fz="xl" data-testid="quote-total">
          {money(quote.total)}
        </Text>
      </Group>
    </Stack>
  );
}

function Line({ label, hint, children }: { label: string; hint?: string; children: ReactNode }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs">
      <Text size="sm" c="dimmed">
        {label}
        {hint ? (
          <Text span size="xs" c="dimmed">
            {' '}
            ({hint})
          </Text>
        ) : null}
      </Text>
      <Text size="sm" fw={600} ta="right">
        {children}
      </Text>
    </Group>
  );
}
