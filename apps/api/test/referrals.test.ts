import { MSG } from '@haulpro/shared/messages';
import { ORDER_STATUS } from '@haulpro/shared/order';
import { REFERRAL_MSG, type TPromoView, type TReferralView } from '@haulpro/shared/referral';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coupons, creditLedger, users } from '../src/db/schema.ts';
import { createBranchAtZip, createCompany, createUser } from '../src/db/seed/factories.ts';
import { addServicePrices } from '../src/db/seed/marketplace.ts';
import { createOrder } from '../src/db/seed/order-factory.ts';
import { bookingBody } from './helpers/booking-body.ts';
import { call } from './helpers/http.ts';
import { mailsTo } from './helpers/outbox.ts';
import { tokenFor } from './helpers/sessions.ts';
import { createTestApp, createTestClock, type TTestApp } from './helpers/test-app.ts';

type TOrder = {
  id: number;
  status_id: number;
  order_price: number;
  redeem_enabled: boolean;
  invoice: { coupon_discount: number; total: number };
};

// Monday 2026-11-23, 10:00 in Los Angeles.
const clock = createTestClock(new Date('2026-11-23T18:00:00Z'));
const MOVE_DATE = '2026-11-30';
let t: TTestApp;
let referrer: string;
let referrerId: number;
let referrerEmail: string;
let referrerCode: string;
let staff: string;
let companyId: number;
let branchId: number;

const view = async (token: string) =>
  (await call<{ data: TReferralView }>(t.app, 'GET', '/api/dashboard/referrals', { token })).body.data;
const promo = (token: string, body: Record<string, unknown>) =>
  call<{ data: TPromoView; message: string; errors?: Record<string, string[]> }>(
    t.app,
    'POST',
    '/api/dashboard/customer/promos/generate',
    { token, body },
  );
async function ledgerSum(userId: number): Promise<number> {
  const [row] = await t.deps.db
    .select({ sum: sql<string | null>`sum(${creditLedger.amountCents})` })
    .from(creditLedger)
    .where(eq(creditLedger.userId, userId));
  return Number(row?.sum ?? 0);
}

const booking = (patch: Record<string, unknown> = {}) =>
  bookingBody(branchId, { arrival_date: MOVE_DATE, ...patch });

beforeAll(async () => {
  t = await createTestApp({ clock });
  const db = t.deps.db;
  const u = await createUser(db, { role: 'customer', referralCode: 'REFER01' });
  referrerId = u.id;
  referrerEmail = u.email;
  referrerCode = u.referralCode;
  referrer = await tokenFor(db, u.id);
  companyId = (await createCompany(db)).id;
  branchId = (await createBranchAtZip(db, '90001', { companyId, isMain: true, serviceArea: 30 })).id;
  await addServicePrices(db, branchId, { helpersOnly: [100, 120, 160], withTrucks: [130, 170, 230] });
  staff = await tokenFor(db, (await createUser(db, { role: 'staff', companyId })).id);
});
afterAll(() => t.close());

