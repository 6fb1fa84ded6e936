import { randomBytes } from 'node:crypto';
import { COUPON_CODE_LENGTH } from '@haulpro/shared/referral';

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** The largest multiple of 26 below 256: bytes above it are drawn again, so every letter is equally likely. */
const FAIR_LIMIT = 256 - (256 % LETTERS.length);

/** A coupon code: 10 random capital letters (spec constant), from the system's secure random source. */
export function newCouponCode(): string {
  let out = '';
  while (out.length < COUPON_CODE_LENGTH) {
    for (const b of randomBytes(COUPON_CODE_LENGTH * 2)) {
      if (b < FAIR_LIMIT && out.length < COUPON_CODE_LENGTH) out += LETTERS[b % LETTERS.length];
    }
  }
  return out;
}
