import { z } from 'zod';
import { MSG } from './messages.ts';
import { ID_MAX, ISO_DATE, requiredOnly, zBool, zDate, zDecimal, zId, zInt } from './parse.ts';
import {
  DOUBLE_DRIVING_OPTIONS,
  MINIMUM_HOURS,
  MOVER_SIZE,
  OPERATING_WINDOW_MAX_DIGITS,
  SURGE_SLIDER,
  TRAVEL_AREA,
  TRUCK_COUNT,
} from './pricing-constants.ts';

/** Messages of the pricing and options forms (the spec gives none beyond "integers only"; ours). */
export const PRICING_MSG = {
  integer: 'Only whole numbers are allowed',
  positive: MSG.onlyPositive,
  nameRequired: 'Name is required',
  moverSize: `Choose from ${MOVER_SIZE.min} to ${MOVER_SIZE.max} movers`,
  minimumHours: `Minimum hours must be from ${MINIMUM_HOURS.min} to ${MINIMUM_HOURS.max}`,
  truckNumber: `Choose from ${TRUCK_COUNT.min} to ${TRUCK_COUNT.max} trucks`,
  serviceType: 'Choose Helpers only or Helpers and trucks',
  truckSize: 'Truck size is required',
  dateRequired: 'Date is required',
  percentage: 'A percentage must be from 1 to 100',
  doubleDriving: 'Choose a double driving option',
  surge: `Choose from ${SURGE_SLIDER.min} to ${SURGE_SLIDER.max}`,
  travelArea: `Choose from ${TRAVEL_AREA.min} to ${TRAVEL_AREA.max}`,
  serviceArea: 'Service area must be between 1 and 100 km',
  operatingWindow: `Enter up to ${OPERATING_WINDOW_MAX_DIGITS} digits`,
  hours: 'Opening hours must be from 0 to 24, and the opening before the closing',
  day: 'Day must be from 0 (Sunday) to 6 (Saturday)',
  blockInterval: 'Choose the morning, the afternoon or both',
  pastDate: 'You cannot block a date in the past',
  duplicateDiscount: 'There is already an offer on this date',
  duplicateBlock: 'This date already has blocked time',
  serviceSaved: 'Service saved successfully',
  serviceDeleted: 'Service deleted successfully',
  offerSaved: 'Offer saved successfully',
  offerDeleted: 'Offer deleted successfully',
  pricingSaved: 'Pricing saved successfully',
  companySaved: 'Settings saved successfully',
  hoursSaved: 'Operating hours saved successfully',
  blockSaved: 'Blocked time saved successfully',
  blockDeleted: 'Blocked time deleted successfully',
} as const;

/** Whole-number fields: "Service price rate and discount amount accept integers only". */
const int = (min: number, max: number, message: string) =>
  zInt(-ID_MAX, ID_MAX, PRICING_MSG.integer).pipe(z.number().min(min, message).max(max, message));
const dollars = (max = 1_000_000) => int(0, max, PRICING_MSG.positive);

export { ISO_DATE };
export const ZIsoDate = zDate(PRICING_MSG.dateRequired);

/** Service price (spec entity). Money in whole dollars on the wire. */
export const ZServicePriceInput = z
  .object({
    name: z
      .string(requiredOnly(PRICING_MSG.nameRequired))
      .trim()
      .min(1, { message: PRICING_MSG.nameRequired, abort: true })
      .max(60, MSG.maxLength60),
    employees_count: int(MOVER_SIZE.min, MOVER_SIZE.max, PRICING_MSG.moverSize),
    minimum_hours: int(MINIMUM_HOURS.min, MINIMUM_HOURS.max, PRICING_MSG.minimumHours),
    base_hourly_rate: dollars(100_000),
    charge_overtime: dollars(100_000).default(0),
    service_type: zInt(1, 2, PRICING_MSG.serviceType).pipe(
      z.union([z.literal(1), z.literal(2)], { error: PRICING_MSG.serviceType }),
    ),
    truck_size: z.string().trim().max(30).nullable().optional(),
    truck_number: int(0, TRUCK_COUNT.max, PRICING_MSG.truckNumber).nullable().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.service_type !== 2) return;
    if (!v.truck_number || v.truck_number < TRUCK_COUNT.min)
      ctx.addIssue({ code: 'custom', path: ['truck_number'], message: PRICING_MSG.truckNumber });
    if (!v.truck_size) ctx.addIssue({ code: 'custom', path: ['truck_size'], message: PRICING_MSG.truckSize });
  });
export type TServicePriceInput = z.input<typeof ZServicePriceInput>;

export const ZServicePrice = z.object({
  id: z.number().int(),
  branch_id: z.number().int(),
  name: z.string(),
  employees_count: z.number().int(),
  minimum_hours: z.number().int(),
  base_hourly_rate: z.number().int(),
  charge_overtime: z.number().int(),
  service_type: z.union([z.literal(1), z.literal(2)]),
  truck_size: z.string().nullable(),
  truck_number: z.number().int().nullable(),
});
export type TServicePrice = z.infer<typeof ZServicePrice>;

