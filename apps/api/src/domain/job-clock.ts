/**
 * The job clock (issue 28, decision 030): pure, no I/O. The crew's steps in order, the state they
 * leave the job in, the steps that may come next, the worked and billable time, and where a
 * phone's own time of a step is kept or corrected.
 */
import type { TJobEventType, TJobState } from '@haulpro/shared/move-day';
import { wallTimeToInstant } from './wall-time.ts';

export type TClockEvent = { type: TJobEventType; at: Date; etaMinutes?: number | null };

export type TJobClock = {
  state: TJobState;
  onMyWayAt: Date | null;
  /** On my way's time plus its ETA. */
  etaAt: Date | null;
  arrivedAt: Date | null;
  startedAt: Date | null;
  finishedAt: Date | null;
  /** Worked time less breaks, whole minutes (a running clock counts up to `now`). */
  workedMinutes: number;
  breakMinutes: number;
  /** The breaks as spans; an open break ends at the finish or at `now`. */
  breaks: { from: Date; to: Date }[];
};

const STATE_AFTER: Record<TJobEventType, TJobState> = {
  on_my_way: 'on_the_way',
  arrived: 'arrived',
  start: 'working',
  break: 'on_break',
  resume: 'working',
  finish: 'finished',
};

/** The steps the crew may take from each state. */
const NEXT: Record<TJobState, readonly TJobEventType[]> = {
  not_started: ['on_my_way'],
  on_the_way: ['arrived'],
  arrived: ['start'],
  working: ['break', 'finish'],
  on_break: ['resume', 'finish'],
  finished: [],
};

export const nextSteps = (state: TJobState): readonly TJobEventType[] => NEXT[state];

/** Whether `type` may follow the job's state. */
export const isNextStep = (state: TJobState, type: TJobEventType): boolean => NEXT[state].includes(type);

const MINUTE = 60_000;

/**
 * The clock of a job from its steps in order (as recorded: each one allowed by the state before).
 * Worked time runs from Start to Finish (or `now` while working), less the breaks; a break still
 * open at Finish ends there. Seconds are dropped: 3 h 0 min 59 s worked is 3 h 0 min.
 */
export function jobClock(events: readonly TClockEvent[], now: Date): TJobClock {
  let state: TJobState = 'not_started';
  let onMyWayAt: Date | null = null;
  let etaAt: Date | null = null;
  let arrivedAt: Date | null = null;
  let startedAt: Date | null = null;
  let finishedAt: Date | null = null;
  let openBreak: Date | null = null;
  const breaks: { from: Date; to: Date }[] = [];
  for (const e of events) {
    if (!isNextStep(state, e.type)) continue;
    switch (e.type) {
      case 'on_my_way':
        onMyWayAt = e.at;
        etaAt = e.etaMinutes ? new Date(e.at.getTime() + e.etaMinutes * MINUTE) : null;
        break;
      case 'arrived':
        arrivedAt = e.at;
        break;
      case 'start':
        startedAt = e.at;
        break;
      case 'break':
        openBreak = e.at;
        break;
      case 'resume':
        if (openBreak) breaks.push({ from: openBreak, to: e.at });
        openBreak = null;
        break;
      case 'finish':
        if (openBreak) breaks.push({ from: openBreak, to: e.at });
        openBreak = null;
        finishedAt = e.at;
        break;
    }
    state = STATE_AFTER[e.type];
  }
  const end = finishedAt ?? now;
  const allBreaks = openBreak ? [...breaks, { from: openBreak, to: end }] : breaks;
  const breakMs = allBreaks.reduce((s, b) => s + Math.max(0, b.to.getTime() - b.from.getTime()), 0);
  const spanMs = startedAt ? Math.max(0, end.getTime() - startedAt.getTime()) : 0;
  return {
    state,
    onMyWayAt,
    etaAt,
    arrivedAt,
    startedAt,
    finishedAt,
    workedMinutes: Math.floor(Math.max(0, spanMs - breakMs) / MINUTE),
    breakMinutes: Math.floor(breakMs / MINUTE),
    breaks: allBreaks,
  };
}

/** Billable time: worked time rounded up to the next 15 minutes, never below the minimum. */
export function billableMinutes(workedMinutes: number, minimumMinutes: number): number {
  const rounded = Math.ceil(Math.max(0, workedMinutes) / 15) * 15;
  return Math.max(rounded, minimumMinutes);
}

/** How far a phone's time may be from the job's day (the move date in the branch's time zone). */
export const DEVICE_TIME_SLACK_HOURS = 12;

/**
 * The time recorded for a step: the phone's own time when it falls within the job's day (± 12 h),
 * not before the previous step and not in the future (a minute of slack for clocks); otherwise the
 * nearest time that does, and `corrected`. Without a phone time, the server's `now`.
 */
export function stepTime(
  deviceAt: Date | null,
  o: { arrivalDate: string; timeZone: string; lastAt: Date | null },
  now: Date,
): { at: Date; corrected: boolean } {
  const dayStart = wallTimeToInstant(o.arrivalDate, 0, o.timeZone).getTime();
  const next = new Date(`${o.arrivalDate}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  const dayEnd = wallTimeToInstant(next.toISOString().slice(0, 10), 0, o.timeZone).getTime();
  const slack = DEVICE_TIME_SLACK_HOURS * 3_600_000;
  const upper = Math.min(dayEnd + slack, now.getTime() + MINUTE);
  const lower = Math.min(Math.max(dayStart - slack, o.lastAt?.getTime() ?? 0), upper);
  const wanted = deviceAt ?? now;
  const at = Math.min(Math.max(wanted.getTime(), lower), upper);
  // A step without a phone time that lands before the previous one (a skewed server) is not a correction.
  return { at: new Date(at), corrected: deviceAt !== null && at !== deviceAt.getTime() };
}

/** The average truck speed of the pricing engine (decision 005): 30 mph. */
const DRIVE_KMH = 30 * 1.609344;

/**
 * On my way without an ETA from the crew: the straight-line drive from the branch to the first
 * pickup at 30 mph, rounded up to 5 minutes, at least 5 and at most 600.
 */
export function driveEtaMinutes(km: number): number {
  const minutes = Math.ceil(((Math.max(0, km) / DRIVE_KMH) * 60) / 5) * 5;
  return Math.min(600, Math.max(5, minutes));
}
