import type { TPayoutReviewItem } from '@haulpro/shared/delivery-view';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { ADMIN_BASE, payoutKeys } from './payout-keys.ts';

export type TPayoutDecision =
  | { kind: 'approve'; id: number }
  | { kind: 'reject'; id: number; reason: string };

/** POST payouts/{id}/approve, or payouts/{id}/reject with { reason }: the answer's message is toasted. */
export function decidePayout(call: TPayoutDecision): Promise<TPayoutReviewItem> {
  return call.kind === 'approve'
    ? api.post<TPayoutReviewItem>(`payouts/${call.id}/approve`, {}, { base: ADMIN_BASE })
    : api.post<TPayoutReviewItem>(
        `payouts/${call.id}/reject`,
        { reason: call.reason },
        { base: ADMIN_BASE, formFields: ['reason'] },
      );
}

/** Either decision refreshes every tab and the pending count (also after a 409: someone else decided). */
export function useDecidePayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decidePayout,
    onSettled: () => queryClient.invalidateQueries({ queryKey: payoutKeys.all }),
  });
}
