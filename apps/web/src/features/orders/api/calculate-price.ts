import type { TOrderParty, TPricePreview } from '@haulpro/shared/order-wire';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { orderBase, orderKeys } from './order-keys.ts';

/** POST orders/{id}/calculate-price: the order's price on another date (dollars). */
export function calculatePrice(
  party: TOrderParty,
  id: number,
  requestedDate: string,
): Promise<TPricePreview> {
  return api.post<TPricePreview>(
    `${orderBase(party)}/${id}/calculate-price`,
    { requested_date: requestedDate },
    { successToast: false },
  );
}

export function usePricePreview(party: TOrderParty, id: number, requestedDate: string | null) {
  return useQuery({
    queryKey: orderKeys.price(party, id, requestedDate ?? ''),
    queryFn: () => calculatePrice(party, id, requestedDate ?? ''),
    enabled: requestedDate !== null,
    staleTime: 60_000,
  });
}
