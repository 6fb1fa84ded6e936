import { DELIVERY_STATUS } from '@haulpro/shared/delivery';
import { LIVE_MSG } from '@haulpro/shared/live';
import { ORDER_STATUS } from '@haulpro/shared/order';
import { asc, eq, gt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveEvents, notifications } from '../src/db/schema.ts';
import { createBranchAtZip, createCompany, createUser } from '../src/db/seed/factories.ts';
import { createOrder } from '../src/db/seed/order-factory.ts';
import { call } from './helpers/http.ts';
import { tokenFor } from './helpers/sessions.ts';
import { listenOnLoopback, openStream, sleep, type TSseStream } from './helpers/sse-client.ts';
import { createTestApp, type TTestApp } from './helpers/test-app.ts';

/*
 * The live stream (issue 29 part 2, decision 031) over real HTTP: who hears what, resume after a
 * disconnect, the end of a sign-in, and the cost of many open streams.
 */

let t: TTestApp;
let base: string;
let companyId: number;
let branchId: number;
let customerId: number;
let customer: string;
let otherCustomerId: number;
let otherCustomer: string;
let staff: string;
let otherStaff: string;
const open: TSseStream[] = [];

async function stream(token: string | null, opts: Parameters<typeof openStream>[2] = {}) {
  const s = await openStream(base, token, opts);
  open.push(s);
  return s;
}

const DAY = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

async function newOrder() {
  const now = t.clock.now().getTime();
  return createOrder(t.deps.db, {
    customerId,
    companyId,
    branchId,
    status: ORDER_STATUS.new,
    arrivalDate: isoDay(now + 10 * DAY),
    responseDeadline: new Date(now + DAY),
  });
}

beforeAll(async () => {
  t = await createTestApp();
  base = await listenOnLoopback(t.app);
  const db = t.deps.db;
  companyId = (await createCompany(db, { name: 'Live Co' })).id;
  branchId = (await createBranchAtZip(db, '90001', { companyId, name: 'Live Main', isMain: true })).id;
  staff = await tokenFor(db, (await createUser(db, { role: 'staff', companyId })).id);
  const other = await createCompany(db);
  await createBranchAtZip(db, '94105', { companyId: other.id, isMain: true });
  otherStaff = await tokenFor(db, (await createUser(db, { role: 'staff', companyId: other.id })).id);
  customerId = (await createUser(db, { role: 'customer' })).id;
  customer = await tokenFor(db, customerId);
  otherCustomerId = (await createUser(db, { role: 'customer' })).id;
  otherCustomer = await tokenFor(db, otherCustomerId);
});
afterAll(async () => {
  for (const s of open) s.close();
  await t.close();
});

