import { JOB_EVENT_TYPES, JOB_STATES, type TJobEventType } from '@haulpro/shared/move-day';
import { describe, expect, it } from 'vitest';
import { bookedQuoteOf, changePrice, finalBill, type TBookedQuote } from './final-bill.ts';
import {
  billableMinutes,
  driveEtaMinutes,
  isNextStep,
  jobClock,
  nextSteps,
  stepTime,
  type TClockEvent,
} from './job-clock.ts';

const at = (iso: string) => new Date(iso);
const ev = (type: TJobEventType, iso: string, etaMinutes?: number): TClockEvent => ({
  type,
  at: at(iso),
  etaMinutes: etaMinutes ?? null,
});

describe('the steps of a job', () => {
  it('go On my way, Arrived, Start, then Break/Resume any number of times, then Finish', () => {
    expect(nextSteps('not_started')).toEqual(['on_my_way']);
    expect(nextSteps('on_the_way')).toEqual(['arrived']);
    expect(nextSteps('arrived')).toEqual(['start']);
    expect(nextSteps('working')).toEqual(['break', 'finish']);
    expect(nextSteps('on_break')).toEqual(['resume', 'finish']);
    expect(nextSteps('finished')).toEqual([]);
  });

  it('refuse every other pair of state and step (exhaustive)', () => {
    const allowed: Record<string, TJobEventType[]> = {
      not_started: ['on_my_way'],
      on_the_way: ['arrived'],
      arrived: ['start'],
      working: ['break', 'finish'],
      on_break: ['resume', 'finish'],
      finished: [],
    };
    for (const s of JOB_STATES)
      for (const t of JOB_EVENT_TYPES) expect(isNextStep(s, t), `${s} + ${t}`).toBe(allowed[s]!.includes(t));
  });
});

describe('jobClock', () => {
  const now = at('2027-03-10T23:00:00Z');

  it('is not started without steps', () => {
    const c = jobClock([], now);
    expect(c).toMatchObject({ state: 'not_started', workedMinutes: 0, breakMinutes: 0, etaAt: null });
  });

  it('gives the ETA from On my way', () => {
    const c = jobClock([ev('on_my_way', '2027-03-10T16:00:00Z', 25)], now);
    expect(c.state).toBe('on_the_way');
    expect(c.etaAt?.toISOString()).toBe('2027-03-10T16:25:00.000Z');
  });

  it('counts a running clock up to now, and drops seconds', () => {
    const c = jobClock(
      [
        ev('on_my_way', '2027-03-10T16:00:00Z', 20),
        ev('arrived', '2027-03-10T16:20:00Z'),
        ev('start', '2027-03-10T16:30:00Z'),
      ],
      at('2027-03-10T18:45:59Z'),
    );
    expect(c).toMatchObject({ state: 'working', workedMinutes: 135, breakMinutes: 0 });
  });

  it('takes a 20-minute break out of the worked time', () => {
    const c = jobClock(
      [
        ev('start', '2027-03-10T16:00:00Z'),
        ev('break', '2027-03-10T17:00:00Z'),
        ev('resume', '2027-03-10T17:20:00Z'),
        ev('finish', '2027-03-10T19:20:00Z'),
      ].map((e) => e),
      now,
    );
    // Steps out of order are skipped: Start without Arrived is not recorded by the machine.
    expect(c.state).toBe('not_started');
    const ok = jobClock(
      [
        ev('on_my_way', '2027-03-10T15:30:00Z'),
        ev('arrived', '2027-03-10T15:55:00Z'),
        ev('start', '2027-03-10T16:00:00Z'),
        ev('break', '2027-03-10T17:00:00Z'),
        ev('resume', '2027-03-10T17:20:00Z'),
        ev('finish', '2027-03-10T19:20:00Z'),
      ],
      now,
    );
    expect(ok).toMatchObject({ state: 'finished', workedMinutes: 180, breakMinutes: 20 });
  });

  it('counts a break still open at Finish up to the finish, and an open break up to now', () => {
    const base = [
      ev('on_my_way', '2027-03-10T15:30:00Z'),
      ev('arrived', '2027-03-10T15:55:00Z'),
      ev('start', '2027-03-10T16:00:00Z'),
      ev('break', '2027-03-10T18:00:00Z'),
    ];
    expect(jobClock(base, at('2027-03-10T18:30:00Z'))).toMatchObject({
      state: 'on_break',
      workedMinutes: 120,
      breakMinutes: 30,
    });
    expect(jobClock([...base, ev('finish', '2027-03-10T18:10:00Z')], now)).toMatchObject({
      state: 'finished',
      workedMinutes: 120,
      breakMinutes: 10,
    });
  });

  it('runs past midnight', () => {
    const c = jobClock(
      [
        ev('on_my_way', '2027-03-11T05:00:00Z'),
        ev('arrived', '2027-03-11T05:30:00Z'),
        // 22:00 to 01:30 in Los Angeles (PST, UTC-8)
        ev('start', '2027-03-11T06:00:00Z'),
        ev('finish', '2027-03-11T09:30:00Z'),
      ],
      now,
    );
    expect(c.workedMinutes).toBe(210);
  });

  it('counts real minutes on the DST day in Los Angeles (01:00 to 04:00 on the wall is 2 hours)', () => {
    // 2027-03-14: clocks jump from 02:00 PST to 03:00 PDT.
    const c = jobClock(
      [
        ev('on_my_way', '2027-03-14T08:30:00Z'),
        ev('arrived', '2027-03-14T08:50:00Z'),
        ev('start', '2027-03-14T09:00:00Z'), // 01:00 PST
        ev('finish', '2027-03-14T11:00:00Z'), // 04:00 PDT
      ],
      now,
    );
    expect(c.workedMinutes).toBe(120);
  });
});

