import { describe, expect, it } from 'vitest';
import {
  addDays,
  decimalHours,
  jobBreaks,
  memberMinutes,
  type TTimesheetEntry,
  timesheetRows,
  weekOf,
  weekRange,
} from './timesheet.ts';

const LA = 'America/Los_Angeles';
const at = (iso: string) => new Date(iso);
const NOW = at('2026-11-30T00:00:00Z');

describe('weekOf', () => {
  it('starts on the Monday of any day of the week', () => {
    expect(weekOf('2026-11-23').start).toBe('2026-11-23'); // Monday
    expect(weekOf('2026-11-25').start).toBe('2026-11-23'); // Wednesday
    expect(weekOf('2026-11-29')).toMatchObject({ start: '2026-11-23', end: '2026-11-29' }); // Sunday
    expect(weekOf('2026-11-30').start).toBe('2026-11-30'); // the next Monday
  });
  it('crosses months and years', () => {
    expect(weekOf('2027-01-01')).toMatchObject({ start: '2026-12-28', end: '2027-01-03' });
    expect(weekOf('2028-03-01').days).toEqual([
      '2028-02-28',
      '2028-02-29',
      '2028-03-01',
      '2028-03-02',
      '2028-03-03',
      '2028-03-04',
      '2028-03-05',
    ]);
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });
});

describe('weekRange', () => {
  it('is Monday 00:00 to the next Monday 00:00 on the branch clock', () => {
    expect(weekRange('2026-11-23', LA)).toEqual({
      from: at('2026-11-23T08:00:00Z'),
      to: at('2026-11-30T08:00:00Z'),
    });
  });
  it('is 169 hours in the week daylight saving time ends (Los Angeles, 2026-11-01)', () => {
    const r = weekRange('2026-10-26', LA);
    expect(r.from).toEqual(at('2026-10-26T07:00:00Z'));
    expect(r.to).toEqual(at('2026-11-02T08:00:00Z'));
    expect((r.to.getTime() - r.from.getTime()) / 3_600_000).toBe(169);
  });
  it('is 167 hours in the week daylight saving time starts (2027-03-14)', () => {
    const r = weekRange('2027-03-08', LA);
    expect((r.to.getTime() - r.from.getTime()) / 3_600_000).toBe(167);
  });
});

describe('jobBreaks', () => {
  const t = (h: number, m = 0) =>
    at(`2026-11-24T${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:00Z`);
  it('pairs each break with its resume, in order', () => {
    const e = [
      { type: 'start', at: t(16) },
      { type: 'break', at: t(17) },
      { type: 'resume', at: t(17, 20) },
      { type: 'break', at: t(18) },
      { type: 'resume', at: t(18, 10) },
      { type: 'finish', at: t(19) },
    ];
    expect(jobBreaks(e, NOW)).toEqual([
      { from: t(17), to: t(17, 20) },
      { from: t(18), to: t(18, 10) },
    ]);
  });
  it('ends a break still open at the finish', () => {
    const e = [
      { type: 'start', at: t(16) },
      { type: 'break', at: t(17) },
      { type: 'finish', at: t(17, 30) },
    ];
    expect(jobBreaks(e, NOW)).toEqual([{ from: t(17), to: t(17, 30) }]);
  });
  it('runs an open break to now while the job is not finished', () => {
    const e = [
      { type: 'start', at: t(16) },
      { type: 'break', at: t(17) },
    ];
    expect(jobBreaks(e, t(17, 45))).toEqual([{ from: t(17), to: t(17, 45) }]);
  });
  it('ignores a resume with no break and steps that are not breaks', () => {
    expect(
      jobBreaks(
        [
          { type: 'on_my_way', at: t(15) },
          { type: 'resume', at: t(16) },
        ],
        NOW,
      ),
    ).toEqual([]);
  });
});

