import { describe, expect, it } from 'vitest';
import { biddingDeadline, showUpLabel } from './delivery-bidding.ts';

const LA = 'America/Los_Angeles';

describe('delivery bidding deadline (decision 017)', () => {
  it('closes 12 hours before the window opens', () => {
    // 2026-12-10 08:00 in LA is 16:00Z; 12 hours before is 04:00Z.
    const d = biddingDeadline({
      arrivalDate: '2026-12-10',
      arrivalTime: '8-9',
      timeZone: LA,
      now: new Date('2026-12-01T00:00:00Z'),
    });
    expect(d.toISOString()).toBe('2026-12-10T04:00:00.000Z');
  });
  it('gives a late booking two hours of bidding', () => {
    const now = new Date('2026-12-10T03:00:00Z'); // 19:00 in LA the evening before
    const d = biddingDeadline({ arrivalDate: '2026-12-10', arrivalTime: '8-9', timeZone: LA, now });
    expect(d.toISOString()).toBe('2026-12-10T05:00:00.000Z');
  });
  it('never closes later than an hour before the window', () => {
    const now = new Date('2026-12-10T14:30:00Z'); // 06:30 in LA, window at 08:00
    const d = biddingDeadline({ arrivalDate: '2026-12-10', arrivalTime: '8-9', timeZone: LA, now });
    expect(d.toISOString()).toBe('2026-12-10T15:00:00.000Z');
  });
  it('labels the show-up windows', () => {
    expect(showUpLabel('8-9')).toBe('8:00 AM - 9:00 AM');
    expect(showUpLabel('11-12')).toBe('11:00 AM - 12:00 PM');
    expect(showUpLabel('12-3')).toBe('12:00 PM - 3:00 PM');
    expect(showUpLabel('3-6')).toBe('3:00 PM - 6:00 PM');
  });
});
