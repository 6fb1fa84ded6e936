import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MSG } from './messages.ts';
import {
  COUPON_CODE_PATTERN,
  GIFT_AMOUNTS,
  isGiftAmount,
  isValidCouponAmount,
  REFERRAL_MSG,
  validInviteEmails,
  ZCouponCode,
  ZPromoGenerate,
  ZReferralInvite,
} from './referral.ts';

const ZBookingCouponProbe = z.object({ coupon: ZCouponCode });
const errorsOf = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  r.error?.issues.map((i) => [i.path.join('.'), i.message]) ?? [];

describe('referral rules', () => {
  it('a coupon amount is a positive whole number not above the available credit', () => {
    expect(isValidCouponAmount(1, 25)).toBe(true);
    expect(isValidCouponAmount(25, 25)).toBe(true);
    for (const bad of [0, -1, 2.5, 26, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(isValidCouponAmount(bad, 25), String(bad)).toBe(false);
    }
    expect(isValidCouponAmount(1, 0)).toBe(false);
  });

  it('gifts are 5, 10, 15, 20 or 25', () => {
    expect([...GIFT_AMOUNTS]).toEqual([5, 10, 15, 20, 25]);
    expect([0, 1, 7, 30, 2.5].some(isGiftAmount)).toBe(false);
    expect(GIFT_AMOUNTS.every(isGiftAmount)).toBe(true);
  });

  it('the invite list keeps only valid e-mails, lower case, once each', () => {
    expect(validInviteEmails(' A@Example.com, bad;b@example.com\nnot@\n a@example.com  c@x.io')).toEqual([
      'a@example.com',
      'b@example.com',
      'c@x.io',
    ]);
    expect(validInviteEmails('')).toEqual([]);
  });

  it('a coupon code is 10 capital letters', () => {
    expect(COUPON_CODE_PATTERN.test('ABCDEFGHIJ')).toBe(true);
    for (const bad of ['ABCDEFGHI', 'ABCDEFGHIJK', 'abcdefghij', 'ABCDEFGHI1', 'ABCDE FGHI'])
      expect(COUPON_CODE_PATTERN.test(bad), bad).toBe(false);
    expect(ZBookingCouponProbe.parse({ coupon: ' abcdefghij ' })).toEqual({ coupon: 'ABCDEFGHIJ' });
    expect(errorsOf(ZBookingCouponProbe.safeParse({ coupon: 'ABC' }))).toEqual([
      ['coupon', REFERRAL_MSG.couponFormat],
    ]);
  });
});

describe('ZPromoGenerate', () => {
  it('refuses 0, 2.5, text and negatives with "Please enter a valid amount"', () => {
    for (const amount of [0, 2.5, '2.5', -5, 'ten', null, '0x10', ' 5']) {
      expect(errorsOf(ZPromoGenerate.safeParse({ amount })), String(amount)).toEqual([
        ['amount', REFERRAL_MSG.invalidAmount],
      ]);
    }
    expect(ZPromoGenerate.parse({ amount: '15' })).toEqual({ amount: 15 });
  });

  it('a gift needs a valid e-mail and one of the gift amounts; an empty e-mail means a plain coupon', () => {
    expect(ZPromoGenerate.parse({ amount: 25, email: ' Friend@Example.com ' })).toEqual({
      amount: 25,
      email: 'friend@example.com',
    });
    expect(errorsOf(ZPromoGenerate.safeParse({ amount: 7, email: 'friend@example.com' }))).toEqual([
      ['amount', REFERRAL_MSG.invalidAmount],
    ]);
    expect(errorsOf(ZPromoGenerate.safeParse({ amount: 5, email: 'friend@' }))).toEqual([
      ['email', MSG.invalidEmail],
    ]);
    expect(ZPromoGenerate.parse({ amount: 7, email: '' })).toEqual({ amount: 7 });
  });
});

describe('ZReferralInvite', () => {
  it('needs 1 to 20 valid e-mails', () => {
    expect(errorsOf(ZReferralInvite.safeParse({ emails: [] }))).toEqual([
      ['emails', REFERRAL_MSG.emailsRequired],
    ]);
    expect(errorsOf(ZReferralInvite.safeParse({ emails: ['a@b.co', 'nope'] }))).toEqual([
      ['emails.1', MSG.invalidEmail],
    ]);
    const many = Array.from({ length: 21 }, (_, i) => `p${i}@example.com`);
    expect(errorsOf(ZReferralInvite.safeParse({ emails: many }))).toEqual([
      ['emails', REFERRAL_MSG.tooManyAtOnce],
    ]);
  });
});
