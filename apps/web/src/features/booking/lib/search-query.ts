import {
  hasSearch,
  LIST_QUERY_KEYS,
  normalizeUnloadingDate,
  readListQuery,
  SEARCH_FIELDS,
  type TListQuery,
} from '@haulpro/shared/booking-options';

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

export type TSearchField = (typeof SEARCH_FIELDS)[number];
export { LIST_QUERY_KEYS, SEARCH_FIELDS, type TListQuery };

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

export { hasSearch, readListQuery };

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