/** Calendar offer: a discount or surcharge on a date, a percentage or a whole-dollar value. */
export const ZDiscountInput = z
  .object({
    date: ZIsoDate,
    is_discount: zBool(),
    is_value_percentage: zBool(),
    value: int(1, 100_000, PRICING_MSG.positive),
  })
  .superRefine((v, ctx) => {
    if (v.is_value_percentage && v.value > 100)
      ctx.addIssue({ code: 'custom', path: ['value'], message: PRICING_MSG.percentage });
  });
export type TDiscountInput = z.input<typeof ZDiscountInput>;

export const ZDiscount = z.object({
  id: z.number().int(),
  branch_id: z.number().int(),
  date: z.string(),
  is_discount: z.boolean(),
  is_value_percentage: z.boolean(),
  value: z.number().int(),
});
export type TDiscount = z.infer<typeof ZDiscount>;

export const ZEquipment = z.object({
  uuid: z.string().uuid().optional(),
  name: z
    .string(requiredOnly(PRICING_MSG.nameRequired))
    .trim()
    .min(1, { message: PRICING_MSG.nameRequired, abort: true })
    .max(60, MSG.maxLength60),
  value: dollars(100_000),
  is_active: zBool().default(true),
});

/** The Service Fee tab and equipment pricing: branch pricing fields (spec: Branch pricing fields). */
export const ZBranchPricingInput = z
  .object({
    service_area: int(1, 100, PRICING_MSG.serviceArea),
    fee_first_bedroom: dollars(),
    fee_extra_bedroom: dollars(),
    helpers_and_trucks_between_double_driving: zInt(-1, 1000, PRICING_MSG.doubleDriving).refine(
      (v) => (DOUBLE_DRIVING_OPTIONS as readonly number[]).includes(v),
      PRICING_MSG.doubleDriving,
    ),
    surge_distance: int(SURGE_SLIDER.min, SURGE_SLIDER.max, PRICING_MSG.surge),
    surge_additional_hourly_rate: int(SURGE_SLIDER.min, SURGE_SLIDER.max, PRICING_MSG.surge),
    surge_additional_min_hours: int(SURGE_SLIDER.min, SURGE_SLIDER.max, PRICING_MSG.surge),
    surge_additional_service_fee: int(SURGE_SLIDER.min, SURGE_SLIDER.max, PRICING_MSG.surge),
    // The slider runs 0..300 but is forced to at least 1.
    travel_area: int(0, TRAVEL_AREA.max, PRICING_MSG.travelArea).transform((v) =>
      Math.max(TRAVEL_AREA.min, v),
    ),
    equipments: z.array(ZEquipment).max(100),
  })
  .partial()
  .transform(raiseSurgeDistance);
export type TBranchPricingInput = z.input<typeof ZBranchPricingInput>;

/** "The surge distance is raised to match [the service area] if smaller." */
export function raiseSurgeDistance<
  T extends { service_area?: number | undefined; surge_distance?: number | undefined },
>(v: T): T {
  if (v.service_area !== undefined && v.surge_distance !== undefined && v.surge_distance < v.service_area) {
    return { ...v, surge_distance: v.service_area };
  }
  return v;
}

export const ZBranchPricing = z.object({
  branch_id: z.number().int(),
  service_area: z.number().int(),
  fee_first_bedroom: z.number().int(),
  fee_extra_bedroom: z.number().int(),
  helpers_and_trucks_between_double_driving: z.number().int(),
  surge_distance: z.number().int(),
  surge_additional_hourly_rate: z.number().int(),
  surge_additional_min_hours: z.number().int(),
  surge_additional_service_fee: z.number().int(),
  travel_area: z.number().int(),
  equipments: z.array(
    z.object({ uuid: z.string(), name: z.string(), value: z.number().int(), is_active: z.boolean() }),
  ),
});
export type TBranchPricing = z.infer<typeof ZBranchPricing>;

export const ZWorkingDayInput = z
  .object({
    day: zInt(0, 6, PRICING_MSG.day),
    is_active: zBool(),
    from_hour: int(0, 24, PRICING_MSG.hours),
    to_hour: int(0, 24, PRICING_MSG.hours),
  })
  .refine((d) => d.from_hour < d.to_hour, { message: PRICING_MSG.hours, path: ['to_hour'] });

/** A weekday's opening hours as the API answers them. */
export const ZWorkingDay = z.object({
  day: z.number().int(),
  is_active: z.boolean(),
  from_hour: z.number().int(),
  to_hour: z.number().int(),
});
export type TWorkingDay = z.infer<typeof ZWorkingDay>;

