/*
 * The delivery input's limits and messages (the schema is delivery-input.ts, which re-exports
 * these). Apart from the schema and free of zod, so the web's delivery form can draw its fields
 * and hints before the schema's code arrives.
 */

/** Delivery input rules (issue 13). Spec: Item (name, count, weight lbs, height/width/length ft). */
export const DELIVERY_LIMITS = {
  maxItems: 20,
  maxCount: 99,
  maxWeightLbs: 3000,
  maxSideFt: 40,
  maxNote: 1000,
  maxTipDollars: 500,
} as const;

export const DELIVERY_MSG = {
  itemName: 'Item name is required',
  itemsRequired: 'Add at least one item',
  tooManyItems: `At most ${DELIVERY_LIMITS.maxItems} items`,
  count: `Quantity must be a whole number from 1 to ${DELIVERY_LIMITS.maxCount}`,
  weight: `Weight must be from 1 to ${DELIVERY_LIMITS.maxWeightLbs} lbs`,
  side: `Must be from 0.1 to ${DELIVERY_LIMITS.maxSideFt} ft`,
  vehicle: 'Choose a vehicle type',
  note: `At most ${DELIVERY_LIMITS.maxNote} characters`,
  tip: `A tip is from $0 to $${DELIVERY_LIMITS.maxTipDollars}`,
} as const;