describe('invite a friend', () => {
  it('answers the code, no invitations and no credit at first; signed out 401, admin 403', async () => {
    expect(await view(referrer)).toMatchObject({
      referral_code: 'REFER01',
      emails: { pending: [], approved: [] },
      prices: { pending: 0, available: 0 },
      coupon: null,
      amount: null,
      credit_per_referral: 25,
      history: [],
    });
    expect((await call(t.app, 'GET', '/api/dashboard/referrals')).status).toBe(401);
    const admin = await tokenFor(t.deps.db, (await createUser(t.deps.db, { role: 'admin' })).id);
    expect((await call(t.app, 'GET', '/api/dashboard/referrals', { token: admin })).status).toBe(403);
    expect((await promo(admin, { amount: 5 })).status).toBe(403);
    // Company staff have the page too.
    expect((await call(t.app, 'GET', '/api/dashboard/referrals', { token: staff })).status).toBe(200);
  });

  it('invites by e-mail: each gets the invitation once; bad, own, repeated and registered e-mails are refused', async () => {
    const bad = await call(t.app, 'POST', '/api/dashboard/referrals', {
      token: referrer,
      body: { emails: ['friend@example.test', 'not-an-email'] },
    });
    expect(bad.status).toBe(422);
    expect(bad.body).toMatchObject({ errors: { 'emails.1': [MSG.invalidEmail] } });
    const empty = await call(t.app, 'POST', '/api/dashboard/referrals', {
      token: referrer,
      body: { emails: [] },
    });
    expect(empty.body).toMatchObject({ errors: { emails: [REFERRAL_MSG.emailsRequired] } });

    const sent = await call<{ data: TReferralView; message: string }>(
      t.app,
      'POST',
      '/api/dashboard/referrals',
      {
        token: referrer,
        body: { emails: [' Friend@Example.test ', 'pal@example.test'] },
      },
    );
    expect(sent.status).toBe(200);
    expect(sent.body.message).toBe(REFERRAL_MSG.invitesSent);
    expect(sent.body.data.emails.pending.map((e) => e.referred_email)).toEqual([
      'friend@example.test',
      'pal@example.test',
    ]);
    const [mail] = await mailsTo(t.deps.db, 'friend@example.test');
    expect(mail?.text).toContain(`/referral?referral_code=${referrerCode}`);
    expect(mail?.text).toContain(`/register?referral_code=${referrerCode}`);

    const again = await call(t.app, 'POST', '/api/dashboard/referrals', {
      token: referrer,
      body: { emails: ['new@example.test', 'friend@example.test', referrerEmail.toUpperCase()] },
    });
    expect(again.body).toMatchObject({
      errors: { 'emails.1': [REFERRAL_MSG.alreadyInvited], 'emails.2': [REFERRAL_MSG.inviteSelf] },
    });
    const other = await createUser(t.deps.db, { email: 'taken@example.test' });
    const registered = await call(t.app, 'POST', '/api/dashboard/referrals', {
      token: referrer,
      body: { emails: [other.email] },
    });
    expect(registered.body).toMatchObject({ errors: { 'emails.0': [REFERRAL_MSG.alreadyRegistered] } });
    expect((await mailsTo(t.deps.db, 'new@example.test')).length).toBe(0);
  });

  it('a sign-up with the code turns the invitation Responded; pending credit shows; only unapproved ones delete', async () => {
    const reg = await call(t.app, 'POST', '/api/dashboard/auth/register', {
      body: {
        first_name: 'Fran',
        last_name: 'Friend',
        email: 'friend@example.test',
        password: 'long-enough-1',
        referral_code: referrerCode.toLowerCase(),
      },
    });
    expect(reg.status).toBeLessThan(300);
    const v = await view(referrer);
    expect(v.emails.approved.map((e) => [e.referred_email, e.is_approved])).toEqual([
      ['friend@example.test', true],
    ]);
    expect(v.emails.pending.map((e) => e.referred_email)).toEqual(['pal@example.test']);
    expect(v.prices).toEqual({ pending: 25, available: 0 });
    const [friend] = await t.deps.db.select().from(users).where(eq(users.email, 'friend@example.test'));
    expect(friend?.referredById).toBe(referrerId);

    const approvedId = v.emails.approved[0]!.id;
    const refused = await call(t.app, 'DELETE', `/api/dashboard/referrals/${approvedId}`, {
      token: referrer,
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ message: REFERRAL_MSG.approvedNoDelete });
    const pendingId = v.emails.pending[0]!.id;
    expect(
      (await call(t.app, 'DELETE', `/api/dashboard/referrals/${pendingId}`, { token: staff })).status,
    ).toBe(404);
    const gone = await call(t.app, 'DELETE', `/api/dashboard/referrals/${pendingId}`, { token: referrer });
    expect(gone.body).toMatchObject({ message: REFERRAL_MSG.deleted });
    expect(
      (await call(t.app, 'DELETE', `/api/dashboard/referrals/${pendingId}`, { token: referrer })).status,
    ).toBe(404);
    expect((await view(referrer)).emails.pending).toEqual([]);
  });

  it('recordReferredSignUp: a code nobody has is a 422 on referral_code; a sign-up never invited adds an approved row', async () => {
    const db = t.deps.db;
    const mover = await createUser(db, { role: 'labor', email: 'mover@example.test' });
    await expect(
      db.transaction((tx) =>
        t.services.referrals.recordReferredSignUp(tx, {
          userId: mover.id,
          email: mover.email,
          code: 'ZZZZZZZ',
        }),
      ),
    ).rejects.toMatchObject({ code: 'validation', errors: { referral_code: [MSG.referralCodeMissing] } });
    await db.transaction((tx) =>
      t.services.referrals.recordReferredSignUp(tx, {
        userId: mover.id,
        email: mover.email,
        code: referrerCode,
      }),
    );
    const v = await view(referrer);
    expect(v.emails.approved.map((e) => e.referred_email)).toContain('mover@example.test');
    // A mover or helper earns nothing: credit is for customers' completed orders.
    expect(v.prices.pending).toBe(25);
  });

  it("a referred customer's first completed order (through the orders' writer) makes the credit available, once", async () => {
    const db = t.deps.db;
    const [friend] = await db.select().from(users).where(eq(users.email, 'friend@example.test'));
    const friendToken = await tokenFor(db, friend!.id);
    for (const _ of [1, 2]) {
      const o = await createOrder(db, {
        customerId: friend!.id,
        companyId,
        branchId,
        status: ORDER_STATUS.accepted,
        arrivalDate: '2026-11-23',
      });
      expect(
        (await call(t.app, 'POST', `/api/dashboard/orders/${o.id}/complete`, { token: staff })).status,
      ).toBe(200);
      const done = await call<{ data: TOrder }>(
        t.app,
        'POST',
        `/api/dashboard/customer/orders/${o.id}/complete`,
        {
          token: friendToken,
        },
      );
      expect(done.body.data.status_id).toBe(5);
    }
    const v = await view(referrer);
    expect(v.prices).toEqual({ pending: 0, available: 25 });
    expect(v.history).toMatchObject([{ kind: 'referral', amount: 25, detail: 'friend@example.test' }]);
    expect(await ledgerSum(referrerId)).toBe(2500);
  });

  it('refuses coupons for 0, 2.5, text and more than the credit, with the spec message', async () => {
    for (const amount of [0, 2.5, '2.5', -1, 26, 'ten', null]) {
      const r = await promo(referrer, { amount });
      expect(r.status, String(amount)).toBe(422);
      expect(r.body.errors).toEqual({ amount: [REFERRAL_MSG.invalidAmount] });
    }
    expect(await ledgerSum(referrerId)).toBe(2500);
  });

  it('two coupons at once that together exceed the credit: exactly one succeeds, the ledger stays >= 0', async () => {
    const [a, b] = await Promise.all([promo(referrer, { amount: 20 }), promo(referrer, { amount: 20 })]);
    expect([a.status, b.status].sort()).toEqual([200, 422]);
    const won = a.status === 200 ? a : b;
    expect(won.body.message).toBe(REFERRAL_MSG.couponActivated);
    expect(won.body.data).toMatchObject({ amount: 20, user_credit: 5 });
    expect(won.body.data.coupon).toMatch(/^[A-Z]{10}$/);
    expect(await ledgerSum(referrerId)).toBe(500);
    const v = await view(referrer);
    expect(v).toMatchObject({ coupon: won.body.data.coupon, amount: 20, prices: { available: 5 } });
  });

  it('gift coupons: 5 to 25 by fives, never to yourself; the code goes out by e-mail', async () => {
    const self = await promo(referrer, { amount: 5, email: referrerEmail.toUpperCase() });
    expect(self.body.errors).toEqual({ email: [REFERRAL_MSG.giftToSelf] });
    const odd = await promo(referrer, { amount: 3, email: 'gift@example.test' });
    expect(odd.body.errors).toEqual({ amount: [REFERRAL_MSG.invalidAmount] });
    const tooMuch = await promo(referrer, { amount: 10, email: 'gift@example.test' });
    expect(tooMuch.body.errors).toEqual({ amount: [REFERRAL_MSG.invalidAmount] });
    const bad = await promo(referrer, { amount: 5, email: 'gift@' });
    expect(bad.body.errors).toEqual({ email: [MSG.invalidEmail] });
    const gift = await promo(referrer, { amount: 5, email: 'Gift@Example.test' });
    expect(gift.status).toBe(200);
    expect(gift.body.message).toBe(REFERRAL_MSG.giftSent);
    expect(gift.body.data.user_credit).toBe(0);
    const [mail] = await mailsTo(t.deps.db, 'gift@example.test');
    expect(mail?.text).toContain(gift.body.data.coupon);
    expect(await ledgerSum(referrerId)).toBe(0);
    expect((await promo(referrer, { amount: 1 })).body.errors).toEqual({
      amount: [REFERRAL_MSG.invalidAmount],
    });
    const v = await view(referrer);
    expect(v.history.map((h) => [h.kind, h.amount])).toEqual([
      ['gift', -5],
      ['coupon', -20],
      ['referral', 25],
    ]);
  });

  it('a coupon lowers a booking once, through the booking checkout; used again it is refused', async () => {
    const v = await view(referrer);
    const code = v.coupon!;
    const plain = await call<{ data: { order: TOrder } }>(t.app, 'POST', '/api/dashboard/customer/orders', {
      token: referrer,
      body: booking(),
    });
    expect(plain.status).toBe(201);
    const full = plain.body.data.order;
    expect(full.redeem_enabled).toBe(false);
    const used = await call<{ data: { order: TOrder } }>(t.app, 'POST', '/api/dashboard/customer/orders', {
      token: referrer,
      body: booking({ coupon: code.toLowerCase() }),
    });
    expect(used.status).toBe(201);
    const o = used.body.data.order;
    expect(o.redeem_enabled).toBe(true);
    expect(o.invoice.coupon_discount).toBe(20);
    // Redeem also lowers the service fee to 0.75 x hourly (decision 005), then the coupon comes off.
    expect(o.order_price).toBeLessThanOrEqual(full.order_price - 20);
    expect(o.order_price).toBe(o.invoice.total);
    const [row] = await t.deps.db.select().from(coupons).where(eq(coupons.code, code));
    expect(row).toMatchObject({ redeemedOrderId: o.id, redeemedByUserId: referrerId });

    const twice = await call(t.app, 'POST', '/api/dashboard/customer/orders', {
      token: referrer,
      body: booking({ coupon: code }),
    });
    expect(twice.status).toBe(422);
    expect(twice.body).toMatchObject({ errors: { coupon: [REFERRAL_MSG.couponInvalid] } });
    const format = await call(t.app, 'POST', '/api/dashboard/customer/orders', {
      token: referrer,
      body: booking({ coupon: 'ABC' }),
    });
    expect(format.body).toMatchObject({ errors: { coupon: [REFERRAL_MSG.couponFormat] } });
    expect((await view(referrer)).coupon).toBeNull();
  });

  it('a coupon above the price brings it to zero, never below', async () => {
    const db = t.deps.db;
    const rich = await createUser(db);
    const token = await tokenFor(db, rich.id);
    await db.insert(creditLedger).values({ userId: rich.id, kind: 'referral', amountCents: 5_000_00 });
    const big = await promo(token, { amount: 5000 });
    expect(big.status).toBe(200);
    const r = await call<{ data: { order: TOrder } }>(t.app, 'POST', '/api/dashboard/customer/orders', {
      token,
      body: booking({ coupon: big.body.data.coupon }),
    });
    expect(r.status).toBe(201);
    expect(r.body.data.order.order_price).toBe(0);
    expect(r.body.data.order.invoice.coupon_discount).toBeGreaterThan(0);
    expect(r.body.data.order.invoice.coupon_discount).toBeLessThan(5000);
  });
});
