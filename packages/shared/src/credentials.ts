import { z } from 'zod';
import {
  AUTHORITIES,
  LICENCES,
  REQUIRED_LICENCES,
  type TCredentialFlag,
  type TLicence,
} from './credential-names.ts';
import { isCalendarDate, PARSE_MSG, requiredOnly, zBool } from './parse.ts';

/**
 * A branch's credentials (spec: Credentials): four licences it must hold, one it may hold, and two
 * yes/no flags. The licence rules (expiry warning, background checked) are pure and live here so
 * the profile page, the public page and the API agree (docs/decisions/018-company-profile.md).
 */

export const CREDENTIALS_MSG = {
  fieldRequired: 'Field is required',
  authority: 'Choose one for authority',
  expirationRequired: 'Expiration date is required',
  // Ours (the spec gives no text):
  expirationInvalid: PARSE_MSG.date,
  tooLong: 'Max length is 100 characters',
  flag: 'Choose yes or no',
  saved: 'Credentials updated successfully',
} as const;

export {
  AUTHORITIES,
  CREDENTIAL_FLAGS,
  FLAG_LABELS,
  LICENCE_LABELS,
  LICENCES,
  REQUIRED_LICENCES,
  type TAuthority,
  type TCredentialFlag,
  type TLicence,
} from './credential-names.ts';

export const FIELD_LABELS: Record<string, string> = {
  mtr_license_number: 'MTR license number',
  issuing_city: 'Issuing city',
  policy_number: 'Policy number',
  policy_issuer: 'Policy issuer',
  mc_number: 'MC number',
  dot_number: 'DOT number',
  state_lic_issuer: 'State license issuer',
  state_lic_number: 'State license number',
  authority: 'Authority',
  expiration_date: 'Expiration date',
};

/** Licence fields that identify the licence: kept off the public page. */
export const LICENCE_NUMBER_FIELDS = [
  'mtr_license_number',
  'policy_number',
  'mc_number',
  'dot_number',
  'state_lic_number',
] as const;

export const CREDENTIAL_TEXT_MAX = 100;

/** A required text field of a licence: "Field is required" when missing or blank. */
const field = () =>
  z
    .string(requiredOnly(CREDENTIALS_MSG.fieldRequired))
    .trim()
    .min(1, { message: CREDENTIALS_MSG.fieldRequired, abort: true })
    .max(CREDENTIAL_TEXT_MAX, CREDENTIALS_MSG.tooLong);

/** An expiration date: required, then a real calendar date (2027-02-30 is refused). */
const expiration = () =>
  z
    .string(requiredOnly(CREDENTIALS_MSG.expirationRequired))
    .trim()
    .min(1, { message: CREDENTIALS_MSG.expirationRequired, abort: true })
    .refine(isCalendarDate, CREDENTIALS_MSG.expirationInvalid);

export const ZMtrLicense = z.strictObject({
  mtr_license_number: field(),
  issuing_city: field(),
  expiration_date: expiration(),
});
export const ZPolicyLicense = z.strictObject({
  policy_number: field(),
  policy_issuer: field(),
  expiration_date: expiration(),
});
export const ZTransportationLicense = z.strictObject({
  mc_number: field(),
  dot_number: field(),
  expiration_date: expiration(),
  state_lic_issuer: field(),
  state_lic_number: field(),
  authority: z.enum(AUTHORITIES, { error: CREDENTIALS_MSG.authority }),
});

export const LICENCE_SCHEMAS = {
  mtr_license: ZMtrLicense,
  general_liability_license: ZPolicyLicense,
  cargo_insurance_license: ZPolicyLicense,
  workers_compensation_license: ZPolicyLicense,
  transportation_service_license: ZTransportationLicense,
} as const;

export type TMtrLicense = z.output<typeof ZMtrLicense>;
export type TPolicyLicense = z.output<typeof ZPolicyLicense>;
export type TTransportationLicense = z.output<typeof ZTransportationLicense>;

/** GET branches/{id}?section=credentials (and the answer of a credentials save). */
export const ZCredentialsSection = z.object({
  mtr_license: ZMtrLicense.nullable(),
  general_liability_license: ZPolicyLicense.nullable(),
  cargo_insurance_license: ZPolicyLicense.nullable(),
  workers_compensation_license: ZPolicyLicense.nullable(),
  transportation_service_license: ZTransportationLicense.nullable(),
  uniformed_crew: z.union([z.literal(0), z.literal(1)]),
  drug_test: z.union([z.literal(0), z.literal(1)]),
});
export type TCredentialsSection = z.infer<typeof ZCredentialsSection>;

/** The flag values as the wire carries them (spec: 1 or 0). */
export const ZCredentialFlag = zBool(CREDENTIALS_MSG.flag).transform((v) => (v ? 1 : 0) as 0 | 1);

/**
 * Reads whatever the jsonb column holds into the section: a licence that no longer passes its
 * schema (hand-edited, older shape) is shown as missing rather than failing the page.
 */
export function readCredentials(stored: unknown): TCredentialsSection {
  const raw = stored && typeof stored === 'object' ? (stored as Record<string, unknown>) : {};
  const licence = <T extends TLicence>(name: T) => {
    const parsed = LICENCE_SCHEMAS[name].safeParse(raw[name]);
    return parsed.success ? parsed.data : null;
  };
  const flag = (name: TCredentialFlag): 0 | 1 => (raw[name] === 1 || raw[name] === true ? 1 : 0);
  return {
    mtr_license: licence('mtr_license') as TMtrLicense | null,
    general_liability_license: licence('general_liability_license') as TPolicyLicense | null,
    cargo_insurance_license: licence('cargo_insurance_license') as TPolicyLicense | null,
    workers_compensation_license: licence('workers_compensation_license') as TPolicyLicense | null,
    transportation_service_license: licence(
      'transportation_service_license',
    ) as TTransportationLicense | null,
    uniformed_crew: flag('uniformed_crew'),
    drug_test: flag('drug_test'),
  };
}

