import { z } from 'zod';

/**
 * Strict primitives for everything that crosses the wire: ids, whole numbers, booleans,
 * calendar dates and text. `z.coerce` is never used for input: it reads "0x10" as 16,
 * " 1" as 1, "" as 0 and "false" as true. Every schema in this package builds on these.
 */

/** PostgreSQL `integer`: the largest id a row can have. */
export const ID_MAX = 2147483647;
/** A canonical id: no sign, no leading zero, no spaces, no hex or exponent, at most 10 digits. */
export const ID_PATTERN = /^[1-9][0-9]{0,9}$/;
/** A canonical whole number as text (query strings): optional minus, no leading zeros. */
const INT_PATTERN = /^-?(0|[1-9][0-9]{0,9})$/;
/** A canonical decimal as text (query strings): at most 9 whole digits and 9 decimals. */
const DECIMAL_PATTERN = /^-?(0|[1-9][0-9]{0,8})(\.[0-9]{1,9})?$/;
export const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
/**
 * C0 control characters except tab, line feed and carriage return, and DEL. PostgreSQL
 * refuses NUL in text; the others are never typed by a person and break logs and e-mails.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
export const CONTROL_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
/** A UTF-16 surrogate without its pair: it cannot be encoded as UTF-8 and would be stored as U+FFFD. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Messages of the strict primitives (ours: the spec gives none). */
export const PARSE_MSG = {
  id: 'Must be a valid id',
  integer: 'Must be a whole number',
  number: 'Must be a number',
  boolean: 'Must be true or false (1 or 0)',
  date: 'Must be a real date (YYYY-MM-DD)',
  text: 'Must not contain control characters or invalid Unicode',
} as const;

/** True for what a person means by "left empty": absent, null or only spaces. */
export function isMissing(input: unknown): boolean {
  return input === undefined || input === null || (typeof input === 'string' && input.trim() === '');
}

/** A message that depends on whether the value was left empty: "Required" is false for a wrong value. */
export type TMessageFor = (issue: { input?: unknown }) => string;

/** The spec's "required" words for an empty value, `wrong` for a value that was sent but is not allowed. */
export function missingOr(missing: string, wrong: string): TMessageFor {
  return (issue) => (isMissing(issue.input) ? missing : wrong);
}

/**
 * A schema-level message for an empty value only: a value that was sent but is wrong (too long,
 * of another type) gets its check's own message or ours (zod-messages.ts), never "... is required".
 */
export function requiredOnly(message: string) {
  return { error: (issue: { input?: unknown }) => (isMissing(issue.input) ? message : undefined) };
}

/** A "... is required" message stays true: a value that was sent is told `wrong` instead. */
function honest(message: string | TMessageFor, wrong: string): string | TMessageFor {
  return typeof message === 'string' && /required/i.test(message) ? missingOr(message, wrong) : message;
}

const params = (message: string | TMessageFor) =>
  typeof message === 'string' ? message : { error: message };

/** A row id in a path, query or body: a JSON integer or its canonical decimal text, 1..2147483647. */
export function zId(message: string = PARSE_MSG.id) {
  const m = params(honest(message, PARSE_MSG.id));
  return z
    .union([z.number(m), z.string(m).regex(ID_PATTERN, m)], typeof m === 'string' ? { error: m } : m)
    .transform(Number)
    .pipe(z.int(m).min(1, m).max(ID_MAX, m));
}

/** A whole number from a JSON body or a query string ("12", never "0x0c", "1e1" or " 12"). */
export function zInt(min: number, max: number, message: string | TMessageFor = PARSE_MSG.integer) {
  const m = params(honest(message, PARSE_MSG.integer));
  return z
    .union([z.number(m), z.string(m).regex(INT_PATTERN, m)], typeof m === 'string' ? { error: m } : m)
    .transform(Number)
    .pipe(z.int(m).min(min, m).max(max, m));
}

/** A number that may have decimals (hours: 2.5), from a JSON body or a query string. */
export function zDecimal(min: number, max: number, message: string = PARSE_MSG.number) {
  return z
    .union([z.number(message), z.string(message).regex(DECIMAL_PATTERN, message)], { error: message })
    .transform(Number)
    .pipe(z.number(message).min(min, message).max(max, message));
}

/**
 * A flag: JSON `true`/`false` or the spec's `1`/`0`, and in query strings (or form fields)
 * their text "true"/"false"/"1"/"0". Nothing else: "no", "off", "" and "yes" are refused.
 */
export function zBool(message: string = PARSE_MSG.boolean) {
  return z
    .union(
      [
        z.boolean(message),
        z.literal(1, message),
        z.literal(0, message),
        z.enum(['true', 'false', '1', '0'], message),
      ],
      { error: message },
    )
    .transform((v) => v === true || v === 1 || v === 'true' || v === '1');
}

/** True when `v` (YYYY-MM-DD) names a day that exists, in years 1000..9999. */
export function isCalendarDate(v: string): boolean {
  if (!ISO_DATE.test(v)) return false;
  const year = Number(v.slice(0, 4));
  const month = Number(v.slice(5, 7));
  const day = Number(v.slice(8, 10));
  if (year < 1000 || month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** A calendar date YYYY-MM-DD that exists: 2027-02-30 and 2027-13-01 are refused with `message`. */
export function zDate(message: string = PARSE_MSG.date) {
  return z.string({ error: message }).trim().refine(isCalendarDate, message);
}

/** True when text has no control character (bar tab and line breaks) and no lone surrogate. */
export function isCleanText(v: string): boolean {
  return !CONTROL_CHARS.test(v) && !LONE_SURROGATE.test(v);
}

/**
 * Finds the first string in a parsed request part that is not clean text, and answers its
 * dotted path ("pickups.0.address"; `prefix` for a bare string). Object keys are checked too.
 */
export function findUncleanText(value: unknown, prefix: string, depth = 0): string | null {
  if (typeof value === 'string') return isCleanText(value) ? null : prefix;
  if (value === null || typeof value !== 'object' || depth > 32) return null;
  const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
  for (const [key, v] of entries) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (!isCleanText(key)) return path;
    const found = findUncleanText(v, path, depth + 1);
    if (found !== null) return found;
  }
  return null;
}
