import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { MSG } from '@haulpro/shared/messages';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../src/db/schema.ts';
import { createBranchAtZip, createCompany, createUser } from '../src/db/seed/factories.ts';
import { addServicePrices } from '../src/db/seed/marketplace.ts';
import { call } from './helpers/http.ts';
import { tokenFor } from './helpers/sessions.ts';
import { createTestApp, createTestClock, type TTestApp } from './helpers/test-app.ts';
import { DISGUISED, dataUrl, JPEG_BYTES, PNG_BYTES } from './helpers/upload-fixtures.ts';

type TOrder = { id: number; item_photos: string[] };

// Monday 2026-11-23, 10:00 in Los Angeles; the move is a week later.
const clock = createTestClock(new Date('2026-11-23T18:00:00Z'));
const DATE = '2026-11-30';
const LINK = /^\/api\/files\/items\/[0-9a-f-]{36}\.(png|jpg)\?expires=\d+&sig=[A-Za-z0-9_-]{43}$/;

let t: TTestApp;
let branchId: number;
let staff: string;
let otherStaff: string;
let customer: string;
let otherCustomer: string;
let order: TOrder;

const address = (zip: string) => ({
  address: '1200 E Florence Ave',
  city_or_town: 'Los Angeles',
  state: 'CA',
  zip_code: zip,
  type_property: 'Apartment',
  flights_of_stairs: 0,
});
const booking = (item_photos: string[]) => ({
  branch_id: branchId,
  type_service: 1,
  type_moving: 1,
  type_help: 3,
  bedrooms_count: 1,
  helpers_count: 2,
  hours_count: 3,
  arrival_date: DATE,
  arrival_time: '8-9',
  payment_method: 'cash',
  name: 'Dana Customer',
  email: 'dana@example.test',
  phone: '+1 (213) - 555 - 0100',
  pickups: [address('90001')],
  destinations: [address('90011')],
  unique_items: 'A piano',
  item_photos,
});

const get = (url: string) => t.app.inject({ method: 'GET', url });
const itemFiles = async () => readdir(path.join(t.config.uploadsDir, 'items')).catch(() => [] as string[]);

beforeAll(async () => {
  t = await createTestApp({ clock });
  const db = t.deps.db;
  const a = await createCompany(db, { name: 'Photo Movers' });
  branchId = (await createBranchAtZip(db, '90001', { companyId: a.id, name: 'Photo LA', isMain: true })).id;
  await addServicePrices(db, branchId, { helpersOnly: [80, 120], withTrucks: [130, 170] });
  staff = await tokenFor(db, (await createUser(db, { role: 'staff', companyId: a.id })).id);
  const b = await createCompany(db, { name: 'Other Movers' });
  await createBranchAtZip(db, '90210', { companyId: b.id, name: 'Other BH', isMain: true });
  otherStaff = await tokenFor(db, (await createUser(db, { role: 'staff', companyId: b.id })).id);
  customer = await tokenFor(db, (await createUser(db, { role: 'customer' })).id);
  otherCustomer = await tokenFor(db, (await createUser(db, { role: 'customer' })).id);

  const r = await call<{ data: { order: TOrder } }>(t.app, 'POST', '/api/dashboard/customer/orders', {
    token: customer,
    body: booking([dataUrl('image/png', PNG_BYTES), dataUrl('image/jpeg', JPEG_BYTES)]),
  });
  expect(r.status).toBe(201);
  order = r.body.data.order;
});
afterAll(() => t.close());

describe('item photos are checked by their bytes', () => {
  it('refuses each disguised file on its own field and books nothing', async () => {
    const before = (await t.deps.db.select({ n: count() }).from(orders))[0]!.n;
    const files = await itemFiles();
    const urls = DISGUISED.map(([, url]) => url);
    // Four at a time after one real photo (at most five a booking): each error names its photo.
    for (let i = 0; i < urls.length; i += 4) {
      const batch = urls.slice(i, i + 4);
      const r = await call(t.app, 'POST', '/api/dashboard/customer/orders', {
        token: customer,
        body: booking([dataUrl('image/png', PNG_BYTES), ...batch]),
      });
      expect(r.status).toBe(422);
      expect(r.body.errors).toEqual(
        Object.fromEntries(batch.map((_, j) => [`item_photos.${j + 1}`, [MSG.imageType]])),
      );
    }
    expect((await t.deps.db.select({ n: count() }).from(orders))[0]!.n).toBe(before);
    expect(await itemFiles()).toEqual(files);
  });
});

