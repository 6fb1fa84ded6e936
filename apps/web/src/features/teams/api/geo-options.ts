import type { TOption } from '@haulpro/shared/geo';
import { useQuery } from '@tanstack/react-query';
import { geoKeys } from '../../../lib/api/geo-keys.ts';
import { api } from '../../../lib/api-client.ts';

/** GET cities without state_id: the states (the same call and cache key as the locations form). */
export function useStateOptions() {
  return useQuery({
    queryKey: geoKeys.states,
    queryFn: () => api.get<TOption[]>('cities'),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** GET cities?state_id=: the cities of a state. */
export function useCityOptions(stateId: number | null) {
  return useQuery({
    queryKey: geoKeys.cities(stateId),
    queryFn: () => api.get<TOption[]>('cities', { query: { state_id: stateId ?? 0 } }),
    enabled: stateId !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
