import { describe, expect, it } from 'vitest';
import {
  blockedEvent,
  MONTH_DAY_ORDERS,
  monthEvents,
  orderEvent,
  ordersOn,
  wallAt,
  weekdayColor,
  windowAt,
} from './grid-events.ts';

const order = (id: number, date: string, window: string, hours = 3) => ({
  id,
  name: 'Ana Diaz',
  customer_phone: null,
  arrival_date: date,
  arrival_time: window,
  start: '',
  end: '',
  service: 'Helpers only',
  type_service: 1,
  helpers_count: 2,
  hours_count: hours,
  status_id: 2,
  status: 'Accepted',
  branch_id: 1,
  branch_name: 'Main',
  time_zone: 'America/Los_Angeles',
  order_price: 375,
});

describe('calendar grid events', () => {
  it('draws the branch wall clock, the same hour on both sides of a daylight-saving change', () => {
    expect(orderEvent(order(1, '2026-03-06', '8-9'))).toMatchObject({
      start: '2026-03-06T08:00:00.000Z',
      end: '2026-03-06T11:00:00.000Z',
    });
    expect(orderEvent(order(2, '2026-03-09', '8-9', 4))).toMatchObject({
      start: '2026-03-09T08:00:00.000Z',
      end: '2026-03-09T12:00:00.000Z',
    });
    expect(orderEvent(order(3, '2026-03-09', '1-4')).start).toBe('2026-03-09T13:00:00.000Z');
    expect(wallAt('2026-11-01', 18)).toBe('2026-11-01T18:00:00.000Z');
  });

  it('colours by weekday, Monday first', () => {
    expect(weekdayColor('2026-03-09')).toBe('blue'); // Monday
    expect(weekdayColor('2026-03-15')).toBe('cyan'); // Sunday
  });

  it('draws blocked time as the morning, the afternoon or the whole day', () => {
    const b = { id: 1, branch_id: 1, company_id: 1, date: '2026-03-11' };
    expect(blockedEvent({ ...b, is_on_morning: true, is_on_afternoon: false })).toMatchObject({
      start: '2026-03-11T07:00:00.000Z',
      end: '2026-03-11T12:00:00.000Z',
      display: 'background',
    });
    expect(blockedEvent({ ...b, is_on_morning: false, is_on_afternoon: true }).end).toBe(
      '2026-03-11T18:00:00.000Z',
    );
    expect(blockedEvent({ ...b, is_on_morning: true, is_on_afternoon: true })).toMatchObject({
      start: '2026-03-11T07:00:00.000Z',
      end: '2026-03-11T18:00:00.000Z',
    });
  });

  it("lists a day's orders by arrival", () => {
    const answer = {
      events: [order(5, '2026-03-09', '1-4'), order(4, '2026-03-09', '8-9'), order(6, '2026-03-10', '7-8')],
      blocked_days: [],
      time_zone: 'UTC',
    };
    expect(ordersOn(answer, '2026-03-09').map((e) => e.id)).toEqual([4, 5]);
    expect(ordersOn(answer, '2026-03-11')).toEqual([]);
  });

  it('gives an order dropped at an hour the show-up window starting then, or the last one before', () => {
    expect(windowAt(7)).toBe('7-8');
    expect(windowAt(11)).toBe('11-12');
    expect(windowAt(12)).toBe('12-3');
    expect(windowAt(14)).toBe('2-5');
    expect(windowAt(16)).toBe('3-6');
    expect(windowAt(6)).toBe('7-8');
  });

  it('lets only accepted orders be dragged', () => {
    expect(orderEvent(order(1, '2026-03-06', '8-9')).startEditable).toBe(true);
    expect(orderEvent({ ...order(1, '2026-03-06', '8-9'), status_id: 1 }).startEditable).toBe(false);
  });

  it('hands the month view three orders a day, in the grid’s order, and one "+N more" that opens the day', () => {
    const busy = [
      order(14, '2026-03-10', '1-4'),
      order(11, '2026-03-10', '8-9', 2),
      order(12, '2026-03-10', '8-9', 5),
      order(13, '2026-03-10', '7-8'),
      order(15, '2026-03-10', '12-3'),
      order(16, '2026-03-11', '9-10'),
    ];
    const answer = {
      events: busy,
      blocked_days: [
        {
          id: 4,
          branch_id: 1,
          company_id: 1,
          date: '2026-03-12',
          is_on_morning: true,
          is_on_afternoon: false,
        },
      ],
      time_zone: 'America/Los_Angeles',
    };
    const events = monthEvents(answer);
    expect(MONTH_DAY_ORDERS).toBe(3);
    // 7 am first, then 8 am longer before shorter; 12-3 and 1-4 are behind "+2 more".
    expect(events.map((e) => e.id)).toEqual([
      'order-13',
      'order-12',
      'order-11',
      'more-2026-03-10',
      'order-16',
      'block-4',
    ]);
    const more = events[3]!;
    expect(more).toMatchObject({
      title: '+2 more',
      startEditable: false,
      extendedProps: { more: '2026-03-10' },
    });
    // Last in its day: it starts after every show-up window.
    expect(more.start > orderEvent(order(15, '2026-03-10', '3-6', 9)).start).toBe(true);
    expect(more.start.slice(0, 10)).toBe('2026-03-10');
    expect(monthEvents(undefined)).toEqual([]);
  });
});
