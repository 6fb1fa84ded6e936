import { normalizeUnloadingDate } from '@haulpro/shared/booking-options';

/** The new order search form (spec), as the inputs hold it: Select values are strings. */
export type TSearchValues = {
  from_zip: string;
  from_date: string | null;
  to_zip: string;
  to_date: string | null;
  type_service: string | null;
  type_moving: string | null;
};

export const EMPTY_SEARCH: TSearchValues = {
  from_zip: '',
  from_date: null,
  to_zip: '',
  to_date: null,
  type_service: null,
  type_moving: null,
};

export const SEARCH_FIELDS = [
  'from_zip',
  'from_date',
  'to_zip',
  'to_date',
  'type_service',
  'type_moving',
] as const;
export type TSearchField = (typeof SEARCH_FIELDS)[number];

/** What /helper-list and /book carry in their query: the search and what the wizard already knows. */
export const LIST_QUERY_KEYS = [
  ...SEARCH_FIELDS,
  'bedrooms_count',
  'helpers_count',
  'hours_count',
  'arrival_time',
] as const;
export type TListQuery = Partial<Record<(typeof LIST_QUERY_KEYS)[number], string>>;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const choice = (value: string | null) => (value === '1' || value === '2' ? value : null);

/** The search form's values read from an address's query (missing or malformed values stay empty). */
export function readSearch(params: URLSearchParams): TSearchValues {
  const date = (key: string) => {
    const value = params.get(key);
    return value && DATE.test(value) ? value : null;
  };
  return {
    from_zip: (params.get('from_zip') ?? '').replace(/\D/g, '').slice(0, 5),
    from_date: date('from_date'),
    to_zip: (params.get('to_zip') ?? '').replace(/\D/g, '').slice(0, 5),
    to_date: date('to_date'),
    type_service: choice(params.get('type_service')),
    type_moving: choice(params.get('type_moving')),
  };
}

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

/** Valid form values as the search's wire values (unloading date normalised, spec). */
export function searchToWire(values: TSearchValues) {
  const fromDate = values.from_date ?? '';
  return {
    from_zip: values.from_zip,
    from_date: fromDate,
    to_zip: values.to_zip,
    to_date: normalizeUnloadingDate(fromDate, values.to_date),
    type_service: Number(values.type_service),
    type_moving: Number(values.type_moving),
  };
}

export function toQueryString(query: TListQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) params.set(key, value);
  return params.toString();
}
