import { z } from 'zod';
import { NAME_MAX } from './constants.ts';
import {
  CREDENTIAL_FLAGS,
  CREDENTIALS_MSG,
  LICENCE_SCHEMAS,
  LICENCES,
  type TCredentialFlag,
  type TLicence,
  ZCredentialFlag,
  ZCredentialsSection,
} from './credentials.ts';
import { MSG } from './messages.ts';
import { requiredOnly, zBool, zId, zInt } from './parse.ts';
import { PHONE_PATTERN } from './phone.ts';

/**
 * The company profile (/profile; spec: Profile, Branch info, Introduction, FAQ): the sections of
 * `GET branches/{id}?section=`, the one-section-per-request body of `PUT branches/{id}`, and the
 * FAQ answers. Credentials are in credentials.ts.
 */

export const PROFILE_SECTIONS = ['branch_info', 'introduction', 'credentials'] as const;
export type TProfileSection = (typeof PROFILE_SECTIONS)[number];

export const ABOUT_MIN = 20;
export const ABOUT_MAX = 1000;
/** The public page folds the about text behind Read more above this many characters. */
export const ABOUT_FOLD = 500;
export const FAQ_ANSWER_MIN = 10;
export const FAQ_ANSWER_MAX = 1000;
/** Spec: employees_count at least 1, at most 7 digits. */
export const EMPLOYEES_MIN = 1;
export const EMPLOYEES_MAX = 9999999;

export const PROFILE_MSG = {
  branchNameRequired: 'Branch name is required',
  branchNameMax: MSG.maxLength60Should,
  branchAddressRequired: 'Branch address is required',
  phoneRequired: MSG.phoneRequired,
  invalidPhone: MSG.invalidPhone,
  employeesRequired: 'Number of employees field is required',
  employeesInvalid: 'Number of employees is invalid',
  aboutRequired: 'About field is required',
  aboutMin: 'About text should contain at least 20 characters',
  aboutMax: 'Sorry you are exceeding the limit',
  // Ours (the spec gives no text):
  answerRequired: 'Answer field is required',
  answerMin: 'Answer should contain at least 10 characters',
  answerMax: 'Sorry you are exceeding the limit',
  logoRequired: 'Choose an image',
  questionUnknown: 'This question does not exist',
  questionMismatch: 'This answer belongs to another question',
  serviceUnknown: 'This service does not exist',
  oneSection: 'Send one section per request',
  introductionOne: 'Send either about_us or selected_services',
  sectionInvalid: 'Section must be branch_info, introduction or credentials',
  licenceName: 'Unknown credential',
  branchInfoSaved: 'Branch info updated successfully',
  logoSaved: 'Logo updated successfully',
  aboutSaved: 'About updated successfully',
  servicesSaved: 'Services updated successfully',
  credentialsSaved: CREDENTIALS_MSG.saved,
  answerSaved: 'Answer saved successfully',
  answerUpdated: 'Answer updated successfully',
} as const;

/* ---------- Sections (answers) ---------- */

/** GET branches/{id}?section=branch_info */
export const ZBranchInfoSection = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  address: z.string(),
  primary_phone: z.string().nullable(),
  employees_count: z.number().int().nullable(),
  company_name: z.string(),
  email: z.string().nullable(),
  website: z.string().nullable(),
  /** YYYY-MM-DD */
  found_date: z.string().nullable(),
  logo: z.string().nullable(),
});
export type TBranchInfoSection = z.infer<typeof ZBranchInfoSection>;

export const ZProfileService = z.object({
  id: z.number().int(),
  service: z.string(),
  is_active: z.boolean(),
});
export type TProfileService = z.infer<typeof ZProfileService>;

export const ZFaqItem = z.object({
  /** The answer's id, or null while the question is unanswered. */
  id: z.number().int().nullable(),
  faq_id: z.number().int(),
  question: z.string(),
  answer: z.string().nullable(),
});
export type TFaqItem = z.infer<typeof ZFaqItem>;

/** GET branches/{id}?section=introduction */
export const ZIntroductionSection = z.object({
  about_us: z.string().nullable(),
  /** The whole catalogue with this branch's state (inactive unless turned on). */
  services: z.array(ZProfileService),
  /** Every question, answered or not. */
  faqs: z.array(ZFaqItem),
});
export type TIntroductionSection = z.infer<typeof ZIntroductionSection>;

export const ZSectionQuery = z.strictObject({
  section: z.enum(PROFILE_SECTIONS, { error: PROFILE_MSG.sectionInvalid }).optional(),
});

/* ---------- Field rules (the forms use the same) ---------- */

/**
 * A required text with its own messages, one at a time. No `abort` flag: an aborted issue would
 * stop the body-level checks, and a blank name should not hide a missing phone.
 */
function zRequiredText(required: string, checks: readonly (readonly [(v: string) => boolean, string])[]) {
  return z
    .string(requiredOnly(required))
    .trim()
    .superRefine((v, ctx) => {
      if (!v) {
        ctx.addIssue({ code: 'custom', message: required });
        return;
      }
      const failed = checks.find(([ok]) => !ok(v));
      if (failed) ctx.addIssue({ code: 'custom', message: failed[1] });
    });
}

