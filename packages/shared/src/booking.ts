import { z } from 'zod';
import {
  HELPER_MAX_PAGE,
  HOURS,
  MAX_ADDRESSES,
  MAX_FLIGHTS,
  MAX_ITEM_PHOTOS,
  ORDER_PAYMENT_METHODS,
  PROPERTY_TYPES,
  SEARCH_MSG,
} from './booking-options.ts';

// The constants and messages of booking (no zod): entry pages import them from there directly.
export * from './booking-options.ts';

import { MSG } from './messages.ts';
import { missingOr, requiredOnly, zDate, zDecimal, zId, zInt } from './parse.ts';
import { PHONE_PATTERN, ZPhone } from './phone.ts';
import { ZQuote } from './pricing.ts';
import { SHOW_UP_WINDOWS } from './pricing-constants.ts';
import { ZCouponCode } from './referral.ts';
import { zSmsOptIn } from './talk.ts';
import { ZIP_PATTERN } from './zip.ts';

const ZSearchZip = z
  .string({ error: SEARCH_MSG.invalidZip })
  .trim()
  .regex(ZIP_PATTERN, SEARCH_MSG.invalidZip);
const ZSearchDate = zDate(SEARCH_MSG.dateRequired);
/** The spec's "Required" for an empty choice; a value that is not one of them is told the choices. */
export const PAYMENT_METHOD_ERROR = missingOr(SEARCH_MSG.required, 'Choose cash or electronic');

/** A numbered choice: the spec's "Required" whatever is wrong (the search form's selects send nothing else). */
const ZChoice = (values: readonly number[]) =>
  zInt(Math.min(...values), Math.max(...values), () => SEARCH_MSG.required).refine(
    (v) => values.includes(v),
    SEARCH_MSG.required,
  );

/** The new order search form (spec: from_zip, from_date, to_zip, to_date, type_service, type_moving). */
export const ZOrderSearch = z.object({
  from_zip: ZSearchZip,
  from_date: ZSearchDate,
  to_zip: ZSearchZip,
  to_date: ZSearchDate.optional(),
  type_service: ZChoice([1, 2]),
  type_moving: ZChoice([1, 2]),
});
export type TOrderSearch = z.output<typeof ZOrderSearch>;

/** GET public/helpers: the search plus what the wizard already knows (all optional, sensible defaults). */
export const ZHelperSearchQuery = ZOrderSearch.extend({
  type_service: ZChoice([1, 2]).default(2),
  type_moving: ZChoice([1, 2]).default(1),
  bedrooms_count: zInt(0, 10).default(1),
  helpers_count: zInt(1, 25).optional(),
  hours_count: zDecimal(HOURS.min, HOURS.max).optional(),
  arrival_time: z.enum(SHOW_UP_WINDOWS).default('8-9'),
  payment_method: z.enum(['cash', 'electronic']).default('cash'),
  sort: z.enum(['price', 'rating']).default('price'),
});
export type THelperSearchQuery = z.output<typeof ZHelperSearchQuery>;

/** GET public/helpers: the search and the page (HELPER_PAGE_SIZE helpers a page, the first by default). */
export const ZHelperListQuery = ZHelperSearchQuery.extend({
  page: zInt(1, HELPER_MAX_PAGE).default(1),
});
export type THelperListQuery = z.output<typeof ZHelperListQuery>;

export const BOOKING_MSG = {
  addressRequired: 'Address is required',
  cityRequired: 'City is required',
  stateRequired: 'State is required',
  propertyRequired: 'Choose a property type',
  nameRequired: 'Name is required',
  emailInvalid: MSG.invalidEmail,
  pickupRequired: 'Add at least one pickup address',
  tooManyAddresses: `At most ${MAX_ADDRESSES} addresses`,
  window: 'Choose a show-up time',
  noCrew: 'This company has no crew of that size for this service. Choose another helpers count.',
  notCovered: 'This company does not serve the pickup address.',
  branchGone: 'This company is no longer available. Please choose another one.',
  unavailable: 'This company is not available on that date and time. Choose another date or show-up time.',
  electronicUnavailable: 'Card payment is not available yet. Please choose cash.',
  tooManyPhotos: `At most ${MAX_ITEM_PHOTOS} photos`,
} as const;

export const ZBookingAddress = z.object({
  address: z
    .string(requiredOnly(BOOKING_MSG.addressRequired))
    .trim()
    .min(1, BOOKING_MSG.addressRequired)
    .max(120),
  city_or_town: z
    .string(requiredOnly(BOOKING_MSG.cityRequired))
    .trim()
    .min(1, BOOKING_MSG.cityRequired)
    .max(100),
  state: z
    .string(requiredOnly(BOOKING_MSG.stateRequired))
    .trim()
    .min(1, BOOKING_MSG.stateRequired)
    .max(60, MSG.maxLength60),
  zip_code: ZSearchZip,
  type_property: z.enum(PROPERTY_TYPES, { error: BOOKING_MSG.propertyRequired }),
  flights_of_stairs: zInt(0, MAX_FLIGHTS).default(0),
});
export type TBookingAddress = z.input<typeof ZBookingAddress>;

