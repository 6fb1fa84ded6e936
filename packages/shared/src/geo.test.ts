import { describe, expect, it } from 'vitest';
import { distanceKm, ZZip } from './geo.ts';

describe('geo rules', () => {
  it('a ZIP is exactly five digits', () => {
    expect(ZZip.safeParse('90001').success).toBe(true);
    expect(ZZip.safeParse(' 90001 ').success).toBe(true);
    for (const z of ['9000', '900011', 'abcde'])
      expect(ZZip.safeParse(z).error?.issues[0]?.message).toBe('Invalid zip code');
  });
  it('distanceKm: 90001 to 90210 is about 19.5 km, to 94105 over 540 km', () => {
    const la = { latitude: 33.9731, longitude: -118.2479 };
    expect(distanceKm(la, { latitude: 34.0901, longitude: -118.4065 })).toBeCloseTo(19.5, 0);
    expect(distanceKm(la, { latitude: 37.7864, longitude: -122.3892 })).toBeGreaterThan(540);
    expect(distanceKm(la, la)).toBe(0);
  });
});
