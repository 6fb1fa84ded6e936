import type { TDeliveryInput } from '@haulpro/shared/delivery-input';
import type { TDeliveryBooked } from '@haulpro/shared/delivery-view';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';

export type TDeliveryRequest = {
  input: TDeliveryInput;
  /** One key per booking attempt: a retry with it answers with the delivery already made (decision 023). */
  idempotencyKey: string;
};

/**
 * POST customer/deliveries: books the delivery. The server prices it again; the body never
 * carries a price. Its message ("Your delivery is open for bidding") is the success toast; a
 * 422's field errors are placed on the form by the caller, so they are not toasted.
 */
export function createDelivery({ input, idempotencyKey }: TDeliveryRequest): Promise<TDeliveryBooked> {
  const headers = { 'Idempotency-Key': idempotencyKey };
  return api.post<TDeliveryBooked>('customer/deliveries', input, { errorToast: false, headers });
}

export function useCreateDelivery() {
  return useMutation({
    mutationFn: createDelivery,
    // The customer's delivery lists (whatever their feature calls them) show the new one at once.
    onSuccess: () =>
      queryClient.invalidateQueries({
        predicate: (q) => q.queryKey.some((k) => typeof k === 'string' && k.includes('deliver')),
      }),
  });
}
