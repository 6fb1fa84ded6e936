import { readdirSync } from 'node:fs';
import path from 'node:path';
import {
  DELIVERY_EXPIRED_LABEL,
  DELIVERY_EXPIRED_TOOLTIP,
  PAYOUT_MSG,
  PAYOUT_REVIEW_LABEL,
} from '@haulpro/shared/delivery';
import type { TDeliveryView, TPayoutReviewItem } from '@haulpro/shared/delivery-view';
import type { TPayoutsView } from '@haulpro/shared/payouts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveries, deliveryHistory, laborProfiles, payouts } from '../src/db/schema.ts';
import { createBranchAtZip, createCompany, createUser } from '../src/db/seed/factories.ts';
import type { TPaymentEvent, TPaymentProvider } from '../src/payments/payment-provider.ts';
import { call } from './helpers/http.ts';
import { tokenFor } from './helpers/sessions.ts';
import { createTestApp, createTestClock, type TTestApp } from './helpers/test-app.ts';
import { PDF_BYTES, PNG_BYTES } from './helpers/upload-fixtures.ts';

// Monday 2026-11-23, 10:00 in Los Angeles.
const clock = createTestClock(new Date('2026-11-23T18:00:00Z'));
const REASON = 'Plans changed, I no longer need this delivery.';

let t: TTestApp;
let customer: string;
let otherCustomer: string;
let labor: string;
let farLabor: string;
let staff: string;
let admin: string;
let companyId: number;
let laBranch: number;
const laborIds: number[] = [];
const refunds: { sessionId: string; key: string; amount: number }[] = [];

/** A payment provider in memory: checkout pages and refunds, each refund once per idempotency key. */
const payments: TPaymentProvider = {
  name: 'stripe',
  async createCheckout(r) {
    return { sessionId: `cs_test_${r.kind}_${r.orderId}`, url: `https://pay.test/${r.orderId}` };
  },
  async refund(r) {
    if (!refunds.some((x) => x.key === r.idempotencyKey))
      refunds.push({ sessionId: r.sessionId, key: r.idempotencyKey, amount: r.amountCents });
    return { refundId: `re_${r.idempotencyKey}` };
  },
  // The event itself, unsigned: the signature is the Stripe tests' business (delivery-stripe.test.ts).
  async verifyWebhook(raw) {
    return JSON.parse(raw.toString()) as TPaymentEvent;
  },
  // Connect is the payouts tests' business (payouts-stripe.test.ts): no card job here reaches a transfer.
  createAccount: () => Promise.reject(new Error('not used here')),
  accountLink: () => Promise.reject(new Error('not used here')),
  chargeSavedCard: () => Promise.reject(new Error('not used here')),
  transfer: () => Promise.reject(new Error('not used here')),
  reverseTransfer: () => Promise.reject(new Error('not used here')),
};

const address = (zip: string, street = '100 Main St') => ({
  address: street,
  city_or_town: 'Los Angeles',
  state: 'CA',
  zip_code: zip,
  type_property: 'Home',
  flights_of_stairs: 0,
});
const input = (patch: Record<string, unknown> = {}) => ({
  items: [
    { name: 'Sofa', count: 1, weight: 120, height: 3, width: 7, length: 3 },
    { name: 'Boxes', count: 4, weight: 20, height: 1.5, width: 1.5, length: 2 },
  ],
  vehicle_type: 3,
  pickup: address('90011'),
  destination: address('90007', '2000 S Figueroa St'),
  arrival_date: '2026-11-26',
  arrival_time: '9-10',
  payment_method: 'cash',
  phone: '+1 (213) - 555 - 0177',
  notes: 'Gate code 1234',
  tip: 10,
  ...patch,
});

async function addLaborAt(zip: string, lat: number, lng: number): Promise<string> {
  const u = await createUser(t.deps.db, { role: 'labor' });
  laborIds.push(u.id);
  await t.deps.db
    .insert(laborProfiles)
    .values({ userId: u.id, zipCode: zip, latitude: lat, longitude: lng, serviceArea: 40 });
  return tokenFor(t.deps.db, u.id);
}

async function book(patch: Record<string, unknown> = {}, token = customer): Promise<TDeliveryView> {
  const r = await call<{ data: { delivery: TDeliveryView; checkout_url: string | null } }>(
    t.app,
    'POST',
    '/api/dashboard/customer/deliveries',
    { token, body: input(patch) },
  );
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.data.delivery;
}

