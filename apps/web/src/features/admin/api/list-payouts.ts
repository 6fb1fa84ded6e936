import type { TPayoutReviewItem, TPayoutSubmissionStatus } from '@haulpro/shared/delivery-view';
import { useQuery } from '@tanstack/react-query';
import { api, type TPage } from '../../../lib/api-client.ts';
import { keepPreviousPage } from '../../../lib/keep-previous-page.ts';
import { ADMIN_BASE, payoutKeys } from './payout-keys.ts';

export type TPayoutQueueMeta = { pending_count: number };

/** The file links live 15 to 20 minutes: reload the queue well before they expire. */
const FRESH_LINKS_MS = 10 * 60_000;

/** GET payouts?status=&page=: one tab of the review queue, with the pending count. */
export function listPayouts(
  status: TPayoutSubmissionStatus,
  page: number,
  signal?: AbortSignal,
): Promise<TPage<TPayoutReviewItem, TPayoutQueueMeta>> {
  return api.page<TPayoutReviewItem, TPayoutQueueMeta>('payouts', {
    base: ADMIN_BASE,
    signal,
    query: { status, page },
  });
}

export function usePayoutQueue(status: TPayoutSubmissionStatus, page: number) {
  return useQuery({
    queryKey: payoutKeys.list(status, page),
    queryFn: ({ signal }) => listPayouts(status, page, signal),
    ...keepPreviousPage([status]),
    // A queue others fill: every tab switch and every return to the window shows the latest.
    staleTime: 0,
    refetchOnWindowFocus: true,
    refetchInterval: FRESH_LINKS_MS,
  });
}
