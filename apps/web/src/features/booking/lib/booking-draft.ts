import { HOURS, helpersForBedrooms, normalizeUnloadingDate } from '@haulpro/shared/booking-options';
import type { TShowUpWindow } from '@haulpro/shared/pricing-constants';
import type { TListQuery } from './search-query.ts';
import { sessionDraft } from './session-draft.ts';
import { DEFAULT_WINDOW, isShowUpWindow } from './show-up-window.ts';

export type TAddressDraft = {
  /** A stable React key; never sent. */
  key: string;
  address: string;
  city_or_town: string;
  state: string;
  zip_code: string;
  type_property: string | null;
  flights_of_stairs: number;
};

export type TPaymentMethod = 'cash' | 'electronic';

/** Everything the wizard holds, as its inputs hold it. */
export type TBookingDraft = {
  type_service: number;
  type_moving: number;
  type_help: number;
  bedrooms_count: number;
  helpers_count: number;
  hours_count: number;
  arrival_date: string | null;
  arrival_time: TShowUpWindow;
  payment_method: TPaymentMethod;
  name: string;
  email: string;
  phone: string;
  secondary_phone: string;
  notes: string;
  unique_items: string;
  item_photos: string[];
  pickups: TAddressDraft[];
  destinations: TAddressDraft[];
  /** A coupon from Invite a friend (decision 022); blank for none. */
  coupon: string;
  /** "Text me reminders about this job" (issue 29): ticked opts the account in; unticked changes nothing. */
  sms_opt_in?: boolean;
};

export const WIZARD_STEPS = ['job', 'addresses', 'contact', 'review'] as const;
export type TWizardStep = (typeof WIZARD_STEPS)[number];

const STEP_OF_FIELD: Record<string, number> = {
  type_service: 0,
  type_moving: 0,
  type_help: 0,
  bedrooms_count: 0,
  helpers_count: 0,
  hours_count: 0,
  arrival_date: 0,
  arrival_time: 0,
  pickups: 1,
  destinations: 1,
  unique_items: 1,
  item_photos: 1,
  name: 2,
  email: 2,
  phone: 2,
  secondary_phone: 2,
  notes: 2,
  sms_opt_in: 2,
  payment_method: 3,
  coupon: 3,
};

/** The wizard step that shows a field ('pickups.0.zip_code' is on the addresses step); null when none does. */
export function stepOfField(path: string): number | null {
  return STEP_OF_FIELD[path.split('.')[0] ?? ''] ?? null;
}

let keySeed = 0;
export function newAddress(zip = ''): TAddressDraft {
  keySeed += 1;
  return {
    key: `a${Date.now().toString(36)}${keySeed}`,
    address: '',
    city_or_town: '',
    state: '',
    zip_code: zip,
    type_property: null,
    flights_of_stairs: 0,
  };
}

function num(value: string | undefined, fallback: number, ok: (n: number) => boolean): number {
  const n = Number(value);
  return value !== undefined && value !== '' && Number.isFinite(n) && ok(n) ? n : fallback;
}

/** A fresh wizard from the search the visitor came with. */
export function initialDraft(query: TListQuery): TBookingDraft {
  // Single/Studio (or none) counts as one bedroom (spec); the choices start there.
  const bedrooms = Math.max(
    1,
    num(query.bedrooms_count, 1, (n) => Number.isInteger(n) && n >= 0 && n <= 10),
  );
  const hours = num(query.hours_count, 2, (n) => n >= HOURS.min && n <= HOURS.max);
  return {
    type_service: query.type_service === '1' ? 1 : 2,
    type_moving: query.type_moving === '2' ? 2 : 1,
    type_help: 3,
    bedrooms_count: bedrooms,
    helpers_count: num(
      query.helpers_count,
      helpersForBedrooms(bedrooms),
      (n) => Number.isInteger(n) && n >= 1,
    ),
    hours_count: Math.round(hours / HOURS.step) * HOURS.step,
    arrival_date: query.from_date ?? null,
    arrival_time: isShowUpWindow(query.arrival_time) ? query.arrival_time : DEFAULT_WINDOW,
    payment_method: 'cash',
    name: '',
    email: '',
    phone: '',
    secondary_phone: '',
    notes: '',
    unique_items: '',
    item_photos: [],
    pickups: [newAddress(query.from_zip ?? '')],
    destinations: [newAddress(query.to_zip ?? '')],
    coupon: '',
    sms_opt_in: false,
  };
}

const ZIP = /^\d{5}$/;