export const ZBranchName = zRequiredText(PROFILE_MSG.branchNameRequired, [
  [(v) => v.length <= NAME_MAX, PROFILE_MSG.branchNameMax],
]);
export const ZBranchAddress = zRequiredText(PROFILE_MSG.branchAddressRequired, [
  [(v) => v.length <= NAME_MAX, PROFILE_MSG.branchNameMax],
]);
/** The spec's mask, +1 (###) - ### - #### (21 characters). */
export const ZBranchPhone = zRequiredText(PROFILE_MSG.phoneRequired, [
  [(v) => PHONE_PATTERN.test(v), PROFILE_MSG.invalidPhone],
]);
/** 1..9999999 as a JSON number or digits; missing or blank is "required". */
export const ZEmployeesCount = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z.union([z.undefined(), zInt(EMPLOYEES_MIN, EMPLOYEES_MAX, PROFILE_MSG.employeesInvalid)], {
    error: PROFILE_MSG.employeesInvalid,
  }),
);
export const ZAboutUs = z
  .string(requiredOnly(PROFILE_MSG.aboutRequired))
  .trim()
  .min(1, { message: PROFILE_MSG.aboutRequired, abort: true })
  .min(ABOUT_MIN, { message: PROFILE_MSG.aboutMin, abort: true })
  .max(ABOUT_MAX, PROFILE_MSG.aboutMax);
export const ZFaqAnswer = z
  .string(requiredOnly(PROFILE_MSG.answerRequired))
  .trim()
  .min(1, { message: PROFILE_MSG.answerRequired, abort: true })
  .min(FAQ_ANSWER_MIN, { message: PROFILE_MSG.answerMin, abort: true })
  .max(FAQ_ANSWER_MAX, PROFILE_MSG.answerMax);

/** Branch info as the form sends it (website and logo are not part of it: spec calls table). */
export const ZBranchInfoInput = z.strictObject({
  name: ZBranchName,
  address: ZBranchAddress,
  primary_phone: ZBranchPhone,
  employees_count: ZEmployeesCount.refine((v) => v !== undefined, PROFILE_MSG.employeesRequired).transform(
    (v) => v as number,
  ),
});
export type TBranchInfoInput = z.input<typeof ZBranchInfoInput>;

export const ZSelectedService = z.strictObject({ id: zId(PROFILE_MSG.serviceUnknown), is_active: zBool() });

/* ---------- PUT branches/{id}: one section per request ---------- */

const BRANCH_INFO_KEYS = ['name', 'address', 'primary_phone', 'employees_count'] as const;
const GROUPS = {
  credentials: ['data_name', 'data'],
  introduction: ['new_data'],
  logo: ['logo'],
  branch_info: BRANCH_INFO_KEYS,
} as const;
type TGroup = keyof typeof GROUPS;

/**
 * The wire shape of `PUT branches/{id}` (every key optional; which section a body is comes from
 * its keys). One strict object rather than a zod union so that a 422 names the field at fault
 * ("name": "Branch name is required") instead of "Invalid input" for the whole body.
 */
const ZSectionWire = z.strictObject({
  // Branch info
  name: ZBranchName.optional(),
  address: ZBranchAddress.optional(),
  primary_phone: ZBranchPhone.optional(),
  employees_count: ZEmployeesCount.optional(),
  // Logo: a data URL (png, jpg or jpeg, at most 10 MB; checked by its bytes on the server).
  logo: z.string(requiredOnly(PROFILE_MSG.logoRequired)).max(15_000_000, MSG.fileTooLarge).optional(),
  // Introduction
  new_data: z
    .strictObject({
      about_us: ZAboutUs.optional(),
      selected_services: z.array(ZSelectedService).max(100).optional(),
    })
    .optional(),
  // Credentials: data is checked against the licence named by data_name.
  data_name: z.enum([...LICENCES, ...CREDENTIAL_FLAGS], { error: PROFILE_MSG.licenceName }).optional(),
  data: z.unknown().optional(),
});

export type TSectionUpdate =
  | { section: 'branch_info'; name: string; address: string; primary_phone: string; employees_count: number }
  | { section: 'logo'; logo: string }
  | { section: 'about'; about_us: string }
  | { section: 'services'; selected_services: { id: number; is_active: boolean }[] }
  | { section: 'licence'; data_name: TLicence; data: Record<string, string> | null }
  | { section: 'flag'; data_name: TCredentialFlag; data: 0 | 1 };

type TWire = z.output<typeof ZSectionWire>;
type TCtx = z.RefinementCtx;

function groupsOf(body: TWire): TGroup[] {
  return (Object.keys(GROUPS) as TGroup[]).filter((g) =>
    GROUPS[g].some((key) => (body as Record<string, unknown>)[key] !== undefined),
  );
}

