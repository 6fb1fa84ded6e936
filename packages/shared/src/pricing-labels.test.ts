import { describe, expect, it } from 'vitest';
import {
  BLOCK_HOURS,
  blockFlags,
  blockKindOf,
  hourLabel,
  offerDescription,
  offerLabel,
  WEEK_MONDAY_FIRST,
  WEEKDAY_NAMES,
} from './pricing-labels.ts';

describe('pricing labels', () => {
  it('offers read as signed tags and as words', () => {
    expect(offerLabel({ is_discount: true, is_value_percentage: true, value: 10 })).toBe('-10%');
    expect(offerLabel({ is_discount: false, is_value_percentage: false, value: 40 })).toBe('+$40');
    expect(offerLabel({ is_discount: true, is_value_percentage: false, value: 15 })).toBe('-$15');
    expect(offerLabel({ is_discount: false, is_value_percentage: true, value: 20 })).toBe('+20%');
    expect(offerDescription({ is_discount: true, is_value_percentage: true, value: 10 })).toBe(
      '10% discount',
    );
    expect(offerDescription({ is_discount: false, is_value_percentage: false, value: 40 })).toBe(
      '$40 surcharge',
    );
  });

  it('hours on a 12-hour clock', () => {
    expect(hourLabel(0)).toBe('12 am');
    expect(hourLabel(7)).toBe('7 am');
    expect(hourLabel(12)).toBe('12 pm');
    expect(hourLabel(18)).toBe('6 pm');
    expect(hourLabel(23)).toBe('11 pm');
    expect(hourLabel(24)).toBe('Midnight');
  });

  it('the week starts on Monday; API day 0 is Sunday', () => {
    expect(WEEK_MONDAY_FIRST.map((d) => WEEKDAY_NAMES[d])).toEqual([
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
      'Sunday',
    ]);
  });

  it('blocked time: morning 7am-12, afternoon 12-6pm, both = full day', () => {
    expect(blockKindOf({ is_on_morning: true, is_on_afternoon: false })).toBe('morning');
    expect(blockKindOf({ is_on_morning: false, is_on_afternoon: true })).toBe('afternoon');
    expect(blockKindOf({ is_on_morning: true, is_on_afternoon: true })).toBe('full');
    expect(blockKindOf({ is_on_morning: false, is_on_afternoon: false })).toBeNull();
    expect(blockFlags('morning')).toEqual({ is_on_morning: true, is_on_afternoon: false });
    expect(blockFlags('afternoon')).toEqual({ is_on_morning: false, is_on_afternoon: true });
    expect(blockFlags('full')).toEqual({ is_on_morning: true, is_on_afternoon: true });
    expect(BLOCK_HOURS).toEqual({ morning: '7am-12pm', afternoon: '12pm-6pm', full: '7am-6pm' });
  });
});
