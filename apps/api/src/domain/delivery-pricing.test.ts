import { describe, expect, it } from 'vitest';
import { DELIVERY_PRICING, deliveryPrice, VEHICLE_RATES } from './delivery-pricing.ts';

// The worked examples of decision 016, to the cent.
describe('delivery price', () => {
  it('a sedan, 3 miles, two light items: the base fare only', () => {
    expect(deliveryPrice({ vehicle: 1, miles: 3, items: [{ count: 2, weight: 10 }] })).toMatchObject({
      ok: true,
      basePriceCents: 3500,
      processingFeeCents: 525,
      tipCents: 0,
      totalPayoutCents: 2975,
      totalPriceCents: 3500,
    });
  });

  it('a pickup, 12.4 miles, a sofa and four boxes (5 items, 320 lbs), a $10 tip', () => {
    // 6000 + (12.4 - 5) x 175 = 1295 + (5 - 3) x 500 = 1000 + (320 - 100) x 15 = 3300 -> 11595
    const p = deliveryPrice({
      vehicle: 3,
      miles: 12.4,
      items: [
        { count: 1, weight: 200 },
        { count: 4, weight: 30 },
      ],
      tipCents: 1000,
    });
    expect(p).toEqual({
      ok: true,
      basePriceCents: 11595,
      processingFeeCents: 1739,
      tipCents: 1000,
      totalPayoutCents: 10856,
      totalPriceCents: 12595,
      lines: { distanceCents: 1295, itemsCents: 1000, weightCents: 3300 },
    });
  });

  it('a truck, 40 miles, a 900 lbs piano', () => {
    // 9000 + 35 x 250 = 8750 + 0 + 800 x 15 = 12000 -> 29750; fee 4463 (15 %, rounded)
    expect(deliveryPrice({ vehicle: 4, miles: 40, items: [{ count: 1, weight: 900 }] })).toMatchObject({
      basePriceCents: 29750,
      processingFeeCents: 4463,
      totalPayoutCents: 25287,
    });
  });

  it('refuses a load the vehicle cannot carry, naming the limit', () => {
    expect(deliveryPrice({ vehicle: 1, miles: 1, items: [{ count: 2, weight: 80 }] })).toEqual({
      ok: false,
      field: 'vehicle_type',
      message: 'Too heavy for a Sedan (150 lbs at most): choose a larger vehicle',
    });
    expect(deliveryPrice({ vehicle: 2, miles: 1, items: [{ count: 1, weight: 250 }] }).ok).toBe(true);
  });

  it('payout = base − processing fee + tip, for every vehicle; a negative tip counts as none', () => {
    for (const vehicle of [1, 2, 3, 4] as const) {
      const p = deliveryPrice({ vehicle, miles: 8, items: [{ count: 4, weight: 20 }], tipCents: -500 });
      if (!p.ok) throw new Error('priced');
      expect(p.tipCents).toBe(0);
      expect(p.totalPayoutCents).toBe(p.basePriceCents - p.processingFeeCents);
      expect(p.basePriceCents).toBe(
        VEHICLE_RATES[vehicle].baseCents +
          3 * VEHICLE_RATES[vehicle].perMileCents +
          DELIVERY_PRICING.extraItemCents,
      );
    }
  });
});
