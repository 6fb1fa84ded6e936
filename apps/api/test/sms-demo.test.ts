import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sentReminders, smsOutbox, users } from '../src/db/schema.ts';
import { DEMO_ACCOUNTS, seedDemoIfEmpty } from '../src/db/seed/demo.ts';
import { todayIn } from '../src/domain/availability.ts';
import { createTestApp, createTestClock, type TTestApp } from './helpers/test-app.ts';

/* README's demo: the SMS outbox has a reminder in it (issue 29). */

const today = todayIn('America/Los_Angeles', new Date());
// 10:00 or 11:00 in Los Angeles on the day the demo is seeded: inside the day-before window.
const clock = createTestClock(new Date(`${today}T18:00:00Z`));
let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
  await seedDemoIfEmpty(t.deps.db, t.deps.storage, 'http://haulpro.test');
});
afterAll(() => t.close());

describe('the demo text messages', () => {
  it("the opted-in demo customer's day-before reminder of tomorrow's move is in the SMS outbox, once", async () => {
    const [customer] = await t.deps.db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS.customer));
    expect(customer?.smsOptIn).toBe(true);
    const texts = await t.deps.db.select().from(smsOutbox).where(eq(smsOutbox.userId, customer!.id));
    expect(texts).toHaveLength(1);
    expect(texts[0]).toMatchObject({ to: '+12135550102', status: 'stored' });
    expect(texts[0]?.body).toMatch(
      /^Haulpro: A reminder: your move #\d+ is tomorrow, .+, arrival between 9 am - 10 am\./,
    );
    expect(texts[0]?.body).toContain('Pickup: 1200 E Florence Ave, Los Angeles, CA 90001.');
    expect(texts[0]?.body).toMatch(/http:\/\/haulpro\.test\/user-dashboard\?order_id=\d+/);
    const claims = await t.deps.db
      .select()
      .from(sentReminders)
      .where(and(eq(sentReminders.kind, 'day_before'), eq(sentReminders.userId, customer!.id)));
    expect(claims).toHaveLength(1);

    // The reminder job agrees it was sent: the customer gets nothing more, the staff their e-mail.
    const sent = await t.services.reminderJobs.dayBefore();
    expect(sent).toBeGreaterThanOrEqual(1);
    expect(await t.deps.db.select().from(smsOutbox).where(eq(smsOutbox.userId, customer!.id))).toHaveLength(
      1,
    );
    const staffClaims = await t.deps.db
      .select()
      .from(sentReminders)
      .where(and(eq(sentReminders.kind, 'day_before'), eq(sentReminders.ref, claims[0]!.ref)));
    expect(staffClaims.length).toBeGreaterThan(1);
  });
});
