import { DELIVERY_STATUS } from '@haulpro/shared/delivery';
import { ORDER_STATUS } from '@haulpro/shared/order';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  deliveries,
  deliveryBidders,
  laborProfiles,
  notifications,
  orders,
  outbox,
  smsOutbox,
  users,
} from '../src/db/schema.ts';
import { createBranchAtZip, createCompany, createUser } from '../src/db/seed/factories.ts';
import { createOrder } from '../src/db/seed/order-factory.ts';
import { createTestApp, createTestClock, type TTestApp } from './helpers/test-app.ts';

/*
 * Reminders (decision 031), one rule per block, with an injected clock: not before the window,
 * once inside it, never twice (two runs at once, and two apps on one database: on PostgreSQL in
 * the PG pass those truly overlap), no text to whoever did not opt in, the job's time zone
 * deciding "tomorrow".
 */

const clock = createTestClock(new Date('2026-12-01T12:00:00Z'));
let t: TTestApp;
let second: TTestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
  second = await createTestApp({ clock, database: t.database });
});
afterAll(async () => {
  await second.close();
  await t.close();
});

const db = () => t.deps.db;
const mailsTo = (email: string) => db().select().from(outbox).where(eq(outbox.to, email));
const textsTo = (userId: number) => db().select().from(smsOutbox).where(eq(smsOutbox.userId, userId));
const bellsOf = (userId: number) => db().select().from(notifications).where(eq(notifications.userId, userId));
const optIn = (id: number) => db().update(users).set({ smsOptIn: true }).where(eq(users.id, id));
const both = () =>
  Promise.all([t.services.reminderJobs.dayBefore(), second.services.reminderJobs.dayBefore()]);

async function company() {
  const c = await createCompany(db());
  const branch = await createBranchAtZip(db(), '90001', { companyId: c.id });
  const staff = await createUser(db(), { role: 'staff', companyId: c.id, phone: '+1 (213) - 555 - 0190' });
  return { c, branch, staff };
}

const address = {
  address: '1 Main St',
  city_or_town: 'Los Angeles',
  state: 'CA',
  zip_code: '90001',
  type_property: 'Home',
  flights_of_stairs: 0,
};

async function delivery(v: {
  customerId: number;
  status: number;
  arrivalDate?: string;
  biddingDeadline?: Date;
  acceptorUserId?: number;
  acceptorCompanyId?: number;
}) {
  const [d] = await db()
    .insert(deliveries)
    .values({
      customerId: v.customerId,
      status: v.status,
      itemsName: 'Sofa',
      vehicleType: 2,
      pickup: address,
      destination: address,
      pickupLatitude: 33.97,
      pickupLongitude: -118.25,
      distanceMiles: 3,
      arrivalDate: v.arrivalDate ?? '2027-01-30',
      arrivalTime: '12-3',
      timeZone: 'America/Los_Angeles',
      biddingDeadline: v.biddingDeadline ?? new Date('2027-01-29T00:00:00Z'),
      phone: '+1 (213) - 555 - 0177',
      basePrice: 9000,
      originalPrice: 9000,
      systemFee: 1000,
      totalPrice: 10_000,
      paymentMethod: 'cash',
      acceptorUserId: v.acceptorUserId ?? null,
      acceptorCompanyId: v.acceptorCompanyId ?? null,
    })
    .returning();
  return d!;
}

