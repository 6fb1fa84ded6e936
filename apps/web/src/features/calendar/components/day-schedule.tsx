import { CALENDAR_MSG, type TCalendarEvent } from '@haulpro/shared/calendar';
import { showUpLabel } from '@haulpro/shared/order-wire';
import type { TBlockedDay } from '@haulpro/shared/pricing';
import { BLOCK_HOURS, BLOCK_LABELS, blockKindOf } from '@haulpro/shared/pricing-labels';
import { Badge, Box, Button, Card, Group, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconCalendarOff, IconPhone } from '@tabler/icons-react';
import { Money } from '../../../components/money.tsx';
import { MonthCalendar } from '../../../components/month-calendar.tsx';
import { dayjs } from '../../../lib/dayjs.ts';
import { weekdayColor } from '../lib/grid-events.ts';

type TDayScheduleProps = {
  day: string;
  month: string;
  onMonthChange: (month: string) => void;
  onDay: (date: string) => void;
  /** Order count per day of the month shown (the spec's month picker marks days that have orders). */
  countsByDay: Map<string, number>;
  orders: TCalendarEvent[];
  block: TBlockedDay | null;
  /** Null while blocking is not possible here (a past day, or All Branches). */
  onBlock: (() => void) | null;
  blockHint: string | null;
  onOrder: (orderId: number) => void;
};

/** The month picker and the chosen day's schedule beside the grid. */
export function DaySchedule(props: TDayScheduleProps) {
  const { day, month, onMonthChange, onDay, countsByDay, orders, block, onBlock, blockHint, onOrder } = props;
  const kind = block ? blockKindOf(block) : null;
  return (
    <Stack gap="md">
      <Card padding="sm" withBorder>
        <MonthCalendar
          month={month}
          onMonthChange={onMonthChange}
          onDayClick={onDay}
          renderContent={(date) => {
            const n = countsByDay.get(date);
            // A dot marks a day with orders; how many is in the day's name (describe).
            return n ? (
              <Box
                component="span"
                aria-hidden
                w={8}
                h={8}
                bg="blue.7"
                style={{ borderRadius: '50%', display: 'inline-block' }}
                data-testid="day-has-orders"
              />
            ) : null;
          }}
          describe={(date) => {
            const n = countsByDay.get(date);
            return n ? `${n} order${n === 1 ? '' : 's'}` : null;
          }}
          data-testid="calendar-month-picker"
        />
      </Card>
      <Card padding="md" withBorder data-testid="day-schedule">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <div>
            <Title order={2} fz="md">
              {dayjs(day).format('dddd, MMMM D')}
            </Title>
            <Text size="xs" c="dimmed">
              Schedule
            </Text>
          </div>
          {kind ? (
            <Badge color="red" variant="light" leftSection={<IconCalendarOff size={12} />}>
              {BLOCK_LABELS[kind]} blocked
            </Badge>
          ) : null}
        </Group>
        <Stack gap="xs" mt="sm">
          {orders.length === 0 ? (
            <Text size="sm" c="dimmed" data-testid="no-orders">
              {CALENDAR_MSG.emptyDay}
            </Text>
          ) : (
            orders.map((o) => (
              <UnstyledButton
                key={o.id}
                onClick={() => onOrder(o.id)}
                p="xs"
                style={{
                  borderRadius: 'var(--mantine-radius-sm)',
                  borderLeft: `4px solid var(--mantine-color-${weekdayColor(o.arrival_date)}-7)`,
                  background: 'var(--mantine-color-gray-0)',
                }}
                data-testid="schedule-order"
              >
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Text size="sm" fw={700} truncate>
                    #{o.id} {o.name}
                  </Text>
                  <Text size="sm" fw={600}>
                    <Money amount={o.order_price} />
                  </Text>
                </Group>
                <Text size="xs">
                  {showUpLabel(o.arrival_time)} · {o.service} · {o.helpers_count} helpers
                </Text>
                <Group gap={4} wrap="nowrap">
                  {o.customer_phone ? (
                    <Text size="xs" c="dimmed">
                      <IconPhone size={11} /> {o.customer_phone}
                    </Text>
                  ) : null}
                  <Text size="xs" c="dimmed" truncate>
                    {o.status} · {o.branch_name}
                  </Text>
                </Group>
              </UnstyledButton>
            ))
          )}
        </Stack>
        <Stack gap={4} mt="md">
          <Button
            variant="light"
            color="red"
            size="xs"
            leftSection={<IconCalendarOff size={14} />}
            onClick={onBlock ?? undefined}
            disabled={!onBlock}
            data-testid="block-day"
          >
            {kind ? `Change blocked time (${BLOCK_HOURS[kind]})` : 'Block time'}
          </Button>
          {blockHint ? (
            <Text size="xs" c="dimmed">
              {blockHint}
            </Text>
          ) : null}
        </Stack>
      </Card>
    </Stack>
  );
}
