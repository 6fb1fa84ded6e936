import { z } from 'zod';
import { ZEmail } from './auth.ts';
import { ZBranchInput } from './branch.ts';
import { NAME_MAX, REFERRAL_CODE_LENGTH } from './constants.ts';
import { VEHICLE_TYPES } from './delivery.ts';
import { INVALID_ZIP, ZIP_PATTERN } from './geo.ts';
import { MSG } from './messages.ts';
import { isCleanText, PARSE_MSG, requiredOnly, zBool, zId, zInt } from './parse.ts';
import { ZPhone } from './phone.ts';
import { zSmsOptIn } from './talk.ts';
import { ZBranchSummary, ZCompanySummary, ZUser } from './user.ts';

/**
 * Accounts (issue 18): the labor user's profile (spec call `PUT labor/labors/{id}` with personal,
 * options and vehicle), their e-mail notification choices, closing an account, mover and labor
 * registration and Google sign-in.
 */

export const ACCOUNT_MSG = {
  // Ours (the spec gives no text for these):
  ssn: 'Social security number must be 9 digits',
  vehicleYear: 'Year must be 4 digits',
  vehicleType: 'Choose a vehicle type',
  serviceArea: 'Service area must be between 1 and 100 km',
  stateRequired: 'State is required',
  cityRequired: 'City is required',
  companyName: 'Company name is required',
  maxLength120: MSG.maxLength120,
  maxLength30: MSG.maxLength30,
  deleteConfirm: 'Type delete to confirm',
  googleToken: 'Google sign-in failed. Please try again.',
  googleOff: 'Google sign-in is not configured',
  notificationsSaved: 'Notification settings saved',
  fixErrors: 'Please correct the highlighted fields.',
  profileSaved: MSG.profileSaved,
  profileSavedVerifyEmail: `${MSG.profileSaved}. We sent a verification link to your new email.`,
  // Spec: Success messages.
  accountDeleted: 'Account deleted successfully',
  moverRegistered: 'Welcome to Haulpro! Your company is ready.',
  laborRegistered: 'Welcome to Haulpro! Your helper account is ready.',
  finishDeliveriesFirst:
    'Finish or give up your accepted deliveries before deleting your account: the customers are counting on them.',
  staffCannotDelete: 'Company accounts are closed by Haulpro support: write to us and we will help.',
} as const;

/** The word the Danger zone asks for (spec: Delete enabled only when typed text equals delete). */
export const DELETE_CONFIRM_WORD = 'delete';

/** Default service radius of a new helper, in km (as the demo helper's). */
export const LABOR_SERVICE_AREA_DEFAULT = 40;

const text = (max: number, maxMessage: string) =>
  z.string(PARSE_MSG.text).trim().max(max, maxMessage).refine(isCleanText, PARSE_MSG.text);

const name = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(NAME_MAX, MSG.maxLength60)
    .refine(isCleanText, message);

/** Nine digits, with or without the dashes of the mask ###-##-####; stored as the nine digits. */
export const SSN_PATTERN = /^\d{3}-?\d{2}-?\d{4}$/;
export const ZSsn = z
  .string({ error: ACCOUNT_MSG.ssn })
  .trim()
  .regex(SSN_PATTERN, ACCOUNT_MSG.ssn)
  .transform((v) => v.replace(/-/g, ''));

/** A vehicle year: exactly four digits (spec: vehicle year mask 4 digits), 1900 or later. */
export const ZVehicleYear = z
  .union([z.number(ACCOUNT_MSG.vehicleYear), z.string(ACCOUNT_MSG.vehicleYear)], {
    error: ACCOUNT_MSG.vehicleYear,
  })
  .transform((v) => String(v).trim())
  .pipe(
    z
      .string()
      .regex(/^\d{4}$/, ACCOUNT_MSG.vehicleYear)
      .transform(Number)
      .pipe(z.number().min(1900, ACCOUNT_MSG.vehicleYear).max(2100, ACCOUNT_MSG.vehicleYear)),
  );