/**
 * POST customer/orders: a moving order from the booking wizard (spec Order and Address names).
 * Prices are never read from the client: unknown keys (order_price, total, ...) are dropped.
 */
export const ZBookingInput = z.object({
  branch_id: zId(),
  type_service: ZChoice([1, 2]),
  type_moving: ZChoice([1, 2]),
  type_help: ZChoice([1, 2, 3]),
  bedrooms_count: zInt(0, 10).default(0),
  helpers_count: zInt(1, 25),
  hours_count: zDecimal(HOURS.min, HOURS.max).pipe(z.number().multipleOf(HOURS.step)),
  arrival_date: ZSearchDate,
  arrival_time: z.enum(SHOW_UP_WINDOWS, { error: BOOKING_MSG.window }),
  payment_method: z.enum(ORDER_PAYMENT_METHODS, { error: PAYMENT_METHOD_ERROR }),
  name: z
    .string(requiredOnly(BOOKING_MSG.nameRequired))
    .trim()
    .min(1, BOOKING_MSG.nameRequired)
    .max(120, MSG.maxLength120),
  email: z
    .string({ error: MSG.invalidEmail })
    .trim()
    .toLowerCase()
    .pipe(z.email(MSG.invalidEmail))
    .pipe(z.string().max(254)),
  phone: ZPhone,
  secondary_phone: z
    .string()
    .trim()
    .regex(PHONE_PATTERN, MSG.invalidPhone)
    .optional()
    .or(z.literal('').transform(() => undefined))
    .nullable(),
  pickups: z
    .array(ZBookingAddress, { error: BOOKING_MSG.pickupRequired })
    .min(1, BOOKING_MSG.pickupRequired)
    .max(MAX_ADDRESSES, BOOKING_MSG.tooManyAddresses),
  destinations: z.array(ZBookingAddress).max(MAX_ADDRESSES, BOOKING_MSG.tooManyAddresses).default([]),
  unique_items: z.string().trim().max(1500).optional().nullable(),
  /** Photos of heavy or unique items: png/jpg data URLs of at most 10 MB each, checked by the server. */
  item_photos: z
    .array(z.string().max(15_000_000))
    .max(MAX_ITEM_PHOTOS, BOOKING_MSG.tooManyPhotos)
    .default([]),
  notes: z.string().trim().max(1000).optional().nullable(),
  equipment: z.array(z.string().max(64)).max(100).default([]),
  /** A coupon (Invite a friend) to take off the price once; empty means none (decision 022). */
  coupon: z.preprocess((v) => (v === '' || v === null ? undefined : v), ZCouponCode.optional()),
  /** Text me reminders about this job (issue 29): sets the account's consent; texts go to `phone`. */
  sms_opt_in: zSmsOptIn().optional(),
});
export type TBookingInput = z.input<typeof ZBookingInput>;

/** One item of GET public/helpers (money in dollars): the API's view returns it, its routes declare it. */
export const ZHelperListItem = z.object({
  branch_id: z.number().int(),
  branch_name: z.string(),
  company_name: z.string(),
  slug: z.string(),
  logo: z.string().nullable(),
  zip_code: z.string(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  /** Straight-line miles from the branch to the pickup ZIP. */
  distance_miles: z.number(),
  rating: z.number(),
  reviews_count: z.number().int(),
  /** The crews this branch offers for the requested service type. */
  services: z.array(
    z.object({
      id: z.number().int(),
      service_type: z.number().int(),
      employees_count: z.number().int(),
      truck_number: z.number().int(),
      truck_size: z.string().nullable(),
      minimum_hours: z.number(),
      hourly: z.number(),
    }),
  ),
  /** The crew and hours the quote is for (the requested helpers count when offered, else the closest). */
  service_id: z.number().int(),
  helpers_count: z.number().int(),
  hours_count: z.number(),
  payment_methods: z.array(z.enum(['cash', 'electronic'])),
  /** The company's late-cancellation tiers, or the default (decision 029): said on the review step. */
  cancellation_policy: z.array(z.object({ hours_before: z.number().int(), percent: z.number().int() })),
  quote: ZQuote,
  /**
   * Set when the company's team is busy in the asked window (decision 019): why, and the next
   * window it can take the same job (null when none in the next four weeks). Null when it can.
   */
  full: z
    .object({
      message: z.string(),
      next_date: z.string().nullable(),
      next_arrival_time: z.enum(SHOW_UP_WINDOWS).nullable(),
    })
    .nullable(),
});
export type THelperListItem = z.infer<typeof ZHelperListItem>;

/**
 * The `meta` of GET public/helpers: the page (as every paginated list: current_page, last_page,
 * per_page, total) and what the search was priced for. `count` is the total as well (older clients).
 */
export type THelperListMeta = {
  current_page: number;
  last_page: number;
  per_page: number;
  /** Helpers found: the covering branches open that day and window that offer the service (those whose team is busy then come last, with `full`). */
  total: number;
  count: number;
  /** Branches that serve the pickup ZIP at all, free or not. */
  covering_count: number;
  helpers_count: number;
  /** Null when each company is quoted at its own minimum hours. */
  hours_count: number | null;
  electronic_payments: boolean;
};
