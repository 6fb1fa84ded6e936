import { dateRange, type TDateRangeName } from '@haulpro/shared/date-range';
import { Badge, Card, Divider, Group, Select, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { formatMoney } from '../../../components/money.tsx';
import { dayjs, todayIn } from '../../../lib/dayjs.ts';
import { browserTimeZone } from '../../../lib/time-zone.ts';
import { useOrderCounts } from '../api/get-order-counts.ts';

const RANGES: { value: TDateRangeName; label: string }[] = [
  { value: 'current_week', label: 'Current week' },
  { value: 'last_week', label: 'Last week' },
  { value: 'current_month', label: 'Current month' },
  { value: 'last_month', label: 'Last month' },
  { value: 'last_30_days', label: 'Last 30 days' },
];

type TBounds = { from: string; to: string };

/**
 * The same range one month earlier (spec: "a difference against last month"). Month ranges
 * become the whole previous month; other ranges move by a month, day for day (dayjs clamps
 * the 31st to the previous month's last day).
 */
export function monthEarlier(name: TDateRangeName, today: string): TBounds {
  const r = dateRange(name, today);
  if (name === 'current_month' || name === 'last_month') {
    const from = dayjs(r.from).subtract(1, 'month');
    return { from: from.format('YYYY-MM-DD'), to: from.endOf('month').format('YYYY-MM-DD') };
  }
  return {
    from: dayjs(r.from).subtract(1, 'month').format('YYYY-MM-DD'),
    to: dayjs(r.to).subtract(1, 'month').format('YYYY-MM-DD'),
  };
}

const asParam = (b: TBounds) => `${b.from},${b.to}`;

function formatRange(b: TBounds): string {
  const from = dayjs(b.from);
  const to = dayjs(b.to);
  return from.year() === to.year()
    ? `${from.format('MMM D')} – ${to.format('MMM D, YYYY')}`
    : `${from.format('MMM D, YYYY')} – ${to.format('MMM D, YYYY')}`;
}

type TMetricProps = {
  label: string;
  value: number | undefined;
  previous: number | undefined;
  testId: string;
  /** How a value (and a difference, without its sign) is written; whole numbers by default. */
  format?: (n: number) => string;
  /** The headline metrics (orders, revenue) are larger. */
  headline?: boolean;
  /** What the value counts, under it. */
  hint?: string;
};

/** A value with its difference and percent change against the same range a month earlier. */
function Metric({ label, value, previous, testId, format = String, headline = false, hint }: TMetricProps) {
  // Money differences are rounded to cents so that float noise never shows as "+$0".
  const diff =
    value !== undefined && previous !== undefined ? Math.round((value - previous) * 100) / 100 : undefined;
  const percent =
    diff !== undefined && previous !== undefined && previous > 0 ? Math.round((diff / previous) * 100) : null;
  const sign = diff !== undefined && diff > 0 ? '+' : diff !== undefined && diff < 0 ? '−' : '';
  return (
    <Stack gap={4} style={{ minWidth: 0 }} data-testid={testId}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      {value === undefined ? (
        <Skeleton h={headline ? 32 : 24} w={headline ? 120 : 60} />
      ) : (
        <Group gap="xs" align="baseline" wrap="wrap">
          <Text
            fz={headline ? 28 : 22}
            fw={700}
            lh={1}
            style={{ overflowWrap: 'anywhere' }}
            data-testid={`${testId}-value`}
          >
            {format(value)}
          </Text>
          {diff !== undefined ? (
            <Badge
              variant="light"
              color={diff > 0 ? 'teal' : diff < 0 ? 'red' : 'gray'}
              radius="sm"
              tt="none"
              data-testid={`${testId}-change`}
            >
              {sign}
              {format(Math.abs(diff))}
              {percent !== null
                ? ` (${percent > 0 ? '+' : percent < 0 ? '−' : ''}${Math.abs(percent)}%)`
                : ''}
            </Badge>
          ) : null}
        </Group>
      )}
      {hint ? (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      ) : null}
    </Stack>
  );
}

type TOrdersOverviewProps = { branchId: number | null };

/**
 * The overview card (spec: a date range filter showing a current value, a percent change and a
 * difference against last month): the number of orders and the revenue of the range, then the
 * status groups, each against the same range one month earlier. Everything comes from
 * orders/counts with arrival_date_in.
 */
export function OrdersOverview({ branchId }: TOrdersOverviewProps) {
  const [range, setRange] = useState<TDateRangeName>('current_month');
  const today = todayIn(browserTimeZone());
  const bounds = dateRange(range, today);
  const earlier = monthEarlier(range, today);
  const current = useOrderCounts(branchId, range);
  const previous = useOrderCounts(branchId, asParam(earlier));
  const now = current.data;
  const before = previous.data;

  return (
    <Card withBorder mb="lg" p={{ base: 'md', sm: 'xl' }} data-testid="orders-overview">
      <Group justify="space-between" align="flex-end" mb="md" wrap="wrap" gap="sm">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={700}>Overview</Text>
          <Text size="xs" c="dimmed" data-testid="overview-period">
            {formatRange(bounds)}, against {formatRange(earlier)}
          </Text>
        </Stack>
        <Select
          aria-label="Date range"
          data={RANGES}
          value={range}
          onChange={(value) => value && setRange(value as TDateRangeName)}
          allowDeselect={false}
          w={180}
          maw="100%"
          size="sm"
          data-testid="overview-range"
        />
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
        <Metric
          label="Orders"
          value={now?.all_orders}
          previous={before?.all_orders}
          testId="overview-orders"
          headline
        />
        <Metric
          label="Revenue"
          value={now?.revenue}
          previous={before?.revenue}
          testId="overview-revenue"
          format={formatMoney}
          headline
          hint="Accepted, being completed and completed orders"
        />
      </SimpleGrid>
      <Divider my="md" />
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" verticalSpacing="md">
        <Metric
          label="Accepted and completed"
          value={now?.completed_and_accepted_orders}
          previous={before?.completed_and_accepted_orders}
          testId="overview-completed"
        />
        <Metric label="New" value={now?.new_orders} previous={before?.new_orders} testId="overview-new" />
        <Metric
          label="Cancelled and rejected"
          value={now ? now.cancelled_orders + now.rejected_orders : undefined}
          previous={before ? before.cancelled_orders + before.rejected_orders : undefined}
          testId="overview-cancelled"
        />
      </SimpleGrid>
    </Card>
  );
}
