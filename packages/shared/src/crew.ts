import { z } from 'zod';
import { requiredOnly, zBool, zId } from './parse.ts';
import { SHOW_UP_WINDOWS } from './pricing-constants.ts';

/*
 * Teams (spec: Team, Crew member, Team member validation): a branch's crew members, their
 * upcoming jobs, and the crew staff assign to an order. Messages word for word from the spec
 * where it gives them; the others are ours and marked.
 */

export const CREW_MSG = {
  firstNameRequired: 'First Name is required!',
  lastNameRequired: 'Last Name is required!',
  emailRequired: 'Email is required!',
  emailInvalid: 'Email is not valid!',
  phoneRequired: 'Phone number is required!',
  phoneInvalid: 'Phone number is not valid!',
  zipRequired: 'Zip Code is required!',
  zipInvalid: 'Zip Code is not valid!',
  deleteConfirm: 'Do you want to delete this crew?',
  emptyList: 'No members for this location',
  // Ours (the spec gives no text for these):
  maxLength60: 'Max length is 60 character',
  stateInvalid: 'Choose a state from the list',
  cityInvalid: 'Choose a city of the selected state',
  employeeType: 'Choose 1 (Full time), 2 (Part time) or 3 (Contractor)',
  created: 'Team member added successfully',
  updated: 'Team member updated successfully',
  deleted: 'Team member deleted successfully',
  crewAssigned: 'Crew assigned successfully',
  tooManyMembers: 'Choose at most 50 members',
  notAssignable: 'A crew can be assigned only to an accepted order',
} as const;

/**
 * The spec's employment types, on the wire as its numbers: 1 Full time, 2 Part time, 3 Contractor.
 * The database keeps the words (`EMPLOYEE_TYPES`), which the API still accepts as an alias.
 */
export const EMPLOYEE_TYPE = { fullTime: 1, partTime: 2, contractor: 3 } as const;
export type TEmployeeTypeId = (typeof EMPLOYEE_TYPE)[keyof typeof EMPLOYEE_TYPE];
export const EMPLOYEE_TYPE_IDS: readonly TEmployeeTypeId[] = [1, 2, 3];
/** The stored words, in the order of the spec's numbers. */
export const EMPLOYEE_TYPES = ['full_time', 'part_time', 'contractor'] as const;
export type TEmployeeType = (typeof EMPLOYEE_TYPES)[number];
export const EMPLOYEE_TYPE_LABELS: Record<TEmployeeTypeId, string> = {
  1: 'Full time',
  2: 'Part time',
  3: 'Contractor',
};

/** The spec's number of a stored word (an unknown word reads as Full time, the default). */
export function employeeTypeId(word: string): TEmployeeTypeId {
  return (EMPLOYEE_TYPES.indexOf(word as TEmployeeType) + 1 || EMPLOYEE_TYPE.fullTime) as TEmployeeTypeId;
}

/** The stored word of one of the spec's numbers. */
export function employeeTypeWord(id: TEmployeeTypeId): TEmployeeType {
  return EMPLOYEE_TYPES[id - 1] as TEmployeeType;
}

/** An employment type as sent: the spec's number (1, 2, 3) or, as an alias, its stored word. */
const ZEmployeeTypeInput = z
  .union([z.literal(EMPLOYEE_TYPE_IDS), z.enum(EMPLOYEE_TYPES)], { error: CREW_MSG.employeeType })
  .transform((v): TEmployeeTypeId => (typeof v === 'number' ? v : employeeTypeId(v)));

/** The phone mask +1 (###) - ### - #### (21 characters); the spec asks for at least 19 of them. */
export const CREW_PHONE_MIN = 19;
export const CREW_PHONE_PATTERN = /^\+1 \(\d{3}\) - \d{3} - \d{2,4}$/;
export const CREW_ZIP_MIN = 5;
export const CREW_NAME_MAX = 60;
/** A crew assignment names at most this many members (ours: a crew of 25 movers is the largest price). */
export const CREW_ASSIGN_MAX = 50;

const required = (message: string, max: number, maxMessage: string = CREW_MSG.maxLength60) =>
  z.string(requiredOnly(message)).trim().min(1, { message, abort: true }).max(max, maxMessage);

/** An optional id that may be sent empty: null, "" and a missing key all mean none. */
const optionalId = (message: string) =>
  z.preprocess((v) => (v === '' ? null : v), zId(message).nullable().optional());

