import type { TBookingInput } from '@haulpro/shared/booking';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';

export type TBookingAnswer = {
  order: { id: number; status_id: number; status?: string };
  checkout_url: string | null;
};

/**
 * POST customer/orders: books the move. The server recomputes the price; the body never
 * carries one. Field errors (422) are placed on the wizard's fields by the caller.
 */
export function createBooking(input: TBookingInput): Promise<TBookingAnswer> {
  return api.post<TBookingAnswer>('customer/orders', input, { errorToast: false });
}

export function useCreateBooking() {
  return useMutation({
    mutationFn: createBooking,
    // The new order shows on the dashboard at once.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['orders'] }),
  });
}
