import { SHOW_UP_WINDOWS, windowHours } from '@haulpro/shared/pricing-constants';
import { describe, expect, it } from 'vitest';
import {
  availability,
  daysBetween,
  isBlocked,
  type TAvailabilityInput,
  todayIn,
  weekday,
} from './availability.ts';

const LA = 'America/Los_Angeles';
// Friday 2026-11-20, 10:00 in Los Angeles.
const now = new Date('2026-11-20T18:00:00Z');
const weekdays = [1, 2, 3, 4, 5].map((day) => ({ day, isActive: true, fromHour: 8, toHour: 17 }));
const base: TAvailabilityInput = {
  timeZone: LA,
  workingDays: [
    ...weekdays,
    { day: 6, isActive: true, fromHour: 9, toHour: 13 },
    { day: 0, isActive: false, fromHour: 8, toHour: 17 },
  ],
  blockedDays: [],
  acceptInPeriodOf: 30,
  acceptNextDayMove: true,
  date: '2026-11-23', // Monday
  window: '8-9',
  now,
};
const reason = (patch: Partial<TAvailabilityInput>) => {
  const r = availability({ ...base, ...patch });
  return r.available ? 'available' : r.reason;
};

describe('show-up windows', () => {
  it('map to 24-hour start and end hours', () => {
    expect(SHOW_UP_WINDOWS.map((w) => windowHours(w).start)).toEqual([7, 8, 9, 10, 11, 12, 13, 14, 15]);
    expect(SHOW_UP_WINDOWS.map((w) => windowHours(w).end)).toEqual([8, 9, 10, 11, 12, 15, 16, 17, 18]);
  });
});

describe('availability', () => {
  it('a Monday morning inside working hours is available', () => {
    expect(availability(base)).toEqual({ available: true });
  });
  it('past dates, today and (when refused) tomorrow are not', () => {
    expect(reason({ date: '2026-11-19' })).toBe('past');
    expect(reason({ date: '2026-11-20' })).toBe('same_day');
    expect(reason({ date: '2026-11-21', window: '9-10' })).toBe('available'); // Saturday, next day allowed
    expect(reason({ date: '2026-11-21', window: '9-10', acceptNextDayMove: false })).toBe('next_day');
    expect(reason({ date: '2026-11-22', acceptNextDayMove: false })).toBe('closed'); // Sunday is closed anyway
  });
  it('operating window: up to accept_in_period_of days ahead; 0 means no limit', () => {
    expect(reason({ date: '2026-12-18' })).toBe('available'); // 28 days ahead, a Friday
    expect(reason({ date: '2026-12-20', acceptInPeriodOf: 30 })).toBe('closed'); // Sunday
    expect(reason({ date: '2026-12-21', acceptInPeriodOf: 30 })).toBe('beyond_period'); // 31 days
    expect(reason({ date: '2026-12-21', acceptInPeriodOf: 31 })).toBe('available'); // the window's edge
    expect(reason({ date: '2027-11-22', acceptInPeriodOf: 0 })).toBe('available');
    expect(reason({ date: '2027-11-22', acceptInPeriodOf: null })).toBe('available');
  });
  it('working hours: closed days and windows that start outside the hours', () => {
    expect(reason({ date: '2026-11-22' })).toBe('closed');
    expect(reason({ window: '7-8' })).toBe('outside_hours'); // starts before 8
    expect(reason({ window: '2-5' })).toBe('available'); // starts at 14, before 17
    expect(reason({ window: '3-6' })).toBe('available'); // starts at 15
    expect(reason({ date: '2026-11-28', window: '12-3' })).toBe('available'); // Saturday 9-13
    expect(reason({ date: '2026-11-28', window: '1-4' })).toBe('outside_hours'); // starts at 13 = closing
    expect(reason({ workingDays: [{ day: 1, isActive: false, fromHour: 8, toHour: 17 }] })).toBe('closed');
    expect(reason({ workingDays: [], window: '7-8' })).toBe('available'); // default week 7am-6pm
  });
  it('blocked morning, afternoon and full day', () => {
    const morning = [{ date: '2026-11-23', isOnMorning: true, isOnAfternoon: false }];
    const afternoon = [{ date: '2026-11-23', isOnMorning: false, isOnAfternoon: true }];
    const full = [{ date: '2026-11-23', isOnMorning: true, isOnAfternoon: true }];
    expect(reason({ blockedDays: morning, window: '11-12' })).toBe('blocked');
    expect(reason({ blockedDays: morning, window: '12-3' })).toBe('available');
    expect(reason({ blockedDays: afternoon, window: '11-12' })).toBe('available');
    expect(reason({ blockedDays: afternoon, window: '12-3' })).toBe('blocked');
    expect(reason({ blockedDays: full, window: '8-9' })).toBe('blocked');
    expect(reason({ blockedDays: full, window: '3-6' })).toBe('blocked');
    expect(reason({ blockedDays: [{ ...full[0]!, date: '2026-11-24' }] })).toBe('available');
    expect(isBlocked(undefined, '8-9')).toBe(false);
  });
  it('"today" is the branch’s calendar day, not UTC’s', () => {
    // 2026-11-21 06:30 UTC is still Friday 2026-11-20 22:30 in Los Angeles.
    const late = new Date('2026-11-21T06:30:00Z');
    expect(todayIn(LA, late)).toBe('2026-11-20');
    expect(todayIn('America/New_York', late)).toBe('2026-11-21');
    expect(reason({ now: late, date: '2026-11-21', window: '9-10' })).toBe('available'); // next day in LA
    expect(reason({ now: late, date: '2026-11-21', window: '9-10', timeZone: 'America/New_York' })).toBe(
      'same_day',
    );
  });
  it('DST change days in Los Angeles behave like any other day', () => {
    // Spring forward: Sunday 2026-03-08; fall back: Sunday 2026-11-01.
    const open = [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, isActive: true, fromHour: 7, toHour: 18 }));
    const sat = new Date('2026-03-07T08:30:00Z'); // Saturday 00:30 PST
    expect(weekday('2026-03-08')).toBe(0);
    expect(availability({ ...base, workingDays: open, now: sat, date: '2026-03-08', window: '7-8' })).toEqual(
      { available: true },
    );
    // Just before midnight PDT on the Saturday before fall back (06:59 UTC = 23:59 PDT).
    const beforeFallBack = new Date('2026-11-01T06:59:00Z');
    expect(todayIn(LA, beforeFallBack)).toBe('2026-10-31');
    expect(
      availability({ ...base, workingDays: open, now: beforeFallBack, date: '2026-11-01', window: '7-8' }),
    ).toEqual({ available: true });
    // Two hours later it is Sunday in LA (01:59 PDT): the same date is now same-day.
    expect(reason({ workingDays: open, now: new Date('2026-11-01T08:59:00Z'), date: '2026-11-01' })).toBe(
      'same_day',
    );
    expect(daysBetween('2026-03-07', '2026-03-09')).toBe(2);
  });
});
