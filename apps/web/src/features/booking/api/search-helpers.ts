import type { THelperListItem } from '@haulpro/shared/booking';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, PUBLIC_BASE } from '../../../lib/api-client.ts';
import { bookingKeys } from './booking-keys.ts';

export type THelperSort = 'price' | 'rating';

export type THelperListMeta = {
  /** Helpers found in all (every page). */
  count: number;
  /** The page shown (20 helpers a page) and the last one. */
  page: number;
  lastPage: number;
  perPage: number;
  /** Branches that serve the pickup ZIP at all, free or not (null when the server does not say). */
  covering_count: number | null;
  helpers_count: number | null;
  /** Null when each company is quoted at its own minimum hours. */
  hours_count: number | null;
  electronic_payments: boolean;
};

const numOrNull = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);

export type THelperList = { data: THelperListItem[]; meta: THelperListMeta };

/**
 * GET public/helpers: the branches that cover the pickup ZIP and are free on the date and
 * window, each with its itemised quote, 20 a page with the total (`page` in the query). A 422 is
 * shown under the search fields, not toasted.
 */
export async function searchHelpers(
  query: Record<string, string>,
  signal?: AbortSignal,
): Promise<THelperList> {
  const page = await api.page<THelperListItem, THelperListMeta>('helpers', {
    base: PUBLIC_BASE,
    query,
    signal,
    errorToast: false,
    successToast: false,
  });
  const meta: Partial<Record<string, unknown>> = page.meta ?? {};
  const total = numOrNull(meta.total) ?? numOrNull(meta.count) ?? page.data.length;
  return {
    data: page.data,
    meta: {
      count: total,
      page: numOrNull(meta.current_page) ?? 1,
      lastPage: numOrNull(meta.last_page) ?? 1,
      perPage: numOrNull(meta.per_page) ?? Math.max(1, page.data.length),
      covering_count: numOrNull(meta.covering_count),
      helpers_count: numOrNull(meta.helpers_count),
      hours_count: numOrNull(meta.hours_count),
      electronic_payments: meta.electronic_payments === true,
    },
  };
}

export function useHelperSearch(query: Record<string, string> | null) {
  return useQuery({
    queryKey: bookingKeys.helpers(query ?? {}),
    queryFn: ({ signal }) => searchHelpers(query ?? {}, signal),
    enabled: query !== null,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