function checkBranchInfo(body: TWire, ctx: TCtx) {
  const required = {
    name: PROFILE_MSG.branchNameRequired,
    address: PROFILE_MSG.branchAddressRequired,
    primary_phone: PROFILE_MSG.phoneRequired,
    employees_count: PROFILE_MSG.employeesRequired,
  } as const;
  for (const key of BRANCH_INFO_KEYS) {
    if (body[key] === undefined) ctx.addIssue({ code: 'custom', path: [key], message: required[key] });
  }
}

function checkCredentials(body: TWire, ctx: TCtx) {
  const name = body.data_name;
  if (name === undefined) {
    ctx.addIssue({ code: 'custom', path: ['data_name'], message: PROFILE_MSG.licenceName });
    return;
  }
  // A data_name outside the list already has its message (the enum's).
  if (
    !(LICENCES as readonly string[]).includes(name) &&
    !(CREDENTIAL_FLAGS as readonly string[]).includes(name)
  )
    return;
  if ((CREDENTIAL_FLAGS as readonly string[]).includes(name)) {
    const flag = ZCredentialFlag.safeParse(body.data);
    if (!flag.success) ctx.addIssue({ code: 'custom', path: ['data'], message: CREDENTIALS_MSG.flag });
    return;
  }
  // The optional licence can be removed with data: null.
  if (name === 'workers_compensation_license' && body.data === null) return;
  const parsed = LICENCE_SCHEMAS[name as TLicence].safeParse(body.data ?? {});
  if (parsed.success) return;
  for (const issue of parsed.error.issues) {
    ctx.addIssue({ code: 'custom', path: ['data', ...issue.path.map(String)], message: issue.message });
  }
}

/** The body of `PUT branches/{id}`, parsed into the one section it carries. */
function checkSections(body: TWire, ctx: TCtx) {
  // With `when`, this runs on any input: only a JSON object has sections.
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return;
  const groups = groupsOf(body);
  if (groups.length > 1) {
    ctx.addIssue({ code: 'custom', path: [], message: PROFILE_MSG.oneSection });
    return;
  }
  const group = groups[0] ?? 'branch_info';
  if (group === 'branch_info') checkBranchInfo(body, ctx);
  if (group === 'credentials') checkCredentials(body, ctx);
  if (group === 'introduction') {
    const nd = body.new_data ?? {};
    const sent = [nd.about_us, nd.selected_services].filter((v) => v !== undefined).length;
    if (sent === 0)
      ctx.addIssue({ code: 'custom', path: ['new_data', 'about_us'], message: PROFILE_MSG.aboutRequired });
    if (sent > 1) ctx.addIssue({ code: 'custom', path: ['new_data'], message: PROFILE_MSG.introductionOne });
  }
}

export const ZBranchSectionUpdate = ZSectionWire.check(
  // Runs even when a field failed, so every missing field gets its message at once.
  z.superRefine(checkSections, { when: () => true }),
).transform((body): TSectionUpdate => {
  const group = groupsOf(body)[0] ?? 'branch_info';
  if (group === 'logo') return { section: 'logo', logo: body.logo as string };
  if (group === 'introduction') {
    const nd = body.new_data ?? {};
    if (nd.about_us !== undefined) return { section: 'about', about_us: nd.about_us };
    return { section: 'services', selected_services: nd.selected_services ?? [] };
  }
  if (group === 'credentials') {
    const name = body.data_name as TLicence | TCredentialFlag;
    if ((CREDENTIAL_FLAGS as readonly string[]).includes(name)) {
      return { section: 'flag', data_name: name as TCredentialFlag, data: ZCredentialFlag.parse(body.data) };
    }
    const licence = name as TLicence;
    if (body.data === null) return { section: 'licence', data_name: licence, data: null };
    return {
      section: 'licence',
      data_name: licence,
      data: LICENCE_SCHEMAS[licence].parse(body.data) as Record<string, string>,
    };
  }
  return {
    section: 'branch_info',
    name: body.name as string,
    address: body.address as string,
    primary_phone: body.primary_phone as string,
    employees_count: body.employees_count as number,
  };
});
/** What a client sends to `PUT branches/{id}`: one of these shapes. */
export type TBranchSectionUpdateInput =
  | { name: string; address: string; primary_phone: string; employees_count: number | string }
  | { logo: string }
  | { new_data: { about_us: string } | { selected_services: { id: number; is_active: boolean | 0 | 1 }[] } }
  | { data_name: TLicence; data: Record<string, string> | null }
  | { data_name: TCredentialFlag; data: 0 | 1 };

/** The answer of `PUT branches/{id}`: the section that changed. */
export const ZSectionAnswer = z.union([ZBranchInfoSection, ZIntroductionSection, ZCredentialsSection]);

/* ---------- FAQ answers ---------- */

/** POST faqs */
export const ZFaqCreate = z.strictObject({
  branch_id: zId(),
  faq_id: zId(PROFILE_MSG.questionUnknown),
  answer: ZFaqAnswer,
});
/** PUT faqs/{id} */
export const ZFaqUpdate = z.strictObject({
  faq_id: zId(PROFILE_MSG.questionUnknown),
  answer: ZFaqAnswer,
});
export type TFaqCreate = z.input<typeof ZFaqCreate>;
export type TFaqUpdate = z.input<typeof ZFaqUpdate>;
