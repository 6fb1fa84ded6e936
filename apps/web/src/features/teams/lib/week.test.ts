import { describe, expect, it } from 'vitest';
import { addDays, hoursText, mondayOf, shortDate, weekLabel } from './week.ts';

describe('the timesheet weeks', () => {
  it('start on Monday', () => {
    expect(mondayOf('2026-11-23')).toBe('2026-11-23');
    expect(mondayOf('2026-11-29')).toBe('2026-11-23');
    expect(mondayOf('2027-01-01')).toBe('2026-12-28');
    expect(addDays('2026-11-23', -7)).toBe('2026-11-16');
  });
  it('read as a range of dates', () => {
    expect(shortDate('2026-11-03')).toBe('Nov 3');
    expect(weekLabel('2026-12-28')).toBe('Dec 28 – Jan 3, 2027');
  });
  it('show hours with at most two decimals, a dash for none', () => {
    expect(hoursText(450)).toBe('7.5 h');
    expect(hoursText(480)).toBe('8 h');
    expect(hoursText(175)).toBe('2.92 h');
    expect(hoursText(0)).toBe('—');
  });
});
