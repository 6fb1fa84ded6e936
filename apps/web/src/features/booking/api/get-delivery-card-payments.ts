import { useQuery } from '@tanstack/react-query';
import { api, PUBLIC_BASE } from '../../../lib/api-client.ts';
import { dayjs } from '../../../lib/dayjs.ts';
import { deliveryBookingKeys } from './delivery-booking-keys.ts';

/**
 * Whether card payments are on. The moving booking reads it from the server's helper search
 * (`electronic_payments`, true when Stripe is configured); deliveries have no call that says it,
 * so the same search is asked once for the pickup ZIP and only its flag is read. The server
 * refuses a card booking when payments are off anyway ("choose cash").
 */
export async function getDeliveryCardPayments(zip: string, signal?: AbortSignal): Promise<boolean> {
  const page = await api.page<unknown, { electronic_payments?: boolean }>('helpers', {
    base: PUBLIC_BASE,
    query: {
      from_zip: zip,
      to_zip: zip,
      from_date: dayjs().add(1, 'day').format('YYYY-MM-DD'),
    },
    signal,
    errorToast: false,
    successToast: false,
  });
  return page.meta?.electronic_payments === true;
}

/** Null until known (no valid pickup ZIP yet, or the search failed). */
export function useDeliveryCardPayments(zip: string | null): boolean | null {
  const query = useQuery({
    queryKey: deliveryBookingKeys.cardPayments(zip ?? ''),
    queryFn: ({ signal }) => getDeliveryCardPayments(zip ?? '', signal),
    enabled: zip !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
  return query.data ?? null;
}
