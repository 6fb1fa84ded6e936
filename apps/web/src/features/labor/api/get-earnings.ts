import type { TEarningsView } from '@haulpro/shared/delivery-view';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const earningsKeys = {
  all: ['labor', 'earnings'] as const,
};

/** GET labor/earnings: the labor user's payout records with totals by week and month. */
export function getEarnings(signal?: AbortSignal): Promise<TEarningsView> {
  return api.get<TEarningsView>('labor/earnings', { signal });
}

export function useEarnings() {
  return useQuery({ queryKey: earningsKeys.all, queryFn: ({ signal }) => getEarnings(signal) });
}
