import { describe, expect, it } from 'vitest';
import { formatCountdown, showUpLabel } from './order-wire.ts';
import { SHOW_UP_WINDOWS } from './pricing-constants.ts';

describe('showUpLabel', () => {
  it("reads the spec's default window as 'Arrival between 8 am - 9 am'", () => {
    expect(showUpLabel('8-9')).toBe('Arrival between 8 am - 9 am');
  });
  it('puts noon and the afternoon windows in pm', () => {
    expect(showUpLabel('11-12')).toBe('Arrival between 11 am - 12 pm');
    expect(showUpLabel('12-3')).toBe('Arrival between 12 pm - 3 pm');
    expect(showUpLabel('3-6')).toBe('Arrival between 3 pm - 6 pm');
  });
  it('labels every show-up window', () => {
    for (const w of SHOW_UP_WINDOWS)
      expect(showUpLabel(w)).toMatch(/^Arrival between \d+ (am|pm) - \d+ (am|pm)$/);
  });
});

describe('formatCountdown', () => {
  it('shows nothing at zero or below', () => {
    expect(formatCountdown(0)).toBeNull();
    expect(formatCountdown(-5)).toBeNull();
  });
  it('shows hours, minutes and seconds, and days when there are any', () => {
    expect(formatCountdown(59)).toBe('00h 00m 59s');
    expect(formatCountdown(3 * 3600 + 4 * 60 + 5)).toBe('03h 04m 05s');
    expect(formatCountdown(86_400 + 3600 + 1)).toBe('1d 01h 00m 01s');
  });
});
