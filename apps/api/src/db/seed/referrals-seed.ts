import { ORDER_STATUS } from '@haulpro/shared/order';
import { REFERRAL_CREDIT_DEFAULT } from '@haulpro/shared/referral';
import { eq, sql } from 'drizzle-orm';
import { creditReferrerIf, recordReferredSignUp } from '../../modules/referrals/referrals.service.ts';
import { findUserByReferralCode, updateUser } from '../../modules/users/users.repository.ts';
import type { TTx } from '../client.ts';
import { branches, coupons, creditLedger, referrals } from '../schema.ts';
import { createUser } from './factories.ts';
import { createOrder } from './order-factory.ts';

/** The demo customer's coupon, open to try at booking (README). */
export const DEMO_COUPON = 'DEMOCOUPON';

/**
 * Invite a friend for the demo (decision 022): the demo customer (code DEMO123) invited four
 * people; Morgan signed up with the code and completed a first order ($25 available), Taylor
 * signed up and has not moved yet ($25 pending), two never answered (Not Responded). $10 of the
 * credit became the coupon DEMOCOUPON, not used yet. Company staff have one open invitation.
 */
export async function seedDemoReferrals(
  tx: TTx,
  v: {
    customerId: number;
    customerCode: string;
    staffId: number;
    companyId: number;
    branchId: number;
    now: Date;
  },
): Promise<void> {
  const day = 86_400_000;
  const at = (daysAgo: number) => new Date(v.now.getTime() - daysAgo * day);
  await tx.insert(referrals).values([
    {
      referrerId: v.customerId,
      referredEmail: 'morgan.friend@demo.test',
      createdAt: at(20),
      updatedAt: at(20),
    },
    { referrerId: v.customerId, referredEmail: 'jordan@example.com', createdAt: at(9), updatedAt: at(9) },
    { referrerId: v.customerId, referredEmail: 'riley@example.com', createdAt: at(3), updatedAt: at(3) },
    { referrerId: v.staffId, referredEmail: 'new.client@example.com', createdAt: at(2), updatedAt: at(2) },
  ]);
  const common = { password: 'demo-password', isEmailVerified: true, role: 'customer' as const };
  const morgan = await createUser(tx, {
    ...common,
    email: 'morgan.friend@demo.test',
    firstName: 'Morgan',
    lastName: 'Friend',
  });
  await recordReferredSignUp({ findUserByReferralCode, updateUser }, tx, {
    userId: morgan.id,
    email: morgan.email,
    code: v.customerCode,
    now: at(18),
  });
  const taylor = await createUser(tx, {
    ...common,
    email: 'taylor.pal@demo.test',
    firstName: 'Taylor',
    lastName: 'Pal',
  });
  await recordReferredSignUp({ findUserByReferralCode, updateUser }, tx, {
    userId: taylor.id,
    email: taylor.email,
    code: v.customerCode,
    now: at(5),
  });

  // Morgan's first move is done (with Westside Hauling, so Demo Movers' own lists stay as they
  // were): the credit the orders' writer would have written on completion.
  const [westside] = await tx
    .select({ id: branches.id, companyId: branches.companyId })
    .from(branches)
    .where(eq(branches.slug, 'westside-hauling-beverly-hills'))
    .limit(1);
  const first = await createOrder(tx, {
    customerId: morgan.id,
    companyId: westside?.companyId ?? v.companyId,
    branchId: westside?.id ?? v.branchId,
    status: ORDER_STATUS.completed,
    arrivalDate: at(10).toISOString().slice(0, 10),
    name: 'Morgan Friend',
    createdAt: at(15),
  });
  // As the orders' writer carries it in a completion's statement; here nothing gates it.
  await tx.execute(
    creditReferrerIf({
      customerId: morgan.id,
      orderId: first.id,
      amountCents: REFERRAL_CREDIT_DEFAULT * 100,
      now: at(10),
    })(sql`select 1`),
  );
  const [coupon] = await tx
    .insert(coupons)
    .values({ code: DEMO_COUPON, ownerId: v.customerId, amountCents: 1000, createdAt: at(8) })
    .returning();
  await tx.insert(creditLedger).values({
    userId: v.customerId,
    kind: 'coupon',
    amountCents: -1000,
    couponId: coupon!.id,
    createdAt: at(8),
  });
}
