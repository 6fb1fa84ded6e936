/**
 * When bidding on a delivery closes (decision 017): pure, no I/O. Helpers need notice, so bidding
 * closes BIDDING_CLOSES_HOURS before the arrival window opens; a delivery booked late still gets
 * at least MIN_BIDDING_MINUTES of bidding, never past an hour before the window.
 */
import { type TShowUpWindow, windowHours } from '@haulpro/shared/pricing-constants';
import { wallTimeToInstant } from './wall-time.ts';

export const BIDDING_CLOSES_HOURS = 12;
export const MIN_BIDDING_MINUTES = 120;
const HOUR = 3_600_000;

export function biddingDeadline(v: {
  arrivalDate: string;
  arrivalTime: TShowUpWindow;
  timeZone: string;
  now: Date;
}): Date {
  const windowStart = wallTimeToInstant(
    v.arrivalDate,
    windowHours(v.arrivalTime).start,
    v.timeZone,
  ).getTime();
  const usual = windowStart - BIDDING_CLOSES_HOURS * HOUR;
  const late = Math.min(v.now.getTime() + MIN_BIDDING_MINUTES * 60_000, windowStart - HOUR);
  return new Date(Math.max(usual, late));
}

/** '8-9' -> '8:00 AM - 9:00 AM' (cards' show-up time). */
export function showUpLabel(window: TShowUpWindow): string {
  const { start, end } = windowHours(window);
  const fmt = (h: number) => `${h % 12 === 0 ? 12 : h % 12}:00 ${h < 12 ? 'AM' : 'PM'}`;
  return `${fmt(start)} - ${fmt(end)}`;
}