export const ZWorkingDaysInput = z.object({
  branch_id: zId(),
  days: z
    .array(ZWorkingDayInput)
    .max(7)
    .refine((days) => new Set(days.map((d) => d.day)).size === days.length, PRICING_MSG.day),
});

export const ZBlockedDayInput = z
  .object({
    branch_id: zId(),
    date: ZIsoDate,
    is_on_morning: zBool(),
    is_on_afternoon: zBool(),
  })
  .refine((v) => v.is_on_morning || v.is_on_afternoon, {
    message: PRICING_MSG.blockInterval,
    path: ['is_on_morning'],
  });

export const ZBlockedDay = z.object({
  id: z.number().int(),
  branch_id: z.number().int(),
  company_id: z.number().int(),
  date: z.string(),
  is_on_morning: z.boolean(),
  is_on_afternoon: z.boolean(),
});
export type TBlockedDay = z.infer<typeof ZBlockedDay>;

/** Spec: a payment method's name is at most 30 characters. */
export const PAYMENT_METHOD_NAME_MAX = 30;
/** Spec: the fee type is $ or %, and $ when none is set. */
export const FEE_TYPES = ['$', '%'] as const;
export type TFeeType = (typeof FEE_TYPES)[number];
export const FEE_TYPE_MSG = 'Choose $ or % for the fee';

/**
 * One payment method (spec: Payment methods validation). A name that is missing is refused
 * ("Payment method field is required"); a name left empty is dropped on save (ZCompanySettingsInput).
 */
export const ZPaymentMethod = z.object({
  uuid: z.string().uuid().optional(),
  name: z
    .string(requiredOnly(MSG.paymentMethodRequired))
    .trim()
    .max(PAYMENT_METHOD_NAME_MAX, MSG.maxLength30),
  is_active: zBool().default(true),
});

/** GET/PUT companies/{id}: payment settings and the operating window. */
export const ZCompanySettingsInput = z
  .object({
    name: z.string().trim().min(1).max(120).optional(),
    accept_in_period_of: zInt(0, 9999, PRICING_MSG.operatingWindow),
    accept_next_day_move: zBool(),
    // Methods with an empty name are dropped on save (spec).
    payment_methods: z
      .array(ZPaymentMethod)
      .max(50)
      .transform((list) => list.filter((m) => m.name.length > 0)),
    payment_methods_fee: zDecimal(0, 100000, MSG.onlyPositive),
    // No default here: inside .partial() a default would reset the fee type on every save that
    // leaves it out (the operating window's). null means "none set", which is $ (spec).
    payment_methods_icon: z
      .enum(FEE_TYPES, { error: FEE_TYPE_MSG })
      .nullable()
      .transform((v): TFeeType => v ?? '$'),
  })
  .partial();

export const ZCompanySettings = z.object({
  id: z.number().int(),
  name: z.string(),
  logo: z.string().nullable(),
  accept_in_period_of: z.number().int(),
  accept_next_day_move: z.boolean(),
  payment_methods: z.array(z.object({ uuid: z.string(), name: z.string(), is_active: z.boolean() })),
  payment_methods_fee: z.number(),
  payment_methods_icon: z.enum(['$', '%']),
});
export type TCompanySettings = z.infer<typeof ZCompanySettings>;

/** A price preview for a branch from its stored settings (staff; the booking site reuses it). */
export const ZQuoteRequest = z.object({
  service_id: zId(),
  hours: zDecimal(1, 24, PRICING_MSG.minimumHours),
  bedrooms: zInt(0, 10).default(0),
  from_zip: z
    .string()
    .trim()
    .regex(/^\d{5}$/, 'Invalid zip code'),
  to_zip: z
    .string()
    .trim()
    .regex(/^\d{5}$/, 'Invalid zip code'),
  date: ZIsoDate,
  payment_method: z.enum(['cash', 'electronic']).default('cash'),
  equipment: z.array(z.string().max(64)).max(100).default([]),
  redeem_enabled: zBool().default(false),
});

/** Money in dollars (two decimals) on the wire; the engine works in cents. */
export const ZQuote = z.object({
  service_type: z.number().int(),
  helpers_count: z.number().int(),
  truck_number: z.number().int(),
  hourly: z.number(),
  hours_count: z.number(),
  minimum_hours: z.number(),
  billable_hours: z.number(),
  total_for_n_hours: z.number(),
  is_surge: z.boolean(),
  distance_miles: z.number(),
  is_double_drive: z.boolean(),
  double_drive_hours: z.number(),
  double_drive_price: z.number(),
  bedroom_fee: z.number(),
  equipment: z.number(),
  subtotal: z.number(),
  date_adjustment: z.number(),
  service_fee: z.number(),
  processing_fee: z.number(),
  total: z.number(),
});
export type TQuoteView = z.infer<typeof ZQuote>;
