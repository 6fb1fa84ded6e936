import { dateRange, type TDateRangeName } from '@haulpro/shared/date-range';
import { Badge, Card, Group, Select, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { browserTimeZone, dayjs, todayIn } from '../../../lib/dayjs.ts';
import { useOrderCounts } from '../api/get-order-counts.ts';

const RANGES: { value: TDateRangeName; label: string }[] = [
  { value: 'current_week', label: 'Current week' },
  { value: 'last_week', label: 'Last week' },
  { value: 'current_month', label: 'Current month' },
  { value: 'last_month', label: 'Last month' },
  { value: 'last_30_days', label: 'Last 30 days' },
];

/** The period just before a range, of the same length, as "from,to" (the counts call accepts it). */
function previousPeriod(name: TDateRangeName, today: string): string {
  if (name === 'current_month') {
    const r = dateRange('last_month', today);
    return `${r.from},${r.to}`;
  }
  if (name === 'last_month') {
    const first = dateRange('last_month', today).from;
    const r = dateRange('last_month', first);
    return `${r.from},${r.to}`;
  }
  const r = dateRange(name, today);
  const days = dayjs(r.to).diff(dayjs(r.from), 'day') + 1;
  const to = dayjs(r.from).subtract(1, 'day');
  return `${to.subtract(days - 1, 'day').format('YYYY-MM-DD')},${to.format('YYYY-MM-DD')}`;
}

type TMetricProps = {
  label: string;
  value: number | undefined;
  previous: number | undefined;
  testId: string;
};

function Metric({ label, value, previous, testId }: TMetricProps) {
  const diff = value !== undefined && previous !== undefined ? value - previous : undefined;
  const percent =
    diff !== undefined && previous !== undefined && previous > 0 ? Math.round((diff / previous) * 100) : null;
  return (
    <Stack gap={4} data-testid={testId}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      {value === undefined ? (
        <Skeleton h={32} w={60} />
      ) : (
        <Group gap="xs" align="baseline" wrap="wrap">
          <Text fz={28} fw={700} lh={1} data-testid={`${testId}-value`}>
            {value}
          </Text>
          {diff !== undefined ? (
            <Badge variant="light" color={diff > 0 ? 'teal' : diff < 0 ? 'red' : 'gray'} radius="sm">
              {diff > 0 ? '+' : ''}
              {diff}
              {percent !== null ? ` (${percent > 0 ? '+' : ''}${percent}%)` : ''}
            </Badge>
          ) : null}
        </Group>
      )}
    </Stack>
  );
}

type TOrdersOverviewProps = { branchId: number | null };

/**
 * The overview card (spec: a date range filter showing a current value, a percent change and a
 * difference). Counts come from orders/counts with arrival_date_in; the change is against the
 * period just before. Revenue needs an API we do not have yet, so only counts are shown.
 */
export function OrdersOverview({ branchId }: TOrdersOverviewProps) {
  const [range, setRange] = useState<TDateRangeName>('current_month');
  const today = todayIn(browserTimeZone());
  const current = useOrderCounts(branchId, range);
  const previous = useOrderCounts(branchId, previousPeriod(range, today));
  const bounds = dateRange(range, today);

  return (
    <Card withBorder mb="lg" data-testid="orders-overview">
      <Group justify="space-between" align="flex-end" mb="md" wrap="wrap" gap="sm">
        <Stack gap={2}>
          <Text fw={700}>Overview</Text>
          <Text size="xs" c="dimmed">
            {dayjs(bounds.from).format('MMM D')} – {dayjs(bounds.to).format('MMM D, YYYY')}, against the
            period before
          </Text>
        </Stack>
        <Select
          aria-label="Date range"
          data={RANGES}
          value={range}
          onChange={(value) => value && setRange(value as TDateRangeName)}
          allowDeselect={false}
          w={180}
          size="sm"
          data-testid="overview-range"
        />
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
        <Metric
          label="Orders"
          value={current.data?.all_orders}
          previous={previous.data?.all_orders}
          testId="overview-orders"
        />
        <Metric
          label="Accepted and completed"
          value={current.data?.completed_and_accepted_orders}
          previous={previous.data?.completed_and_accepted_orders}
          testId="overview-completed"
        />
        <Metric
          label="New"
          value={current.data?.new_orders}
          previous={previous.data?.new_orders}
          testId="overview-new"
        />
        <Metric
          label="Cancelled and rejected"
          value={current.data ? current.data.cancelled_orders + current.data.rejected_orders : undefined}
          previous={
            previous.data ? previous.data.cancelled_orders + previous.data.rejected_orders : undefined
          }
          testId="overview-cancelled"
        />
      </SimpleGrid>
    </Card>
  );
}
