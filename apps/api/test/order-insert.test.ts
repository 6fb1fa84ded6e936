/**
 * A new order's insert is prepared once per connection and set of columns (issue 30), its values
 * encoded as drizzle encodes a built insert's: the rows it writes are the rows drizzle's own
 * insert writes, whichever values are null, on either database.
 */
import { ORDER_STATUS } from '@haulpro/shared/order';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../src/db/schema.ts';
import { createBranchAtZip, createCompany, createUser } from '../src/db/seed/factories.ts';
import { createOrder } from '../src/db/seed/order-factory.ts';
import type { TOrderRow } from '../src/modules/orders/order-view.ts';
import { findOrder, insertOrder } from '../src/modules/orders/orders.repository.ts';
import { nextOrderId } from '../src/modules/orders/place-order.repository.ts';
import { createTestApp, type TTestApp } from './helpers/test-app.ts';

let t: TTestApp;
let built: TOrderRow;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.deps.db;
  const companyId = (await createCompany(db, { name: 'Insert Co' })).id;
  const branchId = (await createBranchAtZip(db, '90001', { companyId, name: 'Insert Main', isMain: true }))
    .id;
  const customerId = (await createUser(db, { role: 'customer' })).id;
  // Written by drizzle's built insert (the order factory), with a null deadline and truck size.
  const made = await createOrder(db, {
    customerId,
    companyId,
    branchId,
    status: ORDER_STATUS.waitingForPayment,
    arrivalDate: '2026-12-03',
  });
  built = (await findOrder(db, made.id))!;
});
afterAll(() => t.close());

/** The row as the booking hands it: every column of the built one but its id and defaults. */
function rowLike(o: TOrderRow, id: number) {
  const {
    id: _id,
    archivedByCustomer,
    archivedByCompany,
    reviewedByCustomer,
    reviewedByCompany,
    ...rest
  } = o;
  return { ...rest, id };
}

describe("a new order's prepared insert", () => {
  it('writes what the built insert wrote: nulls stay null, dates and JSON are encoded', async () => {
    const db = t.deps.db;
    const id = await nextOrderId(db);
    const inserted = await db.transaction((tx) => insertOrder(tx, rowLike(built, id)));
    const read = await findOrder(db, id);
    expect(inserted).toEqual(read);
    expect({ ...read, id: built.id }).toEqual(built);
    expect(read?.responseDeadline).toBeNull();
    expect(read?.truckSize).toBeNull();
    // SQL null, not JSON's null or an epoch.
    const [raw] = await db
      .select({ deadline: orders.responseDeadline, quote: orders.quote })
      .from(orders)
      .where(eq(orders.id, id));
    expect(raw?.deadline).toBeNull();
    expect(raw?.quote).toEqual(built.quote);
  });

  it('the same statement then writes values where nulls were, and nulls where values were', async () => {
    const db = t.deps.db;
    const deadline = new Date('2026-12-01T17:30:00Z');
    const first = await nextOrderId(db);
    const second = await nextOrderId(db);
    await db.transaction(async (tx) => {
      await insertOrder(tx, {
        ...rowLike(built, first),
        responseDeadline: deadline,
        truckSize: '26 ft',
        itemPhotos: ['a.jpg', 'b.jpg'],
      });
      await insertOrder(tx, { ...rowLike(built, second), uniqueItems: null, notes: null });
    });
    const a = await findOrder(db, first);
    expect(a?.responseDeadline?.toISOString()).toBe(deadline.toISOString());
    expect(a?.truckSize).toBe('26 ft');
    expect(a?.itemPhotos).toEqual(['a.jpg', 'b.jpg']);
    const b = await findOrder(db, second);
    expect(b?.responseDeadline).toBeNull();
    expect(b?.uniqueItems).toBeNull();
    expect(b?.notes).toBeNull();
  });

  it('another set of columns is a statement of its own; left out, a column takes its default', async () => {
    const db = t.deps.db;
    const id = await nextOrderId(db);
    const { createdAt: _c, updatedAt: _u, itemPhotos: _p, ...fewer } = rowLike(built, id);
    const before = Date.now();
    const o = await db.transaction((tx) => insertOrder(tx, fewer));
    expect(o.itemPhotos).toEqual([]);
    expect(o.createdAt.getTime()).toBeGreaterThanOrEqual(before - 60_000);
    expect(o.archivedByCustomer).toBe(false);
  });
});