describe('billableMinutes', () => {
  it.each([
    [120, 180, 180], // 3 h minimum and 2 h worked → 3 h
    [181, 180, 195], // 3 h 01 min → 3 h 15 min
    [180, 180, 180],
    [195, 180, 195],
    [196, 180, 210],
    [0, 120, 120],
    [0, 0, 0],
    [1, 0, 15],
    [-5, 60, 60],
  ])('%i worked with a %i minimum bills %i', (worked, min, billable) => {
    expect(billableMinutes(worked, min)).toBe(billable);
  });
});

describe('stepTime', () => {
  const job = { arrivalDate: '2027-03-10', timeZone: 'America/Los_Angeles', lastAt: null };
  const now = at('2027-03-10T20:00:00Z');

  it('is the server time without a phone time', () => {
    expect(stepTime(null, job, now)).toEqual({ at: now, corrected: false });
  });

  it('keeps a phone time within the job day', () => {
    const t = at('2027-03-10T18:00:00Z');
    expect(stepTime(t, job, now)).toEqual({ at: t, corrected: false });
  });

  it('corrects a phone time in the future to now (a minute of slack)', () => {
    expect(stepTime(at('2027-03-10T20:00:30Z'), job, now).corrected).toBe(false);
    expect(stepTime(at('2027-03-10T22:00:00Z'), job, now)).toEqual({
      at: at('2027-03-10T20:01:00Z'),
      corrected: true,
    });
  });

  it('corrects a phone time more than 12 h before the job day', () => {
    // The day starts at 08:00Z (midnight PST); 12 h before is 2027-03-09T20:00Z.
    expect(stepTime(at('2027-03-09T19:59:00Z'), job, now)).toEqual({
      at: at('2027-03-09T20:00:00Z'),
      corrected: true,
    });
    expect(stepTime(at('2027-03-09T20:00:00Z'), job, now).corrected).toBe(false);
  });

  it('corrects a phone time more than 12 h after the job day', () => {
    const later = at('2027-03-13T00:00:00Z');
    // The day ends at 2027-03-11T08:00Z; plus 12 h is 20:00Z.
    expect(stepTime(at('2027-03-11T21:00:00Z'), job, later)).toEqual({
      at: at('2027-03-11T20:00:00Z'),
      corrected: true,
    });
  });

  it('never records a step before the previous one', () => {
    const last = at('2027-03-10T18:00:00Z');
    expect(stepTime(at('2027-03-10T17:00:00Z'), { ...job, lastAt: last }, now)).toEqual({
      at: last,
      corrected: true,
    });
  });

  it('knows the DST day is 23 hours long', () => {
    const dst = { arrivalDate: '2027-03-14', timeZone: 'America/Los_Angeles', lastAt: null };
    const later = at('2027-03-20T00:00:00Z');
    // The day runs 08:00Z to 07:00Z next day (23 h); plus 12 h is 2027-03-15T19:00Z.
    expect(stepTime(at('2027-03-15T19:30:00Z'), dst, later).at).toEqual(at('2027-03-15T19:00:00Z'));
  });
});

const Q: TBookedQuote = {
  hourly: 15000,
  billable_hours: 3,
  minimum_hours: 3,
  subtotal: 45000,
  date_adjustment: 0,
  service_fee: 11250,
  processing_fee: 0,
};

