/**
 * The delivery price (decision 016): pure, in integer cents. The customer's price comes from the
 * vehicle, the distance between the ZIPs, the item count and their weight; the platform keeps a
 * share (the processing fee); the acceptor's payout is Base Price − Processing Fee + Tip, the same
 * numbers on the invoice, the letter and the payout record.
 */

export type TDeliveryVehicle = 1 | 2 | 3 | 4;

type TVehicleRate = {
  name: string;
  /** The price of the first `includedMiles`. */
  baseCents: number;
  perMileCents: number;
  /** Total weight the vehicle carries (lbs). */
  capacityLbs: number;
};

export const VEHICLE_RATES: Record<TDeliveryVehicle, TVehicleRate> = {
  1: { name: 'Sedan', baseCents: 3500, perMileCents: 125, capacityLbs: 150 },
  2: { name: 'Hatchback', baseCents: 4000, perMileCents: 140, capacityLbs: 250 },
  3: { name: 'Pickup', baseCents: 6000, perMileCents: 175, capacityLbs: 1000 },
  4: { name: 'Truck', baseCents: 9000, perMileCents: 250, capacityLbs: 3000 },
};

export const DELIVERY_PRICING = {
  includedMiles: 5,
  includedItems: 3,
  extraItemCents: 500,
  /** Handling of heavy loads: per pound above `lightLbs` in total. */
  lightLbs: 100,
  heavyPerLbCents: 15,
  /** The platform's share of the base price (the invoice's Processing Fee). */
  processingFeeRate: 0.15,
} as const;

export type TDeliveryItemLoad = { count: number; weight: number };

export type TDeliveryPrice =
  | {
      ok: true;
      /** What the customer pays before any tip (the invoice's Base Price). */
      basePriceCents: number;
      processingFeeCents: number;
      tipCents: number;
      /** Base Price − Processing Fee + Tip. */
      totalPayoutCents: number;
      /** What the customer pays: Base Price + Tip. */
      totalPriceCents: number;
      lines: { distanceCents: number; itemsCents: number; weightCents: number };
    }
  | { ok: false; field: 'vehicle_type'; message: string };

export function deliveryPrice(v: {
  vehicle: TDeliveryVehicle;
  miles: number;
  items: TDeliveryItemLoad[];
  tipCents?: number;
}): TDeliveryPrice {
  const rate = VEHICLE_RATES[v.vehicle];
  const P = DELIVERY_PRICING;
  const count = v.items.reduce((n, i) => n + i.count, 0);
  const weight = v.items.reduce((n, i) => n + i.count * i.weight, 0);
  if (weight > rate.capacityLbs) {
    return {
      ok: false,
      field: 'vehicle_type',
      message: `Too heavy for a ${rate.name} (${rate.capacityLbs} lbs at most): choose a larger vehicle`,
    };
  }
  const distanceCents = Math.round(Math.max(0, v.miles - P.includedMiles) * rate.perMileCents);
  const itemsCents = Math.max(0, count - P.includedItems) * P.extraItemCents;
  const weightCents = Math.round(Math.max(0, weight - P.lightLbs) * P.heavyPerLbCents);
  const basePriceCents = rate.baseCents + distanceCents + itemsCents + weightCents;
  const processingFeeCents = Math.round(basePriceCents * P.processingFeeRate);
  const tipCents = Math.max(0, Math.round(v.tipCents ?? 0));
  return {
    ok: true,
    basePriceCents,
    processingFeeCents,
    tipCents,
    totalPayoutCents: basePriceCents - processingFeeCents + tipCents,
    totalPriceCents: basePriceCents + tipCents,
    lines: { distanceCents, itemsCents, weightCents },
  };
}
