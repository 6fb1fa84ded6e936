import { COUNTDOWN_TIME_ZONE } from '@haulpro/shared/constants';
import { defaultRescheduleDate, ZRescheduleRequestInput } from '@haulpro/shared/order';
import { showUpLabel, type TOrder, type TOrderParty } from '@haulpro/shared/order-wire';
import { SHOW_UP_WINDOWS } from '@haulpro/shared/pricing-constants';
import { Checkbox, Group, Loader, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { schemaResolver, useForm } from '@mantine/form';
import { IconCalendar } from '@tabler/icons-react';
import { FormFooter } from '../../../components/form-footer.tsx';
import { Money } from '../../../components/money.tsx';
import { dayjs, todayIn } from '../../../lib/dayjs.ts';
import { usePricePreview } from '../api/calculate-price.ts';

/** Default show-up: 'Arrival between 8 am - 9 am' (spec). */
const DEFAULT_WINDOW = '8-9';
const WINDOW_OPTIONS = SHOW_UP_WINDOWS.map((w) => ({ value: w, label: showUpLabel(w) }));

export type TRescheduleValues = {
  requested_date: string;
  requested_time: string;
  note: string;
  instantly: boolean;
};

type TRescheduleModalProps = {
  order: TOrder | null;
  /** A new date and show-up window to start from (the calendar's drag and drop). */
  proposed?: { date: string; time: string } | null;
  party: TOrderParty;
  loading?: boolean;
  onClose: () => void;
  onSubmit: (values: TRescheduleValues) => void;
};

/** The form's values: the date picker and the select may be empty. */
type TRescheduleForm = Omit<TRescheduleValues, 'requested_date' | 'requested_time'> & {
  requested_date: string | null;
  requested_time: string | null;
};

const validateReschedule = schemaResolver(ZRescheduleRequestInput, { sync: true });

function toValues(values: TRescheduleForm): TRescheduleValues {
  return {
    ...values,
    requested_date: values.requested_date ?? '',
    requested_time: values.requested_time ?? '',
  };
}

function RescheduleForm({
  order,
  proposed,
  party,
  loading = false,
  onClose,
  onSubmit,
}: TRescheduleModalProps & { order: TOrder }) {
  const today = todayIn(COUNTDOWN_TIME_ZONE);
  const form = useForm<TRescheduleForm>({
    initialValues: {
      requested_date: proposed?.date ?? defaultRescheduleDate(order.arrival_date, today),
      requested_time: proposed?.time ?? DEFAULT_WINDOW,
      note: '',
      instantly: false,
    },
    validate: (values) => validateReschedule(toValues(values)),
  });
  const { instantly } = form.values;
  const preview = usePricePreview(party, order.id, form.values.requested_date);

  return (
    <form
      onSubmit={form.onSubmit((values) => onSubmit({ ...toValues(values), note: values.note.trim() }))}
      noValidate
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Now {dayjs(order.arrival_date).format('ddd, MMM D, YYYY')}, {showUpLabel(order.arrival_time)}.
        </Text>
        <Group grow align="flex-start" gap="md" wrap="wrap" preventGrowOverflow={false}>
          <DatePickerInput
            label="New date"
            leftSection={<IconCalendar size={16} />}
            valueFormat="ddd, MMM D, YYYY"
            minDate={dayjs(today).add(1, 'day').format('YYYY-MM-DD')}
            firstDayOfWeek={1}
            withAsterisk
            {...form.getInputProps('requested_date')}
            popoverProps={{ withinPortal: true }}
            miw={200}
          />
          <Select
            label="Show-up time"
            data={WINDOW_OPTIONS}
            {...form.getInputProps('requested_time')}
            allowDeselect={false}
            withAsterisk
            comboboxProps={{ withinPortal: true }}
            miw={200}
          />
        </Group>
        <Textarea
          label="Note"
          placeholder="Why the new date?"
          withAsterisk
          autosize
          minRows={2}
          maxRows={6}
          {...form.getInputProps('note')}
        />
        <Group gap="sm" data-testid="reschedule-price" wrap="wrap">
          <Text size="sm" fw={600}>
            Price:
          </Text>
          <Money amount={order.order_price} struck size="sm" />
          {preview.isFetching && !preview.data ? (
            <Loader size="xs" />
          ) : preview.data ? (
            <Money amount={preview.data.total} fw={700} size="sm" data-testid="reschedule-new-price" />
          ) : null}
          {preview.data ? (
            <Text size="xs" c="dimmed">
              ({preview.data.hours_count} h × <Money amount={preview.data.hourly} size="xs" />, service fee{' '}
              <Money amount={preview.data.service_fee} size="xs" />)
            </Text>
          ) : null}
        </Group>
        {party === 'company' ? (
          <Checkbox
            label="Reschedule approved"
            description="The customer already agreed: move the order now."
            {...form.getInputProps('instantly', { type: 'checkbox' })}
          />
        ) : null}
        <FormFooter
          cancelLabel="Back"
          onCancel={onClose}
          submitLabel={instantly ? 'Ok' : 'Send Request'}
          submit={{ loading }}
        />
      </Stack>
    </form>
  );
}

/** Reschedule (spec): new date, show-up window, a note, a live price and, for staff, Reschedule approved. */
export function RescheduleModal(props: TRescheduleModalProps) {
  return (
    <Modal
      opened={props.order !== null}
      onClose={props.onClose}
      title={props.order ? `Reschedule order #${props.order.id}` : 'Reschedule'}
      centered
      size="lg"
    >
      {props.order ? <RescheduleForm {...props} order={props.order} /> : null}
    </Modal>
  );
}
