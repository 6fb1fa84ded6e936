import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  findUncleanText,
  isCalendarDate,
  isCleanText,
  PARSE_MSG,
  zBool,
  zDate,
  zDecimal,
  zId,
  zInt,
} from './parse.ts';

const ok = (schema: z.ZodType, v: unknown) => schema.safeParse(v);

describe('zId: an id is ^[1-9][0-9]{0,9}$ and at most 2147483647', () => {
  it.each([
    [1, 1],
    ['1', 1],
    ['16', 16],
    [2147483647, 2147483647],
    ['2147483647', 2147483647],
  ])('accepts %j as %d', (input, out) => {
    expect(ok(zId(), input)).toMatchObject({ success: true, data: out });
  });
  it.each([
    '0x10',
    '  1',
    '%20%201',
    ' 1',
    '1 ',
    '1e1',
    '1.0',
    '+1',
    '-1',
    '0',
    '01',
    '',
    '2147483648',
    '99999999999',
    'abc',
    'null',
    0,
    -1,
    1.5,
    2147483648,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    null,
    true,
    [],
    {},
  ])('refuses %j with the id message', (input) => {
    const r = ok(zId(), input);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe(PARSE_MSG.id);
  });
});

describe('zInt and zDecimal: canonical numbers only', () => {
  it('reads canonical text and JSON numbers', () => {
    expect(ok(zInt(0, 10), '7').data).toBe(7);
    expect(ok(zInt(-5, 10), '-5').data).toBe(-5);
    expect(ok(zInt(0, 10), 0).data).toBe(0);
    expect(ok(zDecimal(1, 24), '2.5').data).toBe(2.5);
    expect(ok(zDecimal(1, 24), 3).data).toBe(3);
  });
  it.each(['0x1', '1e1', ' 1', '', '07', '1.5', 'Infinity', null, true, 11, -1])(
    'zInt(0,10) refuses %j',
    (v) => {
      expect(ok(zInt(0, 10), v).success).toBe(false);
    },
  );
  it.each(['0x1', '1e1', ' 2', '', '2.', '.5', 'NaN', 25, 0.5])('zDecimal(1,24) refuses %j', (v) => {
    expect(ok(zDecimal(1, 24), v).success).toBe(false);
  });
  it('uses the caller message', () => {
    expect(ok(zInt(1, 7, 'Day?'), '9').error?.issues[0]?.message).toBe('Day?');
  });
});

describe('zBool: true/false and 1/0, nothing else', () => {
  it.each([
    [true, true],
    [false, false],
    [1, true],
    [0, false],
    ['true', true],
    ['false', false],
    ['1', true],
    ['0', false],
  ])('%j is %j', (input, out) => {
    expect(ok(zBool(), input)).toMatchObject({ success: true, data: out });
  });
  it.each(['no', 'off', 'yes', 'on', '', 'False', 'TRUE', ' 1', 2, -1, null, [], {}])(
    'refuses %j',
    (input) => {
      const r = ok(zBool(), input);
      expect(r.success).toBe(false);
      expect(r.error?.issues[0]?.message).toBe(PARSE_MSG.boolean);
    },
  );
});

describe('zDate: the day must exist', () => {
  it.each(['2027-02-28', '2028-02-29', '2000-02-29', '2026-12-31', '1999-01-01', '9999-12-31'])(
    'accepts %s',
    (d) => {
      expect(isCalendarDate(d)).toBe(true);
      expect(ok(zDate(), d).data).toBe(d);
    },
  );
  it.each([
    '2027-02-30',
    '2027-02-29',
    '1900-02-29',
    '2027-13-01',
    '2027-00-10',
    '2027-04-31',
    '2027-01-00',
    '9999-99-99',
    '0000-01-01',
    '0999-12-31',
    '2027-1-01',
    '2027/01/01',
    '20270101',
    '2027-01-01T00:00:00Z',
    '',
  ])('refuses %s', (d) => {
    expect(isCalendarDate(d)).toBe(false);
    expect(ok(zDate('Date is required'), d).error?.issues[0]?.message).toBe('Date is required');
  });
  it('refuses a non-string with the message', () => {
    expect(ok(zDate('Date is required'), 20270101).error?.issues[0]?.message).toBe('Date is required');
  });
});

describe('clean text', () => {
  it('allows tabs, line breaks, emoji and accents', () => {
    expect(isCleanText('Line 1\nLine 2\r\n\tJosé 🚚')).toBe(true);
  });
  it.each(['a\u0000b', '\u0001', 'x\u001b[31m', '\u007f', 'a\u000bb', '\ud800', 'a\udc00b', '\ud83d'])(
    'refuses %j',
    (v) => {
      expect(isCleanText(v)).toBe(false);
    },
  );
  it('finds the path of the first unclean string, keys included', () => {
    expect(findUncleanText({ a: 'ok', b: [{ c: 'x' }, { d: 'a\u0000' }] }, '')).toBe('b.1.d');
    expect(findUncleanText({ 'k\u0000': 1 }, '')).toBe('k\u0000');
    expect(findUncleanText('a\u0000', 'slug')).toBe('slug');
    expect(findUncleanText({ a: 1, b: null, c: ['fine'] }, '')).toBeNull();
  });
});
