import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema.ts';
import { createBranchAtZip, createCompany, createUser } from '../src/db/seed/factories.ts';
import { eventually } from './helpers/eventually.ts';
import {
  acceptDelivery,
  bookDelivery,
  getPaid,
  laborAt,
  moveDayStep,
} from './helpers/move-day-deliveries.ts';
import { tokenFor } from './helpers/sessions.ts';
import { createTestApp, createTestClock, type TTestApp } from './helpers/test-app.ts';

/*
 * The Today list's deliveries (issue 28, item 1), through the deliveries service's todayJobs:
 * the caller's accepted deliveries of today in show-up order, with the pickup, one tap to maps,
 * the customer's phone, the crew and the state. GET dashboard/today serves them with the orders.
 */

// Thursday 2026-11-26, 10:00 in Los Angeles: deliveries are booked for Friday and Saturday.
const clock = createTestClock(new Date('2026-11-26T18:00:00Z'));
/** Friday 8:00 in Los Angeles (16:00 UTC). */
const FRIDAY = new Date('2026-11-27T16:00:00Z');

let t: TTestApp;
let customer: string;

const authOf = async (id: number) => {
  const [user] = await t.deps.db.select().from(users).where(eq(users.id, id));
  return { user: user!, sessionId: 0 };
};

beforeAll(async () => {
  t = await createTestApp({ clock });
  const c = await createUser(t.deps.db, { role: 'customer', firstName: 'Cora', lastName: 'Client' });
  customer = await tokenFor(t.deps.db, c.id);
});
afterAll(() => t.close());

describe('todayJobs', () => {
  it("lists a labor user's deliveries of today in show-up order, with their state", async () => {
    clock.set(new Date('2026-11-26T18:00:00Z'));
    const tess = await laborAt(t, 34.0073, -118.2587, '90011', 'Tess');
    const lena = await laborAt(t, 34.0073, -118.2587, '90011', 'Lena');
    const late = await bookDelivery(t, customer, '2-5', '2026-11-27');
    const early = await bookDelivery(t, customer, '8-9', '2026-11-27');
    const mid = await bookDelivery(t, customer, '11-12', '2026-11-27');
    const tomorrow = await bookDelivery(t, customer, '7-8', '2026-11-28');
    const lenas = await bookDelivery(t, customer, '7-8', '2026-11-27');
    const open = await bookDelivery(t, customer, '7-8', '2026-11-27');
    for (const id of [late, early, mid, tomorrow]) await acceptDelivery(t, id, tess.token);
    await acceptDelivery(t, lenas, lena.token);
    clock.set(FRIDAY);
    expect((await moveDayStep(t, tess.token, mid, 'on-my-way', { eta_minutes: 15 })).status).toBe(200);

    const jobs = await t.services.deliveries.todayJobs(await authOf(tess.id), clock.now());
    expect(jobs.map((j) => j.id)).toEqual([early, mid, late]);
    expect(jobs[0]).toEqual({
      kind: 'delivery',
      id: early,
      href: `/labor-dashboard?delivery_id=${early}`,
      arrival_time: '8:00 AM - 9:00 AM',
      title: `Delivery #${early}: Sofa`,
      address: '100 Main St, Los Angeles, CA 90011',
      maps_url:
        'https://www.google.com/maps/search/?api=1&query=100%20Main%20St%2C%20Los%20Angeles%2C%20CA%2090011',
      customer_name: 'Cora Client',
      customer_phone: '+1 (213) - 555 - 0177',
      crew: ['Tess Helper'],
      state: 'not_started',
      state_label: 'Not started',
    });
    expect(jobs[1]).toMatchObject({ state: 'on_the_way', state_label: 'On the way' });
    expect(jobs.map((j) => j.id)).not.toContain(open);

    // Arrived, then a payout submitted: finished, still on the list.
    expect((await moveDayStep(t, tess.token, mid, 'arrived')).status).toBe(200);
    // Get Paid through the delivery's own funnel (Payment Review in Progress).
    expect((await getPaid(t, tess.token, late)).statusCode).toBe(200);
    const after = await t.services.deliveries.todayJobs(await authOf(tess.id), clock.now());
    expect(after.map((j) => [j.id, j.state])).toEqual([
      [early, 'not_started'],
      [mid, 'arrived'],
      [late, 'finished'],
    ]);

    // Another helper sees only their own.
    const theirs = await t.services.deliveries.todayJobs(await authOf(lena.id), clock.now());
    expect(theirs.map((j) => j.id)).toEqual([lenas]);
    // The next day, the list moves on.
    const saturday = await t.services.deliveries.todayJobs(
      await authOf(tess.id),
      new Date('2026-11-28T16:00:00Z'),
    );
    expect(saturday.map((j) => j.id)).toEqual([tomorrow]);
  });

  it("lists a company's deliveries for its staff, by branch when asked", async () => {
    clock.set(new Date('2026-11-26T18:00:00Z'));
    const company = await createCompany(t.deps.db, { name: 'Today Movers' });
    const branch = await createBranchAtZip(t.deps.db, '90001', {
      companyId: company.id,
      name: 'Today LA',
      isMain: true,
      serviceArea: 30,
    });
    const staff = await createUser(t.deps.db, { role: 'staff', companyId: company.id });
    const token = await tokenFor(t.deps.db, staff.id);
    // The branch was written straight to the database: on PostgreSQL the coverage index hears of
    // it by a change notice, so the booking offers the delivery to it once that has arrived.
    await eventually(async () =>
      expect(
        (
          await t.services.coverage.covering({ latitude: branch.latitude, longitude: branch.longitude }, 500)
        ).some((b) => b.id === branch.id),
      ).toBe(true),
    );
    const id = await bookDelivery(t, customer, '10-11', '2026-11-27');
    await acceptDelivery(t, id, token);
    clock.set(FRIDAY);
    const auth = await authOf(staff.id);
    const jobs = await t.services.deliveries.todayJobs(auth, clock.now());
    expect(jobs).toEqual([
      expect.objectContaining({ id, href: `/deliveries?delivery_id=${id}`, crew: [], state: 'not_started' }),
    ]);
    expect((await t.services.deliveries.todayJobs(auth, clock.now(), branch.id)).map((j) => j.id)).toEqual([
      id,
    ]);
    expect(await t.services.deliveries.todayJobs(auth, clock.now(), branch.id + 1000)).toEqual([]);
  });
});
