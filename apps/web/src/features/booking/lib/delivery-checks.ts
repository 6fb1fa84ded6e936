import { SEARCH_MSG } from '@haulpro/shared/booking-options';
import { type TDeliveryInput, ZDeliveryInput } from '@haulpro/shared/delivery-input';
import { SHOW_UP_WINDOWS } from '@haulpro/shared/pricing-constants';
import { ZIP_PATTERN } from '@haulpro/shared/zip';
import { type FormErrors, schemaResolver } from '@mantine/form';
import { dayjs } from '../../../lib/dayjs.ts';
import { firstDeliveryDay, type TDeliveryDraft, type TPriceNeed, toDeliveryInput } from './delivery-draft.ts';

/*
 * The delivery form's checks against the shared schema (zod). Apart from delivery-draft.ts so
 * that the page's first view, which needs the draft but no check, does not download zod: these
 * come with the rest of the form (delivery-form.tsx), right after the first paint.
 */

/** The shared schema's verdict, by form path (the draft's paths are the wire's). */
export function deliveryErrors(values: TDeliveryDraft): FormErrors {
  const errors = schemaResolver(ZDeliveryInput, { sync: true })(toDeliveryInput(values));
  if (values.arrival_date && !errors.arrival_date && values.arrival_date < dayjs().format('YYYY-MM-DD')) {
    errors.arrival_date = SEARCH_MSG.pastDate;
  }
  return errors;
}

/*
 * The price (decision 016) reads the items, the vehicle, the two ZIPs and the tip, nothing else.
 * The quote call takes the whole form, so the fields the price does not read are stood in for
 * until the customer fills them: the price then shows as soon as the load and the ZIPs are known,
 * not only at the end of the form. The stand-ins are never booked: the booking sends the form.
 */
const STAND_IN_ADDRESS = { address: '-', city_or_town: '-', state: '-', type_property: 'Home' } as const;
const STAND_IN_PHONE = '+1 (000) - 000 - 0000';

export function quoteRequest(values: TDeliveryDraft): { body: TDeliveryInput | null; needs: TPriceNeed[] } {
  const input = toDeliveryInput(values);
  const body: TDeliveryInput = {
    ...input,
    pickup: { ...input.pickup, ...STAND_IN_ADDRESS, flights_of_stairs: 0 },
    destination: { ...input.destination, ...STAND_IN_ADDRESS, flights_of_stairs: 0 },
    is_home_move: false,
    arrival_date: firstDeliveryDay(),
    arrival_time: SHOW_UP_WINDOWS[1],
    notes: null,
    phone: STAND_IN_PHONE,
    payment_method: 'cash',
    item_photos: [],
    sms_opt_in: undefined,
  };
  const errors = Object.keys(schemaResolver(ZDeliveryInput, { sync: true })(body));
  const needs: TPriceNeed[] = [];
  if (errors.some((k) => k.startsWith('items'))) needs.push('items');
  if (errors.includes('vehicle_type')) needs.push('vehicle');
  if (!ZIP_PATTERN.test(values.pickup.zip_code)) needs.push('pickup');
  if (!ZIP_PATTERN.test(values.destination.zip_code)) needs.push('destination');
  if (errors.includes('tip')) needs.push('tip');
  return { body: needs.length === 0 && errors.length === 0 ? body : null, needs };
}

/** The booking's body as the schema reads it (trimmed, parsed), or null when the form fails it. */
export function parseDeliveryInput(values: TDeliveryDraft): TDeliveryInput | null {
  const parsed = ZDeliveryInput.safeParse(toDeliveryInput(values));
  return parsed.success ? parsed.data : null;
}