/** POST branches/{id}/crews (spec: Crew member, Team member validation). */
export const ZCrewInput = z.object({
  first_name: required(CREW_MSG.firstNameRequired, CREW_NAME_MAX),
  last_name: required(CREW_MSG.lastNameRequired, CREW_NAME_MAX),
  email: z
    .string(requiredOnly(CREW_MSG.emailRequired))
    .trim()
    .min(1, { message: CREW_MSG.emailRequired, abort: true })
    .max(254, CREW_MSG.emailInvalid)
    .pipe(z.email(CREW_MSG.emailInvalid)),
  phone_number: z
    .string(requiredOnly(CREW_MSG.phoneRequired))
    .trim()
    .min(1, { message: CREW_MSG.phoneRequired, abort: true })
    .min(CREW_PHONE_MIN, { message: CREW_MSG.phoneInvalid, abort: true })
    .regex(CREW_PHONE_PATTERN, CREW_MSG.phoneInvalid),
  zip_code: z
    .string(requiredOnly(CREW_MSG.zipRequired))
    .trim()
    .min(1, { message: CREW_MSG.zipRequired, abort: true })
    .min(CREW_ZIP_MIN, { message: CREW_MSG.zipInvalid, abort: true })
    .regex(/^\d{5}$/, CREW_MSG.zipInvalid),
  state_id: optionalId(CREW_MSG.stateInvalid),
  city_id: optionalId(CREW_MSG.cityInvalid),
  /** A data URL (png, jpg or jpeg, at most 10 MB); null removes the picture (PATCH). */
  profile_picture: z.string().max(15_000_000, 'File cannot be larger than 10M').nullable().optional(),
  is_active: zBool().default(true),
  is_driver: zBool().default(false),
  employee_type: ZEmployeeTypeInput.default(EMPLOYEE_TYPE.fullTime),
});
export type TCrewInput = z.input<typeof ZCrewInput>;
export type TCrewValues = z.output<typeof ZCrewInput>;

/** PATCH branches/{id}/crews/{crew_id}: fields not sent keep their values; the merged member is checked as a whole. */
export const ZCrewPatch = z.object({
  first_name: ZCrewInput.shape.first_name.optional(),
  last_name: ZCrewInput.shape.last_name.optional(),
  email: ZCrewInput.shape.email.optional(),
  phone_number: ZCrewInput.shape.phone_number.optional(),
  zip_code: ZCrewInput.shape.zip_code.optional(),
  state_id: ZCrewInput.shape.state_id,
  city_id: ZCrewInput.shape.city_id,
  profile_picture: ZCrewInput.shape.profile_picture,
  is_active: zBool().optional(),
  is_driver: zBool().optional(),
  employee_type: ZEmployeeTypeInput.optional(),
});
export type TCrewPatch = z.input<typeof ZCrewPatch>;

/** A crew member as the API answers it. */
export const ZCrew = z.object({
  id: z.number().int(),
  branch_id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone_number: z.string(),
  zip_code: z.string(),
  state_id: z.number().int().nullable(),
  city_id: z.number().int().nullable(),
  profile_picture: z.string().nullable(),
  is_active: z.boolean(),
  is_driver: z.boolean(),
  employee_type: z.literal(EMPLOYEE_TYPE_IDS),
  employee_type_label: z.string(),
});
export type TCrew = z.infer<typeof ZCrew>;

/** One of a member's upcoming jobs (the member page). */
export const ZCrewJob = z.object({
  order_id: z.number().int(),
  arrival_date: z.string(),
  arrival_time: z.enum(SHOW_UP_WINDOWS),
  status: z.string(),
  status_id: z.number().int(),
  customer_name: z.string(),
  /** The first pickup and the last destination, short (city, state ZIP). */
  from: z.string(),
  to: z.string(),
});
export type TCrewJob = z.infer<typeof ZCrewJob>;

export const ZCrewDetail = ZCrew.extend({ upcoming_jobs: z.array(ZCrewJob) });
export type TCrewDetail = z.infer<typeof ZCrewDetail>;

/** PUT orders/{id}/crew: the whole crew of the order (replaces the set; [] clears it). */
export const ZAssignCrewInput = z.object({
  crew_ids: z
    .array(zId(), { error: 'Choose the crew members' })
    .max(CREW_ASSIGN_MAX, CREW_MSG.tooManyMembers)
    .transform((ids) => [...new Set(ids)]),
});
export type TAssignCrewInput = z.input<typeof ZAssignCrewInput>;

/** A member of an order's crew, as the order view shows them. */
export const ZOrderCrewMember = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  profile_picture: z.string().nullable(),
});
export type TOrderCrewMember = z.infer<typeof ZOrderCrewMember>;

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** "Fri, Dec 4, 2026" for 2026-12-04 (a calendar date: no time zone involved). */
export function shortDate(isoDate: string): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  return `${WEEKDAYS[d.getUTCDay()]}, ${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()}`;
}

/** The capacity refusal (ours; decision 019): says the window is full and offers the next free one. */
export function windowFullMessage(next: { date: string; arrival_time: string } | null): string {
  const base = 'This company has no free crew for this arrival window.';
  return next
    ? `${base} The next free window is ${shortDate(next.date)}, ${next.arrival_time}.`
    : `${base} No free window in the next weeks.`;
}

/** A member assigned to another job at the same time (ours). */
export function memberBusyMessage(name: string, orderId: number): string {
  return `${name} is already assigned to order #${orderId} at that time.`;
}
export function memberNotAssignableMessage(name: string): string {
  return `${name} is not an active member of this order's location.`;
}
