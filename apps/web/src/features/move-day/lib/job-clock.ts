import type { TJobEvent, TJobEventType, TJobState } from '@haulpro/shared/move-day';

/** What the steps recorded so far say about the clock: worked and break time, in milliseconds. */
export type TClock = { workedMs: number; breakMs: number; running: boolean; onBreak: boolean };

type TClockEvent = Pick<TJobEvent, 'type' | 'at'>;

/**
 * The job clock from the events (the server's rule on the phone, to tick between answers):
 * work runs from Start or Resume to Break or Finish; a break from Break to Resume or Finish.
 * An interval still open runs to `now`.
 */
export function clockOf(events: readonly TClockEvent[], now: number): TClock {
  const sorted = [...events].sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  let workedMs = 0;
  let breakMs = 0;
  let workFrom: number | null = null;
  let breakFrom: number | null = null;
  for (const e of sorted) {
    const t = Date.parse(e.at);
    if (Number.isNaN(t)) continue;
    if (e.type === 'start' || e.type === 'resume') {
      if (breakFrom !== null) breakMs += Math.max(0, t - breakFrom);
      breakFrom = null;
      workFrom ??= t;
    } else if (e.type === 'break' || e.type === 'finish') {
      if (workFrom !== null) workedMs += Math.max(0, t - workFrom);
      workFrom = null;
      if (breakFrom !== null) breakMs += Math.max(0, t - breakFrom);
      breakFrom = e.type === 'break' ? t : null;
    }
  }
  if (workFrom !== null) workedMs += Math.max(0, now - workFrom);
  if (breakFrom !== null) breakMs += Math.max(0, now - breakFrom);
  return { workedMs, breakMs, running: workFrom !== null, onBreak: breakFrom !== null };
}

/** "1:05:09": hours, minutes and seconds of a running clock. */
export function clockText(ms: number): string {
  const total = Math.floor(Math.max(0, ms) / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}

/** The state each step leads to (the order machine's arrows, for steps not yet answered). */
export const STATE_AFTER: Record<TJobEventType, TJobState> = {
  on_my_way: 'on_the_way',
  arrived: 'arrived',
  start: 'working',
  break: 'on_break',
  resume: 'working',
  finish: 'finished',
};

/** The steps the crew may press in a state, while the server has not answered (offline). */
export const STEPS_IN: Record<TJobState, TJobEventType[]> = {
  not_started: ['on_my_way', 'arrived'],
  on_the_way: ['arrived'],
  arrived: ['start'],
  working: ['break', 'finish'],
  on_break: ['resume', 'finish'],
  finished: [],
};
