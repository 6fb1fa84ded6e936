import type { TOption } from '@haulpro/shared/geo';
import { useQuery } from '@tanstack/react-query';
import { geoKeys } from '../../../lib/api/geo-keys.ts';
import { api } from '../../../lib/api-client.ts';

/** GET cities?state_id=: the cities of a state, as { display, value }. */
export function listCities(stateId: number): Promise<TOption[]> {
  return api.get<TOption[]>('cities', { query: { state_id: stateId } });
}

export function useCities(stateId: number | null) {
  return useQuery({
    queryKey: geoKeys.cities(stateId),
    queryFn: () => listCities(stateId ?? 0),
    enabled: stateId !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