describe('finalBill (decision 030 worked examples)', () => {
  it('3 h minimum and 2 h worked bills 3 h: nothing more', () => {
    const b = finalBill({ quote: Q, overtimeRate: 0, workedMinutes: 120, approvedChanges: 0, paid: 0 });
    expect(b).toMatchObject({
      billableMinutes: 180,
      extraMinutes: 0,
      extraTime: 0,
      total: 56250,
      balance: 56250,
    });
  });

  it('3 h 01 min bills 3 h 15 min: a quarter hour at the hourly rate', () => {
    const b = finalBill({ quote: Q, overtimeRate: 0, workedMinutes: 181, approvedChanges: 0, paid: 56250 });
    expect(b).toMatchObject({
      billableMinutes: 195,
      extraMinutes: 15,
      extraTime: 3750,
      total: 60000,
      balance: 3750,
    });
  });

  it("charges overtime at the company's charge_overtime when set", () => {
    const b = finalBill({
      quote: Q,
      overtimeRate: 20000,
      workedMinutes: 240,
      approvedChanges: 0,
      paid: 56250,
    });
    expect(b).toMatchObject({ extraMinutes: 60, extraTime: 20000, overtimeRate: 20000, balance: 20000 });
  });

  it('refunds booked hours not worked, down to the minimum, at the hourly rate', () => {
    const q = { ...Q, billable_hours: 5, subtotal: 75000 };
    const b = finalBill({
      quote: q,
      overtimeRate: 20000,
      workedMinutes: 200,
      approvedChanges: 0,
      paid: 86250,
    });
    // 200 min → 210 billable; 300 booked → 90 short at $150/h = -$225.
    expect(b).toMatchObject({ billableMinutes: 210, extraMinutes: -90, extraTime: -22500, balance: -22500 });
    const atMinimum = finalBill({
      quote: q,
      overtimeRate: 0,
      workedMinutes: 30,
      approvedChanges: 0,
      paid: 86250,
    });
    expect(atMinimum).toMatchObject({ billableMinutes: 180, extraTime: -30000 });
  });

  it('adds approved changes, takes the coupon off, and bills the booked time before work starts', () => {
    const q = { ...Q, coupon_discount: 2000, date_adjustment: -4500 };
    const b = finalBill({
      quote: q,
      overtimeRate: 0,
      workedMinutes: null,
      approvedChanges: 7500,
      paid: 49750,
    });
    expect(b).toMatchObject({
      booked: 40500,
      fees: 11250,
      discounts: 2000,
      changes: 7500,
      extraTime: 0,
      total: 57250,
      balance: 7500,
    });
  });

  it('never bills below zero', () => {
    const q = { ...Q, coupon_discount: 100_000 };
    expect(
      finalBill({ quote: q, overtimeRate: 0, workedMinutes: 180, approvedChanges: 0, paid: 0 }).total,
    ).toBe(0);
  });

  it('rounds a fractional rate per minute to the cent', () => {
    const q = { ...Q, hourly: 9999 };
    // 15 min of $99.99/h = $24.9975 → $25.00
    expect(
      finalBill({ quote: q, overtimeRate: 0, workedMinutes: 181, approvedChanges: 0, paid: 0 }).extraTime,
    ).toBe(2500);
  });
});

describe('changePrice', () => {
  it('prices stairs and heavy items at 15 minutes, a stop at 30, per unit', () => {
    expect(changePrice('stairs', 2, { hourly: 15000 })).toBe(7500);
    expect(changePrice('heavy_item', 1, { hourly: 15000 })).toBe(3750);
    expect(changePrice('stop', 1, { hourly: 15000 })).toBe(7500);
  });
  it('prices equipment by its value and a fixed extra by its amount', () => {
    expect(changePrice('equipment', 2, { hourly: 15000, equipmentValue: 3000 })).toBe(6000);
    expect(changePrice('fixed', 1, { hourly: 15000, amount: 4250 })).toBe(4250);
  });
});

describe('bookedQuoteOf', () => {
  it('reads a full quote as stored', () => {
    const q = { ...Q, coupon_discount: 500, total: 56250 };
    expect(bookedQuoteOf(q, 55750)).toEqual({ ...Q, coupon_discount: 500 });
  });
  it('fills what an older quote lacks: the minimum is the booked hours, the subtotal the total less fees', () => {
    expect(
      bookedQuoteOf(
        { hourly: 8000, billable_hours: 2, service_fee: 6000, processing_fee: 0, total: 22000 },
        22000,
      ),
    ).toEqual({
      hourly: 8000,
      billable_hours: 2,
      minimum_hours: 2,
      subtotal: 16000,
      date_adjustment: 0,
      service_fee: 6000,
      processing_fee: 0,
      coupon_discount: 0,
    });
    expect(bookedQuoteOf({}, 9900)).toMatchObject({ subtotal: 9900, hourly: 0, billable_hours: 0 });
  });
});

describe('driveEtaMinutes', () => {
  it.each([
    [0, 5],
    [1, 5],
    [12.07, 15], // 7.5 miles at 30 mph is 15 minutes
    [12.1, 20],
    [48.28, 60],
    [100_000, 600],
  ])('%f km is %i minutes', (km, minutes) => {
    expect(driveEtaMinutes(km)).toBe(minutes);
  });
});
