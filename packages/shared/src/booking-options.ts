import { INVALID_ZIP } from './zip.ts';

/*
 * Booking's options, limits, messages and pure rules, without zod: the helper search is a
 * public entry page and must not download the schemas before its first paint. The schemas are in
 * booking.ts, which re-exports all of this.
 */

/** The nine tiles of Start New Order (spec). Three go to /delivery; the others open the search form. */
export const ORDER_TILES = [
  { key: 'apartment', label: 'Apartment Moves', target: 'search', helpersOnly: false, typeMoving: 1 },
  { key: 'store_delivery', label: 'Store Delivery', target: 'delivery', helpersOnly: false, typeMoving: 1 },
  { key: 'few_items', label: 'Move a Few Items', target: 'delivery', helpersOnly: false, typeMoving: 1 },
  { key: 'labor_only', label: 'Labor Only', target: 'search', helpersOnly: true, typeMoving: 1 },
  { key: 'declutter', label: 'Declutter Items', target: 'search', helpersOnly: true, typeMoving: 1 },
  { key: 'used_item', label: 'Used Item Delivery', target: 'delivery', helpersOnly: false, typeMoving: 1 },
  {
    key: 'small_business',
    label: 'Small Business Moves',
    target: 'search',
    helpersOnly: false,
    typeMoving: 2,
  },
  { key: 'storage', label: 'Storage Moves', target: 'search', helpersOnly: false, typeMoving: 1 },
  { key: 'junk_removal', label: 'Junk Removal', target: 'search', helpersOnly: true, typeMoving: 1 },
] as const;
export type TOrderTile = (typeof ORDER_TILES)[number];

export const MOVING_TYPES = [
  { value: 1, label: 'Residential' },
  { value: 2, label: 'Commercial' },
] as const;
export const SERVICE_TYPE_OPTIONS = [
  { value: 1, label: 'Helpers only' },
  { value: 2, label: 'Helpers and trucks' },
] as const;
export const HELP_TYPES = [
  { value: 1, label: 'Loading only' },
  { value: 2, label: 'Unloading only' },
  { value: 3, label: 'Loading and unloading' },
] as const;
export const PROPERTY_TYPES = [
  'Home',
  'Apartment',
  'Townhouse',
  'Lots/Land',
  'Multi-Family',
  'Condo',
  'Manufactured',
  'Mansion',
  'Residential Storage',
  'Office',
  'Storage',
  'Warehouse',
  'Single Item',
  'Multiple Items',
  'Room of Items',
  'Full Cleanout',
] as const;
/** Bedroom choices: Single/Studio counts as 1; options up to 10 (spec). */
export const BEDROOM_OPTIONS = [
  { value: 1, label: 'Single/Studio' },
  ...Array.from({ length: 9 }, (_, i) => ({ value: i + 2, label: `${i + 2} Bedrooms` })),
] as const;
export const MAX_HELPERS_FOR_BEDROOMS = 10;
export const MAX_ADDRESSES = 10;
export const MAX_FLIGHTS = 20;
export const MAX_ITEM_PHOTOS = 5;
export const HOURS = { min: 1, max: 24, step: 0.5 } as const;

/** Helpers count = bedrooms + 1, at most 10; Single/Studio (or none) counts as 1 bedroom (spec). */
export function helpersForBedrooms(bedrooms: number): number {
  return Math.min(Math.max(1, Math.floor(bedrooms)) + 1, MAX_HELPERS_FOR_BEDROOMS);
}

/** When the loading date is after the unloading date, or the unloading date is empty, it becomes the loading date (spec). */
export function normalizeUnloadingDate(fromDate: string, toDate: string | null | undefined): string {
  return !toDate || fromDate > toDate ? fromDate : toDate;
}

export const SEARCH_MSG = {
  invalidZip: INVALID_ZIP,
  dateRequired: 'Date is required',
  required: 'Required',
  pastDate: 'The pickup date cannot be in the past',
} as const;

/** Order payment methods (spec: Cash Rate, Electronic (card rate)). */
export const ORDER_PAYMENT_METHODS = ['cash', 'electronic'] as const;

/** The search fields of /helper-list's address, in order. */
export const SEARCH_FIELDS = [
  'from_zip',
  'from_date',
  'to_zip',
  'to_date',
  'type_service',
  'type_moving',
] as const;

/** What /helper-list and /book carry in their query: the search and what the wizard already knows. */
export const LIST_QUERY_KEYS = [
  ...SEARCH_FIELDS,
  'bedrooms_count',
  'helpers_count',
  'hours_count',
  'arrival_time',
] as const;

export type TListQuery = Partial<Record<(typeof LIST_QUERY_KEYS)[number], string>>;

/** The known keys of an address's query, in a stable order (a query key for caching). */
export function readListQuery(params: URLSearchParams): TListQuery {
  const out: TListQuery = {};
  for (const key of LIST_QUERY_KEYS) {
    const value = params.get(key);
    if (value !== null && value !== '') out[key] = value;
  }
  return out;
}

/** Whether the query holds a complete search (both ZIPs and the pickup date). */
export function hasSearch(query: TListQuery): boolean {
  return Boolean(query.from_zip && query.to_zip && query.from_date);
}

/** GET /api/public/helpers answers 20 helpers a page, with the total in `meta`. */
export const HELPER_PAGE_SIZE = 20;
/** The highest `page` the helper list accepts (as the other paginated lists). */
export const HELPER_MAX_PAGE = 100_000;

/** The page an address asks for: a canonical whole number from 1 to HELPER_MAX_PAGE, else 1. */
export function helperListPage(params: URLSearchParams): number {
  const raw = params.get('page') ?? '';
  const n = /^[1-9][0-9]{0,5}$/.test(raw) ? Number(raw) : 1;
  return n <= HELPER_MAX_PAGE ? n : 1;
}

/**
 * The helper search a /helper-list address shows: its query for GET /api/public/helpers, or
 * null while the search is incomplete. The page asks exactly this, and the server preloads it
 * while the page's code downloads, so both must build it here, the same way. Page 1 is the
 * default and is left out, so the first page's address and query stay as they were.
 */
export function helperSearchQuery(
  params: URLSearchParams,
): (TListQuery & { sort: 'price' | 'rating'; page?: string }) | null {
  const query = readListQuery(params);
  if (!hasSearch(query)) return null;
  const page = helperListPage(params);
  return {
    ...query,
    sort: params.get('sort') === 'rating' ? 'rating' : 'price',
    ...(page > 1 ? { page: String(page) } : {}),
  };
}

/** GET /api/public/helpers for a /helper-list address (see helperSearchQuery). */
export function helperSearchApiPath(params: URLSearchParams): string | null {
  const query = helperSearchQuery(params);
  if (!query) return null;
  const qs = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) qs.set(key, value);
  return `/api/public/helpers?${qs.toString()}`;
}
