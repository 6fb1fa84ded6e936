import { eq, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerCacheInvalidation } from '../src/cache/cache-invalidation.ts';
import { createReadCache } from '../src/cache/read-cache.ts';
import { openDatabase, type TDatabase, type TListenHandlers } from '../src/db/client.ts';
import { sessions, users } from '../src/db/schema.ts';
import { createBranchAtZip, createCompany, createUser } from '../src/db/seed/factories.ts';
import { createOrder } from '../src/db/seed/order-factory.ts';
import type { TApp } from '../src/http/types.ts';
import { eventually } from './helpers/eventually.ts';
import { call } from './helpers/http.ts';
import { tokenFor } from './helpers/sessions.ts';
import { createTestApp, createTestClock, type TTestApp } from './helpers/test-app.ts';

type TPage = {
  data: { id: number; status_id: number; till_auto_reject: number | null }[];
  meta: { total: number };
};
type TCounts = { data: { new_orders: number; completed_and_accepted_orders: number } };

// Monday 2026-11-23, 10:00 in Los Angeles.
const clock = createTestClock(new Date('2026-11-23T18:00:00Z'));
// A long TTL: anything these tests see change was invalidated, not expired.
const env = { READ_CACHE_TTL_MS: '60000' };

let a: TTestApp;
let b: TTestApp;
let staff: string;
let companyId: number;
let branchId: number;
let customerId: number;

const LIST = '/api/dashboard/orders?filter=new';
const COUNTS = '/api/dashboard/orders/counts';

const order = () =>
  createOrder(a.deps.db, {
    customerId,
    companyId,
    branchId,
    status: 1,
    arrivalDate: '2026-11-26',
    responseDeadline: new Date('2026-11-24T18:00:00Z'),
  });

const ids = async (t: TTestApp) =>
  (await call<TPage>(t.app, 'GET', LIST, { token: staff })).body.data.map((o) => o.id);

beforeAll(async () => {
  a = await createTestApp({ clock, env });
  // A second API process on the same database (its own cache, its own change feed).
  b = await createTestApp({ clock, env, database: a.database });
  const db = a.deps.db;
  companyId = (await createCompany(db, { name: 'Cache Co' })).id;
  branchId = (await createBranchAtZip(db, '90001', { companyId, isMain: true })).id;
  staff = await tokenFor(db, (await createUser(db, { role: 'staff', companyId })).id);
  customerId = (await createUser(db, { role: 'customer' })).id;
});
afterAll(async () => {
  await b.close();
  await a.close();
});

