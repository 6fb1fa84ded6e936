import { DELIVERY_STATUS } from '@haulpro/shared/delivery';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveries, laborProfiles, users } from '../src/db/schema.ts';
import { DEMO_ACCOUNTS, seedDemoIfEmpty } from '../src/db/seed/demo.ts';
import { createUser } from '../src/db/seed/factories.ts';
import { eventually } from './helpers/eventually.ts';
import { call } from './helpers/http.ts';
import { tokenFor } from './helpers/sessions.ts';
import { createTestApp, type TTestApp } from './helpers/test-app.ts';

/*
 * The company's delivery tabs are cached (decision 011): every staff member of the company gets
 * the same answer from one read, and every write that changes it (a step through the API, or a
 * row changed in the database by anyone) is seen on the next read.
 */

type TList = { data: { id: number; items_name: string }[]; counts: { new: number; accepted: number } };

let t: TTestApp;
let recording: string[] | null = null;
let staff: string;
let colleague: string;
let labor: string;

beforeAll(async () => {
  t = await createTestApp({
    onQuery: (q) => {
      if (recording && !/"sessions"/.test(q)) recording.push(q);
    },
  });
  const db = t.deps.db;
  await seedDemoIfEmpty(db);
  const who = async (email: string) => (await db.select().from(users).where(eq(users.email, email)))[0]!;
  const s = await who(DEMO_ACCOUNTS.staff);
  staff = await tokenFor(db, s.id);
  colleague = await tokenFor(db, (await createUser(db, { role: 'staff', companyId: s.companyId })).id);
  labor = await tokenFor(db, (await who(DEMO_ACCOUNTS.labor)).id);
});
afterAll(() => t.close());

async function newTab(token: string) {
  recording = [];
  const r = await call<TList>(t.app, 'GET', '/api/dashboard/deliveries?tab=new', { token });
  const sent = recording.length;
  recording = null;
  expect(r.status).toBe(200);
  return { body: r.body, sent };
}

describe("the company's delivery tabs (read cache)", () => {
  it("serves the company's staff one read, and a labor user's own list one read a second", async () => {
    const first = await newTab(staff);
    expect(first.body.data.length).toBeGreaterThan(0);
    const again = await newTab(colleague);
    expect(again.body).toEqual(first.body);
    expect(again.sent).toBe(0);
    // The test clock stands still: every poll below is in one clock second.
    expect((await newTab(labor)).sent).toBe(2);
    expect((await newTab(labor)).sent).toBe(0);
    t.clock.advance(1000);
    expect((await newTab(labor)).sent).toBe(2);
  });

  it("forgets a labor user's kept list when a table it read changes, through the API or not", async () => {
    const before = await newTab(labor);
    expect((await newTab(labor)).sent).toBe(0);
    const target = before.body.data[0]!;
    // A write that is not a delivery's (the helper's own notice) leaves it kept.
    const [l] = await t.deps.db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS.labor));
    await call(t.app, 'POST', '/api/dashboard/notifications/read-all', { token: labor });
    expect((await newTab(labor)).sent).toBe(0);
    await t.deps.db
      .update(deliveries)
      .set({ itemsName: 'Renamed by a job' })
      .where(eq(deliveries.id, target.id));
    await eventually(async () => {
      const after = await newTab(labor);
      expect(after.body.data.find((d) => d.id === target.id)?.items_name).toBe('Renamed by a job');
    });
    // The helper's own settings are read by the list (its vehicle and area): a change is seen.
    expect((await newTab(labor)).sent).toBe(0);
    await t.deps.db.update(laborProfiles).set({ serviceArea: 41 }).where(eq(laborProfiles.userId, l!.id));
    await eventually(async () => expect((await newTab(labor)).sent).toBe(2));
  });

  it('drops a delivery another helper accepted through the API', async () => {
    const before = await newTab(staff);
    const target = before.body.data[0]!;
    const accepted = await call(t.app, 'POST', `/api/dashboard/deliveries/${target.id}/accept`, {
      token: labor,
    });
    expect(accepted.status).toBe(200);
    const after = await newTab(colleague);
    expect(after.body.data.map((d) => d.id)).not.toContain(target.id);
    expect(after.body.counts.new).toBe(before.body.counts.new - 1);
  });

  it('shows a change written straight to the database (another process, a job)', async () => {
    const before = await newTab(staff);
    const target = before.body.data[0]!;
    await t.deps.db
      .update(deliveries)
      .set({ itemsName: 'Changed elsewhere' })
      .where(eq(deliveries.id, target.id));
    await eventually(async () => {
      const after = await newTab(staff);
      expect(after.body.data.find((d) => d.id === target.id)?.items_name).toBe('Changed elsewhere');
    });
    await t.deps.db
      .update(deliveries)
      .set({ status: DELIVERY_STATUS.customerCancelled })
      .where(eq(deliveries.id, target.id));
    await eventually(async () => {
      expect((await newTab(colleague)).body.data.map((d) => d.id)).not.toContain(target.id);
    });
  });
});
