import type { TReconciliation } from '@haulpro/shared/payouts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { ADMIN_BASE } from './payout-keys.ts';

export const reconciliationKeys = {
  all: ['admin', 'reconciliation'] as const,
  range: (from: string, to: string) => ['admin', 'reconciliation', from, to] as const,
};

/** GET admin/reconciliation?from&to: the money journal by day and the jobs whose books do not balance. */
export function getReconciliation(from: string, to: string, signal?: AbortSignal): Promise<TReconciliation> {
  return api.get<TReconciliation>('reconciliation', { base: ADMIN_BASE, signal, query: { from, to } });
}

/** `enabled`: false while the range is not a real one (from after to). */
export function useReconciliation(from: string, to: string, enabled: boolean) {
  return useQuery({
    queryKey: reconciliationKeys.range(from, to),
    queryFn: ({ signal }) => getReconciliation(from, to, signal),
    enabled,
    placeholderData: (previous) => previous,
  });
}
