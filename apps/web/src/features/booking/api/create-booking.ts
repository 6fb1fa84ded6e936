import type { TBookingInput } from '@haulpro/shared/booking';
import type { TBookingAnswer } from '@haulpro/shared/order-view';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';

export type TBookingRequest = {
  input: TBookingInput;
  /** One key per booking attempt: a retry with it answers with the order already made (decision 013). */
  idempotencyKey: string;
};

/**
 * POST customer/orders: books the move. The server recomputes the price; the body never
 * carries one. Field errors (422) are placed on the wizard's fields by the caller.
 */
export function createBooking({ input, idempotencyKey }: TBookingRequest): Promise<TBookingAnswer> {
  const headers = { 'Idempotency-Key': idempotencyKey };
  return api.post<TBookingAnswer>('customer/orders', input, { errorToast: false, headers });
}

export function useCreateBooking() {
  return useMutation({
    mutationFn: createBooking,
    // The new order shows on the dashboard at once.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['orders'] }),
  });
}
