import type { ApiError } from '../../../lib/api-client.ts';

/** The top-level form fields: a server error on any of these (or below them) goes under it. */
const FORM_FIELDS = [
  'items',
  'vehicle_type',
  'pickup',
  'destination',
  'is_home_move',
  'arrival_date',
  'arrival_time',
  'notes',
  'tip',
  'payment_method',
  'phone',
  'item_photos',
  'sms_opt_in',
];

/** A server error's key as the form's path ('item_photos.2' shows on the photos). */
function formPath(key: string): string | null {
  const head = key.split('.')[0] ?? '';
  if (!FORM_FIELDS.includes(head)) return null;
  return head === 'item_photos' ? 'item_photos' : key;
}

/** Each field's first message of a 422, split into the form's and the rest. */
export function splitErrors(error: ApiError): { placed: Record<string, string>; unplaced: string[] } {
  const placed: Record<string, string> = {};
  const unplaced: string[] = [];
  for (const [key, messages] of Object.entries(error.errors)) {
    const message = messages[0];
    if (!message) continue;
    const path = formPath(key);
    if (path) placed[path] ??= message;
    else unplaced.push(message);
  }
  return { placed, unplaced };
}

/** Brings the first message under a field into view (after React has drawn it). */
export function showFirstError() {
  window.requestAnimationFrame(() => {
    const first = document.querySelector(
      '[data-delivery-form] [id$="-error"], [data-delivery-form] [role="alert"]',
    );
    first?.scrollIntoView({ behavior: 'smooth', block: 'center' });
  });
}
