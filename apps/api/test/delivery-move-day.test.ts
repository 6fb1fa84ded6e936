import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { TDeliveryView } from '@haulpro/shared/delivery-view';
import { DELIVERY_MOVE_DAY_MSG as M } from '@haulpro/shared/move-day';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryHistory } from '../src/db/schema.ts';
import { createBranchAtZip, createCompany, createUser } from '../src/db/seed/factories.ts';
import { call } from './helpers/http.ts';
import {
  acceptDelivery,
  bookDelivery,
  getPaid,
  laborAt,
  moveDayStep,
  uploadMoveDayPhoto,
} from './helpers/move-day-deliveries.ts';
import { mailsTo } from './helpers/outbox.ts';
import { tokenFor } from './helpers/sessions.ts';
import { createTestApp, createTestClock, type TTestApp } from './helpers/test-app.ts';
import { JPEG_BYTES, PDF_BYTES, PNG_BYTES } from './helpers/upload-fixtures.ts';

/*
 * Move day on a delivery (issue 28, item 2): On my way (the customer hears of it, by e-mail too),
 * Arrived, the pickup and the drop-off photo, in that order, by the acceptor only; Get Paid then
 * needs the drop-off photo (the Today list: delivery-today.test.ts).
 */

// Tuesday 2026-11-24, 10:00 in Los Angeles; deliveries are booked for Wednesday and the clock
// moves to Wednesday 10:00 before the steps.
const clock = createTestClock(new Date('2026-11-24T18:00:00Z'));
const WEDNESDAY = new Date('2026-11-25T18:00:00Z');

let t: TTestApp;
let customer: string;
let customerEmail: string;
let labor: string;
let otherLabor: string;
let staff: string;
let otherStaff: string;

const book = (window = '3-6', date = '2026-11-25') => bookDelivery(t, customer, window, date);
const accept = (id: number, token = labor) => acceptDelivery(t, id, token);
const post = (token: string, id: number, step: string, body?: unknown) =>
  moveDayStep(t, token, id, step, body);
const photo = (
  token: string,
  id: number,
  which: 'pickup-photo' | 'dropoff-photo',
  bytes: Buffer,
  name?: string,
) => uploadMoveDayPhoto(t, token, id, which, bytes, name);
const paid = (token: string, id: number) => getPaid(t, token, id);

const customerView = async (id: number) =>
  (
    await call<{ data: TDeliveryView }>(t.app, 'GET', `/api/dashboard/customer/deliveries/${id}`, {
      token: customer,
    })
  ).body.data;

beforeAll(async () => {
  t = await createTestApp({ clock });
  const db = t.deps.db;
  const company = await createCompany(db, { name: 'Covering Movers' });
  await createBranchAtZip(db, '90001', {
    companyId: company.id,
    name: 'Covering LA',
    isMain: true,
    serviceArea: 30,
  });
  const other = await createCompany(db, { name: 'Other Movers' });
  await createBranchAtZip(db, '90002', {
    companyId: other.id,
    name: 'Other LA',
    isMain: true,
    serviceArea: 30,
  });
  const c = await createUser(db, { role: 'customer', firstName: 'Cora' });
  customerEmail = c.email;
  customer = await tokenFor(db, c.id);
  const l = await laborAt(t, 34.0073, -118.2587, '90011', 'Lena');
  labor = l.token;
  otherLabor = (await laborAt(t, 34.0224, -118.2851, '90007', 'Omar')).token;
  staff = await tokenFor(db, (await createUser(db, { role: 'staff', companyId: company.id })).id);
  otherStaff = await tokenFor(db, (await createUser(db, { role: 'staff', companyId: other.id })).id);
});
afterAll(() => t.close());

