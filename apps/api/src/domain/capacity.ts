/**
 * How many jobs a branch's team can take at once. Pure: the team (active members and drivers),
 * the jobs already holding people that day and the job asked for. Rules and worked examples:
 * docs/decisions/019-team-capacity.md.
 */
import { ORDER_STATUS } from '@haulpro/shared/order';
import { SHOW_UP_WINDOWS, type TShowUpWindow, windowHours } from '@haulpro/shared/pricing-constants';

/** Order statuses whose crew is (or will be) out on the job: they hold people. */
export const HOLDING_STATUSES: readonly number[] = [
  ORDER_STATUS.waitingForPayment,
  ORDER_STATUS.new,
  ORDER_STATUS.accepted,
  ORDER_STATUS.beingRescheduled,
  ORDER_STATUS.beingCompleted,
];

/** The columns of an order its hold on a team depends on (with whether its status holds people). */
export const CAPACITY_COLUMNS = [
  'branchId',
  'arrivalDate',
  'arrivalTime',
  'hoursCount',
  'helpersCount',
  'truckNumber',
] as const;
type TCapacityColumns = { [K in (typeof CAPACITY_COLUMNS)[number]]: string | number | null };

/**
 * Does writing `set` over the order `before` leave every branch's capacity as it was? True when
 * its status holds people before and after, or neither (an accept: New to Accepted), and no
 * column of the hold changes. The helper list keeps its capacity reads across such writes
 * (decision 036); migration 0025's trigger applies the same rule to tell other processes, and
 * a test holds the two to the same statuses.
 */
export function keepsCapacity(
  before: TCapacityColumns & { status: number },
  set: Partial<TCapacityColumns & { status: number }>,
): boolean {
  if (
    set.status !== undefined &&
    HOLDING_STATUSES.includes(set.status) !== HOLDING_STATUSES.includes(before.status)
  )
    return false;
  return CAPACITY_COLUMNS.every((c) => set[c] === undefined || set[c] === before[c]);
}

/** A branch's team: active, not deleted members, and how many of them drive. */
export type TTeam = { members: number; drivers: number };

/** A job on the branch's calendar: from its window's start for its hours, with its crew and trucks. */
export type TJob = { window: TShowUpWindow; hours: number; helpers: number; trucks: number };

export type TCapacity = { ok: true } | { ok: false; short: 'helpers' | 'drivers'; at: number };

/** The hours a job occupies people: [start, end) on a 24-hour clock of its date. */
export function jobSpan(j: Pick<TJob, 'window' | 'hours'>): { start: number; end: number } {
  const start = windowHours(j.window).start;
  return { start, end: start + Math.max(j.hours, 0) };
}

/** The people a job needs: its helpers, and a driver for each truck (a driver is one of the crew). */
export function peopleOf(j: Pick<TJob, 'helpers' | 'trucks'>): number {
  return Math.max(j.helpers, j.trucks);
}

/**
 * Can the team take `job` beside `jobs` (the same date)? `team` null means the branch has no
 * members at all: its team is not set up, and it is not limited. At every moment of the new
 * job's span, the people of every job running then, the new one included, must not exceed the
 * active members, nor their trucks the active drivers.
 */
export function checkCapacity(team: TTeam | null, jobs: readonly TJob[], job: TJob): TCapacity {
  if (!team) return { ok: true };
  const span = jobSpan(job);
  // Load only rises where a job starts: the new job's start and every other start inside its span.
  const moments = [
    span.start,
    ...jobs.map((j) => jobSpan(j).start).filter((t) => t > span.start && t < span.end),
  ];
  // A job of zero hours still holds its crew at its start.
  const running = (j: TJob, t: number) => {
    const s = jobSpan(j);
    return s.start <= t && (t < s.end || s.start === s.end);
  };
  for (const t of moments.sort((a, b) => a - b)) {
    let people = peopleOf(job);
    let trucks = job.trucks;
    for (const j of jobs) {
      if (!running(j, t)) continue;
      people += peopleOf(j);
      trucks += j.trucks;
    }
    if (people > team.members) return { ok: false, short: 'helpers', at: t };
    if (trucks > team.drivers) return { ok: false, short: 'drivers', at: t };
  }
  return { ok: true };
}

/** The date `n` days after `isoDate` (calendar arithmetic, no time zone). */
export function addDays(isoDate: string, n: number): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** How far ahead the next free window is looked for (ours: four weeks). */
export const NEXT_WINDOW_HORIZON_DAYS = 28;

export type TNextWindowInput = {
  team: TTeam | null;
  /** The job asked for; its window is where the search starts (that window itself is skipped). */
  job: TJob;
  date: string;
  /** The holding jobs of a date. */
  jobsOn: (date: string) => readonly TJob[];
  /** The availability rule (working hours, blocked time, operating window) for a date and window. */
  isOpen: (date: string, window: TShowUpWindow) => boolean;
  horizonDays?: number;
};

/**
 * The first window after the one asked for (later that day, then the next days) that is open and
 * where the team can take the same job; null when none within the horizon.
 */
export function nextFreeWindow(
  input: TNextWindowInput,
): { date: string; arrival_time: TShowUpWindow } | null {
  const horizon = input.horizonDays ?? NEXT_WINDOW_HORIZON_DAYS;
  const first = SHOW_UP_WINDOWS.indexOf(input.job.window);
  for (let day = 0; day <= horizon; day++) {
    const date = addDays(input.date, day);
    const jobs = input.jobsOn(date);
    for (let w = day === 0 ? first + 1 : 0; w < SHOW_UP_WINDOWS.length; w++) {
      const window = SHOW_UP_WINDOWS[w]!;
      if (!input.isOpen(date, window)) continue;
      if (checkCapacity(input.team, jobs, { ...input.job, window }).ok) return { date, arrival_time: window };
    }
  }
  return null;
}

/**
 * May staff assign a crew to an order in this state? Once the company has accepted it and while
 * the job is still ahead: Accepted, Being Completed, or Being Rescheduled after accepting.
 */
export function canAssignCrew(o: { status: number; statusBeforeReschedule: number | null }): boolean {
  if (o.status === ORDER_STATUS.accepted || o.status === ORDER_STATUS.beingCompleted) return true;
  return o.status === ORDER_STATUS.beingRescheduled && o.statusBeforeReschedule === ORDER_STATUS.accepted;
}