describe('memberMinutes', () => {
  const t = (h: number, m = 0) =>
    at(`2026-11-24T${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:00Z`);
  const lunch = [{ from: t(19), to: t(19, 30) }];

  it('is the whole job for a member there from start to finish, less the break', () => {
    expect(memberMinutes({ startedAt: t(16), finishedAt: t(21) }, t(21), lunch, NOW)).toBe(270);
  });
  it('counts a late joiner from their own start', () => {
    expect(memberMinutes({ startedAt: t(17, 15), finishedAt: t(21) }, t(21), lunch, NOW)).toBe(195);
  });
  it('counts an early leaver to their own finish', () => {
    expect(memberMinutes({ startedAt: t(16), finishedAt: t(18, 45) }, t(21), lunch, NOW)).toBe(165);
  });
  it('takes off only the part of a break inside the member span', () => {
    // Joined at 19:10 during the 19:00-19:30 break: 20 minutes of it are theirs.
    expect(memberMinutes({ startedAt: t(19, 10), finishedAt: t(21) }, t(21), lunch, NOW)).toBe(90);
    // Left at 19:15: the break's first 15 minutes are inside their span.
    expect(memberMinutes({ startedAt: t(16), finishedAt: t(19, 15) }, t(21), lunch, NOW)).toBe(180);
  });
  it('takes nothing off for a break wholly outside the span', () => {
    expect(memberMinutes({ startedAt: t(16), finishedAt: t(18) }, t(21), lunch, NOW)).toBe(120);
  });
  it('runs to the job finish for a member with no finish of their own, else to now', () => {
    expect(memberMinutes({ startedAt: t(16), finishedAt: null }, t(18), [], NOW)).toBe(120);
    expect(memberMinutes({ startedAt: t(16), finishedAt: null }, null, [], t(17, 30))).toBe(90);
  });
  it('drops seconds and never goes below zero', () => {
    expect(memberMinutes({ startedAt: t(16), finishedAt: at('2026-11-24T16:59:59Z') }, null, [], NOW)).toBe(
      59,
    );
    expect(memberMinutes({ startedAt: t(16), finishedAt: t(15) }, null, [], NOW)).toBe(0);
    expect(
      memberMinutes({ startedAt: t(16), finishedAt: t(17) }, null, [{ from: t(15), to: t(18) }], NOW),
    ).toBe(0);
  });
});

describe('timesheetRows', () => {
  const entry = (p: Partial<TTimesheetEntry>): TTimesheetEntry => ({
    crewId: 1,
    name: 'Ana Lopez',
    orderId: 10,
    startedAt: at('2026-11-24T16:00:00Z'),
    finishedAt: at('2026-11-24T20:00:00Z'),
    minutes: 240,
    ...p,
  });

  it('puts minutes on the member day, Monday first, with the jobs and totals', () => {
    const { rows, totalMinutes } = timesheetRows(
      [
        entry({}),
        entry({ orderId: 11, startedAt: at('2026-11-26T17:00:00Z'), minutes: 90 }),
        entry({ crewId: 2, name: 'Bo Chen', orderId: 10, minutes: 200 }),
      ],
      '2026-11-23',
      LA,
    );
    expect(rows.map((r) => [r.name, r.days, r.minutes])).toEqual([
      ['Ana Lopez', [0, 240, 0, 90, 0, 0, 0], 330],
      ['Bo Chen', [0, 200, 0, 0, 0, 0, 0], 200],
    ]);
    expect(rows[0]?.jobs.map((j) => [j.orderId, j.date])).toEqual([
      [10, '2026-11-24'],
      [11, '2026-11-26'],
    ]);
    expect(totalMinutes).toBe(530);
  });

  it('counts a job past midnight on the day it started', () => {
    // Sunday 2026-11-29 22:00 to Monday 01:30 in Los Angeles.
    const late = entry({
      startedAt: at('2026-11-30T06:00:00Z'),
      finishedAt: at('2026-11-30T09:30:00Z'),
      minutes: 210,
    });
    expect(timesheetRows([late], '2026-11-23', LA).rows[0]?.days).toEqual([0, 0, 0, 0, 0, 0, 210]);
    expect(timesheetRows([late], '2026-11-30', LA).rows).toEqual([]);
  });

  it('uses the branch wall calendar at the week edges, not UTC', () => {
    // Monday 2026-11-23 05:00 UTC is still Sunday 21:00 in Los Angeles: the week before.
    const early = entry({ startedAt: at('2026-11-23T05:00:00Z'), minutes: 60 });
    expect(timesheetRows([early], '2026-11-23', LA).rows).toEqual([]);
    expect(timesheetRows([early], '2026-11-16', LA).rows[0]?.days[6]).toBe(60);
  });

  it('keeps real elapsed minutes on the night daylight saving time ends', () => {
    // Sunday 2026-11-01, 00:30 PDT to 03:30 PST: four hours passed, the wall clock shows three.
    const startedAt = at('2026-11-01T07:30:00Z');
    const finishedAt = at('2026-11-01T11:30:00Z');
    const minutes = memberMinutes({ startedAt, finishedAt }, finishedAt, [], NOW);
    expect(minutes).toBe(240);
    const { rows } = timesheetRows([entry({ startedAt, finishedAt, minutes })], '2026-10-26', LA);
    expect(rows[0]?.days).toEqual([0, 0, 0, 0, 0, 0, 240]);
  });

  it('has no rows for an empty week', () => {
    expect(timesheetRows([], '2026-11-23', LA)).toEqual({ rows: [], totalMinutes: 0 });
  });
});

describe('decimalHours', () => {
  it('prints hours with two decimals', () => {
    expect(decimalHours(450)).toBe('7.50');
    expect(decimalHours(0)).toBe('0.00');
    expect(decimalHours(20)).toBe('0.33');
    expect(decimalHours(195)).toBe('3.25');
  });
});
