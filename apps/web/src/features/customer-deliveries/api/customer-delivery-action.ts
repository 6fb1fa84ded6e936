import type { TDeliveryView } from '@haulpro/shared/delivery-view';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
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

export function runCustomerDeliveryAction(call: TCustomerDeliveryCall): Promise<TDeliveryView> {
  return api.post<TDeliveryView>(
    `${CUSTOMER_DELIVERIES}/${call.id}/${call.kind}`,
    call.kind === 'cancel'
      ? { reason: call.reason }
      : call.kind === 'complete' && call.tip !== undefined
        ? { tip: call.tip }
        : {},
    // A cancel answers with what happened to the money: the caller says it in one toast with the
    // outcome instead of the bare "cancelled".
    { successToast: call.kind !== 'cancel', formFields: ['reason', 'tip'] },
  );
}

export function useCustomerDeliveryAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runCustomerDeliveryAction,
    onSettled: () => queryClient.invalidateQueries({ queryKey: customerDeliveryKeys.all }),
  });
}
