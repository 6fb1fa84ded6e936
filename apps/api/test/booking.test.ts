import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { BOOKING_MSG } from '@haulpro/shared/booking';
import { MSG } from '@haulpro/shared/messages';
import { count, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blockedDays, branches, notifications, orderAddresses, orders } from '../src/db/schema.ts';
import { createBranchAtZip, createCompany, createUser } from '../src/db/seed/factories.ts';
import { addServicePrices } from '../src/db/seed/marketplace.ts';
import { createStripeProvider } from '../src/payments/stripe-provider.ts';
import { call } from './helpers/http.ts';
import { mailsTo } from './helpers/outbox.ts';
import { tokenFor } from './helpers/sessions.ts';
import { createTestApp, createTestClock, type TTestApp } from './helpers/test-app.ts';
import { dataUrl, PNG_BYTES } from './helpers/upload-fixtures.ts';

type TItem = {
  branch_id: number;
  branch_name: string;
  rating: number;
  helpers_count: number;
  quote: { total: number; hourly: number; billable_hours: number; service_fee: number };
};
type TList = { data: TItem[]; meta: { count: number; electronic_payments: boolean } };
type TOrder = {
  id: number;
  status_id: number;
  order_price: number;
  pickups: unknown[];
  till_auto_reject: number | null;
};

// Monday 2026-11-23, 10:00 in Los Angeles; the move is a week later.
const clock = createTestClock(new Date('2026-11-23T18:00:00Z'));
const DATE = '2026-11-30';
const SEARCH = `from_zip=90001&from_date=${DATE}&to_zip=90210&to_date=${DATE}&type_service=2&type_moving=1`;
const WEBHOOK_SECRET = 'whsec_test_haulpro';
const PNG = dataUrl('image/png', PNG_BYTES);

let t: TTestApp;
let cheapId: number;
let pricyId: number;
let blockedId: number;
let sfId: number;
let customer: string;
let staff: string;
let staffEmail: string;

async function seedMarket(app: TTestApp) {
  const db = app.deps.db;
  const a = await createCompany(db, { name: 'Cheap Movers' });
  cheapId = (
    await createBranchAtZip(db, '90001', { companyId: a.id, name: 'Cheap LA', isMain: true, serviceArea: 30 })
  ).id;
  await addServicePrices(db, cheapId, { helpersOnly: [80, 120, 160], withTrucks: [130, 170, 230] });
  const s = await createUser(db, { role: 'staff', companyId: a.id });
  staff = await tokenFor(db, s.id);
  staffEmail = s.email;
  const b = await createCompany(db, { name: 'Pricy Movers' });
  pricyId = (
    await createBranchAtZip(db, '90210', { companyId: b.id, name: 'Pricy BH', isMain: true, serviceArea: 40 })
  ).id;
  await addServicePrices(db, pricyId, { helpersOnly: [150, 200, 250], withTrucks: [200, 250, 320] });
  const c = await createCompany(db, { name: 'Blocked Movers' });
  blockedId = (await createBranchAtZip(db, '90011', { companyId: c.id, name: 'Blocked LA', isMain: true }))
    .id;
  await addServicePrices(db, blockedId, { helpersOnly: [70], withTrucks: [100] });
  await db
    .insert(blockedDays)
    .values({ branchId: blockedId, companyId: c.id, date: DATE, isOnMorning: true, isOnAfternoon: true });
  const d = await createCompany(db, { name: 'SF Movers' });
  sfId = (await createBranchAtZip(db, '94105', { companyId: d.id, name: 'SF', isMain: true })).id;
  await addServicePrices(db, sfId, { helpersOnly: [60], withTrucks: [90] });
  customer = await tokenFor(db, (await createUser(db, { role: 'customer' })).id);
}

const address = (zip: string) => ({
  address: '1200 E Florence Ave',
  city_or_town: 'Los Angeles',
  state: 'CA',
  zip_code: zip,
  type_property: 'Apartment',
  flights_of_stairs: 1,
});
const booking = (patch: Record<string, unknown> = {}) => ({
  branch_id: cheapId,
  type_service: 2,
  type_moving: 1,
  type_help: 3,
  bedrooms_count: 2,
  helpers_count: 3,
  hours_count: 4,
  arrival_date: DATE,
  arrival_time: '8-9',
  payment_method: 'cash',
  name: 'Dana Customer',
  email: 'dana@example.test',
  phone: '+1 (213) - 555 - 0100',
  pickups: [address('90001')],
  destinations: [address('90210')],
  ...patch,
});

