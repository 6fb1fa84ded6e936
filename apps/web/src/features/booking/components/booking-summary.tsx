import { HELP_TYPES, type THelperListItem } from '@haulpro/shared/booking';
import { Alert, Avatar, Card, Divider, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconCalendarEvent, IconClock, IconUsers } from '@tabler/icons-react';
import { RatingLine } from '../../../components/rating-line.tsx';
import { crewParts, initials } from '../../../lib/crew.ts';
import { dayjs } from '../../../lib/dayjs.ts';
import type { TBookingDraft } from '../lib/booking-draft.ts';
import { windowLabel } from '../lib/show-up-window.ts';
import type { TCouponTotal } from '../lib/use-coupon-total.ts';
import { CouponPreview } from './coupon-preview.tsx';
import { formatHours, formatPrice, QuoteBreakdown } from './quote-breakdown.tsx';

type TBookingSummaryProps = {
  item: THelperListItem | undefined;
  /** On the last step: what the typed coupon takes off, under the breakdown. */
  coupon?: TCouponTotal;
  values: TBookingDraft;
  loading: boolean;
  error: string | null;
  /** Show the itemised price (the side panel does; the review step has its own). */
  withBreakdown?: boolean;
};

function Fact({ icon, children }: { icon: React.ReactNode; children: React.ReactNode }) {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <Text c="dimmed" mt={2} component="span" style={{ display: 'inline-flex' }}>
        {icon}
      </Text>
      <Text size="sm">{children}</Text>
    </Group>
  );
}

/** The company, the job so far and the live price. */
export function BookingSummary({
  item,
  coupon,
  values,
  loading,
  error,
  withBreakdown = true,
}: TBookingSummaryProps) {
  const service = item?.services.find((s) => s.employees_count === values.helpers_count);
  const crew = crewParts(values.helpers_count, service?.truck_number ?? 0, service?.truck_size ?? null).join(
    ' · ',
  );
  const help = HELP_TYPES.find((h) => h.value === values.type_help)?.label;
  return (
    <Card padding="lg" data-testid="booking-summary">
      <Stack gap="md">
        {item ? (
          <Group gap="sm" wrap="nowrap">
            <Avatar src={item.logo} alt="" size={48} radius="md" color="blue" variant="light">
              {initials(item.company_name)}
            </Avatar>
            <div style={{ minWidth: 0 }}>
              <Title order={2} fz="md" lh={1.3}>
                {item.company_name}
              </Title>
              <Text size="xs" c="dimmed" truncate>
                {item.branch_name}
              </Text>
              <RatingLine rating={item.rating} reviews={item.reviews_count} />
            </div>
          </Group>
        ) : (
          <Title order={2} fz="md">
            Your booking
          </Title>
        )}
        <Stack gap={6}>
          <Fact icon={<IconCalendarEvent size={16} />}>
            {values.arrival_date ? dayjs(values.arrival_date).format('ddd, MMM D, YYYY') : 'Choose a date'}
            {' · '}
            {windowLabel(values.arrival_time)}
          </Fact>
          <Fact icon={<IconUsers size={16} />}>
            {crew}
            {help ? ` · ${help}` : ''}
          </Fact>
          <Fact icon={<IconClock size={16} />}>{formatHours(values.hours_count)} booked</Fact>
        </Stack>
        <Divider />
        {error ? (
          <Alert
            color="orange"
            variant="light"
            icon={<IconAlertCircle size={18} />}
            data-testid="quote-error"
          >
            {error}
          </Alert>
        ) : null}
        {item && !error ? (
          <>
            <Group justify="space-between" align="flex-end" wrap="nowrap">
              <div>
                <Text size="xs" c="dimmed" tt="uppercase" fw={600} lts={0.4}>
                  Estimated total
                </Text>
                <Text fz={30} fw={800} lh={1.1} data-testid="live-total">
                  {formatPrice(item.quote.total)}
                </Text>
              </div>
              {loading ? <Loader size="sm" role="status" aria-label="Updating the price" /> : null}
            </Group>
            {withBreakdown ? <QuoteBreakdown quote={item.quote} /> : null}
            {withBreakdown && coupon ? <CouponPreview coupon={coupon} testIdPrefix="summary-" /> : null}
          </>
        ) : !error ? (
          <Group gap="sm">
            <Loader size="sm" />
            <Text size="sm" c="dimmed">
              Getting the price…
            </Text>
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
}