/** A multipart body by hand: fields and files, as a browser's FormData sends them. */
function form(
  parts: { name: string; value?: string; file?: { filename: string; bytes: Buffer; type?: string } }[],
) {
  const boundary = `----haulpro${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if (p.file) {
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${p.name}"; filename="${p.file.filename}"\r\nContent-Type: ${p.file.type ?? 'application/octet-stream'}\r\n\r\n`,
        ),
      );
      chunks.push(p.file.bytes, Buffer.from('\r\n'));
    } else {
      chunks.push(
        Buffer.from(`Content-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value ?? ''}\r\n`),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function submit(token: string, id: number, parts: Parameters<typeof form>[0]) {
  const f = form(parts);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/dashboard/deliveries/${id}/complete`,
    headers: { authorization: `Bearer ${token}`, ...f.headers },
    payload: f.payload,
  });
  return {
    status: res.statusCode,
    body: res.json() as { data: TDeliveryView; errors?: Record<string, string[]>; message: string },
  };
}

const pdf = (name: string, bytes = PDF_BYTES) => ({
  name: 'files[]',
  file: { filename: name, bytes, type: 'application/pdf' },
});
const png = (name: string, bytes = PNG_BYTES) => ({
  name: 'files[]',
  file: { filename: name, bytes, type: 'image/png' },
});

const payoutFilesOnDisk = () => {
  try {
    return readdirSync(path.join(t.config.uploadsDir, 'payouts')).length;
  } catch {
    return 0;
  }
};

beforeAll(async () => {
  t = await createTestApp({ clock, payments });
  const db = t.deps.db;
  companyId = (await createCompany(db, { name: 'Deliveries Co' })).id;
  laBranch = (
    await createBranchAtZip(db, '90001', { companyId, name: 'Deliveries LA', isMain: true, serviceArea: 30 })
  ).id;
  await createBranchAtZip(db, '91101', { companyId, name: 'Deliveries Pasadena', serviceArea: 40 });
  staff = await tokenFor(db, (await createUser(db, { role: 'staff', companyId })).id);
  customer = await tokenFor(db, (await createUser(db, { role: 'customer' })).id);
  otherCustomer = await tokenFor(db, (await createUser(db, { role: 'customer' })).id);
  admin = await tokenFor(db, (await createUser(db, { role: 'admin' })).id);
  labor = await addLaborAt('90011', 34.0073, -118.2587);
  farLabor = await addLaborAt('94105', 37.7898, -122.3942);
});
afterAll(() => t.close());

describe('booking a delivery', () => {
  it('prices it on the server and says how many helpers cover the pickup', async () => {
    const r = await call<{ data: Record<string, number> }>(
      t.app,
      'POST',
      '/api/dashboard/customer/deliveries/quote',
      {
        token: customer,
        body: input({ base_price: 1, total_price: 1 }),
      },
    );
    expect(r.status).toBe(200);
    // Pickup: 60 base; 5 items: +2 x $5; 200 lbs: +100 x $0.15; a few miles (under 5 included).
    expect(r.body.data).toMatchObject({ base_price: 85, processing_fee: 12.75, tip: 10, total_price: 95 });
    expect(r.body.data.helpers_in_area).toBe(2); // the nearby labor user and the company
  });

  it('prices it for a visitor too (the public booking page), with the same numbers and whether cards are on', async () => {
    const customerQuote = await call<{ data: Record<string, unknown> }>(
      t.app,
      'POST',
      '/api/dashboard/customer/deliveries/quote',
      { token: customer, body: input() },
    );
    const visitor = await call<{ data: Record<string, unknown> }>(
      t.app,
      'POST',
      '/api/public/deliveries/quote',
      {
        body: input(),
      },
    );
    expect(visitor.status).toBe(200);
    expect(visitor.body.data).toEqual(customerQuote.body.data);
    expect(visitor.body.data).toMatchObject({ total_price: 95, electronic_payments: true });
    const heavy = await call(t.app, 'POST', '/api/public/deliveries/quote', {
      body: input({ vehicle_type: 1 }),
    });
    expect(heavy.status).toBe(422);
    expect(heavy.body.errors?.vehicle_type?.[0]).toMatch(/^Too heavy for a Sedan/);
    // Staff and labor have no customer quote; the public one answers anyone.
    expect(
      (await call(t.app, 'POST', '/api/dashboard/customer/deliveries/quote', { token: staff, body: input() }))
        .status,
    ).toBe(403);
  });

  it('refuses bad input with field errors: unknown ZIP, too heavy, past date, no card payments configured here', async () => {
    const bad = await call(t.app, 'POST', '/api/dashboard/customer/deliveries', {
      token: customer,
      body: input({ pickup: address('00000'), items: [] }),
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors ?? {})).toContain('items');
    const heavy = await call(t.app, 'POST', '/api/dashboard/customer/deliveries', {
      token: customer,
      body: input({ vehicle_type: 1 }),
    });
    expect(heavy.status).toBe(422);
    expect(heavy.body.errors?.vehicle_type?.[0]).toMatch(/Too heavy for a Sedan/);
    const today = await call(t.app, 'POST', '/api/dashboard/customer/deliveries', {
      token: customer,
      body: input({ arrival_date: '2026-11-23' }),
    });
    expect(today.status).toBe(422);
    expect(today.body.errors?.arrival_date).toBeDefined();
    const helperBooks = await call(t.app, 'POST', '/api/dashboard/customer/deliveries', {
      token: labor,
      body: input(),
    });
    expect(helperBooks.status).toBe(403);
  });

  it('opens a cash delivery for bidding by the helpers covering the pickup, contact withheld', async () => {
    const d = await book();
    expect(d).toMatchObject({
      status_id: 1,
      status: 'New',
      price: 95,
      original_price: 85,
      system_fee: 12.75,
      tip: 10,
    });
    expect(d.invoice).toEqual({
      base_price: 85,
      processing_fee: 12.75,
      tip: 10,
      total_payout: 82.25,
      total_price: 95,
    });
    const list = await call<{ data: TDeliveryView[]; counts: { new: number; accepted: number } }>(
      t.app,
      'GET',
      '/api/dashboard/deliveries?tab=new',
      { token: labor },
    );
    const seen = list.body.data.find((x) => x.id === d.id)!;
    expect(seen.can_accept).toBe(true);
    expect(seen.customer).toMatchObject({ phone: '+1 (213) ****', email: null, contact_shown: false });
    expect(JSON.stringify(seen)).not.toContain('555 - 0177');
    const far = await call<{ data: TDeliveryView[] }>(t.app, 'GET', '/api/dashboard/deliveries?tab=new', {
      token: farLabor,
    });
    expect(far.body.data.map((x) => x.id)).not.toContain(d.id);
    expect((await call(t.app, 'GET', `/api/dashboard/deliveries/${d.id}`, { token: farLabor })).status).toBe(
      404,
    );
    const company = await call<{ data: TDeliveryView[] }>(t.app, 'GET', '/api/dashboard/deliveries?tab=new', {
      token: staff,
    });
    const c = company.body.data.find((x) => x.id === d.id)!;
    expect(c.can_accept).toBe(true);
    expect(c.nearest_branch?.id).toBe(laBranch);
    const branchView = await call<{ data: TDeliveryView[] }>(
      t.app,
      'GET',
      `/api/dashboard/deliveries?tab=new&branch_id=${laBranch}`,
      { token: staff },
    );
    expect(branchView.body.data.find((x) => x.id === d.id)?.can_accept).toBe(false);
  });
});

describe('bidding', () => {
  it('twenty concurrent accepts: exactly one 200, every other 409', async () => {
    const tokens = [staff];
    for (let i = 0; i < 19; i++) tokens.push(await addLaborAt('90011', 34.0073, -118.2587));
    const d = await book();
    const results = await Promise.all(
      tokens.map((token) =>
        call(t.app, 'POST', `/api/dashboard/deliveries/${d.id}/accept`, { token, body: {} }),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    // Every loser hears that another helper was first, whether it lost the update without a
    // transaction or read the accepted row under the lock.
    for (const r of results.filter((x) => x.status === 409))
      expect((r.body as { message: string }).message).toBe('Another helper accepted this delivery first.');
    const history = await t.deps.db
      .select()
      .from(deliveryHistory)
      .where(eq(deliveryHistory.deliveryId, d.id));
    expect(history.filter((h) => h.action === 'accept')).toHaveLength(1);
  });

  it('a reject hides it from that helper only; the acceptor gets the contact; a cancel reopens it without them', async () => {
    const d = await book();
    expect(
      (await call(t.app, 'POST', `/api/dashboard/deliveries/${d.id}/reject`, { token: staff })).status,
    ).toBe(200);
    const company = await call<{ data: TDeliveryView[] }>(t.app, 'GET', '/api/dashboard/deliveries?tab=new', {
      token: staff,
    });
    expect(company.body.data.map((x) => x.id)).not.toContain(d.id);
    const acc = await call<{ data: TDeliveryView; message: string }>(
      t.app,
      'POST',
      `/api/dashboard/deliveries/${d.id}/accept`,
      { token: labor },
    );
    expect(acc.status).toBe(200);
    expect(acc.body.data.customer).toMatchObject({ phone: '+1 (213) - 555 - 0177', contact_shown: true });
    expect(acc.body.data.can_cancel).toBe(true);
    const short = await call(t.app, 'POST', `/api/dashboard/deliveries/${d.id}/cancel`, {
      token: labor,
      body: { reason: 'no' },
    });
    expect(short.status).toBe(422);
    const gave = await call<{ data: TDeliveryView }>(
      t.app,
      'POST',
      `/api/dashboard/deliveries/${d.id}/cancel`,
      {
        token: labor,
        body: { reason: 'My truck broke down, sorry about that.' },
      },
    );
    expect(gave.status).toBe(200);
    const row = (await t.deps.db.select().from(deliveries).where(eq(deliveries.id, d.id)))[0]!;
    expect(row).toMatchObject({ status: 1, acceptorUserId: null });
    const again = await call<{ data: TDeliveryView[] }>(t.app, 'GET', '/api/dashboard/deliveries?tab=new', {
      token: labor,
    });
    expect(again.body.data.map((x) => x.id)).not.toContain(d.id);
  });

  it('who may act: customers and strangers are refused', async () => {
    const d = await book();
    expect(
      (await call(t.app, 'POST', `/api/dashboard/deliveries/${d.id}/accept`, { token: customer })).status,
    ).toBe(403);
    expect(
      (await call(t.app, 'POST', `/api/dashboard/deliveries/${d.id}/accept`, { token: farLabor })).status,
    ).toBe(404);
    expect(
      (await call(t.app, 'GET', `/api/dashboard/customer/deliveries/${d.id}`, { token: otherCustomer }))
        .status,
    ).toBe(404);
    expect((await call(t.app, 'GET', '/api/admin/payouts', { token: labor })).status).toBe(403);
    expect((await call(t.app, 'GET', '/api/admin/payouts', { token: staff })).status).toBe(403);
    expect((await call(t.app, 'GET', '/api/admin/payouts')).status).toBe(401);
  });
});

describe('payout: Get Paid, the admin review, the customer confirms', () => {
  it('runs from Accepted to Completed with the payout in the ledger', async () => {
    const d = await book({ arrival_date: '2026-11-25' });
    await call(t.app, 'POST', `/api/dashboard/deliveries/${d.id}/accept`, { token: labor });
    const before = payoutFilesOnDisk();
    // Before the delivery day: too early.
    const early = await submit(labor, d.id, [pdf('letter.pdf')]);
    expect(early.status).toBe(422);
    expect(payoutFilesOnDisk()).toBe(before);
    clock.set(new Date('2026-11-25T20:00:00Z'));

    const six = await submit(
      labor,
      d.id,
      [1, 2, 3, 4, 5, 6]
        .map((i) => png(`p${i}.png`, Buffer.concat([PNG_BYTES])))
        .map((p, i) => ({ ...p, file: { ...p.file, filename: `p${i}.png` } })),
    );
    // Same bytes and different names are different files: six of them.
    expect(six.status).toBe(422);
    expect(six.body.errors?.files).toEqual([PAYOUT_MSG.files]);
    const exe = await submit(labor, d.id, [
      pdf('invoice.pdf', Buffer.from('MZ\x90\x00this is a windows program')),
    ]);
    expect(exe.status).toBe(422);
    const big = await submit(labor, d.id, [pdf('big.pdf', Buffer.alloc(11 * 1024 * 1024, 0x25))]);
    expect(big.status).toBeGreaterThanOrEqual(400);
    expect(big.status).toBeLessThan(500);
    const longNote = await submit(labor, d.id, [
      pdf('a.pdf'),
      { name: 'helper_note', value: 'x'.repeat(10_000) },
    ]);
    expect(longNote.status).toBe(422);
    expect(payoutFilesOnDisk()).toBe(before);
    expect((await submit(farLabor, d.id, [pdf('a.pdf')])).status).toBe(404);

    // Duplicates (same name and size) count once: two files.
    const ok = await submit(labor, d.id, [
      pdf('letter.pdf'),
      pdf('letter.pdf'),
      png('photo.png'),
      { name: 'helper_note', value: 'All good' },
    ]);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data).toMatchObject({ status_id: 4, status: PAYOUT_REVIEW_LABEL });
    expect(ok.body.data.payout?.files.map((f) => f.name)).toEqual(['letter.pdf', 'photo.png']);
    expect(payoutFilesOnDisk()).toBe(before + 2);
    const file = await t.app.inject({ method: 'GET', url: ok.body.data.payout!.files[0]!.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('application/pdf');
    expect((await submit(labor, d.id, [pdf('again.pdf')])).status).toBe(409);

    // The customer cannot confirm before the admin approves.
    expect(
      (await call(t.app, 'POST', `/api/dashboard/customer/deliveries/${d.id}/complete`, { token: customer }))
        .status,
    ).toBe(409);

    const queue = await call<{ data: TPayoutReviewItem[]; meta: { pending_count: number } }>(
      t.app,
      'GET',
      '/api/admin/payouts',
      { token: admin },
    );
    const item = queue.body.data.find((x) => x.delivery_id === d.id)!;
    expect(item).toMatchObject({
      status: 'pending',
      helper_note: 'All good',
      invoice: { total_payout: 82.25 },
    });
    const noReason = await call(t.app, 'POST', `/api/admin/payouts/${item.id}/reject`, {
      token: admin,
      body: { reason: '' },
    });
    expect(noReason.status).toBe(422);
    const approved = await call(t.app, 'POST', `/api/admin/payouts/${item.id}/approve`, { token: admin });
    expect(approved.status).toBe(200);
    expect(
      (await call(t.app, 'POST', `/api/admin/payouts/${item.id}/approve`, { token: admin })).status,
    ).toBe(409);

    const confirm = await call<{ data: TDeliveryView }>(
      t.app,
      'POST',
      `/api/dashboard/customer/deliveries/${d.id}/complete`,
      { token: customer },
    );
    expect(confirm.status).toBe(200);
    expect(confirm.body.data).toMatchObject({ status_id: 5, status: 'Completed', canCustomerArchive: true });
    const [p] = await t.deps.db.select().from(payouts).where(eq(payouts.deliveryId, d.id));
    // A cash delivery: the ledger's row is `cash`, the platform fee owed by the helper.
    expect(p).toMatchObject({ gross: 8500, platformFee: 1275, tip: 1000, net: 8225, status: 'cash' });
    const earnings = await call<TPayoutsView>(t.app, 'GET', '/api/dashboard/payouts?period=week', {
      token: labor,
    });
    expect(earnings.body.totals).toMatchObject({ count: 1, net: 82.25, tips: 10, platform_fee_owed: 12.75 });
    expect(earnings.body.periods[0]).toMatchObject({ period: '2026-11-23', net: 82.25 });
    clock.set(new Date('2026-11-23T18:00:00Z'));
  });

  it('an admin rejection sends it back to Accepted with the reason', async () => {
    const d = await book({ arrival_date: '2026-11-25' });
    await call(t.app, 'POST', `/api/dashboard/deliveries/${d.id}/accept`, { token: labor });
    clock.set(new Date('2026-11-25T20:00:00Z'));
    expect((await submit(labor, d.id, [pdf('letter.pdf')])).status).toBe(200);
    const queue = await call<{ data: TPayoutReviewItem[] }>(t.app, 'GET', '/api/admin/payouts', {
      token: admin,
    });
    const item = queue.body.data.find((x) => x.delivery_id === d.id)!;
    const rej = await call(t.app, 'POST', `/api/admin/payouts/${item.id}/reject`, {
      token: admin,
      body: { reason: 'The signature is missing from the letter.' },
    });
    expect(rej.status).toBe(200);
    const mine = await call<{ data: TDeliveryView }>(t.app, 'GET', `/api/dashboard/deliveries/${d.id}`, {
      token: labor,
    });
    expect(mine.body.data).toMatchObject({ status_id: 2, canAcceptorComplete: true });
    expect(mine.body.data.payout).toMatchObject({
      status: 'rejected',
      reason: 'The signature is missing from the letter.',
    });
    // Signed on the phone instead: the server makes the letter's PDF.
    const signed = await submit(labor, d.id, [
      { name: 'signature', file: { filename: 'signature.png', bytes: PNG_BYTES, type: 'image/png' } },
    ]);
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    expect(signed.body.data.payout).toMatchObject({ status: 'pending', signed_on_device: true });
    const doc = await t.app.inject({ method: 'GET', url: signed.body.data.payout!.files[0]!.url });
    expect(doc.headers['content-type']).toContain('application/pdf');
    expect(doc.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    clock.set(new Date('2026-11-23T18:00:00Z'));
  });
});

describe('expiry and refunds', () => {
  it('an expired cash delivery shows the label and tooltip, nobody can accept, cancel records nothing to refund', async () => {
    const d = await book({ arrival_date: '2026-11-27' });
    clock.set(new Date(Date.parse(d.bidding_deadline!) + 60_000));
    const acc = await call(t.app, 'POST', `/api/dashboard/deliveries/${d.id}/accept`, { token: labor });
    expect(acc.status).toBe(422);
    const list = await call<{ data: TDeliveryView[] }>(t.app, 'GET', '/api/dashboard/deliveries?tab=new', {
      token: labor,
    });
    expect(list.body.data.map((x) => x.id)).not.toContain(d.id);
    const mine = await call<{ data: TDeliveryView }>(
      t.app,
      'GET',
      `/api/dashboard/customer/deliveries/${d.id}`,
      { token: customer },
    );
    expect(mine.body.data).toMatchObject({
      status: DELIVERY_EXPIRED_LABEL,
      expired_tooltip: DELIVERY_EXPIRED_TOOLTIP,
      canCustomerCancel: true,
    });
    const c = await call<{ data: TDeliveryView }>(
      t.app,
      'POST',
      `/api/dashboard/customer/deliveries/${d.id}/cancel`,
      { token: customer, body: { reason: REASON } },
    );
    expect(c.status).toBe(200);
    expect(c.body.data).toMatchObject({ status_id: 3, refund: { status: 'nothing_to_refund', amount: 0 } });
    clock.set(new Date('2026-11-23T18:00:00Z'));
  });

  it('a card-paid delivery is refunded in full through the provider, once', async () => {
    const r = await call<{ data: { delivery: TDeliveryView; checkout_url: string } }>(
      t.app,
      'POST',
      '/api/dashboard/customer/deliveries',
      {
        token: customer,
        body: input({ payment_method: 'electronic', arrival_date: '2026-11-27' }),
      },
    );
    expect(r.status).toBe(201);
    const d = r.body.data.delivery;
    expect(d.status_id).toBe(0);
    expect(r.body.data.checkout_url).toContain('https://pay.test/');
    // Not open for bidding until paid.
    const list = await call<{ data: TDeliveryView[] }>(t.app, 'GET', '/api/dashboard/deliveries?tab=new', {
      token: labor,
    });
    expect(list.body.data.map((x) => x.id)).not.toContain(d.id);
    const paid = (id: string) =>
      t.services.checkout.paymentWebhook(
        Buffer.from(
          JSON.stringify({
            id,
            type: 'checkout.session.completed',
            orderId: null,
            deliveryId: d.id,
            sessionId: `cs_test_delivery_${d.id}`,
            paid: true,
          }),
        ),
        'unsigned',
      );
    expect(await paid(`evt_paid_${d.id}`)).toEqual({ applied: true });
    // Another event for the same payment finds the delivery open already.
    expect(await paid(`evt_paid_again_${d.id}`)).toEqual({ applied: false });
    clock.set(new Date(Date.parse('2026-11-27T00:00:00Z')));
    const cancels = await Promise.all(
      [1, 2].map(() =>
        call<{ data: TDeliveryView }>(t.app, 'POST', `/api/dashboard/customer/deliveries/${d.id}/cancel`, {
          token: customer,
          body: { reason: REASON },
        }),
      ),
    );
    expect(cancels.map((c) => c.status).sort()).toEqual([200, 409]);
    const done = cancels.find((c) => c.status === 200)!;
    expect(done.body.data.refund).toEqual({ status: 'refunded', amount: 95 });
    expect(refunds.filter((x) => x.key === `delivery-${d.id}-refund`)).toEqual([
      { sessionId: `cs_test_delivery_${d.id}`, key: `delivery-${d.id}-refund`, amount: 9500 },
    ]);
    clock.set(new Date('2026-11-23T18:00:00Z'));
  });
});

describe('lists', () => {
  it('customer lists Active and Archive with counts; archive once', async () => {
    const d = await book();
    await call(t.app, 'POST', `/api/dashboard/customer/deliveries/${d.id}/cancel`, {
      token: customer,
      body: { reason: REASON },
    });
    const a = await call(t.app, 'POST', `/api/dashboard/customer/deliveries/${d.id}/archive`, {
      token: customer,
    });
    expect(a.status).toBe(200);
    expect(
      (await call(t.app, 'POST', `/api/dashboard/customer/deliveries/${d.id}/archive`, { token: customer }))
        .status,
    ).toBe(409);
    const list = await call<{ data: TDeliveryView[]; meta: { active_count: number; archive_count: number } }>(
      t.app,
      'GET',
      '/api/dashboard/customer/deliveries?tab=archive',
      { token: customer },
    );
    expect(list.body.data.map((x) => x.id)).toContain(d.id);
    expect(list.body.meta.archive_count).toBeGreaterThanOrEqual(1);
    expect(
      (await call(t.app, 'GET', '/api/dashboard/customer/deliveries?tab=nope', { token: customer })).status,
    ).toBe(422);
  });

  it("the helper's history holds what they accepted, archived ones too, newest day first; a branch view only its own", async () => {
    const later = await book({ arrival_date: '2026-11-28' });
    const sooner = await book({ arrival_date: '2026-11-27' });
    for (const d of [later, sooner]) {
      const r = await call(t.app, 'POST', `/api/dashboard/deliveries/${d.id}/accept`, {
        token: staff,
        body: { nearest: true },
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    }
    // The customer cancels one; the company archives it: gone from Accepted, kept in the history.
    await call(t.app, 'POST', `/api/dashboard/customer/deliveries/${sooner.id}/cancel`, {
      token: customer,
      body: { reason: REASON },
    });
    expect(
      (await call(t.app, 'POST', `/api/dashboard/deliveries/${sooner.id}/archive`, { token: staff })).status,
    ).toBe(200);
    type TList = { data: TDeliveryView[]; meta: { total: number } };
    const accepted = await call<TList>(t.app, 'GET', '/api/dashboard/deliveries?tab=accepted', {
      token: staff,
    });
    expect(accepted.body.data.map((x) => x.id)).not.toContain(sooner.id);
    const history = await call<TList>(t.app, 'GET', '/api/dashboard/deliveries?tab=history', {
      token: staff,
    });
    expect(history.status).toBe(200);
    const ids = history.body.data.map((x) => x.id);
    expect(ids).toContain(sooner.id);
    expect(ids.indexOf(later.id)).toBeLessThan(ids.indexOf(sooner.id));
    expect(history.body.meta.total).toBe(history.body.data.length);
    const dates = history.body.data.map((x) => x.arrival_date);
    expect([...dates].sort().reverse()).toEqual(dates);
    // Nearest branch: the LA branch took every one (Pasadena is farther from the pickup).
    expect(new Set(history.body.data.map((x) => x.branch_id))).toEqual(new Set([laBranch]));
    const branchView = await call<TList>(
      t.app,
      'GET',
      `/api/dashboard/deliveries?tab=history&branch_id=${laBranch}`,
      { token: staff },
    );
    expect(branchView.body.data.map((x) => x.id)).toEqual(ids);
    // Somebody else's history is empty.
    const other = await call<TList>(t.app, 'GET', '/api/dashboard/deliveries?tab=history', {
      token: farLabor,
    });
    expect(other.body.data).toEqual([]);
  });
});
