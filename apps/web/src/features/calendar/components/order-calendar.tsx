import type { DatesSetArg, EventClickArg, EventContentArg, EventDropArg } from '@fullcalendar/core';
import dayGridPlugin from '@fullcalendar/daygrid';
import interactionPlugin, { type DateClickArg } from '@fullcalendar/interaction';
import FullCalendar from '@fullcalendar/react';
import timeGridPlugin from '@fullcalendar/timegrid';
import { CALENDAR, type TCalendarAnswer, type TCalendarEvent } from '@haulpro/shared/calendar';
import { showUpLabel } from '@haulpro/shared/order-wire';
import type { TBlockedDay } from '@haulpro/shared/pricing';
import { Box, Text } from '@mantine/core';
import { type MouseEvent, useEffect, useMemo, useRef, useState } from 'react';
import { gridDate, gridEvents, monthEvents } from '../lib/grid-events.ts';
import classes from './order-calendar.module.css';

export type TCalendarView = 'timeGridDay' | 'timeGridWeek' | 'dayGridMonth';

type TOrderCalendarProps = {
  answer: TCalendarAnswer | undefined;
  initialView: TCalendarView;
  /**
   * The day to open on (YYYY-MM-DD; today when absent). The page remounts the calendar when the
   * screen turns phone-sized or back, and hands it the day it was showing so the user stays there.
   */
  initialDate?: string;
  /** The branch's "now" as a grid instant (its wall clock written as UTC). */
  now: string;
  compact: boolean;
  onRange: (range: { from: string; to: string; view: TCalendarView }) => void;
  onOrder: (orderId: number) => void;
  onDay: (date: string) => void;
  /** Right-click on a day or an hour: block time there, or change the day's block. */
  onBlock: (date: string, block: TBlockedDay | null) => void;
  /** An accepted order dropped on another day (and hour, in the time grid): propose the move. */
  onMove: (order: TCalendarEvent, date: string, hour: number | null) => void;
};

function EventBox({ arg }: { arg: EventContentArg }) {
  const order = arg.event.extendedProps.order as TCalendarEvent | undefined;
  if (!order) return null;
  const color = arg.event.extendedProps.color as string;
  const month = arg.view.type === 'dayGridMonth';
  return (
    <Box
      className={classes.event}
      style={{
        '--event-accent': `var(--mantine-color-${color}-7)`,
        '--event-fill': `var(--mantine-color-${color}-0)`,
      }}
      data-testid="calendar-event"
      aria-label={`Order #${order.id}, ${order.name}, ${showUpLabel(order.arrival_time)}`}
    >
      <Text size="xs" fw={700} truncate>
        #{order.id} {order.name}
      </Text>
      {month ? null : (
        <>
          <Text size="xs" truncate>
            {showUpLabel(order.arrival_time)} · {order.service}
          </Text>
          <Text size="xs" truncate>
            {order.helpers_count} helpers{order.customer_phone ? ` · ${order.customer_phone}` : ''}
          </Text>
        </>
      )}
    </Box>
  );
}

/** The date under the pointer: a day cell, a time-grid column or a day header. */
function dateAtPoint(x: number, y: number): string | null {
  for (const el of document.elementsFromPoint(x, y)) {
    const cell = (el as HTMLElement).closest?.('[data-date]');
    const date = cell?.getAttribute('data-date');
    if (date) return date.slice(0, 10);
  }
  return null;
}

// Options that never change live outside the component: FullCalendar re-applies an option whose
// value is a new object on each render.
const PLUGINS = [dayGridPlugin, timeGridPlugin, interactionPlugin];
const SLOT_MIN = `${String(CALENDAR.slotMinHour).padStart(2, '0')}:00:00`;
const SLOT_MAX = `${CALENDAR.slotMaxHour}:00:00`;
const TOOLBAR = { left: 'prev,next today', center: 'title', right: 'timeGridDay,timeGridWeek,dayGridMonth' };
const TOOLBAR_COMPACT = {
  left: 'prev,next',
  center: 'title',
  right: 'timeGridDay,timeGridWeek,dayGridMonth',
};
const BUTTON_TEXT = { today: 'Today', day: 'Day', week: 'Week', month: 'Month' };
const BUTTON_HINTS = { prev: 'Previous $0', next: 'Next $0', today: 'This $0' };
const HEADER_FORMAT = { weekday: 'short', month: 'numeric', day: 'numeric' } as const;
const HEADER_FORMAT_COMPACT = { weekday: 'short' } as const;
/*
 * The week and day views draw EventBox; the month view keeps FullCalendar's own event content
 * (no React per event): a busy month has thousands, and React content made it draw in over a
 * second (npm run bench -- calendar).
 */
