import {
  MOVING_TYPES,
  normalizeUnloadingDate,
  SEARCH_MSG,
  SERVICE_TYPE_OPTIONS,
} from '@haulpro/shared/booking-options';
import { Box, Button, Group, NativeSelect, SimpleGrid } from '@mantine/core';
import { type FormErrors, useForm } from '@mantine/form';
import { IconCalendar, IconMapPin, IconSearch } from '@tabler/icons-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { LazyDatePickerInput } from '../../../components/lazy-date-picker-input.tsx';
import { ZipInput } from '../../../components/zip-input.tsx';
import { validateZip } from '../../../lib/api/validate-zip.ts';
import { dayjs } from '../../../lib/dayjs.ts';
import { lazySchema, usePreload } from '../../../lib/lazy-schema.ts';
import type { TSearchField, TSearchValues } from '../lib/search-query.ts';

const SERVICE_DATA = SERVICE_TYPE_OPTIONS.map((o) => ({ value: String(o.value), label: o.label }));
const MOVING_DATA = MOVING_TYPES.map((o) => ({ value: String(o.value), label: o.label }));
const ZIP = /^\d{5}$/;

type TOrderSearchFormProps = {
  initialValues: TSearchValues;
  onSearch: (values: TSearchValues) => void;
  /** 'stacked' in the modal; 'bar' across the top of the helper list. */
  layout?: 'stacked' | 'bar';
  submitLabel?: string;
  /** Messages the server sent for the search fields (422). */
  serverErrors?: Partial<Record<TSearchField, string>>;
  /**
   * The filled-in ZIPs were searched already (the helper list): the server's answer says whether
   * they are valid (`serverErrors`), so they are not asked about again as the form mounts.
   */
  searched?: boolean;
  footer?: ReactNode;
};

// The search is an entry page: its schema downloads after the first paint.
const searchSchema = lazySchema(() => import('@haulpro/shared/booking').then((m) => m.ZOrderSearch));

function today(): string {
  return dayjs().format('YYYY-MM-DD');
}

/**
 * The spec's rules, with its messages: the shared schema, "pickup not before today", and the
 * server's verdict on ZIPs it has already answered for.
 */
async function searchErrors(values: TSearchValues, badZips: ReadonlySet<string>): Promise<FormErrors> {
  // Without the schema (no connection) the server's own check of the search still applies.
  const errors = await searchSchema.validate({
    ...values,
    from_date: values.from_date ?? undefined,
    to_date: values.to_date ?? undefined,
    type_service: values.type_service ?? undefined,
    type_moving: values.type_moving ?? undefined,
  });
  if (values.from_date && !errors.from_date && values.from_date < today()) {
    errors.from_date = SEARCH_MSG.pastDate;
  }
  for (const field of ['from_zip', 'to_zip'] as const) {
    if (!errors[field] && badZips.has(values[field])) errors[field] = SEARCH_MSG.invalidZip;
  }
  return errors;
}

/**
 * The new order search form: pickup and drop-off ZIPs and dates, helpers only or with trucks,
 * residential or commercial. A ZIP is checked with the server as soon as it has five digits.
 */
