import { z } from 'zod';
import { MSG } from './messages.ts';
import { requiredOnly } from './parse.ts';

/** Phone numbers are stored in the spec's display mask: +1 (###) - ### - #### (21 characters). */
export const PHONE_PATTERN = /^\+1 \(\d{3}\) - \d{3} - \d{4}$/;

export const ZPhone = z
  .string(requiredOnly(MSG.phoneRequired))
  .trim()
  .min(1, { message: MSG.phoneRequired, abort: true })
  .regex(PHONE_PATTERN, MSG.invalidPhone);

/** Formats any string of digits into the mask, for seeds and display of legacy data. */
export function formatPhone(digits: string): string {
  const d = digits.replace(/\D/g, '').replace(/^1(?=\d{10}$)/, '');
  if (d.length !== 10) return digits;
  return `+1 (${d.slice(0, 3)}) - ${d.slice(3, 6)} - ${d.slice(6)}`;
}
