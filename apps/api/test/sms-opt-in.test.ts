import { TALK_MSG } from '@haulpro/shared/talk';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { laborProfiles, users } from '../src/db/schema.ts';
import { createBranchAtZip, createCompany, createUser } from '../src/db/seed/factories.ts';
import { addServicePrices } from '../src/db/seed/marketplace.ts';
import { bookingAddress, bookingBody } from './helpers/booking-body.ts';
import { call } from './helpers/http.ts';
import { tokenFor } from './helpers/sessions.ts';
import { createTestApp, createTestClock, type TTestApp } from './helpers/test-app.ts';

/* Text-message consent (issue 29): at booking, in a customer's account, in a helper's notifications. */

const clock = createTestClock(new Date('2026-11-23T18:00:00Z'));
let t: TTestApp;
let branchId: number;
beforeAll(async () => {
  t = await createTestApp({ clock });
  const companyId = (await createCompany(t.deps.db)).id;
  branchId = (await createBranchAtZip(t.deps.db, '90001', { companyId, isMain: true, serviceArea: 30 })).id;
  await addServicePrices(t.deps.db, branchId, { helpersOnly: [100, 120, 160], withTrucks: [130, 170, 230] });
});
afterAll(() => t.close());

const optInOf = async (id: number) =>
  (await t.deps.db.select({ on: users.smsOptIn, phone: users.phone }).from(users).where(eq(users.id, id)))[0];

describe("a customer's account settings", () => {
  it('turning texts on needs a phone; the account view answers sms_opt_in', async () => {
    const u = await createUser(t.deps.db);
    const token = await tokenFor(t.deps.db, u.id);
    const put = (body: unknown) =>
      call<{ data: { sms_opt_in: boolean } }>(t.app, 'PUT', `/api/dashboard/users/${u.id}`, { token, body });
    const refused = await put({ sms_opt_in: true });
    expect(refused.status).toBe(422);
    expect(refused.body.errors?.sms_opt_in).toEqual([TALK_MSG.smsPhone]);
    const ok = await put({ phone: '+1 (213) - 555 - 0150', sms_opt_in: true });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data.sms_opt_in).toBe(true);
    const me = await call<{ data: { user: { sms_opt_in: boolean } } }>(
      t.app,
      'GET',
      '/api/dashboard/auth/check',
      {
        token,
      },
    );
    expect(me.body.data.user.sms_opt_in).toBe(true);
    // Off again; then a phone removed turns texts off with it.
    expect((await put({ sms_opt_in: 'false' })).body.data.sms_opt_in).toBe(false);
    await put({ sms_opt_in: true });
    expect((await put({ phone: null })).body.data.sms_opt_in).toBe(false);
    expect(await optInOf(u.id)).toEqual({ on: false, phone: null });
    const bad = await put({ sms_opt_in: 'yes' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors?.sms_opt_in?.[0]).toBe('SMS reminders must be true or false.');
  });
});

describe('at booking', () => {
  it('"Text me reminders about this job" on a moving order opts the customer in (the account keeps the phone)', async () => {
    const u = await createUser(t.deps.db);
    const token = await tokenFor(t.deps.db, u.id);
    const r = await call(t.app, 'POST', '/api/dashboard/customer/orders', {
      token,
      body: bookingBody(branchId, { sms_opt_in: true, phone: '+1 (213) - 555 - 0151' }),
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(await optInOf(u.id)).toEqual({ on: true, phone: '+1 (213) - 555 - 0151' });
    const off = await call(t.app, 'POST', '/api/dashboard/customer/orders', {
      token,
      body: bookingBody(branchId, { sms_opt_in: false }),
    });
    expect(off.status).toBe(201);
    expect((await optInOf(u.id))?.on).toBe(false);
  });

  it('a number we cannot text is a 422 on sms_opt_in', async () => {
    const u = await createUser(t.deps.db);
    const token = await tokenFor(t.deps.db, u.id);
    const r = await call(t.app, 'POST', '/api/dashboard/customer/orders', {
      token,
      body: bookingBody(branchId, { sms_opt_in: true, phone: '+1 (113) - 555 - 0151' }),
    });
    expect(r.status).toBe(422);
    expect(r.body.errors?.sms_opt_in).toEqual([TALK_MSG.smsPhone]);
  });

  it('a delivery booking opts in too', async () => {
    const u = await createUser(t.deps.db);
    const token = await tokenFor(t.deps.db, u.id);
    const r = await call(t.app, 'POST', '/api/dashboard/customer/deliveries', {
      token,
      body: {
        items: [{ name: 'Sofa', count: 1, weight: 120, height: 3, width: 7, length: 3 }],
        vehicle_type: 3,
        pickup: bookingAddress('90011'),
        destination: bookingAddress('90007'),
        arrival_date: '2026-11-26',
        arrival_time: '9-10',
        payment_method: 'cash',
        phone: '+1 (213) - 555 - 0152',
        sms_opt_in: true,
      },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect((await optInOf(u.id))?.on).toBe(true);
  });
});

describe("a helper's notification settings", () => {
  it('sms beside the e-mail switches; the old body without it still works', async () => {
    const u = await createUser(t.deps.db, { role: 'labor' });
    await t.deps.db
      .insert(laborProfiles)
      .values({ userId: u.id, zipCode: '90001', latitude: 33.97, longitude: -118.25 });
    const token = await tokenFor(t.deps.db, u.id);
    const url = `/api/dashboard/labor/labors/${u.id}/notifications`;
    const mail = { new_delivery: true, delivery_updates: false, payouts: true };
    const refused = await call(t.app, 'PUT', url, { token, body: { ...mail, sms: true } });
    expect(refused.status).toBe(422);
    expect(refused.body.errors?.sms).toEqual([TALK_MSG.smsPhone]);
    await t.deps.db.update(users).set({ phone: '+1 (213) - 555 - 0153' }).where(eq(users.id, u.id));
    const on = await call<{ data: unknown }>(t.app, 'PUT', url, { token, body: { ...mail, sms: true } });
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    expect(on.body.data).toEqual({ ...mail, sms: true });
    const old = await call<{ data: unknown }>(t.app, 'PUT', url, {
      token,
      body: { ...mail, payouts: false },
    });
    expect(old.body.data).toEqual({ ...mail, payouts: false, sms: true });
    const off = await call<{ data: unknown }>(t.app, 'PUT', url, { token, body: { ...mail, sms: 0 } });
    expect(off.body.data).toEqual({ ...mail, sms: false });
    expect((await call<{ data: unknown }>(t.app, 'GET', url, { token })).body.data).toEqual({
      ...mail,
      sms: false,
    });
  });
});