const vehicleValues = VEHICLE_TYPES.map((v) => v.value) as number[];

/** PUT labor/labors/{id}: the labor user's own profile. An empty SSN keeps the stored one. */
export const ZLaborProfileUpdate = z
  .object({
    personal: z.object({
      first_name: name(MSG.invalidFirstName),
      last_name: name(MSG.invalidLastName),
      email: ZEmail,
      phone: ZPhone,
      social_security_number: z
        .union([z.literal(''), ZSsn], { error: ACCOUNT_MSG.ssn })
        .nullable()
        .optional()
        .transform((v) => (v ? v : null)),
    }),
    options: z.object({
      address: text(120, ACCOUNT_MSG.maxLength120).default(''),
      street_address: text(120, ACCOUNT_MSG.maxLength120).default(''),
      apt_unit: text(30, ACCOUNT_MSG.maxLength30).default(''),
      state_id: zId(ACCOUNT_MSG.stateRequired),
      city_id: zId(ACCOUNT_MSG.cityRequired),
      zip_code: z.string({ error: INVALID_ZIP }).trim().regex(ZIP_PATTERN, INVALID_ZIP),
      service_area: zInt(1, 100, ACCOUNT_MSG.serviceArea),
      has_vehicle: zBool(),
    }),
    vehicle: z
      .object({
        type: zInt(1, 4, ACCOUNT_MSG.vehicleType)
          .refine((v) => vehicleValues.includes(v), ACCOUNT_MSG.vehicleType)
          .nullable()
          .optional(),
        model: text(60, MSG.maxLength60).nullable().optional(),
        year: z
          .union([z.literal(''), z.null(), ZVehicleYear], { error: ACCOUNT_MSG.vehicleYear })
          .optional()
          .transform((v) => (typeof v === 'number' ? v : null)),
        make: text(60, MSG.maxLength60).nullable().optional(),
      })
      .default({ type: null, model: null, year: null, make: null }),
    /** A data URL (png, jpg or jpeg, at most 10 MB); absent keeps the photo. */
    image: z.string().max(15_000_000, MSG.fileTooLarge).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.options.has_vehicle && !v.vehicle.type)
      ctx.addIssue({ code: 'custom', path: ['vehicle', 'type'], message: ACCOUNT_MSG.vehicleType });
  });
export type TLaborProfileUpdate = z.input<typeof ZLaborProfileUpdate>;
export type TLaborProfileUpdateParsed = z.output<typeof ZLaborProfileUpdate>;

/** The labor profile as read back: the SSN only as its last four digits. */
export const ZLaborProfile = z.object({
  id: z.number().int(),
  image: z.string().nullable(),
  personal: z.object({
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    /** Last four digits of the stored SSN, or null when none is stored. Never the whole number. */
    social_security_number_last4: z.string().nullable(),
  }),
  options: z.object({
    address: z.string(),
    street_address: z.string(),
    apt_unit: z.string(),
    state_id: z.number().int().nullable(),
    city_id: z.number().int().nullable(),
    zip_code: z.string(),
    service_area: z.number().int(),
    has_vehicle: z.boolean(),
  }),
  vehicle: z.object({
    type: z.number().int().nullable(),
    model: z.string().nullable(),
    year: z.number().int().nullable(),
    make: z.string().nullable(),
  }),
});
export type TLaborProfile = z.infer<typeof ZLaborProfile>;

/** What a labor user may hear about by e-mail (the in-app notifications always arrive). */
export const LABOR_MAIL_EVENTS = [
  {
    key: 'new_delivery',
    label: 'New deliveries near me',
    description: 'A customer placed a delivery in your service area: bid before someone else does.',
  },
  {
    key: 'delivery_updates',
    label: 'Changes to my deliveries',
    description: 'A customer cancelled or confirmed a delivery you accepted.',
  },
  {
    key: 'payouts',
    label: 'Payouts',
    description: 'The admin approved or rejected a payout you submitted.',
  },
] as const;
export type TLaborMailEvent = (typeof LABOR_MAIL_EVENTS)[number]['key'];

