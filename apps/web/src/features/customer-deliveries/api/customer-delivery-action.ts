import type { TDeliveryView } from '@haulpro/shared/delivery-view';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { followTipCheckout } from '../../../lib/tip-checkout.ts';
import { CUSTOMER_DELIVERIES, customerDeliveryKeys } from './customer-delivery-keys.ts';

/**
 * The customer's delivery steps: cancel (with a reason), complete (confirm the delivery once the
 * admin approved the helper's payout) and archive. One shape, POST customer/deliveries/{id}/{kind}
 * answering the delivery and a message, so one fetcher; each refreshes every delivery query.
 */
export type TCustomerDeliveryCall =
  | { kind: 'cancel'; id: number; reason: string }
  /** A tip in dollars (0 to the price), recorded for the helper. */
  | { kind: 'complete'; id: number; tip?: number }
  | { kind: 'archive'; id: number };

export async function runCustomerDeliveryAction(call: TCustomerDeliveryCall): Promise<TDeliveryView> {
  const url = `${CUSTOMER_DELIVERIES}/${call.id}/${call.kind}`;
  const body =
    call.kind === 'cancel'
      ? { reason: call.reason }
      : call.kind === 'complete' && call.tip !== undefined
        ? { tip: call.tip }
        : {};
  // A cancel answers with what happened to the money: the caller says it in one toast with the
  // outcome instead of the bare "cancelled".
  const opts = { successToast: call.kind !== 'cancel', formFields: ['reason', 'tip'] };
  if (call.kind !== 'complete') return api.post<TDeliveryView>(url, body, opts);
  // The confirmation may send the customer on to pay the tip (a booking that saved no card).
  const answer = await api.whole<{ data: TDeliveryView; tip_checkout_url?: string | null }>(url, {
    ...opts,
    method: 'POST',
    body,
  });
  followTipCheckout(answer);
  return answer.data;
}

export function useCustomerDeliveryAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runCustomerDeliveryAction,
    onSettled: () => queryClient.invalidateQueries({ queryKey: customerDeliveryKeys.all }),
  });
}
