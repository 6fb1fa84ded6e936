import type { TDeliveryView } from '@haulpro/shared/delivery-view';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { deliveryKeys } from './delivery-keys.ts';

/**
 * The helper's one-step delivery calls: POST deliveries/{id}/accept (a company on All branches
 * gets its nearest covering branch without asking), reject, cancel ({ reason }) and archive. Each answers the
 * delivery and a toasted message; a 409 (someone accepted first) is toasted by the api client.
 * Settled either way, every helper delivery query refreshes, so a lost race drops the card.
 */
export type TDeliveryActionCall =
  | { kind: 'accept'; id: number }
  | { kind: 'reject'; id: number }
  | { kind: 'cancel'; id: number; reason: string }
  | { kind: 'archive'; id: number };

function bodyOf(call: TDeliveryActionCall): unknown {
  switch (call.kind) {
    case 'cancel':
      return { reason: call.reason };
    default:
      return {};
  }
}

export function runDeliveryAction(call: TDeliveryActionCall): Promise<TDeliveryView> {
  return api.post<TDeliveryView>(`deliveries/${call.id}/${call.kind}`, bodyOf(call), {
    formFields: ['reason'],
  });
}

export function useDeliveryAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runDeliveryAction,
    onSettled: () => queryClient.invalidateQueries({ queryKey: deliveryKeys.all }),
  });
}
