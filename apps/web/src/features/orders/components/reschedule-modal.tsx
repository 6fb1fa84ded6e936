import { COUNTDOWN_TIME_ZONE } from '@haulpro/shared/constants';
import { defaultRescheduleDate, ZRescheduleRequestInput } from '@haulpro/shared/order';
import { showUpLabel, type TOrder, type TOrderParty } from '@haulpro/shared/order-wire';
import { SHOW_UP_WINDOWS } from '@haulpro/shared/pricing-constants';
import { Button, Checkbox, Group, Loader, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { IconCalendar } from '@tabler/icons-react';
import { useState } from 'react';
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
  party: TOrderParty;
  loading?: boolean;
  onClose: () => void;
  onSubmit: (values: TRescheduleValues) => void;
};

type TErrors = Partial<Record<'requested_date' | 'requested_time' | 'note', string>>;

function RescheduleForm({
  order,
  party,
  loading = false,
  onClose,
  onSubmit,
}: TRescheduleModalProps & { order: TOrder }) {
  const today = todayIn(COUNTDOWN_TIME_ZONE);
  const [date, setDate] = useState<string | null>(() => defaultRescheduleDate(order.arrival_date, today));
  const [time, setTime] = useState<string | null>(DEFAULT_WINDOW);
  const [note, setNote] = useState('');
  const [instantly, setInstantly] = useState(false);
  const [errors, setErrors] = useState<TErrors>({});
  const preview = usePricePreview(party, order.id, date);

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const values = { requested_date: date ?? '', requested_time: time ?? '', note, instantly };
    const parsed = ZRescheduleRequestInput.safeParse(values);
    if (!parsed.success) {
      const next: TErrors = {};
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0]) as keyof TErrors;
        next[key] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    onSubmit({ ...values, note: note.trim() });
  }

  return (
    <form onSubmit={submit} noValidate>
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
            value={date}
            onChange={setDate}
            error={errors.requested_date}
            popoverProps={{ withinPortal: true }}
            miw={200}
          />
          <Select
            label="Show-up time"
            data={WINDOW_OPTIONS}
            value={time}
            onChange={setTime}
            allowDeselect={false}
            withAsterisk
            error={errors.requested_time}
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
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
          error={errors.note}
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
            checked={instantly}
            onChange={(e) => setInstantly(e.currentTarget.checked)}
          />
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Back
          </Button>
          <Button type="submit" loading={loading}>
            {instantly ? 'Ok' : 'Send Request'}
          </Button>
        </Group>
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
