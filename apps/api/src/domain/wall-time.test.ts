import { describe, expect, it } from 'vitest';
import { wallTimeToInstant } from './wall-time.ts';

describe('wall time to instant', () => {
  it('handles standard and daylight time in Los Angeles and New York', () => {
    expect(wallTimeToInstant('2026-12-05', 8, 'America/Los_Angeles').toISOString()).toBe(
      '2026-12-05T16:00:00.000Z',
    );
    expect(wallTimeToInstant('2026-07-05', 8, 'America/Los_Angeles').toISOString()).toBe(
      '2026-07-05T15:00:00.000Z',
    );
    expect(wallTimeToInstant('2026-12-05', 13, 'America/New_York').toISOString()).toBe(
      '2026-12-05T18:00:00.000Z',
    );
  });
  it('lands on the right side of a DST change', () => {
    // 2026-03-08: clocks jump from 2:00 to 3:00 in Los Angeles; 8 am is already PDT.
    expect(wallTimeToInstant('2026-03-08', 8, 'America/Los_Angeles').toISOString()).toBe(
      '2026-03-08T15:00:00.000Z',
    );
    // 2026-11-01: back from 2:00 to 1:00; 8 am is PST.
    expect(wallTimeToInstant('2026-11-01', 8, 'America/Los_Angeles').toISOString()).toBe(
      '2026-11-01T16:00:00.000Z',
    );
  });
});
