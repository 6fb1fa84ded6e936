import { REFERRAL_MSG, type TCouponPreview } from '@haulpro/shared/referral';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coupons } from '../src/db/schema.ts';
import { createUser } from '../src/db/seed/factories.ts';
import { call } from './helpers/http.ts';
import { tokenFor } from './helpers/sessions.ts';
import { createTestApp, type TTestApp } from './helpers/test-app.ts';

let t: TTestApp;
let customer: string;
let labor: string;

type TAnswer = { data: TCouponPreview; message?: string; errors?: Record<string, string[]> };
const preview = (code: string, token?: string) =>
  call<TAnswer>(t.app, 'GET', `/api/dashboard/customer/coupons/${encodeURIComponent(code)}`, {
    ...(token ? { token } : {}),
  });

beforeAll(async () => {
  t = await createTestApp();
  const db = t.deps.db;
  const owner = await createUser(db, { role: 'customer' });
  const used = await createUser(db, { role: 'customer' });
  customer = await tokenFor(db, (await createUser(db, { role: 'customer' })).id);
  labor = await tokenFor(db, (await createUser(db, { role: 'labor' })).id);
  await db.insert(coupons).values([
    { code: 'OPENCOUPON', ownerId: owner.id, amountCents: 2500 },
    {
      code: 'USEDCOUPON',
      ownerId: owner.id,
      amountCents: 1000,
      redeemedAt: new Date(),
      redeemedByUserId: used.id,
    },
  ]);
});
afterAll(() => t.close());

describe('GET customer/coupons/{code}: what a coupon would take off, before booking', () => {
  it("answers an open coupon's amount in dollars, whoever owns it, without redeeming it", async () => {
    const r = await preview('opencoupon', customer);
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({ coupon: 'OPENCOUPON', amount: 25 });
    // Asked twice: still open (a preview never redeems).
    expect((await preview('OPENCOUPON', customer)).body.data.amount).toBe(25);
  });

  it('a used or unknown code is the 422 booking gives for it', async () => {
    for (const code of ['USEDCOUPON', 'NOSUCHCODE']) {
      const r = await preview(code, customer);
      expect(r.status).toBe(422);
      expect(r.body.errors).toEqual({ coupon: [REFERRAL_MSG.couponInvalid] });
    }
  });

  it('a code that is not 10 letters is refused with the format message', async () => {
    const r = await preview('ABC', customer);
    expect(r.status).toBe(422);
    expect(r.body.errors).toEqual({ coupon: [REFERRAL_MSG.couponFormat] });
  });

  it('customers only: signed out 401, a helper 403', async () => {
    expect((await preview('OPENCOUPON')).status).toBe(401);
    expect((await preview('OPENCOUPON', labor)).status).toBe(403);
  });
});
