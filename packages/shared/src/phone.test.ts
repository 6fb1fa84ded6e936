import { describe, expect, it } from 'vitest';
import { MSG } from './messages.ts';
import { formatPhone, PHONE_PATTERN, ZPhone } from './phone.ts';

describe('phone mask +1 (###) - ### - ####', () => {
  it('is 21 characters when complete', () => {
    expect('+1 (213) - 555 - 0101').toHaveLength(21);
    expect(PHONE_PATTERN.test('+1 (213) - 555 - 0101')).toBe(true);
  });
  it.each([
    ['', MSG.phoneRequired],
    ['+1 (213) - 555 - 010', MSG.invalidPhone],
    ['2135550101', MSG.invalidPhone],
    ['+1 (213) 555-0101', MSG.invalidPhone],
  ])('%j -> %s', (value, message) => {
    const r = ZPhone.safeParse(value);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe(message);
  });
  it('formats ten digits (with or without a leading 1) into the mask', () => {
    expect(formatPhone('2135550101')).toBe('+1 (213) - 555 - 0101');
    expect(formatPhone('1-213-555-0101')).toBe('+1 (213) - 555 - 0101');
    expect(formatPhone('123')).toBe('123');
  });
});
