import type { TDeliveryView } from '@haulpro/shared/delivery-view';
import { DELIVERY_MOVE_DAY_MSG as M } from '@haulpro/shared/move-day';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveries, deliveryHistory, laborProfiles, users } from '../src/db/schema.ts';
import { createBranchAtZip, createCompany, createUser } from '../src/db/seed/factories.ts';
import { call } from './helpers/http.ts';
import { mailsTo } from './helpers/outbox.ts';
import { tokenFor } from './helpers/sessions.ts';
import { createTestApp, createTestClock, type TTestApp } from './helpers/test-app.ts';
import { JPEG_BYTES, PDF_BYTES, PNG_BYTES } from './helpers/upload-fixtures.ts';

/*
 * Move day on a delivery (issue 28, item 2): On my way (the customer hears of it, by e-mail too),
 * Arrived, the pickup and the drop-off photo, in that order, by the acceptor only; Get Paid then
 * needs the drop-off photo; the Today list's deliveries in show-up order.
 */

// Tuesday 2026-11-24, 10:00 in Los Angeles; deliveries are booked for Wednesday and the clock
// moves to Wednesday 10:00 before the steps.
const clock = createTestClock(new Date('2026-11-24T18:00:00Z'));
const WEDNESDAY = new Date('2026-11-25T18:00:00Z');

let t: TTestApp;
let customer: string;
let customerEmail: string;
let customerId: number;
let labor: string;
let laborId: number;
let otherLabor: string;
let staff: string;
let otherStaff: string;

const address = (zip: string) => ({
  address: '100 Main St',
  city_or_town: 'Los Angeles',
  state: 'CA',
  zip_code: zip,
  type_property: 'Home',
  flights_of_stairs: 0,
});

async function book(window = '3-6', date = '2026-11-25'): Promise<number> {
  const r = await call<{ data: { delivery: TDeliveryView } }>(
    t.app,
    'POST',
    '/api/dashboard/customer/deliveries',
    {
      token: customer,
      body: {
        items: [{ name: 'Sofa', count: 1, weight: 120, height: 3, width: 7, length: 3 }],
        vehicle_type: 3,
        pickup: address('90011'),
        destination: address('90007'),
        arrival_date: date,
        arrival_time: window,
        payment_method: 'cash',
        phone: '+1 (213) - 555 - 0177',
      },
    },
  );
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.data.delivery.id;
}

async function accept(id: number, token = labor) {
  const r = await call(t.app, 'POST', `/api/dashboard/deliveries/${id}/accept`, { token });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
}

const post = (token: string, id: number, step: string, body?: unknown) =>
  call<{ data: TDeliveryView; message?: string }>(t.app, 'POST', `/api/dashboard/deliveries/${id}/${step}`, {
    token,
    ...(body !== undefined ? { body } : {}),
  });

