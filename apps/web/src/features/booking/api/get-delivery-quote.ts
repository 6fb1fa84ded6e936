import type { TDeliveryInput } from '@haulpro/shared/delivery-input';
import type { TDeliveryQuoteView } from '@haulpro/shared/delivery-view';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, PUBLIC_BASE } from '../../../lib/api-client.ts';
import { deliveryBookingKeys } from './delivery-booking-keys.ts';

export type TDeliveryQuote = TDeliveryQuoteView;

/**
 * POST /api/public/deliveries/quote: the server's price for the form as it stands, for visitors
 * too (they see the price before signing up), with whether a card can be chosen. Nothing is
 * toasted: a 422 (a load too heavy for the vehicle, an unknown ZIP) goes under its field.
 */
export function getDeliveryQuote(body: TDeliveryInput, signal?: AbortSignal): Promise<TDeliveryQuote> {
  return api.post<TDeliveryQuote>('deliveries/quote', body, {
    base: PUBLIC_BASE,
    signal,
    errorToast: false,
    successToast: false,
  });
}

/** The live price; `body` null (the form cannot be priced yet) asks nothing. */
export function useDeliveryQuote(body: TDeliveryInput | null) {
  return useQuery({
    queryKey: body ? deliveryBookingKeys.quote(body) : ['booking', 'delivery-quote', null],
    queryFn: ({ signal }) => getDeliveryQuote(body as TDeliveryInput, signal),
    enabled: body !== null,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
