import { ORDER_TILES } from '@haulpro/shared/booking-options';
import type { TDeliveryInput } from '@haulpro/shared/delivery-input';
import { SHOW_UP_WINDOWS, type TShowUpWindow } from '@haulpro/shared/pricing-constants';
import { ZIP_PATTERN } from '@haulpro/shared/zip';
import { dayjs } from '../../../lib/dayjs.ts';
import { sessionDraft } from './session-draft.ts';

/** The three Start New Order tiles that lead here (spec), by their key (?type= in the address). */
export const DELIVERY_KINDS = ORDER_TILES.filter((t) => t.target === 'delivery');
export type TDeliveryKind = (typeof DELIVERY_KINDS)[number]['key'];

export function isDeliveryKind(value: string | null | undefined): value is TDeliveryKind {
  return DELIVERY_KINDS.some((k) => k.key === value);
}

/** A number input's value: a number, or '' while it is empty. */
export type TNumberDraft = number | '';

export type TItemDraft = {
  /** A stable React key; never sent. */
  key: string;
  name: string;
  count: TNumberDraft;
  weight: TNumberDraft;
  height: TNumberDraft;
  width: TNumberDraft;
  length: TNumberDraft;
};

export type TDeliveryAddressDraft = {
  address: string;
  city_or_town: string;
  state: string;
  zip_code: string;
  type_property: string | null;
  flights_of_stairs: number;
};

/** Everything the delivery form holds, as its inputs hold it (the field names are the wire's). */
export type TDeliveryDraft = {
  /** Which tile the customer came from: it shapes the hints, and is not sent. */
  kind: TDeliveryKind | null;
  items: TItemDraft[];
  vehicle_type: number | null;
  pickup: TDeliveryAddressDraft;
  destination: TDeliveryAddressDraft;
  is_home_move: boolean;
  arrival_date: string | null;
  arrival_time: TShowUpWindow | null;
  notes: string;
  tip: TNumberDraft;
  payment_method: 'cash' | 'electronic';
  phone: string;
  item_photos: string[];
  /** "Text me reminders about this job" (issue 29): ticked opts the account in; unticked changes nothing. */
  sms_opt_in?: boolean;
};

let keySeed = 0;
export function newItem(): TItemDraft {
  keySeed += 1;
  return {
    key: `i${Date.now().toString(36)}${keySeed}`,
    name: '',
    count: 1,
    weight: '',
    height: '',
    width: '',
    length: '',
  };
}

const emptyAddress = (): TDeliveryAddressDraft => ({
  address: '',
  city_or_town: '',
  state: '',
  zip_code: '',
  type_property: null,
  flights_of_stairs: 0,
});

export function initialDeliveryDraft(kind: TDeliveryKind | null): TDeliveryDraft {
  return {
    kind,
    items: [newItem()],
    vehicle_type: null,
    pickup: emptyAddress(),
    destination: emptyAddress(),
    is_home_move: false,
    arrival_date: null,
    arrival_time: null,
    notes: '',
    tip: 0,
    payment_method: 'cash',
    phone: '',
    item_photos: [],
    sms_opt_in: false,
  };
}

/** The first day a delivery can be booked for: the server refuses today (it needs a day of bidding). */
export function firstDeliveryDay(): string {
  return dayjs().add(1, 'day').format('YYYY-MM-DD');
}

const num = (v: TNumberDraft) => (v === '' ? undefined : v);
const address = ({ type_property, ...a }: TDeliveryAddressDraft) => ({
  ...a,
  type_property: (type_property ?? undefined) as TDeliveryInput['pickup']['type_property'],
});

/** The POST customer/deliveries body before ZDeliveryInput checks it (never a price). */
export function toDeliveryInput(values: TDeliveryDraft): TDeliveryInput {
  return {
    items: values.items.map(({ key: _key, name, count, weight, height, width, length }) => ({
      name,
      count: num(count) as number,
      weight: num(weight) as number,
      height: num(height) as number,
      width: num(width) as number,
      length: num(length) as number,
    })),
    vehicle_type: (values.vehicle_type ?? undefined) as number,
    pickup: address(values.pickup),
    destination: address(values.destination),
    is_home_move: values.is_home_move,
    arrival_date: (values.arrival_date ?? undefined) as string,
    arrival_time: (values.arrival_time ?? undefined) as TShowUpWindow,
    notes: values.notes.trim() === '' ? null : values.notes,
    tip: num(values.tip) ?? 0,
    payment_method: values.payment_method,
    phone: values.phone,
    item_photos: values.item_photos,
    ...(values.sms_opt_in ? { sms_opt_in: true } : {}),
  };
}

/** Which of the price's inputs are still missing (empty when the quote can be asked). */
export type TPriceNeed = 'items' | 'vehicle' | 'pickup' | 'destination' | 'tip';

const filled = (v: TNumberDraft) => typeof v === 'number';

/**
 * What the price still needs, read off the form without the schema: shown until the schema's
 * checks (delivery-checks.ts, `quoteRequest`) arrive at the visitor's first touch. For a form
 * nobody has touched yet it says what the schema says (delivery-checks.test.ts holds that).
 */
export function priceNeedsBeforeChecks(values: TDeliveryDraft): TPriceNeed[] {
  const needs: TPriceNeed[] = [];
  const items = values.items.every(
    (i) =>
      i.name.trim() !== '' &&
      filled(i.count) &&
      filled(i.weight) &&
      filled(i.height) &&
      filled(i.width) &&
      filled(i.length),
  );
  if (values.items.length === 0 || !items) needs.push('items');
  if (values.vehicle_type === null) needs.push('vehicle');
  if (!ZIP_PATTERN.test(values.pickup.zip_code)) needs.push('pickup');
  if (!ZIP_PATTERN.test(values.destination.zip_code)) needs.push('destination');
  if (typeof values.tip === 'number' && values.tip < 0) needs.push('tip');
  return needs;
}

/** Total weight of the load in lbs (each row's weight is per piece). */
export function loadWeight(items: TItemDraft[]): number {
  return items.reduce(
    (sum, i) =>
      sum + (typeof i.count === 'number' ? i.count : 0) * (typeof i.weight === 'number' ? i.weight : 0),
    0,
  );
}

/** The form is kept in this tab (session-draft.ts). */
const draft = sessionDraft('haulpro.delivery');

export function readDeliveryDraft(): TDeliveryDraft | null {
  return draft.read((raw, item_photos) => {
    const stored = raw as Partial<TDeliveryDraft> | null;
    if (!stored || !Array.isArray(stored.items) || !stored.pickup || !stored.destination) return null;
    const fresh = initialDeliveryDraft(null);
    const kept: TDeliveryDraft = { ...fresh, ...stored, item_photos };
    // A draft kept from an earlier day may hold a date that can no longer be booked.
    if (kept.arrival_date && kept.arrival_date < firstDeliveryDay()) kept.arrival_date = null;
    if (!isDeliveryKind(kept.kind)) kept.kind = null;
    if (!(SHOW_UP_WINDOWS as readonly (string | null)[]).includes(kept.arrival_time))
      kept.arrival_time = null;
    if (kept.items.length === 0) kept.items = [newItem()];
    return kept;
  });
}

export function writeDeliveryDraft(values: TDeliveryDraft): void {
  const { item_photos: _photos, ...rest } = values;
  draft.write(rest);
}

export function writeDeliveryPhotos(photos: string[]): void {
  draft.writePhotos(photos);
}

export function clearDeliveryDraft(): void {
  draft.clear();
}
