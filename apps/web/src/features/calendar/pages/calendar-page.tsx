import { CALENDAR_DEFAULT_STATUSES, type TCalendarEvent } from '@haulpro/shared/calendar';
import { RESCHEDULE_MSG } from '@haulpro/shared/order';
import { PRICING_MSG, type TBlockedDay } from '@haulpro/shared/pricing';
import { Box, Grid, Group, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { BlockTimeModal } from '../../../components/block-time-modal.tsx';
import { BranchSelector } from '../../../components/branch-selector.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useActiveBranch } from '../../../lib/active-branch.ts';
import { blockedDayKeys } from '../../../lib/api/blocked-days/blocked-day-keys.ts';
import { dayjs, todayIn } from '../../../lib/dayjs.ts';
import { browserTimeZone } from '../../../lib/time-zone.ts';
import { usePhone } from '../../../lib/use-phone.ts';
import { useCalendar } from '../api/get-calendar.ts';
import { CalendarFeedCard } from '../components/calendar-feed-card.tsx';
import { DaySchedule } from '../components/day-schedule.tsx';
import { OrderCalendar } from '../components/order-calendar.tsx';
import { StatusSwitches } from '../components/status-switches.tsx';
import { ordersOn, windowAt } from '../lib/grid-events.ts';

/** The branch's wall clock as the grid's UTC instant (see grid-events.ts), moved on each minute. */
function useWallNow(timeZone: string): string {
  const [tick, setTick] = useState(0);
  useEffect(() => {
    const timer = window.setInterval(() => setTick((t) => t + 1), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: tick moves the clock on
  return useMemo(() => `${dayjs().tz(timeZone).format('YYYY-MM-DDTHH:mm')}:00Z`, [timeZone, tick]);
}

const PICK_BRANCH = 'Choose a branch above to block its time.';

/** The middle day of a visible range: inside the month of a month grid, the week of a week. */
function middleDay(range: { from: string; to: string }): string {
  const days = dayjs(range.to).diff(range.from, 'day');
  return dayjs(range.from)
    .add(Math.floor(days / 2), 'day')
    .format('YYYY-MM-DD');
}

/** An accepted order dragged to another day or hour, waiting for the reschedule modal's confirmation. */
export type TProposedReschedule = { key: number; orderId: number; date: string; time: string };

type TCalendarPageProps = {
  /** The order's details modal (the orders feature's, composed in app/routes/calendar-route.tsx). */
  orderModal: (orderId: number | null, onClose: () => void) => ReactNode;
  /** The orders feature's reschedule modal, prefilled with the dropped day and hour. */
  rescheduleModal: (proposal: TProposedReschedule | null, onClose: (done: boolean) => void) => ReactNode;
};

type TBlockModal = { date: string | null; block: TBlockedDay | null; opened: boolean };

/**
 * /calendar: the company's orders by day, week and month in the branch's time zone, the status
 * switches, blocked time (right-click a day or an hour, or the schedule's Block time button), a
 * month picker that marks the days with orders and the chosen day's schedule.
 */
export function CalendarPage({ orderModal, rescheduleModal }: TCalendarPageProps) {
  const { branchId, branch } = useActiveBranch();
  const phone = usePhone();
  const [statuses, setStatuses] = useState<number[]>([...CALENDAR_DEFAULT_STATUSES]);
  const [range, setRange] = useState<{ from: string; to: string } | null>(null);
  const grid = useCalendar(
    { branchId, from: range?.from ?? '', to: range?.to ?? '', statuses },
    range !== null,
  );
  const timeZone = grid.data?.time_zone ?? browserTimeZone();
  const today = todayIn(timeZone);
  const [day, setDay] = useState<string | null>(null);
  const shownDay = day ?? today;
  const [month, setMonth] = useState<string | null>(null);
  const shownMonth = month ?? shownDay;
  const monthFrom = dayjs(shownMonth).startOf('month').format('YYYY-MM-DD');
  const monthTo = dayjs(shownMonth).endOf('month').format('YYYY-MM-DD');
  const picker = useCalendar({ branchId, from: monthFrom, to: monthTo, statuses });
  const [openOrder, setOpenOrder] = useState<number | null>(null);
  const [proposal, setProposal] = useState<TProposedReschedule | null>(null);
  const queryClient = useQueryClient();
  const [blockModal, setBlockModal] = useState<TBlockModal>({ date: null, block: null, opened: false });

  const countsByDay = useMemo(() => {
    const counts = new Map<string, number>();
    for (const e of (statuses.length ? picker.data?.events : null) ?? [])
      counts.set(e.arrival_date, (counts.get(e.arrival_date) ?? 0) + 1);
    return counts;
  }, [picker.data, statuses.length]);
  const dayAnswer = !statuses.length
    ? undefined
    : shownDay >= monthFrom && shownDay <= monthTo
      ? picker.data
      : grid.data;
  const dayBlock = dayAnswer?.blocked_days.find((b) => b.date === shownDay) ?? null;
  const now = useWallNow(timeZone);

  function block(date: string, existing: TBlockedDay | null) {
    if (branchId === null) {
      notifications.show({ color: 'orange', message: PICK_BRANCH });
      return;
    }
    if (date < today) {
      notifications.show({ color: 'red', message: PRICING_MSG.pastDate });
      return;
    }
    setBlockModal({ date, block: existing, opened: true });
  }

  function move(order: TCalendarEvent, date: string, hour: number | null) {
    if (date <= today) {
      notifications.show({ color: 'red', message: RESCHEDULE_MSG.dateTooSoon });
      return;
    }
    const time = hour === null ? order.arrival_time : windowAt(hour);
    setProposal({ key: Date.now(), orderId: order.id, date, time });
  }

  function chooseDay(date: string) {
    setDay(date);
    setMonth(date);
  }

  return (
    <Box>
      <PageHeader
        title="Calendar"
        description="Your orders by day, week and month. Right-click a day or an hour to block time."
        actions={<BranchSelector />}
      />
      <Stack gap="md">
        <Group justify="space-between" gap="sm">
          <StatusSwitches value={statuses} onChange={setStatuses} />
        </Group>
        {grid.isError ? (
          <LoadError what="the calendar" error={grid.error} onRetry={() => void grid.refetch()} />
        ) : null}
        <Grid gap="lg" align="flex-start">
          <Grid.Col span={{ base: 12, lg: 8 }}>
            <OrderCalendar
              key={phone ? 'phone' : 'wide'}
              answer={statuses.length ? grid.data : undefined}
              initialView={phone ? 'timeGridDay' : 'timeGridWeek'}
              initialDate={range ? middleDay(range) : undefined}
              now={now}
              compact={phone}
              onRange={(r) => setRange((old) => (old?.from === r.from && old.to === r.to ? old : r))}
              onOrder={setOpenOrder}
              onDay={chooseDay}
              onBlock={block}
              onMove={move}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 4 }}>
            <DaySchedule
              day={shownDay}
              month={shownMonth}
              onMonthChange={setMonth}
              onDay={chooseDay}
              countsByDay={countsByDay}
              orders={ordersOn(dayAnswer, shownDay)}
              block={dayBlock}
              onBlock={branchId !== null && shownDay >= today ? () => block(shownDay, dayBlock) : null}
              blockHint={branchId === null ? PICK_BRANCH : shownDay < today ? PRICING_MSG.pastDate : null}
              onOrder={setOpenOrder}
            />
            {branch ? (
              <Box mt="md">
                <CalendarFeedCard branchId={branch.id} branchName={branch.name} />
              </Box>
            ) : null}
          </Grid.Col>
        </Grid>
      </Stack>
      {branchId !== null ? (
        <BlockTimeModal
          opened={blockModal.opened}
          onClose={() => setBlockModal((m) => ({ ...m, opened: false }))}
          branchId={branchId}
          date={blockModal.date}
          block={blockModal.block}
        />
      ) : null}
      {orderModal(openOrder, () => setOpenOrder(null))}
      {rescheduleModal(proposal, (done) => {
        setProposal(null);
        if (done) void queryClient.invalidateQueries({ queryKey: blockedDayKeys.calendarRoot });
      })}
    </Box>
  );
}
