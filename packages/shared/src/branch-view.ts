import { z } from 'zod';
import { ZPublicPhoto } from './branch-photo.ts';
import { ZPublicCredentials } from './credentials.ts';
import { ZReviewView } from './review-view.ts';

/** One crew a branch offers on its public page (money in dollars). */
export const ZPublicCrew = z.object({
  id: z.number().int(),
  employees_count: z.number().int(),
  minimum_hours: z.number(),
  hourly: z.number(),
  truck_number: z.number().int(),
  truck_size: z.string().nullable(),
});

export const ZPublicWorkingDay = z.object({
  /** 0 = Sunday .. 6 = Saturday. */
  day: z.number().int(),
  is_active: z.boolean(),
  /** 0..24 */
  from_hour: z.number().int(),
  /** 0..24 */
  to_hour: z.number().int(),
});

/** A service the company offers (spec: selected_service); the public page lists the active ones. */
export const ZPublicSelectedService = z.object({
  id: z.number().int(),
  service: z.string(),
  is_active: z.boolean(),
});
/** An answered FAQ question (spec: answers). */
export const ZPublicAnswer = z.object({ id: z.number().int(), question: z.string(), answer: z.string() });
/** A payment method the company takes (spec: payment_methods name, is_active); active ones only. */
export const ZPublicPaymentMethod = z.object({ name: z.string(), is_active: z.boolean() });
/**
 * GET public/branches/{slug}: the public page of a branch (spec: Public profile). The API's view
 * returns this type and the route declares it; the company page reads the same type.
 */
export const ZPublicBranchView = z.object({
  branch_id: z.number().int(),
  slug: z.string(),
  branch_name: z.string(),
  company_name: z.string(),
  logo: z.string().nullable(),
  address: z.string(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zip_code: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  /** km */
  service_area: z.number(),
  phone: z.string().nullable(),
  /** One decimal. */
  rating: z.number(),
  reviews_count: z.number().int(),
  /** YYYY-MM-DD */
  found_date: z.string().nullable(),
  employees_count: z.number().int().nullable(),
  times_hired: z.number().int(),
  /** 0..1, null with no history. */
  acceptance_rate: z.number().nullable(),
  /** 0..1, null with no history. */
  cancellation_rate: z.number().nullable(),
  /** The company's introduction (spec: about_us), plain text; null until staff write it on /profile. */
  about_us: z.string().nullable(),
  /** The spec's name for the logo. */
  avatar: z.string().nullable(),
  /** Orders completed (the spec's orders_count; times_hired says the same). */
  orders_count: z.number().int(),
  /** Background checked: the required licences on file and in date, and a drug-tested crew. */
  is_checked: z.boolean(),
  /** Pinned first, then newest. */
  photos: z.array(ZPublicPhoto),
  selected_service: z.array(ZPublicSelectedService),
  /** Each licence on file (issuer, expiry; never its number) or null, and the two flags. */
  credentials: ZPublicCredentials,
  answers: z.array(ZPublicAnswer),
  services: z.object({ helpers_only: z.array(ZPublicCrew), helpers_and_trucks: z.array(ZPublicCrew) }),
  /** Always 7, Sunday first. */
  working_days: z.array(ZPublicWorkingDay),
  /** The methods the company takes (set on /profile), e.g. Visa, Zelle. */
  payment_methods: z.array(ZPublicPaymentMethod),
  /** How a booking on Haulpro can be paid: cash always, electronic (card) when payments are set up. */
  payment_options: z.array(z.enum(['cash', 'electronic'])),
  /** The company's late-cancellation tiers, or the default (decision 029). */
  cancellation_policy: z.array(z.object({ hours_before: z.number().int(), percent: z.number().int() })),
  reviews: z.array(ZReviewView),
});
export type TPublicBranchView = z.infer<typeof ZPublicBranchView>;
export type TPublicCrew = z.infer<typeof ZPublicCrew>;
export type TPublicWorkingDay = z.infer<typeof ZPublicWorkingDay>;
export type TPublicAnswer = z.infer<typeof ZPublicAnswer>;
export type TPublicPaymentMethod = z.infer<typeof ZPublicPaymentMethod>;