const VIEWS = {
  timeGrid: { eventContent: (arg: EventContentArg) => <EventBox arg={arg} /> },
  timeGridWeek: { dayHeaderFormat: HEADER_FORMAT },
  // Each day gets at most MONTH_DAY_ORDERS orders and its own "+N more" (monthEvents).
  dayGridMonth: { eventDisplay: 'block', displayEventTime: false, dayMaxEvents: false },
};
const VIEWS_COMPACT = { ...VIEWS, timeGridWeek: { dayHeaderFormat: HEADER_FORMAT_COMPACT } };

/** FullCalendar's Day, Week and Month views of the company's orders and blocked time. */
export function OrderCalendar(props: TOrderCalendarProps) {
  const { answer, initialView, initialDate, now, compact, onRange, onOrder, onDay, onBlock, onMove } = props;
  // The month view is handed only what it shows (grid-events.ts: monthEvents).
  const [month, setMonth] = useState(initialView === 'dayGridMonth');
  const events = useMemo(() => (month ? monthEvents(answer) : gridEvents(answer)), [answer, month]);
  const blocks = useMemo(() => new Map((answer?.blocked_days ?? []).map((b) => [b.date, b])), [answer]);

  // FullCalendar's arrow icons are role=img without a name inside buttons named by their title
  // ("Previous week"): hide the icons from assistive technology so the title names the button.
  const rootRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = rootRef.current;
    if (!root) return;
    const hideIcons = () => {
      for (const icon of root.querySelectorAll('.fc-icon[role="img"]')) {
        icon.removeAttribute('role');
        icon.setAttribute('aria-hidden', 'true');
      }
    };
    hideIcons();
    const observer = new MutationObserver(hideIcons);
    observer.observe(root, { subtree: true, childList: true });
    return () => observer.disconnect();
  }, []);

  function contextMenu(e: MouseEvent<HTMLDivElement>) {
    const date = dateAtPoint(e.clientX, e.clientY);
    if (!date) return;
    e.preventDefault();
    onBlock(date, blocks.get(date) ?? null);
  }

  return (
    <Box ref={rootRef} className={classes.root} onContextMenu={contextMenu} data-testid="order-calendar">
      <FullCalendar
        plugins={PLUGINS}
        initialView={initialView}
        initialDate={initialDate}
        timeZone="UTC"
        now={now}
        firstDay={CALENDAR.firstDay}
        slotMinTime={SLOT_MIN}
        slotMaxTime={SLOT_MAX}
        scrollTime={CALENDAR.scrollTime}
        slotDuration="01:00:00"
        allDaySlot={false}
        nowIndicator
        height="auto"
        dayMaxEvents={3}
        headerToolbar={compact ? TOOLBAR_COMPACT : TOOLBAR}
        buttonText={BUTTON_TEXT}
        buttonHints={BUTTON_HINTS}
        dayHeaderFormat={HEADER_FORMAT_COMPACT}
        events={events}
        eventClick={(arg: EventClickArg) => {
          const more = arg.event.extendedProps.more as string | undefined;
          if (more) return onDay(more);
          const order = arg.event.extendedProps.order as TCalendarEvent | undefined;
          if (order) onOrder(order.id);
        }}
        dateClick={(arg: DateClickArg) => onDay(gridDate(arg.date))}
        eventDrop={(arg: EventDropArg) => {
          // Nothing moves until the reschedule is confirmed: the event goes back, the modal opens.
          const order = arg.event.extendedProps.order as TCalendarEvent | undefined;
          const start = arg.event.start;
          arg.revert();
          if (!order || !start) return;
          onMove(order, gridDate(start), arg.view.type === 'dayGridMonth' ? null : start.getUTCHours());
        }}
        datesSet={(arg: DatesSetArg) => {
          setMonth(arg.view.type === 'dayGridMonth');
          onRange({
            from: gridDate(arg.start),
            to: gridDate(new Date(arg.end.getTime() - 86_400_000)),
            view: arg.view.type as TCalendarView,
          });
        }}
        views={compact ? VIEWS_COMPACT : VIEWS}
      />
    </Box>
  );
}