describe('the helper list', () => {
  beforeAll(async () => {
    t = await createTestApp({ clock });
    await seedMarket(t);
  });
  afterAll(() => t.close());

  it('lists the covering, available branches with their price, cheapest first', async () => {
    const r = await call<TList>(t.app, 'GET', `/api/public/helpers?${SEARCH}&bedrooms_count=2`);
    expect(r.status).toBe(200);
    const ids = r.body.data.map((i) => i.branch_id);
    expect(ids).toEqual([cheapId, pricyId]);
    expect(ids).not.toContain(blockedId);
    expect(ids).not.toContain(sfId);
    const cheap = r.body.data[0]!;
    // Helpers = bedrooms + 1; the 3-helper truck crew at $170/h for its 3-hour minimum.
    expect(cheap.helpers_count).toBe(3);
    expect(cheap.quote).toMatchObject({ hourly: 170, billable_hours: 3 });
    expect(cheap.quote.total).toBeGreaterThan(510);
    expect(r.body.meta).toMatchObject({ count: 2, electronic_payments: false });
    const byRating = await call<TList>(t.app, 'GET', `/api/public/helpers?${SEARCH}&sort=rating`);
    expect(byRating.body.data).toHaveLength(2);
  });

  it('explains bad searches: unknown ZIP, past date, nobody there', async () => {
    const bad = await call(
      t.app,
      'GET',
      `/api/public/helpers?${SEARCH.replace('to_zip=90210', 'to_zip=00000')}`,
    );
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ to_zip: ['Invalid zip code'] });
    const past = await call(t.app, 'GET', `/api/public/helpers?${SEARCH.replaceAll(DATE, '2026-11-01')}`);
    expect(past.status).toBe(422);
    expect(past.body.errors).toHaveProperty('from_date');
    const alaska = await call<TList>(
      t.app,
      'GET',
      `/api/public/helpers?${SEARCH.replace('from_zip=90001', 'from_zip=99501')}`,
    );
    expect(alaska.status).toBe(200);
    expect(alaska.body.data).toEqual([]);
  });

  it('keeps branch settings of the list for 30 seconds; the live price never waits', async () => {
    const listed = async () =>
      (await call<TList>(t.app, 'GET', `/api/public/helpers?${SEARCH}`)).body.data.map((i) => i.branch_id);
    expect(await listed()).toContain(pricyId);
    const [b] = await t.deps.db.select().from(branches).where(eq(branches.id, pricyId));
    await t.deps.db.insert(blockedDays).values({
      branchId: pricyId,
      companyId: b!.companyId,
      date: DATE,
      isOnMorning: true,
      isOnAfternoon: true,
    });
    const live = await call(t.app, 'GET', `/api/public/helpers/${pricyId}?${SEARCH}`);
    expect(live.status).toBe(422);
    expect(await listed()).toContain(pricyId);
    clock.set(new Date(clock.now().getTime() + 31_000));
    expect(await listed()).not.toContain(pricyId);
    await t.deps.db.delete(blockedDays).where(eq(blockedDays.branchId, pricyId));
    clock.set(new Date(clock.now().getTime() + 31_000));
    expect(await listed()).toContain(pricyId);
  });

  it('prices one branch, and says why it cannot take the job', async () => {
    const one = await call<{ data: TItem }>(
      t.app,
      'GET',
      `/api/public/helpers/${cheapId}?${SEARCH}&helpers_count=4&hours_count=5`,
    );
    expect(one.body.data).toMatchObject({ helpers_count: 4, quote: { hourly: 230, billable_hours: 5 } });
    const blocked = await call(t.app, 'GET', `/api/public/helpers/${blockedId}?${SEARCH}`);
    expect(blocked.status).toBe(422);
    expect(blocked.body.errors).toEqual({ arrival_time: ['This time is blocked in the company calendar.'] });
    const far = await call(t.app, 'GET', `/api/public/helpers/${sfId}?${SEARCH}`);
    expect(far.body.errors).toEqual({ branch_id: [BOOKING_MSG.notCovered] });
  });
});

