import { MSG } from '@haulpro/shared/messages';
import {
  INVITES_MAX,
  REFERRAL_MSG,
  type TCouponPreview,
  type TCreditEntry,
  type TPromoView,
  type TReferralEmail,
  type TReferralView,
  type ZPromoGenerate,
} from '@haulpro/shared/referral';
import type { z } from 'zod';
import type { TAuth, TDeps } from '../../context.ts';
import type { TDb, TTx } from '../../db/client.ts';
import type { TAlsoIfWon } from '../../db/written-row.ts';
import { conflict, invalid, notFound, type TFieldErrors } from '../../domain/errors.ts';
import { toDollars } from '../../domain/money.ts';
import { giftCouponMail, referralInviteMail } from '../../mail/templates.ts';
import type { TUsersService } from '../users/users.service.ts';
import { newCouponCode } from './coupon-code.ts';
import {
  approveReferral,
  balanceCents,
  claimCoupon,
  countPendingReferrals,
  countUnearnedReferrals,
  deletePendingReferral,
  findOpenCoupon,
  findReferral,
  insertCoupon,
  insertDebit,
  insertInvitations,
  insertReferralCreditIf,
  invitedAmong,
  latestOpenCoupon,
  ledgerHistory,
  listReferrals,
  lockCreditOwner,
  registeredAmong,
  reopenCouponOfOrder,
  setCouponOrder,
  type TReferralRow,
} from './referrals.repository.ts';

type TPromo = z.output<typeof ZPromoGenerate>;
/** Rows of the credit history the page shows. */
const HISTORY_ROWS = 20;

function emailView(r: TReferralRow): TReferralEmail {
  return {
    id: r.id,
    referred_email: r.referredEmail,
    is_approved: r.isApproved,
    updated_at: r.updatedAt.toISOString(),
  };
}

/** What referrals ask of the users module: the referrer by code, and who referred the new user. */
export type TReferralUsers = Pick<TUsersService, 'findUserByReferralCode' | 'updateUser'>;

/**
 * A sign-up with a referral code (decision 022): the referrer's invitation of this e-mail turns
 * approved (Responded), or an approved row is added when the person was never invited by e-mail.
 * Called inside the sign-up's transaction by every registration (customers in auth; movers and
 * helpers from their registration). An unknown code is a 422 on referral_code. The credit comes
 * later, when a referred customer completes a first order (`creditReferrerOfCompletedOrder`).
 */
export async function recordReferredSignUp(
  users: TReferralUsers,
  tx: TDb | TTx,
  signUp: { userId: number; email: string; code: string; now?: Date },
): Promise<TReferralRow> {
  const referrer = await users.findUserByReferralCode(tx, signUp.code.trim().toUpperCase());
  if (!referrer || referrer.id === signUp.userId) throw invalid({ referral_code: [MSG.referralCodeMissing] });
  await users.updateUser(tx, signUp.userId, { referredById: referrer.id });
  return approveReferral(
    tx,
    referrer.id,
    signUp.email.trim().toLowerCase(),
    signUp.userId,
    signUp.now ?? new Date(),
  );
}

/**
 * Carried by the orders' one writer's statement when an order becomes Completed, written only if
 * the step won: when the order's customer was referred and their referral has not earned yet,
 * the referrer's ledger gets the credit. The ledger's unique referral index makes it once per
 * referral, also under races.
 */
export function creditReferrerIf(v: {
  customerId: number;
  orderId: number;
  amountCents: number;
  now: Date;
}): TAlsoIfWon {
  return (won) => insertReferralCreditIf(won, v);
}

/**
 * Redeems a coupon for the booking being placed, inside the booking's transaction: answers its
 * amount in cents, or a 422 on `coupon` when it does not exist or was used (of two bookings with
 * one coupon exactly one gets it). `attachCouponOrder` then names the order that used it.
 */
async function redeemCoupon(
  tx: TTx,
  v: { code: string; userId: number; now: Date },
): Promise<{ couponId: number; amountCents: number }> {
  const c = await claimCoupon(tx, v.code, v.userId, v.now);
  if (!c) throw invalid({ coupon: [REFERRAL_MSG.couponInvalid] });
  return { couponId: c.id, amountCents: c.amountCents };
}

async function attachCouponOrder(tx: TTx, couponId: number, orderId: number): Promise<void> {
  await setCouponOrder(tx, couponId, orderId);
}

/**
 * Called by the orders' one writer, in its transaction, when an order ends without being served
 * (decision 026): the coupon it redeemed is open again, for whoever holds its code.
 */
export async function returnCouponOfUnservedOrder(tx: TTx, orderId: number): Promise<boolean> {
  return reopenCouponOfOrder(tx, orderId);
}

export type TReferralsService = ReturnType<typeof createReferralsService>;