async function photo(
  token: string,
  id: number,
  which: 'pickup-photo' | 'dropoff-photo',
  bytes: Buffer,
  name = 'p.png',
) {
  const boundary = '----haulpromoveday';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/dashboard/deliveries/${id}/${which}`,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload,
  });
  return { status: res.statusCode, body: JSON.parse(res.body) as { data: TDeliveryView; message: string } };
}

function getPaid(token: string, id: number) {
  const boundary = '----haulpropayout';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="files[]"; filename="letter.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    PDF_BYTES,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: 'POST',
    url: `/api/dashboard/deliveries/${id}/complete`,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload,
  });
}

async function laborAt(lat: number, lng: number, zip: string, firstName: string) {
  const u = await createUser(t.deps.db, { role: 'labor', firstName, lastName: 'Helper' });
  await t.deps.db
    .insert(laborProfiles)
    .values({ userId: u.id, zipCode: zip, latitude: lat, longitude: lng, serviceArea: 40 });
  return { id: u.id, token: await tokenFor(t.deps.db, u.id) };
}

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
  customerId = c.id;
  customerEmail = c.email;
  customer = await tokenFor(db, c.id);
  const l = await laborAt(34.0073, -118.2587, '90011', 'Lena');
  labor = l.token;
  laborId = l.id;
  otherLabor = (await laborAt(34.0224, -118.2851, '90007', 'Omar')).token;
  staff = await tokenFor(db, (await createUser(db, { role: 'staff', companyId: company.id })).id);
  otherStaff = await tokenFor(db, (await createUser(db, { role: 'staff', companyId: other.id })).id);
});
afterAll(() => t.close());

describe('a delivery on move day', () => {
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
    expect(arrived.body.data).toMatchObject({ can_arrive: false, can_upload_pickup_photo: true });
    expect(await post(labor, id, 'arrived')).toMatchObject({
      status: 409,
      body: { message: M.alreadyArrived },
    });
    expect(await photo(labor, id, 'dropoff-photo', PNG_BYTES)).toMatchObject({
      status: 409,
      body: { message: M.nextPickupPhoto },
    });

    // Get Paid before the drop-off photo: a 422 that says what is missing.
    const early422 = await getPaid(labor, id);
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
    const path = seen.dropoff_photo_url!.split('?')[0]!.replace('/api/files/', '/uploads/');
    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).not.toBe(200);

    const paid = await getPaid(labor, id);
    expect(paid.statusCode, paid.body).toBe(200);
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
    expect((await getPaid(labor, id)).statusCode).toBe(200);
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

describe('todayJobs', () => {
  it("lists the helper's deliveries of today in show-up order, with their state", async () => {
    clock.set(new Date('2026-11-26T18:00:00Z'));
    const fresh = await laborAt(34.0073, -118.2587, '90011', 'Tess');
    const late = await book('2-5', '2026-11-27');
    const early = await book('8-9', '2026-11-27');
    const mid = await book('11-12', '2026-11-27');
    const tomorrow = await book('7-8', '2026-11-28');
    for (const id of [late, early, mid, tomorrow]) await accept(id, fresh.token);
    clock.set(new Date('2026-11-27T16:00:00Z'));
    expect((await post(fresh.token, mid, 'on-my-way', { eta_minutes: 15 })).status).toBe(200);

    const [me] = await t.deps.db.select().from(users).where(eq(users.id, fresh.id));
    const jobs = await t.services.deliveries.todayJobs({ user: me!, sessionId: 0 }, clock.now());
    expect(jobs.map((j) => j.id)).toEqual([early, mid, late]);
    expect(jobs[0]).toMatchObject({
      kind: 'delivery',
      href: `/labor-dashboard?delivery_id=${early}`,
      arrival_time: '8:00 AM - 9:00 AM',
      address: '100 Main St, Los Angeles, CA 90011',
      maps_url:
        'https://www.google.com/maps/search/?api=1&query=100%20Main%20St%2C%20Los%20Angeles%2C%20CA%2090011',
      customer_name: expect.stringContaining('Cora'),
      customer_phone: '+1 (213) - 555 - 0177',
      crew: ['Tess Helper'],
      state: 'not_started',
      state_label: 'Not started',
    });
    expect(jobs[1]).toMatchObject({ state: 'on_the_way', state_label: 'On the way' });

    // Another helper's list is theirs only; a company's staff see the company's.
    const [lena] = await t.deps.db.select().from(users).where(eq(users.id, laborId));
    const lenaJobs = await t.services.deliveries.todayJobs({ user: lena!, sessionId: 0 }, clock.now());
    expect(lenaJobs.some((j) => [late, early, mid].includes(j.id))).toBe(false);
    // A payout submitted: finished.
    await t.deps.db.update(deliveries).set({ status: 4 }).where(eq(deliveries.id, late));
    const after = await t.services.deliveries.todayJobs({ user: me!, sessionId: 0 }, clock.now());
    expect(after.find((j) => j.id === late)).toMatchObject({ state: 'finished', state_label: 'Finished' });
    expect(customerId).toBeGreaterThan(0);
  });
});