describe('booking a move with cash', () => {
  beforeAll(async () => {
    t = await createTestApp({ clock });
    await seedMarket(t);
  });
  afterAll(() => t.close());

  it('creates a New order at the server price, tells the company, ignores client prices', async () => {
    const quoted = await call<{ data: TItem }>(
      t.app,
      'GET',
      `/api/public/helpers/${cheapId}?${SEARCH}&bedrooms_count=2&helpers_count=3&hours_count=4`,
    );
    const r = await call<{ data: { order: TOrder; checkout_url: string | null } }>(
      t.app,
      'POST',
      '/api/dashboard/customer/orders',
      {
        token: customer,
        body: booking({ order_price: 1, total: 1, quote: { total: 1 } }),
      },
    );
    expect(r.status).toBe(201);
    const o = r.body.data.order;
    expect(r.body.data.checkout_url).toBeNull();
    expect(o.status_id).toBe(1);
    expect(o.order_price).toBe(quoted.body.data.quote.total);
    expect(o.pickups).toHaveLength(1);
    // Placed Monday 10:00; the move is a week later: 24 hours to answer.
    expect(o.till_auto_reject).toBe(24 * 3600);
    const mails = await mailsTo(t.deps.db, staffEmail);
    expect(mails[0]?.subject).toBe(`New order #${o.id} for Cheap LA`);
    const staffView = await call<{ data: TOrder[] }>(t.app, 'GET', '/api/dashboard/orders?filter=new', {
      token: staff,
    });
    expect(staffView.body.data.map((x) => x.id)).toContain(o.id);
    const notes = await t.deps.db
      .select()
      .from(notifications)
      .where(eq(notifications.title, `New order #${o.id}`));
    expect(notes).toHaveLength(1);
  });

  it('refuses bad bookings with a clear 4xx and creates nothing', async () => {
    const before = (await t.deps.db.select({ n: count() }).from(orders))[0]!.n;
    const addrBefore = (await t.deps.db.select({ n: count() }).from(orderAddresses))[0]!.n;
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ pickups: Array(50).fill(address('90001')) }, { pickups: [BOOKING_MSG.tooManyAddresses] }],
      [{ destinations: [address('00000')] }, { 'destinations.0.zip_code': ['Invalid zip code'] }],
      [{ branch_id: sfId }, { branch_id: [BOOKING_MSG.notCovered] }],
      [
        { branch_id: blockedId, helpers_count: 2 },
        { arrival_time: ['This time is blocked in the company calendar.'] },
      ],
      [{ helpers_count: 7 }, { helpers_count: [BOOKING_MSG.noCrew] }],
      [{ payment_method: 'electronic' }, { payment_method: [BOOKING_MSG.electronicUnavailable] }],
      [{ arrival_date: '2026-11-01' }, { arrival_date: ['The pickup date cannot be in the past'] }],
      [
        { item_photos: [`data:text/plain;base64,${Buffer.alloc(1024).toString('base64')}`] },
        { 'item_photos.0': ['Only png, jpg and jpeg images are accepted'] },
      ],
    ];
    for (const [patch, errors] of cases) {
      const r = await call(t.app, 'POST', '/api/dashboard/customer/orders', {
        token: customer,
        body: booking(patch),
      });
      expect(r.status, JSON.stringify(patch).slice(0, 80)).toBe(422);
      expect(r.body.errors).toEqual(errors);
    }
    // A 10 MB "photo" that is not an image.
    const big = await call(t.app, 'POST', '/api/dashboard/customer/orders', {
      token: customer,
      body: booking({
        item_photos: [`data:application/pdf;base64,${Buffer.alloc(10 * 1024 * 1024).toString('base64')}`],
      }),
    });
    expect(big.status).toBe(422);
    expect(
      (await call(t.app, 'POST', '/api/dashboard/customer/orders', { token: staff, body: booking() })).status,
    ).toBe(403);
    expect((await call(t.app, 'POST', '/api/dashboard/customer/orders', { body: booking() })).status).toBe(
      401,
    );
    expect((await t.deps.db.select({ n: count() }).from(orders))[0]!.n).toBe(before);
    expect((await t.deps.db.select({ n: count() }).from(orderAddresses))[0]!.n).toBe(addrBefore);
  });

  it('stores a real item photo on disk, private: a signed link, never /uploads', async () => {
    const r = await call<{ data: { order: TOrder & { item_photos: string[] } } }>(
      t.app,
      'POST',
      '/api/dashboard/customer/orders',
      { token: customer, body: booking({ item_photos: [PNG] }) },
    );
    expect(r.status).toBe(201);
    const [row] = await t.deps.db.select().from(orders).where(eq(orders.id, r.body.data.order.id));
    expect(row?.itemPhotos).toHaveLength(1);
    expect(existsSync(path.join(t.config.uploadsDir, row!.itemPhotos[0]!.slice('/uploads/'.length)))).toBe(
      true,
    );
    expect((await t.app.inject({ method: 'GET', url: row!.itemPhotos[0]! })).statusCode).toBe(404);
    const [link] = r.body.data.order.item_photos;
    const file = await t.app.inject({ method: 'GET', url: link! });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
  });

  it('answers with the order as the transaction wrote it, equal to reading it back', async () => {
    const r = await call<{ data: { order: TOrder } }>(t.app, 'POST', '/api/dashboard/customer/orders', {
      token: customer,
      body: booking({ destinations: [address('90210'), address('90011')], notes: 'Gate code 1234' }),
    });
    expect(r.status).toBe(201);
    const read = await call<{ data: TOrder }>(
      t.app,
      'GET',
      `/api/dashboard/customer/orders/${r.body.data.order.id}`,
      { token: customer },
    );
    expect(r.body.data.order).toEqual(read.body.data);
  });
});