describe('the day before a move (orders)', () => {
  it('reminds the customer and the staff from 9:00 of the day before in the branch time zone, once', async () => {
    const { c, branch, staff } = await company();
    const customer = await createUser(db(), { phone: '+1 (213) - 555 - 0111' });
    await optIn(customer.id);
    const o = await createOrder(db(), {
      customerId: customer.id,
      companyId: c.id,
      branchId: branch.id,
      status: ORDER_STATUS.accepted,
      arrivalDate: '2026-12-10',
      arrivalTime: '8-9',
      phone: '+1 (213) - 555 - 0112',
    });
    await db().update(orders).set({ email: 'mover@example.test' }).where(eq(orders.id, o.id));
    o.email = 'mover@example.test';
    // Two days before, and 8:59 of the day before (Los Angeles): nothing yet.
    clock.set(new Date('2026-12-08T20:00:00Z'));
    await t.services.reminderJobs.dayBefore();
    clock.set(new Date('2026-12-09T16:59:00Z'));
    await t.services.reminderJobs.dayBefore();
    expect(await mailsTo(o.email)).toEqual([]);
    expect(await mailsTo(staff.email)).toEqual([]);

    // 9:00 in Los Angeles: two schedulers at once send each reminder once.
    clock.set(new Date('2026-12-09T17:00:00Z'));
    const [a, b] = await both();
    expect((a ?? 0) + (b ?? 0)).toBeGreaterThanOrEqual(2);
    const [mail] = await mailsTo(o.email);
    expect(await mailsTo(o.email)).toHaveLength(1);
    expect(mail?.subject).toBe(`Reminder: move #${o.id} is tomorrow`);
    expect(mail?.text).toContain('Thursday, December 10, arrival between 8 am - 9 am');
    expect(mail?.text).toContain('Pickup: ');
    expect(mail?.text).toContain(`http://haulpro.test/user-dashboard?order_id=${o.id}`);
    const staffMails = await mailsTo(staff.email);
    expect(staffMails).toHaveLength(1);
    expect(staffMails[0]?.text).toContain(`http://haulpro.test/orders?order_id=${o.id}`);
    // The opted-in customer gets a text at the booking's number (stored: no Twilio here).
    const texts = await textsTo(customer.id);
    expect(texts).toHaveLength(1);
    expect(texts[0]).toMatchObject({ to: '+12135550112', status: 'stored' });
    expect(texts[0]?.body).toContain(`move #${o.id} is tomorrow`);
    // The staff member did not opt in: no text.
    expect(await textsTo(staff.id)).toEqual([]);

    // Later runs send nothing more.
    clock.set(new Date('2026-12-10T03:00:00Z'));
    await both();
    expect(await mailsTo(o.email)).toHaveLength(1);
    expect(await textsTo(customer.id)).toHaveLength(1);
  });

  it('the customer who did not opt in gets the e-mail and no text', async () => {
    const { c, branch } = await company();
    const customer = await createUser(db(), { phone: '+1 (213) - 555 - 0113' });
    const o = await createOrder(db(), {
      customerId: customer.id,
      companyId: c.id,
      branchId: branch.id,
      status: ORDER_STATUS.accepted,
      arrivalDate: '2026-12-12',
    });
    await db().update(orders).set({ email: 'quiet@example.test' }).where(eq(orders.id, o.id));
    clock.set(new Date('2026-12-11T18:00:00Z'));
    await t.services.reminderJobs.dayBefore();
    expect(await mailsTo('quiet@example.test')).toHaveLength(1);
    expect(await textsTo(customer.id)).toEqual([]);
  });

  it('the time zone of the branch decides what "tomorrow" is', async () => {
    const { c, branch, staff } = await company();
    const customer = await createUser(db());
    const ny = await createOrder(db(), {
      customerId: customer.id,
      companyId: c.id,
      branchId: branch.id,
      status: ORDER_STATUS.accepted,
      arrivalDate: '2026-12-15',
      name: 'Nora York',
    });
    await db()
      .update(orders)
      .set({ timeZone: 'America/New_York', email: 'nora@example.test' })
      .where(eq(orders.id, ny.id));
    const la = await createOrder(db(), {
      customerId: customer.id,
      companyId: c.id,
      branchId: branch.id,
      status: ORDER_STATUS.accepted,
      arrivalDate: '2026-12-15',
    });
    await db().update(orders).set({ email: 'lena@example.test' }).where(eq(orders.id, la.id));
    // 10:00 in New York is 7:00 in Los Angeles.
    clock.set(new Date('2026-12-14T15:00:00Z'));
    await t.services.reminderJobs.dayBefore();
    expect(await mailsTo('nora@example.test')).toHaveLength(1);
    expect(await mailsTo('lena@example.test')).toEqual([]);
    clock.set(new Date('2026-12-14T17:30:00Z'));
    await t.services.reminderJobs.dayBefore();
    expect(await mailsTo('lena@example.test')).toHaveLength(1);
    // One per person and job: the staff member got one for each order.
    expect(await mailsTo(staff.email)).toHaveLength(2);
    // A move that is not accepted is not reminded.
    const pending = await createOrder(db(), {
      customerId: customer.id,
      companyId: c.id,
      branchId: branch.id,
      status: ORDER_STATUS.new,
      arrivalDate: '2026-12-15',
    });
    await db().update(orders).set({ email: 'pending@example.test' }).where(eq(orders.id, pending.id));
    await t.services.reminderJobs.dayBefore();
    expect(await mailsTo('pending@example.test')).toEqual([]);
  });
});

