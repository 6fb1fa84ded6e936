import type { TOption } from '@haulpro/shared/geo';
import { useQuery } from '@tanstack/react-query';
import { geoKeys } from '../../../lib/api/geo-keys.ts';
import { api } from '../../../lib/api-client.ts';

export type TStateOption = TOption & { code?: string };

/** GET cities without state_id: the states, as { display, value, code }. */
export function listStates(): Promise<TStateOption[]> {
  return api.get<TStateOption[]>('cities');
}

export function useStates() {
  return useQuery({ queryKey: geoKeys.states, queryFn: listStates, staleTime: Number.POSITIVE_INFINITY });
}
