import { z } from 'zod';
import { MSG } from './messages.ts';
import { zInt } from './parse.ts';

/*
 * Invite a friend (spec: Referral entity, Referral and coupons, the referral/invite/coupon rules):
 * referral codes, e-mail invitations, credit, coupons and gift coupons. Messages word for word from
 * the spec where it gives them; the others are ours and marked. Money on the wire is whole dollars
 * (credit and coupons are whole dollars by rule; decision 022).
 */

export const REFERRAL_MSG = {
  invalidAmount: 'Please enter a valid amount',
  giftToSelf: "You can't send the gift coupon code to yourself",
  codeMissing: MSG.referralCodeMissing,
  copyError: 'Error while is copying',
  copied: 'Copied successfully',
  linkCopiedMovers: 'Invite link is copied successfully for Movers',
  linkCopiedClients: 'Invite link is copied successfully for Clients',
  codeCopied: 'Referral code is copied successfully',
  couponActivated: 'Coupon code is copied and activated successfully',
  giftSent: 'Gift coupon code send successfully to emails',
  deleteConfirm: 'Do you want to delete this referral?',
  alreadyInvited: 'This email is already invited',
  inviteLimit: 'You reached the limit of 100 invites',
  invalidEmail: MSG.invalidEmail,
  notResponded: 'Not Responded',
  responded: 'Responded',
  // Ours (the spec gives no text for these):
  emailsRequired: 'Enter at least one valid email',
  tooManyAtOnce: 'Enter at most 20 emails at once',
  inviteSelf: "You can't invite yourself",
  alreadyRegistered: 'This email is already registered',
  invitesSent: 'Invitations sent successfully',
  deleted: 'Referral deleted successfully',
  approvedNoDelete: 'This referral has already responded and cannot be deleted',
  couponInvalid: 'This coupon code is invalid or has already been used',
  couponTaken: 'This coupon code is already taken',
  couponFormat: 'A coupon code is 10 capital letters',
} as const;

/** Spec constants: referral code 7 characters (constants.ts); coupon code 10 random uppercase characters; gifts 5-25. */
export const COUPON_CODE_LENGTH = 10;
export const COUPON_CODE_PATTERN = /^[A-Z]{10}$/;
export const GIFT_AMOUNTS = [5, 10, 15, 20, 25] as const;
export const GIFT_DEFAULT = 25;
/** What a referrer earns when a referred customer completes a first order, unless configured (decision 022). */
export const REFERRAL_CREDIT_DEFAULT = 25;
/** Invitations one user may have waiting for an answer at once (ours, as the reviewer invites' 100). */
export const INVITES_MAX = 100;
/** E-mails in one POST referrals (ours). */
export const INVITES_PER_REQUEST = 20;
/** Largest coupon (ours): no credit is near it, and it keeps the number far from overflow. */
export const COUPON_MAX = 100_000;

const EMAIL_SHAPE = z.email();

/** True when a typed e-mail has a valid format (the invite list keeps only these). */
export function isValidEmail(v: string): boolean {
  return EMAIL_SHAPE.safeParse(v.trim().toLowerCase()).success;
}

/** Splits typed text (commas, semicolons, spaces, lines) into the distinct valid e-mails, lower case. */
export function validInviteEmails(text: string): string[] {
  const out: string[] = [];
  for (const part of text.split(/[\s,;]+/)) {
    const e = part.trim().toLowerCase();
    if (e && isValidEmail(e) && !out.includes(e)) out.push(e);
  }
  return out;
}

/** Coupon Activate is enabled only for a positive whole number not above the available credit (spec). */
export function isValidCouponAmount(amount: number, available: number): boolean {
  return Number.isInteger(amount) && amount > 0 && amount <= available && amount <= COUPON_MAX;
}

/** A gift is one of the spec's amounts. */
export function isGiftAmount(amount: number): boolean {
  return (GIFT_AMOUNTS as readonly number[]).includes(amount);
}

const ZEmail = z
  .string({ error: MSG.invalidEmail })
  .trim()
  .toLowerCase()
  .pipe(z.email(MSG.invalidEmail))
  .pipe(z.string().max(254, MSG.invalidEmail));

/** A coupon code as typed at booking: trimmed, upper case, 10 letters. */
export const ZCouponCode = z
  .string({ error: REFERRAL_MSG.couponFormat })
  .trim()
  .toUpperCase()
  .regex(COUPON_CODE_PATTERN, REFERRAL_MSG.couponFormat);

/** POST referrals: the e-mails to invite (the page sends only valid ones; the server checks each again). */
export const ZReferralInvite = z.object({
  emails: z
    .array(ZEmail, { error: REFERRAL_MSG.emailsRequired })
    .min(1, REFERRAL_MSG.emailsRequired)
    .max(INVITES_PER_REQUEST, REFERRAL_MSG.tooManyAtOnce),
});
export type TReferralInvite = z.input<typeof ZReferralInvite>;

/** POST customer/promos/generate: a coupon from the credit, or a gift coupon e-mailed to `email`. */
export const ZPromoGenerate = z
  .object({
    amount: zInt(1, COUPON_MAX, REFERRAL_MSG.invalidAmount),
    /** The spec's client may propose the code; without it the server draws one. */
    coupon: ZCouponCode.optional(),
    email: z.preprocess((v) => (v === '' || v === null ? undefined : v), ZEmail.optional()),
  })
  .superRefine((v, ctx) => {
    if (v.email !== undefined && !isGiftAmount(v.amount))
      ctx.addIssue({ code: 'custom', path: ['amount'], message: REFERRAL_MSG.invalidAmount });
  });
export type TPromoGenerate = z.input<typeof ZPromoGenerate>;

/** One invited e-mail (spec: Referral emails). */
export const ZReferralEmail = z.object({
  id: z.number().int(),
  referred_email: z.string(),
  is_approved: z.boolean(),
  updated_at: z.string(),
});
export type TReferralEmail = z.infer<typeof ZReferralEmail>;

/** One credit or debit of the ledger (dollars; debits negative). */
export const ZCreditEntry = z.object({
  id: z.number().int(),
  kind: z.enum(['referral', 'coupon', 'gift']),
  amount: z.number(),
  /** The friend whose first order earned it, the coupon code, or the gift's e-mail. */
  detail: z.string(),
  created_at: z.string(),
});
export type TCreditEntry = z.infer<typeof ZCreditEntry>;

/** GET referrals (spec: Referral). */
export const ZReferralView = z.object({
  referral_code: z.string(),
  emails: z.object({ pending: z.array(ZReferralEmail), approved: z.array(ZReferralEmail) }),
  /** Dollars: pending = referred customers who signed up and have not completed a first order yet. */
  prices: z.object({ pending: z.number(), available: z.number() }),
  /** The user's latest coupon not yet redeemed, and its amount in dollars. */
  coupon: z.string().nullable(),
  amount: z.number().nullable(),
  /** What one referral earns now (dollars), for the page's explanation. */
  credit_per_referral: z.number(),
  history: z.array(ZCreditEntry),
});
export type TReferralView = z.infer<typeof ZReferralView>;

/** The answer of POST customer/promos/generate. */
export const ZPromoView = z.object({
  amount: z.number().int(),
  coupon: z.string(),
  /** Available credit left, dollars. */
  user_credit: z.number(),
});
export type TPromoView = z.infer<typeof ZPromoView>;

/** GET customer/coupons/{coupon}: what an open coupon would take off a booking (dollars), before booking. */
export const ZCouponPreview = z.object({
  coupon: z.string(),
  amount: z.number(),
});
export type TCouponPreview = z.infer<typeof ZCouponPreview>;
