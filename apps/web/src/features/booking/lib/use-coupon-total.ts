import type { THelperListItem } from '@haulpro/shared/booking';
import { COUPON_CODE_PATTERN } from '@haulpro/shared/referral';
import { ApiError } from '../../../lib/api-client.ts';
import { useCouponPreview } from '../api/preview-coupon.ts';
import { totalAfterCoupon } from './coupon-total.ts';

export type TCouponTotal =
  | { kind: 'none' }
  | { kind: 'checking' }
  | { kind: 'invalid'; message: string }
  | {
      kind: 'applied';
      code: string;
      discount: number;
      total: number;
      /**
       * With a card fee the coupon also lowers the service fee (decision 005), so the server's
       * total is lower still: the total shown is then what the customer pays at most.
       */
      atMost: boolean;
    };

/** The booking's last step: what the typed coupon takes off the live quote, before booking. */
export function useCouponTotal(
  typed: string,
  quote: THelperListItem['quote'] | undefined,
  isCustomer: boolean,
): TCouponTotal {
  const preview = useCouponPreview(typed, isCustomer);
  const code = typed.trim().toUpperCase();
  // Until it is 10 letters there is nothing to ask; booking says what is wrong with it.
  if (!isCustomer || !COUPON_CODE_PATTERN.test(code)) return { kind: 'none' };
  if (preview.error instanceof ApiError) {
    return { kind: 'invalid', message: preview.error.field('coupon') ?? preview.error.message };
  }
  const data = preview.data;
  if (!data || !quote || data.coupon !== code) return { kind: 'checking' };
  return {
    kind: 'applied',
    code: data.coupon,
    ...totalAfterCoupon(quote.total, data.amount),
    atMost: quote.processing_fee > 0,
  };
}
