import { ORDER_STATUS, ORDER_STATUSES } from '@haulpro/shared/order';
import { SHOW_UP_WINDOWS, type TShowUpWindow } from '@haulpro/shared/pricing-constants';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  canAssignCrew,
  checkCapacity,
  HOLDING_STATUSES,
  jobSpan,
  keepsCapacity,
  nextFreeWindow,
  peopleOf,
  type TJob,
} from './capacity.ts';

const job = (window: TShowUpWindow, hours: number, helpers: number, trucks = 0): TJob => ({
  window,
  hours,
  helpers,
  trucks,
});

/** The rule by brute force: every half hour of the new job, count everyone out then. */
function reference(team: { members: number; drivers: number }, jobs: TJob[], j: TJob): boolean {
  const span = jobSpan(j);
  for (let t = span.start; t < span.end; t += 0.5) {
    let people = peopleOf(j);
    let trucks = j.trucks;
    for (const o of jobs) {
      const s = jobSpan(o);
      if (s.start <= t && t < s.end) {
        people += peopleOf(o);
        trucks += o.trucks;
      }
    }
    if (people > team.members || trucks > team.drivers) return false;
  }
  return true;
}

describe('checkCapacity', () => {
  it('never limits a branch without a team (not set up yet)', () => {
    const busy = SHOW_UP_WINDOWS.map((w) => job(w, 8, 25, 10));
    expect(checkCapacity(null, busy, job('8-9', 4, 25, 10))).toEqual({ ok: true });
  });

  it('takes as many helpers as active members in one window, and no more', () => {
    const team = { members: 3, drivers: 1 };
    expect(checkCapacity(team, [], job('8-9', 3, 3)).ok).toBe(true);
    expect(checkCapacity(team, [job('8-9', 3, 2)], job('8-9', 3, 1)).ok).toBe(true);
    expect(checkCapacity(team, [job('8-9', 3, 2)], job('8-9', 3, 2))).toEqual({
      ok: false,
      short: 'helpers',
      at: 8,
    });
    expect(checkCapacity(team, [], job('8-9', 3, 4)).ok).toBe(false);
  });

  it('counts a job from its window for its hours: overlapping jobs count, later ones do not', () => {
    const team = { members: 2, drivers: 2 };
    // 8-9 for 3 hours holds 8..11: a 10-11 job overlaps, an 11-12 job does not.
    expect(checkCapacity(team, [job('8-9', 3, 2)], job('10-11', 2, 1)).ok).toBe(false);
    expect(checkCapacity(team, [job('8-9', 3, 2)], job('11-12', 2, 2)).ok).toBe(true);
    // A later job starting inside the new one's span counts too (from 12 for 4 hours holds 2-5 pm's start).
    expect(checkCapacity(team, [job('2-5', 2, 2)], job('12-3', 4, 1))).toEqual({
      ok: false,
      short: 'helpers',
      at: 14,
    });
    expect(checkCapacity(team, [job('2-5', 2, 2)], job('12-3', 2, 2)).ok).toBe(true);
  });

  it('takes trucks only as many as active drivers; a driver is one of the crew', () => {
    const team = { members: 6, drivers: 1 };
    expect(checkCapacity(team, [], job('8-9', 3, 2, 1)).ok).toBe(true);
    expect(checkCapacity(team, [job('8-9', 3, 2, 1)], job('9-10', 3, 2, 1))).toEqual({
      ok: false,
      short: 'drivers',
      at: 9,
    });
    // Helpers only needs no driver.
    expect(checkCapacity(team, [job('8-9', 3, 2, 1)], job('9-10', 3, 2)).ok).toBe(true);
    // Two trucks and one helper still need two people.
    expect(peopleOf(job('8-9', 3, 1, 2))).toBe(2);
    expect(checkCapacity({ members: 2, drivers: 0 }, [], job('8-9', 3, 2, 1)).ok).toBe(false);
  });

  it('half hours: a 2.5-hour job from 8 is over at 10:30, so 11 is free', () => {
    const team = { members: 1, drivers: 0 };
    expect(checkCapacity(team, [job('8-9', 2.5, 1)], job('10-11', 1, 1)).ok).toBe(false);
    expect(checkCapacity(team, [job('8-9', 2.5, 1)], job('11-12', 1, 1)).ok).toBe(true);
  });

  it('agrees with a brute-force count on every small case', () => {
    const pool: TJob[] = [];
    for (const w of ['7-8', '9-10', '11-12', '1-4', '3-6'] as const)
      for (const hours of [1, 2.5, 4])
        for (const [h, tr] of [
          [1, 0],
          [2, 1],
        ] as const)
          pool.push(job(w, hours, h, tr));
    const asks: TJob[] = [];
    for (const w of SHOW_UP_WINDOWS)
      for (const hours of [1, 3])
        for (const [h, tr] of [
          [1, 0],
          [2, 1],
          [3, 0],
        ] as const)
          asks.push(job(w, hours, h, tr));
    let cases = 0;
    for (const members of [0, 1, 2, 3, 4])
      for (const drivers of [0, 1, 2]) {
        if (drivers > members) continue;
        const team = { members, drivers };
        for (let a = 0; a < pool.length; a += 3)
          for (let b = a; b < pool.length; b += 5) {
            const jobs = a === b ? [pool[a]!] : [pool[a]!, pool[b]!];
            for (const ask of asks) {
              expect(checkCapacity(team, jobs, ask).ok, JSON.stringify({ team, jobs, ask })).toBe(
                reference(team, jobs, ask),
              );
              cases++;
            }
          }
      }
    expect(cases).toBeGreaterThan(10_000);
  });
});