describe('opening the stream', () => {
  it('answers 401 without a token and 422 on a bad Last-Event-ID, in our words', async () => {
    const guest = await stream(null);
    expect(guest.status).toBe(401);
    for (const bad of ['12abc', '-1', '01', '1e3', '5 6', '99999999999999999999']) {
      const res = await fetch(`${base}/api/dashboard/events`, {
        headers: { authorization: `Bearer ${customer}`, 'last-event-id': bad },
      });
      expect(res.status, bad).toBe(422);
      expect(((await res.json()) as { message: string }).message).toBe(LIVE_MSG.lastEventId);
    }
    for (const bad of ['0x10', '%201', '', '1.5']) {
      const q = await call(t.app, 'GET', `/api/dashboard/events?last_event_id=${bad}`, { token: customer });
      expect(q.status, bad).toBe(422);
      expect(q.body.message).toBe(LIVE_MSG.lastEventId);
    }
  });

  it('opens with retry and ready, uncompressed, unbuffered, with the security headers', async () => {
    const res = await fetch(`${base}/api/dashboard/events`, {
      headers: { authorization: `Bearer ${customer}`, 'accept-encoding': 'gzip, br' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-cache, no-transform');
    expect(res.headers.get('x-accel-buffering')).toBe('no');
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    const { value } = await reader.read();
    const first = new TextDecoder().decode(value);
    expect(first).toMatch(/^retry: \d+\n\nevent: ready\ndata: \{"session":\d+\}\n\n/);
    await reader.cancel();
  });
});

describe('who hears what', () => {
  it('a notification reaches its user within a second, and nobody else', async () => {
    const mine = await stream(customer);
    const theirs = await stream(otherCustomer);
    await mine.next((e) => e.event === 'ready');
    await theirs.next((e) => e.event === 'ready');
    await t.services.notifications.notify(t.deps.db, customerId, { title: 'Live hello', link: '/dashboard' });
    // Committed: from here the event is due within a second.
    const sent = Date.now();
    const got = await mine.next((e) => e.event === 'notification', 1000);
    console.info(`live: notification arrived ${got.at - sent} ms after its commit (negative: before)`);
    expect(got.data).toMatchObject({ title: 'Live hello', link: '/dashboard', unread: true });
    expect(got.id).toBeGreaterThan(0);
    await sleep(200);
    expect(theirs.events.filter((e) => e.event !== 'ready')).toEqual([]);
  });

  it("one statement's notices are one live event each, in the notices' order, and a read mark is one more; a statement that changes none makes none", async () => {
    const db = t.deps.db;
    const since = (
      await db.select({ id: sql<number>`coalesce(max(${liveEvents.id}), 0)` }).from(liveEvents)
    )[0]!.id;
    const events = async () =>
      (await db.select().from(liveEvents).where(gt(liveEvents.id, since)).orderBy(asc(liveEvents.id))).filter(
        (e) => e.kind === 'notification',
      );
    const rows = await db
      .insert(notifications)
      .values([
        { userId: customerId, title: 'Batch one', link: '/a' },
        { userId: otherCustomerId, title: 'Batch two', link: '/b' },
        { userId: customerId, title: 'Batch three', link: '/c' },
      ])
      .returning({ id: notifications.id });
    expect((await events()).map((e) => [e.audience, e.data])).toEqual([
      [`user:${customerId}`, { id: rows[0]!.id, title: 'Batch one', link: '/a', unread: true }],
      [`user:${otherCustomerId}`, { id: rows[1]!.id, title: 'Batch two', link: '/b', unread: true }],
      [`user:${customerId}`, { id: rows[2]!.id, title: 'Batch three', link: '/c', unread: true }],
    ]);
    await db.update(notifications).set({ readAt: t.clock.now() }).where(eq(notifications.id, rows[1]!.id));
    await db.update(notifications).set({ readAt: t.clock.now() }).where(eq(notifications.id, -1));
    const after = await events();
    expect(after).toHaveLength(4);
    expect([after[3]!.audience, after[3]!.data]).toEqual([
      `user:${otherCustomerId}`,
      { id: rows[1]!.id, title: 'Batch two', link: '/b', unread: false },
    ]);
  });

  it("an order accepted by the company reaches its customer and that company's staff, not others", async () => {
    const o = await newOrder();
    const cust = await stream(customer);
    const own = await stream(staff);
    const foreign = await stream(otherStaff);
    const stranger = await stream(otherCustomer);
    for (const s of [cust, own, foreign, stranger]) await s.next((e) => e.event === 'ready');
    const r = await call(t.app, 'POST', `/api/dashboard/orders/${o.id}/accept`, { token: staff, body: {} });
    expect(r.status).toBe(200);
    // Committed before the answer: from here the event is due within a second.
    const sent = Date.now();
    const accepted = (e: { event: string; data: unknown }) =>
      e.event === 'order' &&
      (e.data as { id: number; status: number }).id === o.id &&
      (e.data as { status: number }).status === ORDER_STATUS.accepted;
    const seen = await cust.next(accepted, 1000);
    const staffSeen = await own.next(accepted, 1000);
    console.info(
      `live: order change reached the customer ${seen.at - sent} ms, staff ${staffSeen.at - sent} ms after the accept answered (negative: before)`,
    );
    // The customer also hears the notification the acceptance wrote.
    await cust.next((e) => e.event === 'notification', 1000);
    await sleep(200);
    expect(foreign.events.filter((e) => e.event !== 'ready')).toEqual([]);
    expect(stranger.events.filter((e) => e.event !== 'ready')).toEqual([]);
  });
});

describe('messages', () => {
  it("a message the customer posts reaches the company's staff as event: message within a second", async () => {
    const o = await newOrder();
    const own = await stream(staff);
    const foreign = await stream(otherStaff);
    await own.next((e) => e.event === 'ready');
    await foreign.next((e) => e.event === 'ready');
    const r = await call(t.app, 'POST', `/api/dashboard/customer/orders/${o.id}/messages`, {
      token: customer,
      body: { body: 'The elevator is booked until 10.' },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const sent = Date.now();
    const got = await own.next(
      (e) => e.event === 'message' && (e.data as { order_id: number | null }).order_id === o.id,
      1000,
    );
    console.info(
      `live: a message reached the staff ${got.at - sent} ms after it was answered (negative: before)`,
    );
    expect(got.data).toMatchObject({ side: 'customer', read: false });
    await sleep(200);
    expect(foreign.events.filter((e) => e.event !== 'ready')).toEqual([]);
  });
});

describe('resume', () => {
  it('loses nothing across a disconnect: Last-Event-ID replays what happened meanwhile', async () => {
    const first = await stream(customer);
    await first.next((e) => e.event === 'ready');
    await t.services.notifications.notify(t.deps.db, customerId, { title: 'Before the cut' });
    const lastSeen = await first.next((e) => e.event === 'notification' && e.id !== null);
    first.close();
    await first.ended;
    for (const n of [1, 2, 3])
      await t.services.notifications.notify(t.deps.db, customerId, { title: `Missed ${n}` });
    const again = await stream(customer, { lastEventId: String(lastSeen.id) });
    await again.next((e) => e.event === 'ready');
    for (const n of [1, 2, 3])
      await again.next(
        (e) => e.event === 'notification' && (e.data as { title: string }).title === `Missed ${n}`,
      );
    const ids = again.events.filter((e) => e.id !== null).map((e) => e.id as number);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    // Live events keep coming after the replay.
    await t.services.notifications.notify(t.deps.db, customerId, { title: 'After the replay' });
    await again.next((e) => (e.data as { title?: string }).title === 'After the replay', 1000);
  });

  it('takes ?last_event_id= as well, for clients that cannot set headers', async () => {
    const first = await stream(customer);
    await first.next((e) => e.event === 'ready');
    await t.services.notifications.notify(t.deps.db, customerId, { title: 'Query mark' });
    const mark = await first.next((e) => (e.data as { title?: string }).title === 'Query mark');
    first.close();
    await t.services.notifications.notify(t.deps.db, customerId, { title: 'Query missed' });
    const again = await stream(customer, { query: `?last_event_id=${mark.id}` });
    await again.next((e) => (e.data as { title?: string }).title === 'Query missed');
  });
});

describe('resume, in detail', () => {
  it('also replays rows of the seconds before Last-Event-ID (a commit that landed late), and reads past one page', async () => {
    const user = await createUser(t.deps.db, { role: 'customer' });
    const token = await tokenFor(t.deps.db, user.id);
    const audience = `user:${user.id}`;
    const rows = await t.deps.db
      .insert(liveEvents)
      .values(
        [1, 2].map((n) => ({
          audience,
          kind: 'order' as const,
          data: { id: n, status: ORDER_STATUS.new, what: 'order' },
        })),
      )
      .returning({ id: liveEvents.id });
    const [early, late] = rows.map((r) => r.id) as [number, number];
    // The client saw `late` but not `early` (its transaction committed after): both come back.
    const s = await stream(token, { lastEventId: String(late) });
    await s.next((e) => e.id === early);
    await s.next((e) => e.id === late);
    s.close();
    // 1,200 rows after the mark: more than one page of the replay, all of them, in order, once.
    const bulk = await t.deps.db
      .insert(liveEvents)
      .values(
        Array.from({ length: 1200 }, (_, n) => ({
          audience,
          kind: 'delivery' as const,
          data: { id: n + 1, status: DELIVERY_STATUS.accepted },
        })),
      )
      .returning({ id: liveEvents.id });
    const again = await stream(token, { lastEventId: String(late) });
    const lastBulk = bulk[bulk.length - 1]?.id as number;
    await again.next((e) => e.id === lastBulk, 5000);
    const deliveries = again.events.filter((e) => e.event === 'delivery').map((e) => e.id as number);
    expect(deliveries).toEqual(bulk.map((b) => b.id));
  });

  it('answers a HEAD with the headers and ends it', async () => {
    const res = await fetch(`${base}/api/dashboard/events`, {
      method: 'HEAD',
      headers: { authorization: `Bearer ${customer}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
  });
});

describe('the end of a sign-in', () => {
  it('logout ends its streams with event: end; the same user signed in elsewhere keeps theirs', async () => {
    const user = await createUser(t.deps.db, { role: 'customer' });
    const here = await tokenFor(t.deps.db, user.id);
    const elsewhere = await tokenFor(t.deps.db, user.id);
    const s = await stream(here);
    const kept = await stream(elsewhere);
    await s.next((e) => e.event === 'ready');
    await kept.next((e) => e.event === 'ready');
    expect((await call(t.app, 'POST', '/api/dashboard/auth/logout', { token: here })).status).toBe(200);
    await s.next((e) => e.event === 'end', 1000);
    await s.ended;
    await sleep(100);
    expect(kept.events.map((e) => e.event)).toEqual(['ready']);
  });

  it('a password change revokes the other sign-ins: their streams end too', async () => {
    const user = await createUser(t.deps.db, { role: 'customer', password: 'password123' });
    const phone = await tokenFor(t.deps.db, user.id);
    const laptop = await tokenFor(t.deps.db, user.id);
    const s = await stream(phone);
    await s.next((e) => e.event === 'ready');
    const r = await call(t.app, 'PUT', '/api/dashboard/auth/update-password', {
      token: laptop,
      body: {
        old_password: 'password123',
        new_password: 'another-secret-9',
        new_password_confirmation: 'another-secret-9',
      },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    await s.next((e) => e.event === 'end', 1000);
    await s.ended;
  });

  it('closing the client frees its subscriptions', async () => {
    await sleep(100);
    const before = t.services.live.openStreams();
    const s = await stream(customer);
    await s.next((e) => e.event === 'ready');
    expect(t.services.live.openStreams()).toBe(before + 1);
    s.close();
    for (let i = 0; i < 50 && t.services.live.openStreams() > before; i++) await sleep(20);
    expect(t.services.live.openStreams()).toBe(before);
  });
});