describe('item photos reach only the order’s company staff and its customer', () => {
  it('the customer gets signed links that load with the right headers', async () => {
    expect(order.item_photos).toHaveLength(2);
    for (const url of order.item_photos) expect(url).toMatch(LINK);
    const png = await get(order.item_photos[0]!);
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.headers['x-content-type-options']).toBe('nosniff');
    expect(png.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    expect(png.rawPayload.equals(PNG_BYTES)).toBe(true);
    const jpg = await get(order.item_photos[1]!);
    expect(jpg.statusCode).toBe(200);
    expect(jpg.headers['content-type']).toBe('image/jpeg');

    const mine = await call<{ data: TOrder }>(t.app, 'GET', `/api/dashboard/customer/orders/${order.id}`, {
      token: customer,
    });
    expect(mine.body.data.item_photos).toEqual(order.item_photos);
    const list = await call<{ data: TOrder[] }>(t.app, 'GET', '/api/dashboard/customer/orders', {
      token: customer,
    });
    expect(list.body.data.find((o) => o.id === order.id)?.item_photos).toHaveLength(2);
  });

  it("the company's staff get them on the order and in the list", async () => {
    const one = await call<{ data: TOrder }>(t.app, 'GET', `/api/dashboard/orders/${order.id}`, {
      token: staff,
    });
    expect(one.status).toBe(200);
    expect(one.body.data.item_photos).toHaveLength(2);
    for (const url of one.body.data.item_photos) expect((await get(url)).statusCode).toBe(200);
    const list = await call<{ data: TOrder[] }>(t.app, 'GET', '/api/dashboard/orders?filter=new', {
      token: staff,
    });
    expect(list.body.data.find((o) => o.id === order.id)?.item_photos).toHaveLength(2);
  });

  it('another company’s staff and another customer get a 404 and no links', async () => {
    const staffB = await call<TOrder>(t.app, 'GET', `/api/dashboard/orders/${order.id}`, {
      token: otherStaff,
    });
    expect(staffB.status).toBe(404);
    expect(JSON.stringify(staffB.body)).not.toContain('/api/files/');
    const listB = await call<{ data: TOrder[] }>(t.app, 'GET', '/api/dashboard/orders?filter=all', {
      token: otherStaff,
    });
    expect(JSON.stringify(listB.body)).not.toContain('/api/files/');
    const customerB = await call(t.app, 'GET', `/api/dashboard/customer/orders/${order.id}`, {
      token: otherCustomer,
    });
    expect(customerB.status).toBe(404);
    const listC = await call(t.app, 'GET', '/api/dashboard/customer/orders', { token: otherCustomer });
    expect(JSON.stringify(listC.body)).not.toContain('/api/files/');
    // Nor without signing in.
    expect((await call(t.app, 'GET', `/api/dashboard/customer/orders/${order.id}`)).status).toBe(401);
  });

  it('a tampered, missing or moved signature is a 403; a name that cannot exist is a 404', async () => {
    const url = new URL(order.item_photos[0]!, 'http://x');
    const other = new URL(order.item_photos[1]!, 'http://x');
    const sig = url.searchParams.get('sig')!;
    const expires = Number(url.searchParams.get('expires'));
    const flipped = `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`;
    const cases = [
      `${url.pathname}?expires=${expires}&sig=${flipped}`,
      `${url.pathname}?expires=${expires + 300}&sig=${sig}`,
      `${url.pathname}?expires=${expires}`,
      `${url.pathname}?sig=${sig}`,
      url.pathname,
      `${url.pathname}?expires=${expires}&sig=${sig}x`,
      `${other.pathname}?expires=${expires}&sig=${sig}`,
    ];
    for (const c of cases) {
      const r = await get(c);
      expect(r.statusCode, c).toBe(403);
      expect(r.json()).toEqual({ message: MSG.fileLinkInvalid });
    }
    const name = path.basename(url.pathname);
    for (const c of [
      `/api/files/avatars/${name}${url.search}`,
      `/api/files/items/..%2F..%2Fetc%2Fpasswd${url.search}`,
      `/api/files/items/${name.replace(/^./, 'z')}${url.search}`,
    ]) {
      expect((await get(c)).statusCode, c).toBe(404);
    }
  });

  it('a link expires within 20 minutes; a fresh order view signs a new one', async () => {
    const url = order.item_photos[0]!;
    clock.advance(21 * 60_000);
    try {
      const r = await get(url);
      expect(r.statusCode).toBe(403);
      const fresh = await call<{ data: TOrder }>(t.app, 'GET', `/api/dashboard/customer/orders/${order.id}`, {
        token: customer,
      });
      expect(fresh.body.data.item_photos[0]).not.toBe(url);
      expect((await get(fresh.body.data.item_photos[0]!)).statusCode).toBe(200);
    } finally {
      clock.advance(-21 * 60_000);
    }
  });

  it('the same order view keeps the same links for a while (the browser can cache them)', async () => {
    const again = await call<{ data: TOrder }>(t.app, 'GET', `/api/dashboard/customer/orders/${order.id}`, {
      token: customer,
    });
    expect(again.body.data.item_photos).toEqual(order.item_photos);
  });

  it('is never served at a public /uploads address', async () => {
    const [row] = await t.deps.db.select().from(orders).where(eq(orders.id, order.id));
    const stored = row!.itemPhotos[0]!;
    expect(stored).toMatch(/^\/uploads\/items\/[0-9a-f-]{36}\.png$/);
    const name = path.basename(stored);
    for (const url of [
      stored,
      `/uploads/items/${name}?download=1`,
      `/uploads/ITEMS/${name}`,
      `/uploads/%69tems/${name}`,
      `/uploads/./items/${name}`,
      `/uploads//items/${name}`,
      `/uploads/avatars/../items/${name}`,
      `/uploads/avatars/%2e%2e/items/${name}`,
      `/uploads/items/`,
    ]) {
      const r = await get(url);
      expect([403, 404], `${url} -> ${r.statusCode}`).toContain(r.statusCode);
      expect(r.rawPayload.includes(PNG_BYTES.subarray(0, 8))).toBe(false);
    }
  });
});