describe('read cache coherence', () => {
  it('serves repeated reads from the cache', async () => {
    await order();
    await ids(a);
    const before = a.deps.cache.stats().hits;
    await ids(a);
    await ids(a);
    expect(a.deps.cache.stats().hits).toBeGreaterThan(before);
  });

  it('a write through the API shows on the very next read, list and counts', async () => {
    // The order is written straight to the database, as a booking from elsewhere would be: on
    // PostgreSQL its NOTIFY arrives a moment later (the next test covers that path).
    const o = await order();
    await eventually(async () => expect(await ids(a)).toContain(o.id));
    const newBefore = (await call<TCounts>(a.app, 'GET', COUNTS, { token: staff })).body.data.new_orders;
    expect(
      (await call(a.app, 'POST', `/api/dashboard/orders/${o.id}/accept`, { token: staff, body: {} })).status,
    ).toBe(200);
    expect(await ids(a)).not.toContain(o.id);
    const counts = (await call<TCounts>(a.app, 'GET', COUNTS, { token: staff })).body.data;
    expect(counts.new_orders).toBe(newBefore - 1);
  });

  it('a write straight to the database (a job, a script, another process) is picked up from its NOTIFY', async () => {
    expect(await ids(a)).toBeDefined();
    const o = await order();
    await eventually(async () => expect(await ids(a)).toContain(o.id));
  });

  it("a second API process sees the first one's writes", async () => {
    const o = await order();
    await eventually(async () => expect(await ids(b)).toContain(o.id));
    // b has it cached now; a accepts it.
    expect(await ids(b)).toContain(o.id);
    expect(
      (await call(a.app, 'POST', `/api/dashboard/orders/${o.id}/accept`, { token: staff, body: {} })).status,
    ).toBe(200);
    await eventually(async () => expect(await ids(b)).not.toContain(o.id));
  });

  it('re-renders each second: the countdown stays exact while the rows stay cached', async () => {
    const o = await order();
    await eventually(async () => expect(await ids(a)).toContain(o.id));
    const till = async () =>
      (await call<TPage>(a.app, 'GET', LIST, { token: staff })).body.data.find((x) => x.id === o.id)
        ?.till_auto_reject;
    const first = await till();
    clock.advance(1000);
    expect(await till()).toBe((first ?? 0) - 1);
    clock.advance(-1000);
  });

  it('a logged-out session is refused at once, in this process and (by NOTIFY) in the other', async () => {
    const s = await createUser(a.deps.db, { role: 'staff', companyId });
    const token = await tokenFor(a.deps.db, s.id);
    expect((await call(a.app, 'GET', '/api/dashboard/auth/check', { token })).status).toBe(200);
    expect((await call(b.app, 'GET', '/api/dashboard/auth/check', { token })).status).toBe(200);
    expect((await call(a.app, 'POST', '/api/dashboard/auth/logout', { token })).status).toBe(200);
    expect((await call(a.app, 'GET', '/api/dashboard/auth/check', { token })).status).toBe(401);
    await eventually(async () =>
      expect((await call(b.app, 'GET', '/api/dashboard/auth/check', { token })).status).toBe(401),
    );
  });

  it('a cached session still expires on time', async () => {
    const s = await createUser(a.deps.db, { role: 'staff', companyId });
    const token = await tokenFor(a.deps.db, s.id);
    expect((await call(a.app, 'GET', '/api/dashboard/auth/check', { token })).status).toBe(200);
    const [row] = await a.deps.db
      .select({ at: sessions.expiresAt })
      .from(sessions)
      .where(eq(sessions.userId, s.id));
    clock.set(new Date(row!.at.getTime() + 1000));
    try {
      expect((await call(a.app, 'GET', '/api/dashboard/auth/check', { token })).status).toBe(401);
    } finally {
      clock.set(new Date('2026-11-23T18:00:00Z'));
    }
  });

  it('a role change made in the database applies to the next request', async () => {
    const s = await createUser(a.deps.db, { role: 'staff', companyId });
    const token = await tokenFor(a.deps.db, s.id);
    expect((await call(a.app, 'GET', LIST, { token })).status).toBe(200);
    await a.deps.db.update(users).set({ role: 'customer', companyId: null }).where(eq(users.id, s.id));
    await eventually(async () => expect((await call(a.app, 'GET', LIST, { token })).status).toBe(403));
  });

  it.runIf(process.env.DATABASE_URL)(
    'stops serving while the change feed is down, and recovers',
    async () => {
      await ids(b);
      // Cut b's (and a's) listening connections, as a network blip or a server restart would.
      await a.deps.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity where query like 'listen haulpro_cache%' and pid <> pg_backend_pid()`,
      );
      await eventually(async () => expect(b.deps.cache.active()).toBe(false), 1000).catch(() => undefined);
      const o = await order();
      // Whatever the feed missed meanwhile, nothing stale is served once it is back.
      await eventually(async () => expect(b.deps.cache.active()).toBe(true), 5000);
      expect(await ids(b)).toContain(o.id);
    },
  );
});

describe('the PostgreSQL change feed', () => {
  it('does not stop the API starting when the database is unreachable: it stays off and keeps trying', async () => {
    // Nothing listens on port 1: every attempt fails at once.
    const database = await openDatabase({ kind: 'postgres', url: 'postgres://nobody@127.0.0.1:1/none' });
    const states: boolean[] = [];
    const stop = await database.listen('haulpro_cache', {
      onNotify: () => undefined,
      onLive: (live) => states.push(live),
    });
    await new Promise((r) => setTimeout(r, 400)); // the first retry comes after 250 ms
    expect(states.length).toBeGreaterThanOrEqual(3);
    expect(states.every((live) => !live)).toBe(true);
    await stop();
    await database.close();
  });
});

describe('cache invalidation wiring', () => {
  function fakeFeed() {
    let handlers: TListenHandlers | null = null;
    const database = {
      async listen(_channel: string, h: TListenHandlers) {
        handlers = h;
        h.onLive(true);
        return async () => {};
      },
    } as unknown as TDatabase; // only listen() is used by the wiring
    return { database, feed: () => handlers! };
  }

  it('invalidates on every request that may have written, before its response, and not on reads or refusals', async () => {
    const cache = createReadCache({ ttlMs: 1000 });
    const app = Fastify() as unknown as TApp; // plain Fastify: the wiring needs only hooks
    const { database } = fakeFeed();
    await registerCacheInvalidation(app, cache, database);
    let seenInResponse = 0;
    app.get('/r', async () => ({ g: cache.generation() }));
    app.post('/w', async () => ({ g: cache.generation() }));
    app.post('/conflict', async (_req, reply) => reply.code(409).send({ message: 'changed' }));
    app.post('/crash', async () => {
      throw new Error('after a partial write');
    });
    app.post('/refused', async (_req, reply) => reply.code(422).send({ message: 'invalid' }));
    app.addHook('onResponse', async () => {
      seenInResponse = cache.generation();
    });
    const g0 = cache.generation();
    await app.inject({ method: 'GET', url: '/r' });
    expect(cache.generation()).toBe(g0);
    await app.inject({ method: 'POST', url: '/w' });
    expect(cache.generation()).toBe(g0 + 1);
    expect(seenInResponse).toBe(g0 + 1);
    await app.inject({ method: 'POST', url: '/conflict' });
    await app.inject({ method: 'POST', url: '/crash' });
    expect(cache.generation()).toBe(g0 + 3);
    // Refused before anything could be written: junk requests cannot keep the cache empty.
    await app.inject({ method: 'POST', url: '/refused' });
    await app.inject({ method: 'POST', url: '/no-such-route' });
    await app.inject({ method: 'DELETE', url: '/r' });
    expect(cache.generation()).toBe(g0 + 3);
    await app.close();
  });

  it('follows the feed: a NOTIFY invalidates, a lost feed suspends, a restored one resumes', async () => {
    const cache = createReadCache({ ttlMs: 1000 });
    const app = Fastify() as unknown as TApp;
    const { database, feed } = fakeFeed();
    await registerCacheInvalidation(app, cache, database);
    await cache.memo('k', async () => 'v');
    feed().onNotify('orders');
    expect(cache.get('k')).toBeUndefined();
    feed().onLive(false);
    expect(cache.active()).toBe(false);
    feed().onLive(true);
    expect(cache.active()).toBe(true);
    await app.close();
  });
});