describe('a delivery on move day', () => {
  it('documents its four calls in the OpenAPI document (the fuzz in robustness.test.ts walks them)', async () => {
    const doc = JSON.parse((await t.app.inject({ method: 'GET', url: '/api/docs/json' })).body) as {
      paths: Record<string, { post?: { tags?: string[]; requestBody?: unknown } }>;
    };
    for (const step of ['on-my-way', 'arrived', 'pickup-photo', 'dropoff-photo']) {
      const op = doc.paths[`/api/dashboard/deliveries/{id}/${step}`]?.post;
      expect(op?.tags, step).toEqual(['deliveries']);
    }
    expect(
      JSON.stringify(doc.paths['/api/dashboard/deliveries/{id}/on-my-way']?.post?.requestBody),
    ).toContain('eta_minutes');
  });

  it('runs On my way, Arrived, the pickup and the drop-off photo, then Get Paid', async () => {
    clock.set(new Date('2026-11-24T18:00:00Z'));
    const id = await book();
    await accept(id);
    // Before the delivery day: no buttons, and the steps are refused.
    const early = await call<{ data: TDeliveryView }>(t.app, 'GET', `/api/dashboard/deliveries/${id}`, {
      token: labor,
    });
    expect(early.body.data).toMatchObject({ can_on_my_way: false, on_my_way_at: null });
    expect(await post(labor, id, 'on-my-way', { eta_minutes: 30 })).toMatchObject({
      status: 409,
      body: { message: M.notOpen },
    });

    clock.set(WEDNESDAY);
    const before = await call<{ data: TDeliveryView }>(t.app, 'GET', `/api/dashboard/deliveries/${id}`, {
      token: labor,
    });
    expect(before.body.data).toMatchObject({
      can_on_my_way: true,
      can_arrive: false,
      can_upload_pickup_photo: false,
      can_upload_dropoff_photo: false,
    });

    const omw = await post(labor, id, 'on-my-way', { eta_minutes: 35 });
    expect(omw.status, JSON.stringify(omw.body)).toBe(200);
    expect(omw.body.data).toMatchObject({
      on_my_way_at: WEDNESDAY.toISOString(),
      eta_at: new Date(WEDNESDAY.getTime() + 35 * 60_000).toISOString(),
      can_on_my_way: false,
      can_arrive: true,
    });
    // The customer's bell and e-mail, with the ETA on the delivery's wall clock (10:35 AM in LA).
    const bell = await call<{ data: { data: { title: string; link: string } }[] }>(
      t.app,
      'GET',
      '/api/dashboard/notifications',
      { token: customer },
    );
    expect(bell.body.data[0]?.data).toEqual({
      title: `Your helper is on the way for delivery #${id}: arriving about 10:35 AM`,
      link: `/user-dashboard?delivery_id=${id}`,
    });
    const [mail] = await mailsTo(t.deps.db, customerEmail);
    expect(mail?.subject).toBe('Your helper is on the way');
    expect(mail?.text).toContain('arriving about 10:35 AM');
    expect(mail?.text).toContain(`http://haulpro.test/user-dashboard?delivery_id=${id}`);
    expect((await customerView(id)).eta_at).toBe(omw.body.data.eta_at);

    // A second On my way is refused and changes nothing.
    clock.set(new Date(WEDNESDAY.getTime() + 60_000));
    expect(await post(labor, id, 'on-my-way', { eta_minutes: 15 })).toMatchObject({
      status: 409,
      body: { message: M.alreadyOnMyWay },
    });
    expect((await customerView(id)).on_my_way_at).toBe(WEDNESDAY.toISOString());

    // Out of order: the drop-off photo before the pickup photo, the pickup photo before Arrived.
    expect(await photo(labor, id, 'pickup-photo', PNG_BYTES)).toMatchObject({
      status: 409,
      body: { message: M.nextArrived },
    });
    const arrived = await post(labor, id, 'arrived');
    expect(arrived.status).toBe(200);
    // Get Paid waits for the drop-off photo now that the steps began.
    expect(arrived.body.data).toMatchObject({
      can_arrive: false,
      can_upload_pickup_photo: true,
      canAcceptorComplete: false,
    });
    expect(await post(labor, id, 'arrived')).toMatchObject({
      status: 409,
      body: { message: M.alreadyArrived },
    });
    expect(await photo(labor, id, 'dropoff-photo', PNG_BYTES)).toMatchObject({
      status: 409,
      body: { message: M.nextPickupPhoto },
    });

    // Get Paid before the drop-off photo: a 422 that says what is missing.
    const early422 = await paid(labor, id);
    expect(early422.statusCode).toBe(422);
    expect(JSON.parse(early422.body)).toMatchObject({ errors: { dropoff_photo: [M.dropoffRequired] } });

    const pickup = await photo(labor, id, 'pickup-photo', PNG_BYTES);
    expect(pickup.status, JSON.stringify(pickup.body)).toBe(200);
    expect(pickup.body.data.pickup_photo_url).toMatch(/^\/api\/files\/jobs\/[0-9a-f-]+\.png\?expires=/);
    expect(pickup.body.data.can_upload_dropoff_photo).toBe(true);
    // A second pickup photo replaces the first.
    const again = await photo(labor, id, 'pickup-photo', JPEG_BYTES, 'p.jpg');
    expect(again.status).toBe(200);
    expect(again.body.data.pickup_photo_url).toMatch(/\/api\/files\/jobs\/[0-9a-f-]+\.jpg\?/);
    const drop = await photo(labor, id, 'dropoff-photo', PNG_BYTES);
    expect(drop.status).toBe(200);
    expect(drop.body.data).toMatchObject({ canAcceptorComplete: true, can_upload_dropoff_photo: true });

    // The replaced pickup photo is gone from storage: two photos are kept.
    const kept = readdirSync(path.join(t.config.uploadsDir, 'jobs'));
    expect(kept.sort()).toEqual(
      [again.body.data.pickup_photo_url, drop.body.data.dropoff_photo_url]
        .map((u) => u!.split('?')[0]!.split('/').at(-1)!)
        .sort(),
    );

    // The customer sees the times and the proof; the signed link serves the photo.
    const seen = await customerView(id);
    expect(seen).toMatchObject({
      arrived_at: expect.any(String),
      can_on_my_way: false,
      can_upload_pickup_photo: false,
    });
    expect(seen.dropoff_photo_url).toMatch(/^\/api\/files\/jobs\//);
    const file = await t.app.inject({ method: 'GET', url: seen.dropoff_photo_url! });
    expect(file.statusCode).toBe(200);
    // The folder is private: never served unsigned.
    const unsigned = seen.dropoff_photo_url!.split('?')[0]!.replace('/api/files/', '/uploads/');
    expect((await t.app.inject({ method: 'GET', url: unsigned })).statusCode).not.toBe(200);

    const submitted = await paid(labor, id);
    expect(submitted.statusCode, submitted.body).toBe(200);
    const history = await t.deps.db.select().from(deliveryHistory).where(eq(deliveryHistory.deliveryId, id));
    expect(history.map((h) => h.action)).toEqual([
      'accept',
      'on_my_way',
      'arrived',
      'pickup_photo',
      'pickup_photo',
      'dropoff_photo',
      'complete',
    ]);
    // Submitted: the steps close.
    expect(await post(labor, id, 'arrived')).toMatchObject({ status: 409, body: { message: M.notOpen } });
  });

  it('keeps Get Paid open, without photos, for a delivery whose helper skipped the steps', async () => {
    clock.set(new Date('2026-11-24T18:00:00Z'));
    const id = await book('9-10');
    await accept(id);
    clock.set(WEDNESDAY);
    expect((await paid(labor, id)).statusCode).toBe(200);
  });

  it('answers 404 to others, 403 to customers, and refuses what is not a photo', async () => {
    clock.set(new Date('2026-11-24T18:00:00Z'));
    const id = await book();
    await accept(id);
    clock.set(WEDNESDAY);
    for (const token of [otherLabor, staff, otherStaff]) {
      expect((await post(token, id, 'on-my-way', { eta_minutes: 30 })).status).toBe(404);
      expect((await post(token, id, 'arrived')).status).toBe(404);
      expect((await photo(token, id, 'pickup-photo', PNG_BYTES)).status).toBe(404);
    }
    expect((await post(customer, id, 'on-my-way', { eta_minutes: 30 })).status).toBe(403);
    expect((await photo(customer, id, 'dropoff-photo', PNG_BYTES)).status).toBe(403);
    expect((await post(labor, 99999, 'arrived')).status).toBe(404);
    // Nobody's step was written.
    expect((await customerView(id)).on_my_way_at).toBeNull();

    // The ETA's limits and the strict body.
    for (const body of [
      { eta_minutes: 0 },
      { eta_minutes: 601 },
      { eta_minutes: 2.5 },
      {},
      { eta_minutes: '30' },
    ]) {
      const r = await post(labor, id, 'on-my-way', body);
      expect(r.status, JSON.stringify(body)).toBe(422);
      expect(r.body.message).toBe(M.eta);
    }
    expect((await post(labor, id, 'on-my-way', { eta_minutes: 30, extra: 1 })).status).toBe(422);

    expect(await post(labor, id, 'arrived')).toMatchObject({ status: 409, body: { message: M.nextOnMyWay } });
    expect((await post(labor, id, 'on-my-way', { eta_minutes: 30 })).status).toBe(200);
    expect((await post(labor, id, 'arrived')).status).toBe(200);
    // A .png that is really text: refused by its bytes, nothing stored.
    const text = await photo(
      labor,
      id,
      'pickup-photo',
      Buffer.from('just some text, not a picture'),
      'fake.png',
    );
    expect(text.status).toBe(422);
    expect(text.body.message).toMatch(/png|jpg/i);
    const pdf = await photo(labor, id, 'pickup-photo', PDF_BYTES, 'letter.png');
    expect(pdf.status).toBe(422);
    expect((await customerView(id)).pickup_photo_url).toBeNull();
    // Not multipart at all.
    expect((await post(labor, id, 'pickup-photo', { photo: 'x' })).status).toBe(422);
  });

  it('records one On my way of twenty at once', async () => {
    clock.set(new Date('2026-11-24T18:00:00Z'));
    const id = await book();
    await accept(id);
    clock.set(WEDNESDAY);
    const before = (await mailsTo(t.deps.db, customerEmail)).length;
    const results = await Promise.all(
      Array.from({ length: 20 }, () => post(labor, id, 'on-my-way', { eta_minutes: 20 })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(19);
    const rows = await t.deps.db.select().from(deliveryHistory).where(eq(deliveryHistory.deliveryId, id));
    expect(rows.filter((h) => h.action === 'on_my_way')).toHaveLength(1);
    expect((await mailsTo(t.deps.db, customerEmail)).length).toBe(before + 1);
  });

  it("lets the accepting company's staff take the steps", async () => {
    clock.set(new Date('2026-11-24T18:00:00Z'));
    const id = await book();
    await accept(id, staff);
    clock.set(WEDNESDAY);
    expect((await post(staff, id, 'on-my-way', { eta_minutes: 45 })).status).toBe(200);
    expect((await post(labor, id, 'arrived')).status).toBe(404);
  });
});