describe('the day before a delivery', () => {
  it('reminds the customer and a helper: no e-mail when they switched delivery updates off, a text when opted in', async () => {
    const customer = await createUser(db(), { email: 'dcust@example.test' });
    const helper = await createUser(db(), { role: 'labor', phone: '+1 (213) - 555 - 0121' });
    await optIn(helper.id);
    await db().insert(laborProfiles).values({
      userId: helper.id,
      zipCode: '90001',
      latitude: 33.97,
      longitude: -118.25,
      mailDeliveryUpdates: false,
    });
    const d = await delivery({
      customerId: customer.id,
      status: DELIVERY_STATUS.accepted,
      arrivalDate: '2026-12-20',
      acceptorUserId: helper.id,
    });
    clock.set(new Date('2026-12-19T16:00:00Z'));
    await both();
    expect(await mailsTo('dcust@example.test')).toEqual([]);
    clock.set(new Date('2026-12-19T17:05:00Z'));
    await both();
    await both();
    const [mail] = await mailsTo('dcust@example.test');
    expect(await mailsTo('dcust@example.test')).toHaveLength(1);
    expect(mail?.text).toContain(
      `delivery #${d.id} (Sofa) is tomorrow, Sunday, December 20, arrival between 12 pm - 3 pm`,
    );
    expect(mail?.text).toContain('Pickup: 1 Main St, Los Angeles, CA 90001.');
    expect(await mailsTo(helper.email)).toEqual([]);
    const texts = await textsTo(helper.id);
    expect(texts).toHaveLength(1);
    expect(texts[0]?.to).toBe('+12135550121');
    expect(texts[0]?.body).toContain(`/labor-dashboard?delivery_id=${d.id}`);
    // The customer did not opt in.
    expect(await textsTo(customer.id)).toEqual([]);
  });

  it("a company's delivery reminds its staff by e-mail", async () => {
    const { c, staff } = await company();
    const customer = await createUser(db());
    const d = await delivery({
      customerId: customer.id,
      status: DELIVERY_STATUS.accepted,
      arrivalDate: '2026-12-22',
      acceptorCompanyId: c.id,
    });
    clock.set(new Date('2026-12-21T20:00:00Z'));
    await both();
    const mails = await mailsTo(staff.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain(`/deliveries?delivery_id=${d.id}`);
  });
});

describe('bidding closes in 2 hours', () => {
  it("tells each bidder once: the bell, a helper's e-mail when new-delivery mail is on, a text when opted in", async () => {
    const customer = await createUser(db());
    const { c, staff } = await company();
    const keen = await createUser(db(), { role: 'labor', phone: '+1 (213) - 555 - 0131' });
    await optIn(keen.id);
    const quiet = await createUser(db(), { role: 'labor', phone: '+1 (213) - 555 - 0132' });
    await db().insert(laborProfiles).values({
      userId: quiet.id,
      zipCode: '90001',
      latitude: 33.97,
      longitude: -118.25,
      mailNewDelivery: false,
    });
    const hidden = await createUser(db(), { role: 'labor' });
    const deadline = new Date('2027-01-05T20:00:00Z');
    const d = await delivery({
      customerId: customer.id,
      status: DELIVERY_STATUS.new,
      biddingDeadline: deadline,
    });
    await db()
      .insert(deliveryBidders)
      .values([
        { deliveryId: d.id, laborUserId: keen.id, distanceKm: 3 },
        { deliveryId: d.id, laborUserId: quiet.id, distanceKm: 4 },
        { deliveryId: d.id, laborUserId: hidden.id, distanceKm: 5, rejected: true },
        { deliveryId: d.id, companyId: c.id, distanceKm: 6 },
      ]);
    const bidders = [keen.id, quiet.id, staff.id];
    const bells = () =>
      db()
        .select()
        .from(notifications)
        .where(and(inArray(notifications.userId, [...bidders, hidden.id])));

    clock.set(new Date(deadline.getTime() - 2 * 3_600_000 - 60_000));
    await t.services.reminderJobs.biddingCloses();
    expect(await bells()).toEqual([]);

    clock.set(new Date(deadline.getTime() - 2 * 3_600_000 + 60_000));
    await Promise.all([
      t.services.reminderJobs.biddingCloses(),
      second.services.reminderJobs.biddingCloses(),
    ]);
    await t.services.reminderJobs.biddingCloses();
    const got = await bells();
    expect(got.map((n) => n.userId).sort()).toEqual([...bidders].sort());
    expect(got[0]?.title).toBe(`Bidding closes in 2 hours: delivery #${d.id} (Sofa)`);
    expect((await bellsOf(staff.id))[0]?.link).toBe(`/deliveries?delivery_id=${d.id}`);
    expect(await mailsTo(keen.email)).toHaveLength(1);
    expect(await mailsTo(quiet.email)).toEqual([]);
    expect(await textsTo(keen.id)).toHaveLength(1);
    expect(await textsTo(quiet.id)).toEqual([]);
    expect(await textsTo(staff.id)).toEqual([]);

    // Closer to the deadline, and after it: nothing more.
    clock.set(new Date(deadline.getTime() - 30 * 60_000));
    await t.services.reminderJobs.biddingCloses();
    clock.set(new Date(deadline.getTime() + 60_000));
    await t.services.reminderJobs.biddingCloses();
    expect(await bells()).toHaveLength(3);
  });

  it('a delivery that is no longer New tells nobody', async () => {
    const customer = await createUser(db());
    const helper = await createUser(db(), { role: 'labor' });
    const deadline = new Date('2027-01-07T20:00:00Z');
    const d = await delivery({
      customerId: customer.id,
      status: DELIVERY_STATUS.accepted,
      biddingDeadline: deadline,
      acceptorUserId: helper.id,
    });
    await db().insert(deliveryBidders).values({ deliveryId: d.id, laborUserId: helper.id, distanceKm: 1 });
    clock.set(new Date(deadline.getTime() - 60 * 60_000));
    await t.services.reminderJobs.biddingCloses();
    expect(await bellsOf(helper.id)).toEqual([]);
  });
});