describe('Idempotency-Key on POST customer/orders', () => {
  let other: string;
  beforeAll(async () => {
    t = await createTestApp({ clock });
    await seedMarket(t);
    other = await tokenFor(t.deps.db, (await createUser(t.deps.db, { role: 'customer' })).id);
  });
  afterAll(() => t.close());

  type TAnswer = { data: { order: TOrder; checkout_url: string | null }; message: string };
  const book = (key: string | null, body = booking(), token = customer) =>
    call<TAnswer>(t.app, 'POST', '/api/dashboard/customer/orders', {
      token,
      body,
      ...(key === null ? {} : { headers: { 'idempotency-key': key } }),
    });
  const orderCount = async () => (await t.deps.db.select({ n: count() }).from(orders))[0]!.n;
  const newOrderNotes = async (id: number) =>
    (
      await t.deps.db
        .select()
        .from(notifications)
        .where(eq(notifications.title, `New order #${id}`))
    ).length;

  it('the same key twice makes one order and the same answer', async () => {
    const before = await orderCount();
    const first = await book('6f1c0c1e-1d1a-4d8e-9a55-1b3f2f0e7a01');
    expect(first.status).toBe(201);
    const again = await book('6f1c0c1e-1d1a-4d8e-9a55-1b3f2f0e7a01');
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(await orderCount()).toBe(before + 1);
    // The company was told once.
    expect(await newOrderNotes(first.body.data.order.id)).toBe(1);
  });

  it('different keys (or none) make different orders', async () => {
    const before = await orderCount();
    const a = await book('key-a');
    const b = await book('key-b');
    const none1 = await book(null);
    const none2 = await book(null);
    const ids = new Set([a, b, none1, none2].map((r) => r.body.data.order.id));
    expect(ids.size).toBe(4);
    expect(await orderCount()).toBe(before + 4);
  });

  it('the same key with another body is refused and books nothing', async () => {
    const first = await book('key-c');
    expect(first.status).toBe(201);
    const before = await orderCount();
    const changed = await book('key-c', booking({ hours_count: 5 }));
    expect(changed.status).toBe(422);
    expect(changed.body).toEqual({
      message: MSG.idempotencyKeyReused,
      errors: { idempotency_key: [MSG.idempotencyKeyReused] },
    });
    expect(await orderCount()).toBe(before);
  });

  it('keys belong to one customer: another customer’s same key books their own order', async () => {
    const mine = await book('shared-key');
    const theirs = await book('shared-key', booking(), other);
    expect(theirs.status).toBe(201);
    expect(theirs.body.data.order.id).not.toBe(mine.body.data.order.id);
  });

  it('a retry answers with the first order even when the day has since been blocked', async () => {
    const first = await book('key-d');
    const [b] = await t.deps.db.select().from(branches).where(eq(branches.id, cheapId));
    await t.deps.db.insert(blockedDays).values({
      branchId: cheapId,
      companyId: b!.companyId,
      date: DATE,
      isOnMorning: true,
      isOnAfternoon: true,
    });
    try {
      const again = await book('key-d');
      expect(again.status).toBe(201);
      expect(again.body.data.order.id).toBe(first.body.data.order.id);
      // A new key is a new booking, and that day is now blocked.
      expect((await book('key-e')).status).toBe(422);
    } finally {
      await t.deps.db.delete(blockedDays).where(eq(blockedDays.branchId, cheapId));
    }
  });

  it('a refused attempt does not use up its key', async () => {
    const bad = await book('key-f', booking({ helpers_count: 7 }));
    expect(bad.status).toBe(422);
    // Nothing was booked with it, so the corrected booking may use it.
    const good = await book('key-f');
    expect(good.status).toBe(201);
  });

  it('five concurrent requests with one key make exactly one order (and keep one set of photos)', async () => {
    const before = await orderCount();
    const files = async () =>
      (await readdir(path.join(t.config.uploadsDir, 'items')).catch(() => [] as string[])).length;
    const filesBefore = await files();
    const body = booking({ item_photos: [PNG] });
    const all = await Promise.all(Array.from({ length: 5 }, () => book('race-key', body)));
    expect(all.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
    const ids = new Set(all.map((r) => r.body.data.order.id));
    expect(ids.size).toBe(1);
    expect(await orderCount()).toBe(before + 1);
    expect(await newOrderNotes([...ids][0]!)).toBe(1);
    expect(await files()).toBe(filesBefore + 1);
  });

  it('refuses a key that is too long or not printable ASCII', async () => {
    for (const key of ['x'.repeat(256), 'ключ']) {
      const r = await book(key);
      expect(r.status, key.slice(0, 10)).toBe(422);
      expect(r.body.errors).toEqual({ 'idempotency-key': [MSG.idempotencyKeyInvalid] });
    }
    expect((await book('x'.repeat(255))).status).toBe(201);
  });
});

describe('paying electronically with Stripe', () => {
  let stripeApi: Server;
  const sessions: Record<string, unknown>[] = [];
  const stripe = new Stripe('sk_test_haulpro');
  let failNext = false;

  beforeAll(async () => {
    // A loopback stand-in for api.stripe.com: the real stripe library talks to it over HTTP.
    stripeApi = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => {
        body += c;
      });
      req.on('end', () => {
        if (failNext) {
          failNext = false;
          res.writeHead(400, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'Stripe is unhappy' } }));
          return;
        }
        const params = Object.fromEntries(new URLSearchParams(body));
        sessions.push(params);
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            id: `cs_test_${sessions.length}`,
            object: 'checkout.session',
            url: `https://checkout.stripe.com/c/pay/cs_test_${sessions.length}`,
          }),
        );
      });
    });
    await new Promise<void>((r) => stripeApi.listen(0, '127.0.0.1', r));
    const port = (stripeApi.address() as AddressInfo).port;
    t = await createTestApp({
      clock,
      payments: createStripeProvider({
        secretKey: 'sk_test_haulpro',
        webhookSecret: WEBHOOK_SECRET,
        apiUrl: `http://127.0.0.1:${port}`,
      }),
    });
    await seedMarket(t);
  });
  afterAll(async () => {
    await t.close();
    stripeApi.close();
  });

  const event = (type: string, orderId: number, sessionId: string, paymentStatus: string, id: string) =>
    JSON.stringify({
      id,
      object: 'event',
      type,
      data: {
        object: {
          id: sessionId,
          object: 'checkout.session',
          payment_status: paymentStatus,
          metadata: { order_id: String(orderId) },
          client_reference_id: String(orderId),
        },
      },
    });
  const send = (payload: string, signature?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/public/payments/stripe/webhook',
      headers: {
        'content-type': 'application/json',
        'stripe-signature':
          signature ?? stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
      },
      payload,
    });

  it('waits for payment, then the verified webhook makes the order New exactly once', async () => {
    const list = await call<TList>(t.app, 'GET', `/api/public/helpers?${SEARCH}`);
    expect(list.body.meta.electronic_payments).toBe(true);
    const r = await call<{ data: { order: TOrder; checkout_url: string } }>(
      t.app,
      'POST',
      '/api/dashboard/customer/orders',
      {
        token: customer,
        body: booking({ payment_method: 'electronic' }),
      },
    );
    expect(r.status).toBe(201);
    const o = r.body.data.order;
    expect(o.status_id).toBe(0);
    expect(r.body.data.checkout_url).toMatch(/^https:\/\/checkout\.stripe\.com\//);
    expect(sessions.at(-1)).toMatchObject({ mode: 'payment', 'metadata[order_id]': String(o.id) });
    expect(Number(sessions.at(-1)?.['line_items[0][price_data][unit_amount]'])).toBe(
      Math.round(o.order_price * 100),
    );
    // The company does not see it before payment.
    expect(await mailsTo(t.deps.db, staffEmail)).toHaveLength(0);

    const sid = `cs_test_${sessions.length}`;
    const bad = await send(
      event('checkout.session.completed', o.id, sid, 'paid', 'evt_forged'),
      't=1,v1=deadbeef',
    );
    expect(bad.statusCode).toBe(400);
    const unpaid = await send(event('checkout.session.completed', o.id, sid, 'unpaid', 'evt_unpaid'));
    expect(unpaid.json()).toEqual({ received: true, applied: false });
    let [row] = await t.deps.db.select().from(orders).where(eq(orders.id, o.id));
    expect(row?.status).toBe(0);

    const paid = event('checkout.session.completed', o.id, sid, 'paid', 'evt_paid');
    expect((await send(paid)).json()).toEqual({ received: true, applied: true });
    expect((await send(paid)).json()).toEqual({ received: true, applied: false });
    [row] = await t.deps.db.select().from(orders).where(eq(orders.id, o.id));
    expect(row?.status).toBe(1);
    expect(row?.paidAt).not.toBeNull();
    expect(row?.responseDeadline).not.toBeNull();
    expect((await mailsTo(t.deps.db, staffEmail))[0]?.subject).toBe(`New order #${o.id} for Cheap LA`);
  });

  it('leaves an expired checkout waiting and tells the customer', async () => {
    const r = await call<{ data: { order: TOrder } }>(t.app, 'POST', '/api/dashboard/customer/orders', {
      token: customer,
      body: booking({ payment_method: 'electronic' }),
    });
    const o = r.body.data.order;
    const res = await send(
      event('checkout.session.expired', o.id, `cs_test_${sessions.length}`, 'unpaid', 'evt_expired'),
    );
    expect(res.json()).toEqual({ received: true, applied: true });
    const [row] = await t.deps.db.select().from(orders).where(eq(orders.id, o.id));
    expect(row?.status).toBe(0);
  });
  it('a retried card booking with its key gets the same order and payment page, opened once', async () => {
    const headers = { 'idempotency-key': 'card-key-1' };
    const body = booking({ payment_method: 'electronic' });
    const opened = sessions.length;
    const first = await call<{ data: { order: TOrder; checkout_url: string } }>(
      t.app,
      'POST',
      '/api/dashboard/customer/orders',
      { token: customer, body, headers },
    );
    expect(first.status).toBe(201);
    const again = await call(t.app, 'POST', '/api/dashboard/customer/orders', {
      token: customer,
      body,
      headers,
    });
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(sessions.length).toBe(opened + 1);
  });

  it('when the payment page cannot be opened, the retry with the same key opens it for the same order', async () => {
    const headers = { 'idempotency-key': 'card-key-2' };
    const body = booking({ payment_method: 'electronic' });
    const before = (await t.deps.db.select({ n: count() }).from(orders))[0]!.n;
    failNext = true;
    const failed = await call(t.app, 'POST', '/api/dashboard/customer/orders', {
      token: customer,
      body,
      headers,
    });
    expect(failed.status).toBe(500);
    const retry = await call<{ data: { order: TOrder; checkout_url: string } }>(
      t.app,
      'POST',
      '/api/dashboard/customer/orders',
      { token: customer, body, headers },
    );
    expect(retry.status).toBe(201);
    expect(retry.body.data.checkout_url).toBe(`https://checkout.stripe.com/c/pay/cs_test_${sessions.length}`);
    expect((await t.deps.db.select({ n: count() }).from(orders))[0]!.n).toBe(before + 1);
    const [row] = await t.deps.db.select().from(orders).where(eq(orders.id, retry.body.data.order.id));
    expect(row?.paymentSessionId).toBe(`cs_test_${sessions.length}`);
  });
});
