import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { TDeliveryView } from '@haulpro/shared/delivery-view';
import { MSG } from '@haulpro/shared/messages';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveries, idempotencyKeys } from '../src/db/schema.ts';
import { createBranchAtZip, createCompany, createUser } from '../src/db/seed/factories.ts';
import { call } from './helpers/http.ts';
import { tokenFor } from './helpers/sessions.ts';
import { createTestApp, createTestClock, type TTestApp } from './helpers/test-app.ts';
import { dataUrl, PNG_BYTES } from './helpers/upload-fixtures.ts';

/*
 * Idempotency-Key on POST customer/deliveries (decision 023), as on orders (decision 013): a
 * retried booking, or a double tap, never makes a second delivery.
 */

const clock = createTestClock(new Date('2026-11-23T18:00:00Z'));
let t: TTestApp;
let customer: string;
let customerId: number;
let other: string;

const address = (zip: string) => ({
  address: '100 Main St',
  city_or_town: 'Los Angeles',
  state: 'CA',
  zip_code: zip,
  type_property: 'Home',
});
const input = (patch: Record<string, unknown> = {}) => ({
  items: [{ name: 'Sofa', count: 1, weight: 120, height: 3, width: 7, length: 3 }],
  vehicle_type: 3,
  pickup: address('90011'),
  destination: address('90007'),
  arrival_date: '2026-11-26',
  arrival_time: '9-10',
  payment_method: 'cash',
  phone: '+1 (213) - 555 - 0177',
  ...patch,
});

type TAnswer = { data: { delivery: TDeliveryView; checkout_url: string | null }; message: string };
const book = (key: string | null, body = input(), token = customer) =>
  call<TAnswer>(t.app, 'POST', '/api/dashboard/customer/deliveries', {
    token,
    body,
    ...(key === null ? {} : { headers: { 'idempotency-key': key } }),
  });
const deliveryCount = async () => (await t.deps.db.select({ n: count() }).from(deliveries))[0]!.n;
const photoFiles = async () =>
  (await readdir(path.join(t.config.uploadsDir, 'items')).catch(() => [] as string[])).length;

beforeAll(async () => {
  t = await createTestApp({ clock });
  const db = t.deps.db;
  const companyId = (await createCompany(db)).id;
  await createBranchAtZip(db, '90001', { companyId, isMain: true, serviceArea: 30 });
  const u = await createUser(db, { role: 'customer' });
  customerId = u.id;
  customer = await tokenFor(db, u.id);
  other = await tokenFor(db, (await createUser(db, { role: 'customer' })).id);
});
afterAll(() => t.close());

describe('Idempotency-Key on POST customer/deliveries', () => {
  it('the same key twice makes one delivery and the same answer', async () => {
    const before = await deliveryCount();
    const first = await book('0b6f7a52-2f0e-4c3a-9a55-7d1f2e3c4b01');
    expect(first.status).toBe(201);
    const again = await book('0b6f7a52-2f0e-4c3a-9a55-7d1f2e3c4b01');
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(await deliveryCount()).toBe(before + 1);
  });

  it('different keys (or none) make different deliveries', async () => {
    const before = await deliveryCount();
    const all = [await book('d-key-a'), await book('d-key-b'), await book(null), await book(null)];
    expect(new Set(all.map((r) => r.body.data.delivery.id)).size).toBe(4);
    expect(await deliveryCount()).toBe(before + 4);
  });

  it('the same key with another body is refused and books nothing', async () => {
    expect((await book('d-key-c')).status).toBe(201);
    const before = await deliveryCount();
    const changed = await book('d-key-c', input({ tip: 15 }));
    expect(changed.status).toBe(422);
    expect(changed.body).toEqual({
      message: MSG.idempotencyKeyReused,
      errors: { idempotency_key: [MSG.idempotencyKeyReused] },
    });
    expect(await deliveryCount()).toBe(before);
  });

  it('a key the customer already used for a moving order is refused for a delivery', async () => {
    await t.deps.db
      .insert(idempotencyKeys)
      .values({ userId: customerId, key: 'used-for-an-order', requestHash: 'f'.repeat(64) });
    const before = await deliveryCount();
    const r = await book('used-for-an-order');
    expect(r.status).toBe(422);
    expect(r.body).toMatchObject({ errors: { idempotency_key: [MSG.idempotencyKeyReused] } });
    expect(await deliveryCount()).toBe(before);
  });

  it("keys belong to one customer: another customer's same key books their own delivery", async () => {
    const mine = await book('d-shared-key');
    const theirs = await book('d-shared-key', input(), other);
    expect(theirs.status).toBe(201);
    expect(theirs.body.data.delivery.id).not.toBe(mine.body.data.delivery.id);
  });

  it('a refused attempt does not use up its key', async () => {
    const bad = await book('d-key-f', input({ arrival_date: '2026-11-20' }));
    expect(bad.status).toBe(422);
    expect((await book('d-key-f')).status).toBe(201);
  });

  it('a retry answers with the first delivery even when the same booking would no longer validate', async () => {
    const first = await book('d-key-g');
    clock.set(new Date('2026-11-26T18:00:00Z'));
    try {
      const again = await book('d-key-g');
      expect(again.status).toBe(201);
      expect(again.body.data.delivery.id).toBe(first.body.data.delivery.id);
      // A new key is a new booking, and that day is now too soon.
      expect((await book('d-key-h')).status).toBe(422);
    } finally {
      clock.set(new Date('2026-11-23T18:00:00Z'));
    }
  });

  it('five concurrent requests with one key make exactly one delivery and keep one set of photos', async () => {
    const before = await deliveryCount();
    const filesBefore = await photoFiles();
    const body = input({ item_photos: [dataUrl('image/png', PNG_BYTES)] });
    const all = await Promise.all(Array.from({ length: 5 }, () => book('d-race-key', body)));
    expect(all.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(all.map((r) => r.body.data.delivery.id)).size).toBe(1);
    expect(await deliveryCount()).toBe(before + 1);
    expect(await photoFiles()).toBe(filesBefore + 1);
  });

  it('refuses a key that is too long or not printable ASCII', async () => {
    for (const key of ['x'.repeat(256), 'ключ']) {
      const r = await book(key);
      expect(r.status, key.slice(0, 10)).toBe(422);
      expect(r.body).toMatchObject({ errors: { 'idempotency-key': [MSG.idempotencyKeyInvalid] } });
    }
    expect((await book('y'.repeat(255))).status).toBe(201);
  });
});

describe('the key row', () => {
  it('records which delivery the key made', async () => {
    const r = await book('d-key-row');
    const [row] = await t.deps.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'd-key-row'));
    expect(row).toMatchObject({ userId: customerId, deliveryId: r.body.data.delivery.id, orderId: null });
  });
});
