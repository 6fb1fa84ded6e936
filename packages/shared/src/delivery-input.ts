import { z } from 'zod';
import { BOOKING_MSG, PAYMENT_METHOD_ERROR, ZBookingAddress } from './booking.ts';
import { MAX_ITEM_PHOTOS, ORDER_PAYMENT_METHODS, SEARCH_MSG } from './booking-options.ts';
import { PAYOUT_FILES, PAYOUT_MSG, VEHICLE_TYPES } from './delivery.ts';
import { DELIVERY_LIMITS, DELIVERY_MSG } from './delivery-limits.ts';
import { ZReason } from './order.ts';
import { zDate, zDecimal, zInt } from './parse.ts';
import { ZPhone } from './phone.ts';
import { SHOW_UP_WINDOWS } from './pricing-constants.ts';
import { zSmsOptIn } from './talk.ts';

// The limits and messages live apart, without zod, so the web form draws before zod loads.
export { DELIVERY_LIMITS, DELIVERY_MSG } from './delivery-limits.ts';

const side = zDecimal(0.1, DELIVERY_LIMITS.maxSideFt, DELIVERY_MSG.side);

export const ZDeliveryItem = z.object({
  name: z.string({ error: DELIVERY_MSG.itemName }).trim().min(1, DELIVERY_MSG.itemName).max(120),
  count: zInt(1, DELIVERY_LIMITS.maxCount, DELIVERY_MSG.count),
  weight: zDecimal(1, DELIVERY_LIMITS.maxWeightLbs, DELIVERY_MSG.weight),
  height: side,
  width: side,
  length: side,
});
export type TDeliveryItemInput = z.input<typeof ZDeliveryItem>;

const vehicleValues = VEHICLE_TYPES.map((v) => v.value) as number[];

/** POST customer/deliveries (and its price preview): prices are never read from the client. */
export const ZDeliveryInput = z.object({
  items: z
    .array(ZDeliveryItem, { error: DELIVERY_MSG.itemsRequired })
    .min(1, DELIVERY_MSG.itemsRequired)
    .max(DELIVERY_LIMITS.maxItems, DELIVERY_MSG.tooManyItems),
  vehicle_type: zInt(1, 4, DELIVERY_MSG.vehicle).refine(
    (v) => vehicleValues.includes(v),
    DELIVERY_MSG.vehicle,
  ),
  pickup: ZBookingAddress,
  destination: ZBookingAddress,
  /** The pickup is inside a home (the spec's "pickup or in-home address"). */
  is_home_move: z.boolean().default(false),
  arrival_date: zDate(SEARCH_MSG.dateRequired),
  arrival_time: z.enum(SHOW_UP_WINDOWS, { error: 'Choose a show-up time' }),
  notes: z.string().trim().max(DELIVERY_LIMITS.maxNote, DELIVERY_MSG.note).optional().nullable(),
  tip: zDecimal(0, DELIVERY_LIMITS.maxTipDollars, DELIVERY_MSG.tip).default(0),
  payment_method: z.enum(ORDER_PAYMENT_METHODS, { error: PAYMENT_METHOD_ERROR }),
  /** The number the helper calls (shown to them once they hold the delivery). */
  phone: ZPhone,
  /** Photos of the items: png/jpg data URLs of at most 10 MB each, checked by the server. */
  item_photos: z
    .array(z.string().max(15_000_000))
    .max(MAX_ITEM_PHOTOS, BOOKING_MSG.tooManyPhotos)
    .default([]),
  /** Text me reminders about this job (issue 29): sets the account's consent; texts go to `phone`. */
  sms_opt_in: zSmsOptIn().optional(),
});
export type TDeliveryInput = z.input<typeof ZDeliveryInput>;

/** Cancel (customer or acceptor) and a rejected payout: a reason of 20 characters or more (spec). */
export const ZDeliveryReasonInput = z.object({ reason: ZReason });

/** The payout's optional note (multipart `helper_note`). */
export const ZHelperNote = z.string().trim().max(DELIVERY_LIMITS.maxNote, DELIVERY_MSG.note).optional();
/** The payout form's text field, named as the multipart field of POST deliveries/{id}/complete. */
export const ZPayoutNote = z.object({ helper_note: ZHelperNote });

export type TPayoutFile = { name: string; size: number };

/** Spec: duplicates of the same name and size are ignored (the first of each is kept). */
export function uniquePayoutFiles<T extends TPayoutFile>(files: readonly T[]): T[] {
  const seen = new Set<string>();
  return files.filter((f) => {
    const key = `${f.name}\u0000${f.size}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The spec's message when the count (after duplicates) or a type is wrong; null when fine. */
export function payoutFilesError(files: readonly TPayoutFile[]): string | null {
  const unique = uniquePayoutFiles(files);
  if (unique.length < PAYOUT_FILES.min || unique.length > PAYOUT_FILES.max) return PAYOUT_MSG.files;
  const ok = unique.every((f) =>
    (PAYOUT_FILES.types as readonly string[]).includes(f.name.split('.').pop()?.toLowerCase() ?? ''),
  );
  return ok ? null : 'Files must be jpg, jpeg, png or pdf';
}

/** The input after parsing (defaults filled): what the API's services take. */
export type TDeliveryParsed = z.output<typeof ZDeliveryInput>;
