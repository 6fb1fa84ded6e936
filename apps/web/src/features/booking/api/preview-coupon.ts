import { COUPON_CODE_PATTERN, type TCouponPreview } from '@haulpro/shared/referral';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { bookingKeys } from './booking-keys.ts';

/**
 * GET customer/coupons/{coupon}: what the coupon would take off, without redeeming it. A used
 * or unknown code is a 422 with booking's own message, shown under the coupon field.
 */
export function previewCoupon(code: string, signal?: AbortSignal): Promise<TCouponPreview> {
  return api.get<TCouponPreview>(`customer/coupons/${encodeURIComponent(code)}`, {
    signal,
    errorToast: false,
    successToast: false,
  });
}

/** Asked 400 ms after the last key press, once the code is 10 letters and a customer is signed in. */
export function useCouponPreview(typed: string, isCustomer: boolean) {
  const [debounced] = useDebouncedValue(typed.trim().toUpperCase(), 400);
  const code = COUPON_CODE_PATTERN.test(debounced) ? debounced : null;
  return useQuery({
    queryKey: bookingKeys.coupon(code ?? ''),
    queryFn: ({ signal }) => previewCoupon(code ?? '', signal),
    enabled: isCustomer && code !== null,
    retry: false,
    staleTime: 30_000,
  });
}
