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

/**
 * The E.164 form of a US number (+1 and ten digits) that text messages are sent to, from the
 * display mask or any spelling with ten digits (or eleven starting with 1); null otherwise.
 */
export function toE164(phone: string | null | undefined): string | null {
  if (!phone) return null;
  const d = phone.replace(/\D/g, '');
  const ten = d.length === 11 && d.startsWith('1') ? d.slice(1) : d;
  if (ten.length !== 10 || !/^[2-9]\d{2}[2-9]\d{6}$/.test(ten)) return null;
  return `+1${ten}`;
}
