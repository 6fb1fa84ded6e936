import type { TJobView } from '@haulpro/shared/move-day';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { followTipCheckout } from '../../../lib/tip-checkout.ts';
import { JOB_POLL_MS } from './job-poll.ts';
import { orderKeys } from './order-keys.ts';

/*
 * The customer's side of move day (issue 28): GET customer/orders/{id}/job, the answers to a
 * change on site, and the confirmation or dispute of the finished bill. Every key starts with
 * 'orders', so an answer also refreshes the order's card and modal.
 */
export const customerJobKey = (id: number) => ['orders', 'customer', 'job', id] as const;

export function getCustomerJob(id: number, signal?: AbortSignal): Promise<TJobView> {
  // No toast: an order whose crew has taken no step may have no job yet (404), and the modal just shows none.
  return api.get<TJobView>(`customer/orders/${id}/job`, { signal, errorToast: false });
}

export function useCustomerJob(id: number, enabled: boolean) {
  return useQuery({
    queryKey: customerJobKey(id),
    queryFn: ({ signal }) => getCustomerJob(id, signal),
    enabled,
    retry: false,
    refetchInterval: (query) =>
      query.state.data?.state === 'finished' || query.state.error ? false : JOB_POLL_MS,
  });
}

export type TCustomerJobCall =
  | { kind: 'approve' | 'decline'; changeId: number }
  | { kind: 'confirm'; tip?: number }
  | { kind: 'dispute'; reason: string };

/** The confirmation (ZSignResult) may send the customer on to pay the tip (a booking that saved no card). */
async function confirm(base: string, tip: number | undefined): Promise<TJobView> {
  const answer = await api.whole<{ data: TJobView; tip_checkout_url?: string | null }>(
    `${base}/job/confirm`,
    {
      method: 'POST',
      body: tip ? { tip } : {},
      formFields: ['tip'],
    },
  );
  followTipCheckout(answer);
  return answer.data;
}

function request(id: number, call: TCustomerJobCall): Promise<TJobView> {
  const base = `customer/orders/${id}`;
  switch (call.kind) {
    case 'approve':
    case 'decline':
      return api.post<TJobView>(`${base}/changes/${call.changeId}/${call.kind}`, {});
    case 'confirm':
      return confirm(base, call.tip);
    case 'dispute':
      return api.post<TJobView>(`${base}/job/dispute`, { reason: call.reason }, { formFields: ['reason'] });
  }
}

/** One mutation for the customer's answers; the job view it returns replaces the polled one. */
export function useCustomerJobAction(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (call: TCustomerJobCall) => request(id, call),
    onSuccess: (job) => {
      queryClient.setQueryData(customerJobKey(id), job);
      return queryClient.invalidateQueries({ queryKey: orderKeys.all });
    },
  });
}
