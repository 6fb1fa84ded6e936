import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, orderHistory, orders } from '../src/db/schema.ts';
import { createBranchAtZip, createCompany, createUser } from '../src/db/seed/factories.ts';
import { createOrder } from '../src/db/seed/order-factory.ts';
import { runAutoReject } from '../src/jobs/auto-reject.ts';
import { createTestApp, createTestClock, type TTestApp } from './helpers/test-app.ts';

const clock = createTestClock(new Date('2026-11-23T18:00:00Z'));
let t: TTestApp;

beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

describe('auto-reject job', () => {
  it('rejects overdue New orders once, notifies both sides, leaves the rest', async () => {
    const db = t.deps.db;
    const companyId = (await createCompany(db)).id;
    const branchId = (await createBranchAtZip(db, '90001', { companyId, isMain: true })).id;
    const staff = await createUser(db, { role: 'staff', companyId });
    const customer = await createUser(db);
    const base = { customerId: customer.id, companyId, branchId, arrivalDate: '2026-11-26' } as const;
    const overdue = await createOrder(db, {
      ...base,
      status: 1,
      responseDeadline: new Date('2026-11-23T17:59:59Z'),
    });
    const due = await createOrder(db, {
      ...base,
      status: 1,
      responseDeadline: new Date('2026-11-23T18:00:00Z'),
    });
    const later = await createOrder(db, {
      ...base,
      status: 1,
      responseDeadline: new Date('2026-11-23T18:00:01Z'),
    });
    const accepted = await createOrder(db, {
      ...base,
      status: 2,
      responseDeadline: new Date('2026-11-22T00:00:00Z'),
    });

    expect(await runAutoReject(t.deps)).toBe(2);
    expect(await runAutoReject(t.deps)).toBe(0); // idempotent
    const status = async (id: number) =>
      (await db.select({ s: orders.status }).from(orders).where(eq(orders.id, id)))[0]?.s;
    expect([
      await status(overdue.id),
      await status(due.id),
      await status(later.id),
      await status(accepted.id),
    ]).toEqual([3, 3, 1, 2]);
    const history = await db.select().from(orderHistory).where(eq(orderHistory.orderId, overdue.id));
    expect(history).toEqual([
      expect.objectContaining({ actorParty: 'system', action: 'expire', fromStatus: 1, toStatus: 3 }),
    ]);
    const customerNotes = await db.select().from(notifications).where(eq(notifications.userId, customer.id));
    const staffNotes = await db.select().from(notifications).where(eq(notifications.userId, staff.id));
    expect(customerNotes.map((n) => n.title)).toContain(`Order #${overdue.id} was not answered in time`);
    expect(staffNotes.map((n) => n.title)).toContain(`Order #${overdue.id} was rejected automatically`);

    clock.advance(2000);
    expect(await runAutoReject(t.deps)).toBe(1);
    expect(await status(later.id)).toBe(3);
  });

  it('two runs at once never reject an order twice', async () => {
    const db = t.deps.db;
    const companyId = (await createCompany(db)).id;
    const branchId = (await createBranchAtZip(db, '90001', { companyId, isMain: true })).id;
    const customer = await createUser(db);
    for (let i = 0; i < 30; i += 1) {
      await createOrder(db, {
        customerId: customer.id,
        companyId,
        branchId,
        status: 1,
        arrivalDate: '2026-11-26',
        responseDeadline: new Date('2026-11-23T00:00:00Z'),
      });
    }
    const [a, b] = await Promise.all([runAutoReject(t.deps, 20), runAutoReject(t.deps, 20)]);
    const rest = await runAutoReject(t.deps, 20);
    expect(a + b + rest).toBe(30);
    const rows = await db.select().from(orderHistory).where(eq(orderHistory.action, 'expire'));
    expect(new Set(rows.map((r) => r.orderId)).size).toBe(rows.length);
  });
});
