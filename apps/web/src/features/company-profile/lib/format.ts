import { dayjs } from '../../../lib/dayjs.ts';
import type { TPaymentOption } from '../api/get-public-branch.ts';

/** 7 -> "7 am", 13.5 -> "1:30 pm", 12 -> "12 pm", 0 and 24 -> "12 am". */
export function formatHour(hour: number): string {
  const whole = Math.floor(hour);
  const minutes = Math.round((hour - whole) * 60);
  const h24 = whole % 24;
  const suffix = h24 < 12 ? 'am' : 'pm';
  const h12 = h24 % 12 === 0 ? 12 : h24 % 12;
  return minutes ? `${h12}:${String(minutes).padStart(2, '0')} ${suffix}` : `${h12} ${suffix}`;
}

/** "7 am – 6 pm"; a whole day reads "Open 24 hours". */
export function formatHours(from: number, to: number): string {
  if (from <= 0 && to >= 24) return 'Open 24 hours';
  return `${formatHour(from)} – ${formatHour(to)}`;
}

/** 0.934 -> "93%"; null -> null. */
export function formatRate(rate: number | null): string | null {
  return rate === null ? null : `${Math.round(rate * 100)}%`;
}

/** "2015-03-01" -> "March 2015". */
export function formatFoundDate(date: string | null): string | null {
  if (!date) return null;
  const d = dayjs(date);
  return d.isValid() ? d.format('MMMM YYYY') : null;
}

export const PAYMENT_LABEL: Record<TPaymentOption, string> = { cash: 'Cash', electronic: 'Card' };

/** "2026-12-07" -> "Dec 7, 2026". */
export function formatDay(date: string): string {
  const d = dayjs(date);
  return d.isValid() ? d.format('MMM D, YYYY') : date;
}

/** Tomorrow on the browser's calendar (YYYY-MM-DD): the default date of "Get a price". */
export function tomorrow(): string {
  return dayjs().add(1, 'day').format('YYYY-MM-DD');
}

/** "1200 E Florence Ave, Los Angeles, CA 90001". */
export function fullAddress(b: {
  address: string;
  city: string | null;
  state: string | null;
  zip_code: string;
}): string {
  const region = [b.state, b.zip_code].filter(Boolean).join(' ');
  return [b.address, b.city, region].filter((part) => part?.trim()).join(', ');
}