describe('nextFreeWindow', () => {
  const open = () => true;
  it('offers the next window the same day, then the next days, skipping closed ones', () => {
    const team = { members: 2, drivers: 0 };
    const day = '2026-12-01';
    const jobsOn = (d: string) => (d === day ? [job('8-9', 3, 2)] : []);
    // 8-9 for 3 hours holds 8..11: the next window that fits is 11-12.
    expect(nextFreeWindow({ team, job: job('8-9', 3, 1), date: day, jobsOn, isOpen: open })).toEqual({
      date: day,
      arrival_time: '11-12',
    });
    // Closed the rest of that day: the next day's first open window.
    const onlyMornings = (d: string, w: TShowUpWindow) => d !== day && w === '9-10';
    expect(nextFreeWindow({ team, job: job('8-9', 3, 1), date: day, jobsOn, isOpen: onlyMornings })).toEqual({
      date: '2026-12-02',
      arrival_time: '9-10',
    });
  });

  it('answers null when nothing is free within the horizon', () => {
    const team = { members: 1, drivers: 0 };
    expect(
      nextFreeWindow({ team, job: job('8-9', 2, 2), date: '2026-12-01', jobsOn: () => [], isOpen: open }),
    ).toBeNull();
    expect(
      nextFreeWindow({
        team,
        job: job('8-9', 2, 1),
        date: '2026-12-01',
        jobsOn: () => [],
        isOpen: () => false,
        horizonDays: 3,
      }),
    ).toBeNull();
  });

  it('adds days across months and years', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
  });
});

describe('statuses', () => {
  it('only orders that will still go out hold people', () => {
    const holding = ORDER_STATUSES.filter((s) => HOLDING_STATUSES.includes(s));
    expect(holding.sort()).toEqual(
      [
        ORDER_STATUS.waitingForPayment,
        ORDER_STATUS.new,
        ORDER_STATUS.accepted,
        ORDER_STATUS.beingRescheduled,
        ORDER_STATUS.beingCompleted,
      ].sort(),
    );
  });

  it('a crew is assigned once the company accepted, while the job is ahead', () => {
    for (const status of ORDER_STATUSES)
      for (const before of [null, ...ORDER_STATUSES]) {
        const expected =
          status === ORDER_STATUS.accepted ||
          status === ORDER_STATUS.beingCompleted ||
          (status === ORDER_STATUS.beingRescheduled && before === ORDER_STATUS.accepted);
        expect(canAssignCrew({ status, statusBeforeReschedule: before })).toBe(expected);
      }
  });
});

describe('keepsCapacity', () => {
  const order = {
    status: ORDER_STATUS.new,
    branchId: 7,
    arrivalDate: '2026-12-01',
    arrivalTime: '8-9',
    hoursCount: 3,
    helpersCount: 2,
    truckNumber: 1,
  };

  it('every status to every status: kept exactly when both hold people or neither does', () => {
    for (const from of ORDER_STATUSES)
      for (const to of ORDER_STATUSES)
        expect(keepsCapacity({ ...order, status: from }, { status: to }), `${from} -> ${to}`).toBe(
          HOLDING_STATUSES.includes(from) === HOLDING_STATUSES.includes(to),
        );
  });

  it('an accept keeps it; a decline, a cancel and a confirm do not', () => {
    expect(keepsCapacity(order, { status: ORDER_STATUS.accepted })).toBe(true);
    expect(keepsCapacity(order, { status: ORDER_STATUS.rejected })).toBe(false);
    expect(
      keepsCapacity({ ...order, status: ORDER_STATUS.accepted }, { status: ORDER_STATUS.cancelled }),
    ).toBe(false);
    expect(
      keepsCapacity({ ...order, status: ORDER_STATUS.beingCompleted }, { status: ORDER_STATUS.completed }),
    ).toBe(false);
  });

  it('a change of any column of the hold does not keep it; the same value written again does', () => {
    const changed = {
      branchId: 8,
      arrivalDate: '2026-12-02',
      arrivalTime: '9-10',
      hoursCount: 4,
      helpersCount: 3,
      truckNumber: 2,
    } as const;
    for (const [column, value] of Object.entries(changed)) {
      expect(keepsCapacity(order, { status: ORDER_STATUS.accepted, [column]: value }), column).toBe(false);
      expect(
        keepsCapacity(order, { [column]: order[column as keyof typeof changed] }),
        `${column} unchanged`,
      ).toBe(true);
    }
  });

  it('a write of other columns only (archive, review flags, payment) keeps it', () => {
    expect(keepsCapacity(order, {})).toBe(true);
  });
});
