import { AFTERNOON, MORNING } from './pricing-constants.ts';

/*
 * How the pricing and options screens name things: offers ("-10%", "+$40"), blocked time,
 * hours of the day and the week (the spec's calendar week starts on Monday; the API numbers
 * days 0 = Sunday .. 6 = Saturday). Pure, so the booking site can reuse them.
 */

export const WEEKDAY_NAMES = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;

/** API day numbers in the order the spec's week shows them: Monday first, Sunday last. */
export const WEEK_MONDAY_FIRST = [1, 2, 3, 4, 5, 6, 0] as const;

/** An hour on a 12-hour clock: 0 -> "12 am", 7 -> "7 am", 12 -> "12 pm", 18 -> "6 pm", 24 -> "Midnight". */
export function hourLabel(hour: number): string {
  if (hour === 24) return 'Midnight';
  const h = ((hour % 24) + 24) % 24;
  const twelve = h % 12 === 0 ? 12 : h % 12;
  return `${twelve} ${h < 12 ? 'am' : 'pm'}`;
}

type TOfferLike = { is_discount: boolean; is_value_percentage: boolean; value: number };

/** A discount or surcharge as a short tag: "-10%", "+20%", "-$15", "+$40". */
export function offerLabel(offer: TOfferLike): string {
  const sign = offer.is_discount ? '-' : '+';
  return offer.is_value_percentage ? `${sign}${offer.value}%` : `${sign}$${offer.value}`;
}

/** The same in words: "10% discount", "$40 surcharge". */
export function offerDescription(offer: TOfferLike): string {
  const amount = offer.is_value_percentage ? `${offer.value}%` : `$${offer.value}`;
  return `${amount} ${offer.is_discount ? 'discount' : 'surcharge'}`;
}

/** Blocked time: the morning (7am-12), the afternoon (12-6pm) or both (the full day). */
export const BLOCK_KINDS = ['morning', 'afternoon', 'full'] as const;
export type TBlockKind = (typeof BLOCK_KINDS)[number];

type TBlockFlags = { is_on_morning: boolean; is_on_afternoon: boolean };

export function blockKindOf(flags: TBlockFlags): TBlockKind | null {
  if (flags.is_on_morning && flags.is_on_afternoon) return 'full';
  if (flags.is_on_morning) return 'morning';
  if (flags.is_on_afternoon) return 'afternoon';
  return null;
}

export function blockFlags(kind: TBlockKind): TBlockFlags {
  return { is_on_morning: kind !== 'afternoon', is_on_afternoon: kind !== 'morning' };
}

const span = (from: number, to: number) =>
  `${hourLabel(from).replace(' ', '')}-${hourLabel(to).replace(' ', '')}`;

export const BLOCK_LABELS: Record<TBlockKind, string> = {
  morning: 'Morning',
  afternoon: 'Afternoon',
  full: 'Full day',
};

/** "7am-12pm", "12pm-6pm", "7am-6pm". */
export const BLOCK_HOURS: Record<TBlockKind, string> = {
  morning: span(MORNING.start, MORNING.end),
  afternoon: span(AFTERNOON.start, AFTERNOON.end),
  full: span(MORNING.start, AFTERNOON.end),
};