/** The live-price query: the search with the wizard's job (GET public/helpers/{id}). */
export function quoteQuery(values: TBookingDraft, search: TListQuery): Record<string, string> | null {
  const fromZip = values.pickups.find((p) => ZIP.test(p.zip_code))?.zip_code ?? search.from_zip;
  const toZip = values.destinations.find((d) => ZIP.test(d.zip_code))?.zip_code ?? search.to_zip ?? fromZip;
  const date = values.arrival_date ?? search.from_date;
  if (!fromZip || !toZip || !date) return null;
  return {
    from_zip: fromZip,
    from_date: date,
    to_zip: toZip,
    to_date: normalizeUnloadingDate(date, search.to_date),
    type_service: String(values.type_service),
    type_moving: String(values.type_moving),
    bedrooms_count: String(values.bedrooms_count),
    helpers_count: String(values.helpers_count),
    hours_count: String(values.hours_count),
    arrival_time: values.arrival_time,
    payment_method: values.payment_method,
  };
}

const blankToNull = (s: string) => (s.trim() === '' ? null : s);
const addressInput = ({ key: _key, type_property, ...a }: TAddressDraft) => ({
  ...a,
  type_property: type_property ?? undefined,
});

/** The POST customer/orders body before ZBookingInput checks it (spec names; never a price). */
export function toBookingInput(branchId: number, values: TBookingDraft) {
  return {
    branch_id: branchId,
    type_service: values.type_service,
    type_moving: values.type_moving,
    type_help: values.type_help,
    bedrooms_count: values.bedrooms_count,
    helpers_count: values.helpers_count,
    hours_count: values.hours_count,
    arrival_date: values.arrival_date ?? undefined,
    arrival_time: values.arrival_time,
    payment_method: values.payment_method,
    name: values.name,
    email: values.email,
    phone: values.phone,
    secondary_phone: blankToNull(values.secondary_phone),
    pickups: values.pickups.map(addressInput),
    destinations: values.destinations.map(addressInput),
    unique_items: blankToNull(values.unique_items),
    item_photos: values.item_photos,
    notes: blankToNull(values.notes),
    equipment: [],
    coupon: values.coupon.trim() || undefined,
    sms_opt_in: values.sms_opt_in ? true : undefined,
  };
}

/** The wizard is kept in this tab, one entry per branch (session-draft.ts). */
const draftOf = (branchId: number) => sessionDraft(`haulpro.booking.${branchId}`);

type TStored = { search: string; step: number; values: Omit<TBookingDraft, 'item_photos'> };

export function readDraft(branchId: number, search: string): { step: number; values: TBookingDraft } | null {
  return draftOf(branchId).read((raw, item_photos) => {
    const stored = raw as TStored;
    // Another search for the same company starts afresh.
    if (stored.search !== search || !stored.values || !Array.isArray(stored.values.pickups)) return null;
    const step = Math.min(Math.max(0, Math.floor(stored.step) || 0), WIZARD_STEPS.length - 1);
    // A draft kept from before coupons existed has no coupon field.
    return { step, values: { ...stored.values, coupon: stored.values.coupon ?? '', item_photos } };
  });
}

export function writeDraft(branchId: number, search: string, step: number, values: TBookingDraft): void {
  const { item_photos: _photos, ...rest } = values;
  const stored: TStored = { search, step, values: rest };
  draftOf(branchId).write(stored);
}

export function writeDraftPhotos(branchId: number, photos: string[]): void {
  draftOf(branchId).writePhotos(photos);
}

export function clearDraft(branchId: number): void {
  draftOf(branchId).clear();
}

/*
 * One Idempotency-Key per booking attempt (decision 013): made when the Review & pay step starts,
 * sent with every press of Book now on that step (so a retry after a lost answer returns the
 * order already made instead of booking twice), kept across a reload of the step, and dropped when
 * the customer goes back to change the booking or the booking is done.
 */
const attemptKey = (branchId: number) => `haulpro.booking.${branchId}.attempt`;

/** A random UUID; crypto.randomUUID exists only on https and localhost, getRandomValues everywhere. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = ((b[6] ?? 0) & 0x0f) | 0x40;
  b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The key of the attempt under way, or a new one (stored for this tab). */
export function startAttempt(branchId: number): string {
  try {
    const kept = window.sessionStorage.getItem(attemptKey(branchId));
    if (kept && /^[\x20-\x7e]{1,255}$/.test(kept)) return kept;
  } catch {
    // Storage disabled: the key lives only in memory.
  }
  const key = newIdempotencyKey();
  try {
    window.sessionStorage.setItem(attemptKey(branchId), key);
  } catch {
    // As above.
  }
  return key;
}

export function endAttempt(branchId: number): void {
  try {
    window.sessionStorage.removeItem(attemptKey(branchId));
  } catch {
    // Nothing to clear.
  }
}