/* ---------- Expiry (pure; `today` is the branch's calendar date, YYYY-MM-DD) ---------- */

/** A licence expiring within this many days (or already expired) is flagged. */
export const EXPIRY_WARNING_DAYS = 30;

const dayNumber = (isoDate: string) =>
  Date.UTC(Number(isoDate.slice(0, 4)), Number(isoDate.slice(5, 7)) - 1, Number(isoDate.slice(8, 10))) /
  86_400_000;

/** Whole days from `today` to `date` (negative when past). Both YYYY-MM-DD. */
export function daysUntil(date: string, today: string): number {
  return Math.round(dayNumber(date) - dayNumber(today));
}

export type TExpiryStatus = 'valid' | 'expiring' | 'expired';

/**
 * A licence is valid through its expiration date: expired from the day after; expiring when it
 * ends within 30 days (the expiration day itself counts as 0 days left).
 */
export function expiryStatus(expirationDate: string, today: string): TExpiryStatus {
  if (!isCalendarDate(expirationDate) || !isCalendarDate(today)) return 'expired';
  const left = daysUntil(expirationDate, today);
  if (left < 0) return 'expired';
  return left <= EXPIRY_WARNING_DAYS ? 'expiring' : 'valid';
}

export type TLicenceExpiry = {
  licence: TLicence;
  expiration_date: string;
  days_left: number;
  status: Exclude<TExpiryStatus, 'valid'>;
};

/** The saved licences that expire within 30 days or have expired, soonest first. */
export function expiringLicences(credentials: TCredentialsSection, today: string): TLicenceExpiry[] {
  const out: TLicenceExpiry[] = [];
  for (const licence of LICENCES) {
    const saved = credentials[licence];
    if (!saved) continue;
    const status = expiryStatus(saved.expiration_date, today);
    if (status === 'valid') continue;
    out.push({
      licence,
      expiration_date: saved.expiration_date,
      days_left: daysUntil(saved.expiration_date, today),
      status,
    });
  }
  return out.sort(
    (a, b) => a.days_left - b.days_left || LICENCES.indexOf(a.licence) - LICENCES.indexOf(b.licence),
  );
}

/** The warning shown on a licence card: 'Expired' when past, otherwise how soon it ends. */
export function expiryWarning(expirationDate: string, today: string): string | null {
  const status = expiryStatus(expirationDate, today);
  if (status === 'valid') return null;
  if (status === 'expired') return 'Expired';
  const left = daysUntil(expirationDate, today);
  if (left === 0) return 'Expires today';
  return `Expires in ${left} day${left === 1 ? '' : 's'}`;
}

/**
 * Background checked (our rule, decision 018): the four required licences are saved and none of
 * them has expired, and the crew is drug tested (drug_test = 1). Uniformed crew and the optional
 * workers' compensation do not count.
 */
export function isBackgroundChecked(credentials: TCredentialsSection, today: string): boolean {
  if (credentials.drug_test !== 1) return false;
  return REQUIRED_LICENCES.every((name) => {
    const saved = credentials[name];
    return saved !== null && expiryStatus(saved.expiration_date, today) !== 'expired';
  });
}

/* ---------- The public page's view: no licence numbers ---------- */

export const ZPublicLicence = z.object({
  /** Issuing city, policy issuer or state licence issuer, whichever the licence has. */
  issuer: z.string(),
  expiration_date: z.string(),
  /** Transportation service licence only. */
  authority: z.enum(AUTHORITIES).nullable(),
  is_expired: z.boolean(),
});
export type TPublicLicence = z.infer<typeof ZPublicLicence>;

export const ZPublicCredentials = z.object({
  mtr_license: ZPublicLicence.nullable(),
  general_liability_license: ZPublicLicence.nullable(),
  cargo_insurance_license: ZPublicLicence.nullable(),
  workers_compensation_license: ZPublicLicence.nullable(),
  transportation_service_license: ZPublicLicence.nullable(),
  uniformed_crew: z.boolean(),
  drug_test: z.boolean(),
});
export type TPublicCredentials = z.infer<typeof ZPublicCredentials>;

/** What a customer may see of the credentials: issuers, dates, authority and flags; never a number. */
export function publicCredentials(credentials: TCredentialsSection, today: string): TPublicCredentials {
  const view = (licence: TLicence): TPublicLicence | null => {
    const saved = credentials[licence];
    if (!saved) return null;
    const issuer =
      'issuing_city' in saved
        ? saved.issuing_city
        : 'policy_issuer' in saved
          ? saved.policy_issuer
          : saved.state_lic_issuer;
    return {
      issuer,
      expiration_date: saved.expiration_date,
      authority: 'authority' in saved ? saved.authority : null,
      is_expired: expiryStatus(saved.expiration_date, today) === 'expired',
    };
  };
  return {
    mtr_license: view('mtr_license'),
    general_liability_license: view('general_liability_license'),
    cargo_insurance_license: view('cargo_insurance_license'),
    workers_compensation_license: view('workers_compensation_license'),
    transportation_service_license: view('transportation_service_license'),
    uniformed_crew: credentials.uniformed_crew === 1,
    drug_test: credentials.drug_test === 1,
  };
}
