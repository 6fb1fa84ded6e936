import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoIfEmpty } from '../src/db/seed/demo.ts';
import { notify } from '../src/modules/notifications/notifications.service.ts';
import { call } from './helpers/http.ts';
import { demoSessions } from './helpers/sessions.ts';
import { createTestApp, type TTestApp } from './helpers/test-app.ts';

/*
 * The polled lists (issue 30): one statement for a page with everything its views need and one
 * for its counts, whatever the page size, so no per-row query can creep back in. Statements that
 * look up the caller's session are not the list's and are left out.
 */

let t: TTestApp;
let recording: string[] | null = null;
let tokens: Record<'labor' | 'staff' | 'customer', string>;

beforeAll(async () => {
  t = await createTestApp({
    onQuery: (q) => {
      if (recording && !/"sessions"/.test(q)) recording.push(q);
    },
  });
  const db = t.deps.db;
  await seedDemoIfEmpty(db);
  const demo = await demoSessions(db);
  tokens = demo.tokens;
  for (let i = 0; i < 20; i++) await notify(db, demo.ids.staff, { title: `Notice ${i}` });
});
afterAll(() => t.close());

/** The statements one GET sends, and how many items it answered. */
async function statementsOf(path: string, token: string) {
  recording = [];
  const r = await call<{ data: unknown[] }>(t.app, 'GET', path, { token });
  const sent = recording;
  recording = null;
  expect(r.status, JSON.stringify(r.body).slice(0, 300)).toBe(200);
  return { sent, items: r.body.data.length };
}

const LISTS = [
  { what: "labor's New tab", path: '/api/dashboard/deliveries?tab=new', who: 'labor', size: 'paginate' },
  {
    what: "labor's Accepted tab",
    path: '/api/dashboard/deliveries?tab=accepted',
    who: 'labor',
    size: 'paginate',
  },
  { what: "labor's History", path: '/api/dashboard/deliveries?tab=history', who: 'labor', size: 'paginate' },
  {
    what: "company's New tab (All branches)",
    path: '/api/dashboard/deliveries?tab=new',
    who: 'staff',
    size: 'paginate',
  },
  {
    what: "company's Accepted tab",
    path: '/api/dashboard/deliveries?tab=accepted',
    who: 'staff',
    size: 'paginate',
  },
  {
    what: "customer's deliveries",
    path: '/api/dashboard/customer/deliveries?tab=active',
    who: 'customer',
    size: 'paginate',
  },
  { what: 'notifications', path: '/api/dashboard/notifications?page=1', who: 'staff', size: 'per_page' },
] as const;

describe('statements per polled list', () => {
  for (const l of LISTS)
    it(`${l.what}: one for the page and one for the counts, whatever the page size`, async () => {
      const one = await statementsOf(`${l.path}&${l.size}=1`, tokens[l.who]);
      const many = await statementsOf(`${l.path}&${l.size}=50`, tokens[l.who]);
      expect(many.items).toBeGreaterThan(1);
      expect(one.sent).toHaveLength(2);
      expect(many.sent).toHaveLength(2);
    });

  it("customer's orders: the page and the counts, plus the reviews only when the page has completed orders and the move-day jobs only when it has orders on their move day", async () => {
    const one = await statementsOf('/api/dashboard/customer/orders?tab=active&paginate=1', tokens.customer);
    const many = await statementsOf('/api/dashboard/customer/orders?tab=active&paginate=50', tokens.customer);
    expect(many.items).toBeGreaterThan(1);
    expect(one.sent.length).toBeGreaterThanOrEqual(2);
    expect(one.sent.length).toBeLessThanOrEqual(4);
    expect(many.sent.length).toBeGreaterThanOrEqual(2);
    expect(many.sent.length).toBeLessThanOrEqual(4);
    // The demo customer's active orders include moves under way: their jobs are one statement.
    expect(many.sent.filter((q) => /"job_events"/.test(q))).toHaveLength(1);
  });
});
