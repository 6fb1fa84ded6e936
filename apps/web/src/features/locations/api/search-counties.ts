import type { TCounty } from '@haulpro/shared/geo';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { geoKeys } from '../../../lib/api/geo-keys.ts';
import { api } from '../../../lib/api-client.ts';

/** GET counties?query=: at most 20 counties whose name contains the text (case-insensitive). */
export function searchCounties(
  query: string,
  stateId: number | null,
  signal?: AbortSignal,
): Promise<TCounty[]> {
  return api.get<TCounty[]>('counties', { query: { query, state_id: stateId }, signal });
}

/** The caller debounces the text (spec: 500 ms); an empty text asks nothing. */
export function useCountySearch(query: string, stateId: number | null) {
  const text = query.trim();
  return useQuery({
    queryKey: geoKeys.counties(text.toLowerCase(), stateId),
    queryFn: ({ signal }) => searchCounties(text, stateId, signal),
    enabled: text.length > 0,
    staleTime: Number.POSITIVE_INFINITY,
    placeholderData: keepPreviousData,
  });
}