/** Invite a friend: GET/POST referrals, DELETE referrals/{id}, POST customer/promos/generate (issue 17). */
export function createReferralsService({ db, clock, config, mailer }: TDeps, users: TReferralUsers) {
  async function view(auth: TAuth): Promise<TReferralView> {
    const userId = auth.user.id;
    const [rows, unearned, balance, coupon, history] = await Promise.all([
      listReferrals(db, userId),
      countUnearnedReferrals(db, userId),
      balanceCents(db, userId),
      latestOpenCoupon(db, userId),
      ledgerHistory(db, userId, HISTORY_ROWS),
    ]);
    return {
      referral_code: auth.user.referralCode,
      emails: {
        pending: rows.filter((r) => !r.isApproved).map(emailView),
        approved: rows.filter((r) => r.isApproved).map(emailView),
      },
      prices: { pending: toDollars(unearned * config.referralCreditCents), available: toDollars(balance) },
      coupon: coupon?.code ?? null,
      amount: coupon ? toDollars(coupon.amountCents) : null,
      credit_per_referral: toDollars(config.referralCreditCents),
      history: history.map(
        (h): TCreditEntry => ({
          id: h.id,
          kind: h.kind,
          amount: toDollars(h.amountCents),
          detail:
            (h.kind === 'referral' ? h.referredEmail : h.kind === 'gift' ? h.giftEmail : h.couponCode) ?? '',
          created_at: h.createdAt.toISOString(),
        }),
      ),
    };
  }

  return {
    // ---- for the booking and the orders writer, in their transaction (see the functions above) ----
    redeemCoupon,
    attachCouponOrder,
    creditReferrerIf,
    returnCouponOfUnservedOrder,

    /** For every registration, in its transaction (see the function above). */
    recordReferredSignUp: (tx: TDb | TTx, signUp: Parameters<typeof recordReferredSignUp>[2]) =>
      recordReferredSignUp(users, tx, signUp),

    view,

    /** POST referrals: e-mails each invitation once; a refusal names the e-mail's place in the list. */
    async invite(auth: TAuth, emails: string[]): Promise<TReferralView> {
      const own = auth.user.email.toLowerCase();
      const [invited, registered, pending] = await Promise.all([
        invitedAmong(db, auth.user.id, emails),
        registeredAmong(db, emails),
        countPendingReferrals(db, auth.user.id),
      ]);
      const errors: TFieldErrors = {};
      const seen = new Set<string>();
      emails.forEach((e, i) => {
        const why =
          e === own
            ? REFERRAL_MSG.inviteSelf
            : invited.has(e) || seen.has(e)
              ? REFERRAL_MSG.alreadyInvited
              : registered.has(e)
                ? REFERRAL_MSG.alreadyRegistered
                : null;
        if (why) errors[`emails.${i}`] = [why];
        seen.add(e);
      });
      if (Object.keys(errors).length) throw invalid(errors);
      if (pending + emails.length > INVITES_MAX) throw invalid({ emails: [REFERRAL_MSG.inviteLimit] });
      const now = clock.now();
      const base = config.publicUrl;
      const code = encodeURIComponent(auth.user.referralCode);
      const inviterName = `${auth.user.firstName} ${auth.user.lastName}`.trim();
      await db.transaction(async (tx) => {
        const rows = await insertInvitations(tx, auth.user.id, emails, now);
        for (const r of rows) {
          await mailer.enqueue(
            tx,
            referralInviteMail(r.referredEmail, {
              inviterName,
              code: auth.user.referralCode,
              clientUrl: `${base}/referral?referral_code=${code}`,
              moverUrl: `${base}/register?referral_code=${code}`,
            }),
          );
        }
      });
      mailer.kick();
      return view(auth);
    },

    /** DELETE referrals/{id}: only the user's own, only while not approved. */
    async remove(auth: TAuth, id: number): Promise<void> {
      if (await deletePendingReferral(db, auth.user.id, id)) return;
      if (await findReferral(db, auth.user.id, id)) throw conflict(REFERRAL_MSG.approvedNoDelete);
      throw notFound();
    },

    /**
     * GET customer/coupons/{coupon}: what the coupon would take off a booking now, without
     * redeeming it; a used or unknown code is the 422 the booking itself would give.
     */
    async previewCoupon(code: string): Promise<TCouponPreview> {
      const c = await findOpenCoupon(db, code);
      if (!c) throw invalid({ coupon: [REFERRAL_MSG.couponInvalid] });
      return { coupon: c.code, amount: toDollars(c.amountCents) };
    },

    /**
     * POST customer/promos/generate: a coupon (or, with `email`, a gift coupon e-mailed there)
     * drawn from the available credit. The owner's row is locked while the balance is read and
     * debited, so two requests that together exceed the credit give exactly one coupon.
     */
    async generate(auth: TAuth, v: TPromo): Promise<TPromoView> {
      const gift = v.email ?? null;
      if (gift !== null && gift === auth.user.email.toLowerCase())
        throw invalid({ email: [REFERRAL_MSG.giftToSelf] });
      const cents = v.amount * 100;
      const now = clock.now();
      const out = await db.transaction(async (tx) => {
        await lockCreditOwner(tx, auth.user.id);
        const balance = await balanceCents(tx, auth.user.id);
        if (cents > balance) throw invalid({ amount: [REFERRAL_MSG.invalidAmount] });
        let coupon = await insertCoupon(tx, {
          code: v.coupon ?? newCouponCode(),
          ownerId: auth.user.id,
          amountCents: cents,
          giftEmail: gift,
          now,
        });
        if (!coupon && v.coupon) throw invalid({ coupon: [REFERRAL_MSG.couponTaken] });
        // 26^10 codes: a clash is all but impossible, but a drawn code is never reused.
        while (!coupon) {
          coupon = await insertCoupon(tx, {
            code: newCouponCode(),
            ownerId: auth.user.id,
            amountCents: cents,
            giftEmail: gift,
            now,
          });
        }
        await insertDebit(tx, {
          userId: auth.user.id,
          kind: gift ? 'gift' : 'coupon',
          amountCents: cents,
          couponId: coupon.id,
          now,
        });
        if (gift) {
          await mailer.enqueue(
            tx,
            giftCouponMail(gift, {
              senderName: `${auth.user.firstName} ${auth.user.lastName}`.trim(),
              coupon: coupon.code,
              amount: `$${v.amount}`,
              url: `${config.publicUrl}/`,
            }),
          );
        }
        return { amount: v.amount, coupon: coupon.code, user_credit: toDollars(balance - cents) };
      });
      if (gift) mailer.kick();
      return out;
    },
  };
}
