import type { TOrder, TOrderParty } from '@haulpro/shared/order-wire';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { followTipCheckout } from '../../../lib/tip-checkout.ts';
import { orderBase, orderKeys } from './order-keys.ts';

/**
 * The state-changing order calls (accept, reject, cancel, complete, archive, reschedule and the
 * answers to a reschedule). They share one shape, POST orders/{id}/{path} answering the order
 * and a toasted message, so they share one fetcher; each success refreshes every order query.
 */
export type TOrderActionCall =
  | { kind: 'accept'; id: number; body?: { branch_id?: number; nearest?: boolean } }
  | { kind: 'reject'; id: number; reason?: string }
  | { kind: 'cancel'; id: number; reason: string }
  /** The customer may add a tip in dollars (0 to the price); the company sends none. */
  | { kind: 'complete'; id: number; tip?: number }
  | { kind: 'archive'; id: number }
  | {
      kind: 'reschedule';
      id: number;
      body: { requested_date: string; requested_time: string; note: string; instantly: boolean };
    }
  | { kind: 'approve_reschedule'; id: number; requestId: number }
  | { kind: 'reject_reschedule'; id: number; requestId: number; reason: string };

function pathAndBody(call: TOrderActionCall): [string, unknown] {
  switch (call.kind) {
    case 'accept':
      return ['accept', call.body ?? {}];
    case 'reject':
      return ['reject', call.reason ? { reason: call.reason } : {}];
    case 'cancel':
      return ['cancel', { reason: call.reason }];
    case 'complete':
      return ['complete', call.tip !== undefined ? { tip: call.tip } : {}];
    case 'archive':
      return ['archive', {}];
    case 'reschedule':
      return ['reschedule-requests', call.body];
    case 'approve_reschedule':
      return [`reschedule-requests/${call.requestId}/approve`, {}];
    case 'reject_reschedule':
      return [`reschedule-requests/${call.requestId}/reject`, { reason: call.reason }];
  }
}

export async function runOrderAction(party: TOrderParty, call: TOrderActionCall): Promise<TOrder> {
  const [path, body] = pathAndBody(call);
  const url = `${orderBase(party)}/${call.id}/${path}`;
  const formFields = ['reason', 'note', 'requested_date', 'requested_time', 'tip'];
  if (call.kind !== 'complete' || party !== 'customer') return api.post<TOrder>(url, body, { formFields });
  // The customer's confirmation may send them on to pay the tip (a booking that saved no card).
  const answer = await api.whole<{ data: TOrder; tip_checkout_url?: string | null }>(url, {
    method: 'POST',
    body,
    formFields,
  });
  followTipCheckout(answer);
  return answer.data;
}

export function useOrderAction(party: TOrderParty) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (call: TOrderActionCall) => runOrderAction(party, call),
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
