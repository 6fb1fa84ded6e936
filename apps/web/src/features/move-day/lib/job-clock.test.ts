import { describe, expect, it } from 'vitest';
import { clockOf, clockText } from './job-clock.ts';

const at = (hm: string) => `2026-11-27T${hm}:00.000Z`;
const t = (hm: string) => Date.parse(at(hm));
const MIN = 60_000;

describe('the job clock on the phone', () => {
  it('runs from Start to now while working', () => {
    const c = clockOf(
      [
        { type: 'on_my_way', at: at('08:00') },
        { type: 'start', at: at('09:00') },
      ],
      t('10:30'),
    );
    expect(c).toEqual({ workedMs: 90 * MIN, breakMs: 0, running: true, onBreak: false });
  });

  it('leaves breaks out and counts them apart, in any order the events arrive', () => {
    const events = [
      { type: 'finish' as const, at: at('13:00') },
      { type: 'start' as const, at: at('09:00') },
      { type: 'break' as const, at: at('11:00') },
      { type: 'resume' as const, at: at('11:20') },
    ];
    expect(clockOf(events, t('18:00'))).toEqual({
      workedMs: (120 + 100) * MIN,
      breakMs: 20 * MIN,
      running: false,
      onBreak: false,
    });
  });

  it('ticks the break while on it', () => {
    const c = clockOf(
      [
        { type: 'start', at: at('09:00') },
        { type: 'break', at: at('10:00') },
      ],
      t('10:05'),
    );
    expect(c).toMatchObject({ workedMs: 60 * MIN, breakMs: 5 * MIN, running: false, onBreak: true });
  });

  it('reads as h:mm:ss', () => {
    expect(clockText(0)).toBe('0:00:00');
    expect(clockText(3_909_000)).toBe('1:05:09');
  });
});