export const ZLaborNotificationSettings = z.object({
  new_delivery: zBool(),
  delivery_updates: zBool(),
  payouts: zBool(),
  /** Text-message reminders (issue 29); left out, unchanged. On needs a phone (TALK_MSG.smsPhone). */
  sms: zSmsOptIn().optional(),
});
export type TLaborNotificationSettings = z.output<typeof ZLaborNotificationSettings>;
/** The same as answered. */
export const ZLaborNotificationSettingsView = z.object({
  new_delivery: z.boolean(),
  delivery_updates: z.boolean(),
  payouts: z.boolean(),
  sms: z.boolean(),
});
export type TLaborNotificationSettingsView = z.output<typeof ZLaborNotificationSettingsView>;

/** DELETE users/{id}: the typed confirmation. */
export const ZDeleteAccount = z.object({
  confirmation: z
    .string({ error: ACCOUNT_MSG.deleteConfirm })
    .refine((v) => v.trim() === DELETE_CONFIRM_WORD, ACCOUNT_MSG.deleteConfirm),
});
export type TDeleteAccount = z.input<typeof ZDeleteAccount>;

const password = z
  .string({ error: MSG.invalidPassword })
  .min(8, MSG.invalidPassword)
  .max(128, MSG.invalidPassword);

/** Like the referral sign-up's: optional, 7 characters, upper-cased. */
const referralCode = z
  .string({ error: MSG.referralCodeMissing })
  .trim()
  .max(REFERRAL_CODE_LENGTH, MSG.referralCodeMissing)
  .optional()
  .nullable()
  .transform((v) => (v ? v.toUpperCase() : null))
  .refine((v) => v === null || v.length === REFERRAL_CODE_LENGTH, MSG.referralCodeMissing);

const person = {
  first_name: name(MSG.invalidFirstName),
  last_name: name(MSG.invalidLastName),
  email: ZEmail,
  password,
  referral_code: referralCode,
};

/**
 * POST public/register/mover: the first staff user, the company and its main branch (the
 * Locations rules: ZBranchInput). The branch's phone is the company's.
 */
export const ZRegisterMover = z.object({
  ...person,
  company_name: z
    .string(requiredOnly(ACCOUNT_MSG.companyName))
    .trim()
    .min(1, ACCOUNT_MSG.companyName)
    .max(120, ACCOUNT_MSG.maxLength120)
    .refine(isCleanText, ACCOUNT_MSG.companyName),
  branch: ZBranchInput,
});
export type TRegisterMover = z.input<typeof ZRegisterMover>;

/** POST public/register/labor: an individual helper working around a ZIP code. */
export const ZRegisterLabor = z.object({
  ...person,
  phone: ZPhone,
  zip_code: z.string({ error: INVALID_ZIP }).trim().regex(ZIP_PATTERN, INVALID_ZIP),
});
export type TRegisterLabor = z.input<typeof ZRegisterLabor>;

/** POST google/auth/login-via-token (spec: token; returns user, token). */
export const ZGoogleLogin = z.object({
  token: z
    .string({ error: ACCOUNT_MSG.googleToken })
    .min(20, ACCOUNT_MSG.googleToken)
    .max(8192, ACCOUNT_MSG.googleToken),
});
export const ZGoogleLoginAnswer = z.object({ user: ZUser, token: z.string() });

/** GET public/auth/providers: which third-party sign-ins this server offers. */
export const ZAuthProviders = z.object({ google_client_id: z.string().nullable() });
export type TAuthProviders = z.infer<typeof ZAuthProviders>;

/** A registration's answer: the new account is signed in (as POST auth/login answers). */
export const ZSignedIn = z.object({
  user: ZUser,
  company: ZCompanySummary.nullable(),
  branches: z.array(ZBranchSummary),
  token: z.string(),
});
export type TSignedIn = z.infer<typeof ZSignedIn>;
