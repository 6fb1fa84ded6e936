import { DELIVERY_STATUS as S } from '@haulpro/shared/delivery';
import { cutText } from '@haulpro/shared/text';
import { dayjs } from '../../../lib/dayjs.ts';

/** Addresses on delivery cards are cut at 40 characters (spec section 9); the full text goes in a title. */
export const DELIVERY_ADDRESS_MAX = 40;

export function cutDeliveryAddress(address: string): string {
  return cutText(address, DELIVERY_ADDRESS_MAX);
}

export function formatDeliveryDate(date: string): string {
  return dayjs(date).format('ddd, MMM D, YYYY');
}

/** '9-10' -> '9:00 AM' (the arrival window's start; 7 to 11 are mornings, as the show-up windows say). */
export function arrivalStart(window: string): string {
  const hour = Number(window.split('-')[0]);
  if (!Number.isFinite(hour)) return window;
  const morning = hour >= 7 && hour <= 11;
  return `${hour}:00 ${morning ? 'AM' : 'PM'}`;
}

/** 'Arrival between 9 am - 10 am' -> '9 am - 10 am'. */
export function showUpWindow(label: string): string {
  return label.replace(/^Arrival between /, '');
}

/** Statuses whose letter can be printed (spec: accepted, completed, cancelled or being completed). */
const LETTER_STATUSES: readonly number[] = [
  S.accepted,
  S.customerCancelled,
  S.waitingForComplete,
  S.completed,
];

export function canPrintLetter(statusId: number): boolean {
  return LETTER_STATUSES.includes(statusId);
}

export const letterPath = (id: number) => `/delivery-letter/${id}`;