export function OrderSearchForm({
  initialValues,
  onSearch,
  layout = 'stacked',
  submitLabel = 'Find helpers',
  serverErrors,
  searched = false,
  footer,
}: TOrderSearchFormProps) {
  // ZIPs the server said are invalid (validateZip keeps every answer for the visit).
  const badZips = useRef(new Set<string>());
  const form = useForm<TSearchValues>({
    initialValues,
    validate: (values) => searchErrors(values, badZips.current),
  });
  usePreload(searchSchema);
  const [checking, setChecking] = useState(false);
  // The ZIP each field last asked about, so a late answer for an old value is ignored.
  const asked = useRef<Record<'from_zip' | 'to_zip', string>>({ from_zip: '', to_zip: '' });
  const { setErrors } = form;

  useEffect(() => {
    if (serverErrors && Object.keys(serverErrors).length > 0) setErrors(serverErrors);
  }, [serverErrors, setErrors]);

  function checkZip(field: 'from_zip' | 'to_zip', zip: string) {
    asked.current[field] = zip;
    void validateZip(zip).then((valid) => {
      if (valid === false) badZips.current.add(zip);
      if (asked.current[field] === zip && valid === false) form.setFieldError(field, SEARCH_MSG.invalidZip);
    });
  }

  // ZIPs that arrive filled (from the address bar) are checked too, unless already searched.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the first values.
  useEffect(() => {
    if (searched) return;
    for (const field of ['from_zip', 'to_zip'] as const) {
      const zip = initialValues[field];
      if (ZIP.test(zip)) checkZip(field, zip);
    }
  }, []);

  function changeZip(field: 'from_zip' | 'to_zip', zip: string) {
    form.setFieldValue(field, zip);
    if (ZIP.test(zip)) checkZip(field, zip);
    else asked.current[field] = '';
  }

  function changeFromDate(date: string | null) {
    form.setFieldValue('from_date', date);
    // Spec: an unloading date before the loading date, or none, becomes the loading date.
    if (date) form.setFieldValue('to_date', normalizeUnloadingDate(date, form.getValues().to_date));
  }

  const submit = form.onSubmit(async (values) => {
    setChecking(true);
    try {
      const [fromValid, toValid] = await Promise.all([
        validateZip(values.from_zip),
        validateZip(values.to_zip),
      ]);
      // null: the look-up failed; the server checks the ZIP again with the search.
      const errors: Partial<Record<TSearchField, string>> = {};
      if (fromValid === false) errors.from_zip = SEARCH_MSG.invalidZip;
      if (fromValid === false) badZips.current.add(values.from_zip);
      if (toValid === false) badZips.current.add(values.to_zip);
      if (toValid === false) errors.to_zip = SEARCH_MSG.invalidZip;
      if (Object.keys(errors).length > 0) {
        form.setErrors(errors);
        return;
      }
    } finally {
      setChecking(false);
    }
    const from = values.from_date ?? '';
    onSearch({ ...values, to_date: normalizeUnloadingDate(from, values.to_date) });
  });

  const bar = layout === 'bar';
  // In the bar each field takes the room its content needs, and the row wraps on narrow screens.
  const field = (basis: number) => (bar ? { style: { flex: `1 1 ${basis}px`, minWidth: 0 } } : {});
  const dateFormat = bar ? 'ddd, MMM D' : 'ddd, MMM D, YYYY';
  const values = form.values;

  const fields = (
    <>
      <ZipInput
        label="Pickup ZIP"
        withAsterisk
        leftSection={<IconMapPin size={16} />}
        value={values.from_zip}
        onChange={(zip) => changeZip('from_zip', zip)}
        error={form.errors.from_zip}
        name="from_zip"
        placeholder="ZIP code"
        size="md"
        data-testid="search-from-zip"
        {...field(120)}
      />
      <LazyDatePickerInput
        label="Pickup date"
        withAsterisk
        placeholder="Choose a date"
        leftSection={<IconCalendar size={16} />}
        valueFormat={dateFormat}
        minDate={today()}
        value={values.from_date}
        onChange={changeFromDate}
        error={form.errors.from_date}
        data-testid="search-from-date"
        popoverProps={{ withinPortal: true }}
        size="md"
        {...field(170)}
      />
      <ZipInput
        label="Drop-off ZIP"
        withAsterisk
        leftSection={<IconMapPin size={16} />}
        value={values.to_zip}
        onChange={(zip) => changeZip('to_zip', zip)}
        error={form.errors.to_zip}
        name="to_zip"
        placeholder="ZIP code"
        size="md"
        data-testid="search-to-zip"
        {...field(120)}
      />
      <LazyDatePickerInput
        label="Drop-off date"
        placeholder="Same day"
        leftSection={<IconCalendar size={16} />}
        valueFormat={dateFormat}
        minDate={values.from_date ?? today()}
        clearable
        clearButtonProps={{ 'aria-label': 'Clear date' }}
        value={values.to_date}
        onChange={(date) => form.setFieldValue('to_date', date)}
        error={form.errors.to_date}
        data-testid="search-to-date"
        popoverProps={{ withinPortal: true }}
        size="md"
        {...field(170)}
      />
      <NativeSelect
        label="Service"
        withAsterisk
        data={[{ value: '', label: 'Choose', disabled: true }, ...SERVICE_DATA]}
        size="md"
        data-testid="search-type-service"
        {...form.getInputProps('type_service')}
        value={values.type_service ?? ''}
        {...field(205)}
      />
      <NativeSelect
        label="Type of move"
        withAsterisk
        data={[{ value: '', label: 'Choose', disabled: true }, ...MOVING_DATA]}
        size="md"
        data-testid="search-type-moving"
        {...form.getInputProps('type_moving')}
        value={values.type_moving ?? ''}
        {...field(135)}
      />
    </>
  );

  return (
    <form onSubmit={submit} noValidate aria-label="Search for helpers">
      {bar ? (
        <Group align="flex-start" gap="sm" wrap="wrap">
          {fields}
          <Box style={{ flex: '0 0 auto' }} pt={{ base: 0, lg: 25 }} w={{ base: '100%', lg: 'auto' }}>
            <Button
              type="submit"
              size="md"
              leftSection={<IconSearch size={18} />}
              loading={checking}
              fullWidth
            >
              {submitLabel}
            </Button>
          </Box>
        </Group>
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
            {fields}
          </SimpleGrid>
          <Button
            type="submit"
            size="md"
            mt="lg"
            fullWidth
            leftSection={<IconSearch size={18} />}
            loading={checking}
          >
            {submitLabel}
          </Button>
        </>
      )}
      {footer}
    </form>
  );
}
