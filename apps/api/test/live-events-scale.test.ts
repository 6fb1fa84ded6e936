import { randomBytes } from 'node:crypto';
import http from 'node:http';
import v8 from 'node:v8';
import vm from 'node:vm';
import { ORDER_STATUS } from '@haulpro/shared/order';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type TDatabase } from '../src/db/client.ts';
import { liveEvents } from '../src/db/schema.ts';
import { createBranchAtZip, createCompany, createUser } from '../src/db/seed/factories.ts';
import { createOrder } from '../src/db/seed/order-factory.ts';
import { runSweepLiveEvents } from '../src/jobs/sweep-live-events.ts';
import { call } from './helpers/http.ts';
import { tokenFor } from './helpers/sessions.ts';
import { listenOnLoopback, openStream, sleep, type TSseStream } from './helpers/sse-client.ts';
import { createTestApp, type TTestApp } from './helpers/test-app.ts';

/*
 * The live stream under load and across processes: heartbeats and the session re-check, the cost
 * of 500 open streams, the sweep, and (PostgreSQL pass) two API processes on one database.
 */

const MB = 1024 * 1024;

/** A full collection, so two memory readings compare what is alive (V8's gc, exposed here). */
function collectGarbage(): void {
  v8.setFlagsFromString('--expose-gc');
  (vm.runInNewContext('gc') as () => void)();
}

describe('heartbeat', () => {
  let t: TTestApp;
  let base: string;
  const open: TSseStream[] = [];
  beforeAll(async () => {
    t = await createTestApp({ env: { LIVE_HEARTBEAT_MS: '100' } });
    base = await listenOnLoopback(t.app);
  });
  afterAll(async () => {
    for (const s of open) s.close();
    await t.close();
  });

  it('sends a comment line on every beat, and ends the stream once the session has expired', async () => {
    const user = await createUser(t.deps.db, { role: 'customer' });
    const s = await openStream(base, await tokenFor(t.deps.db, user.id));
    open.push(s);
    await s.next((e) => e.event === 'ready');
    const beats = () => s.comments.filter((c) => c === 'keep-alive').length;
    for (let i = 0; i < 100 && beats() < 2; i++) await sleep(30);
    expect(beats()).toBeGreaterThanOrEqual(2);
    expect(s.events.map((e) => e.event)).toEqual(['ready']);
    // No row announces an expiry: the beat's re-check finds it.
    t.clock.advance(11 * 365 * 86_400_000);
    await s.next((e) => e.event === 'end', 3000);
    await s.ended;
  });
});

describe('many streams on one process', () => {
  let t: TTestApp;
  let port: number;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp();
    base = await listenOnLoopback(t.app);
    port = Number(new URL(base).port);
  });
  afterAll(() => t.close());

  it('500 open streams cost less than 50 MB, and an event reaches all of them', async () => {
    const userId = (await createUser(t.deps.db, { role: 'customer' })).id;
    const token = await tokenFor(t.deps.db, userId);
    const agent = new http.Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });
    const settle = async () => {
      for (let i = 0; i < 3; i++) {
        collectGarbage();
        await sleep(100);
      }
      return process.memoryUsage();
    };
    const before = await settle();
    const N = 500;
    const received: number[] = [];
    const requests: http.ClientRequest[] = [];
    let ready = 0;
    await new Promise<void>((resolve, reject) => {
      for (let i = 0; i < N; i++) {
        const req = http.get(
          {
            host: '127.0.0.1',
            port,
            path: '/api/dashboard/events',
            agent,
            headers: { authorization: `Bearer ${token}` },
          },
          (res) => {
            if (res.statusCode !== 200) return reject(new Error(`stream ${i}: ${res.statusCode}`));
            res.setEncoding('utf8');
            res.on('data', (chunk: string) => {
              if (chunk.includes('event: ready')) {
                ready += 1;
                if (ready === N) resolve();
              }
              if (chunk.includes('event: notification')) received.push(Date.now());
            });
          },
        );
        req.on('error', () => undefined);
        requests.push(req);
      }
    });
    expect(t.services.live.openStreams()).toBe(N);
    const after = await settle();
    const rss = (after.rss - before.rss) / MB;
    const heap = (after.heapUsed + after.external - before.heapUsed - before.external) / MB;
    const sent = Date.now();
    await t.services.notifications.notify(t.deps.db, userId, { title: 'To everyone' });
    for (let i = 0; i < 100 && received.length < N; i++) await sleep(20);
    const fanOut = Math.max(...received) - sent;
    console.info(
      `live: ${N} streams: rss +${rss.toFixed(1)} MB, heap and buffers +${heap.toFixed(1)} MB (server and client in one process); one event reached all ${received.length} in ${fanOut} ms`,
    );
    expect(received).toHaveLength(N);
    expect(rss).toBeLessThan(50);
    expect(heap).toBeLessThan(50);
    for (const r of requests) r.destroy();
    agent.destroy();
    for (let i = 0; i < 100 && t.services.live.openStreams() > 0; i++) await sleep(20);
    expect(t.services.live.openStreams()).toBe(0);
  }, 60_000);
});

describe('the sweep', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('deletes rows older than a day, in batches, and keeps the rest', async () => {
    const now = t.clock.now().getTime();
    const old = new Date(now - 25 * 3_600_000);
    const recent = new Date(now - 23 * 3_600_000);
    await t.deps.db.insert(liveEvents).values([
      ...[1, 2, 3, 4, 5].map((n) => ({
        audience: 'user:999999',
        kind: 'order' as const,
        data: { n },
        createdAt: old,
      })),
      { audience: 'user:999999', kind: 'order' as const, data: { n: 6 }, createdAt: recent },
    ]);
    const rounds: number[] = [];
    for (;;) {
      const n = await runSweepLiveEvents(t.services.live, 2);
      rounds.push(n);
      if (n === 0) break;
    }
    expect(rounds).toEqual([2, 2, 1, 0]);
    const left = await t.deps.db
      .select({ data: liveEvents.data })
      .from(liveEvents)
      .where(eq(liveEvents.audience, 'user:999999'));
    expect(left.map((r) => r.data.n)).toEqual([6]);
  });
});

/** A second database on the PostgreSQL server, copied from the migrated template. */
async function createDatabaseUrl(): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = process.env.DATABASE_URL as string;
  const name = `haulpro_live_${randomBytes(6).toString('hex')}`;
  const c = new pg.Client({ connectionString: admin });
  await c.connect();
  await c.query(`create database ${name} template ${inject('pgTemplate')}`);
  await c.end();
  const u = new URL(admin);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    async drop() {
      const d = new pg.Client({ connectionString: admin });
      await d.connect();
      await d.query(`drop database if exists ${name} with (force)`);
      await d.end();
    },
  };
}

describe.runIf(process.env.DATABASE_URL)('two API processes on one PostgreSQL', () => {
  let dropDb: () => Promise<void>;
  let dbA: TDatabase;
  let dbB: TDatabase;
  let a: TTestApp;
  let b: TTestApp;
  let baseB: string;
  const open: TSseStream[] = [];
  beforeAll(async () => {
    const made = await createDatabaseUrl();
    dropDb = made.drop;
    // Each process its own pool and its own LISTEN connection, as two replicas have.
    dbA = await openDatabase({ kind: 'postgres', url: made.url, max: 5 });
    dbB = await openDatabase({ kind: 'postgres', url: made.url, max: 5 });
    a = await createTestApp({ database: dbA });
    b = await createTestApp({ database: dbB });
    await listenOnLoopback(a.app);
    baseB = await listenOnLoopback(b.app);
  });
  afterAll(async () => {
    for (const s of open) s.close();
    await a?.close();
    await b?.close();
    await dbA?.close();
    await dbB?.close();
    await dropDb?.();
  });

  it('an event produced through one reaches a stream held on the other within 2 s', async () => {
    const db = a.deps.db;
    const companyId = (await createCompany(db)).id;
    const branchId = (await createBranchAtZip(db, '90001', { companyId, isMain: true })).id;
    const staff = await tokenFor(db, (await createUser(db, { role: 'staff', companyId })).id);
    const customerId = (await createUser(db, { role: 'customer' })).id;
    const now = a.clock.now().getTime();
    const o = await createOrder(db, {
      customerId,
      companyId,
      branchId,
      status: ORDER_STATUS.new,
      arrivalDate: new Date(now + 10 * 86_400_000).toISOString().slice(0, 10),
      responseDeadline: new Date(now + 86_400_000),
    });
    const s = await openStream(baseB, await tokenFor(db, customerId));
    open.push(s);
    await s.next((e) => e.event === 'ready');
    const sent = Date.now();
    expect(
      (await call(a.app, 'POST', `/api/dashboard/orders/${o.id}/accept`, { token: staff, body: {} })).status,
    ).toBe(200);
    const got = await s.next(
      (e) => e.event === 'order' && (e.data as { status: number }).status === ORDER_STATUS.accepted,
      2000,
    );
    console.info(`live: across processes in ${got.at - sent} ms`);
  });

  it('a stream misses nothing while its process re-opens the feed', async () => {
    const userId = (await createUser(a.deps.db, { role: 'customer' })).id;
    const s = await openStream(baseB, await tokenFor(a.deps.db, userId));
    open.push(s);
    await s.next((e) => e.event === 'ready');
    // Cut the LISTEN connections, as a network blip or a server restart would.
    await a.deps.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query like 'listen haulpro_live%' and pid <> pg_backend_pid()`,
    );
    for (let i = 0; i < 100 && b.services.live.feedIsUp(); i++) await sleep(10);
    expect(b.services.live.feedIsUp()).toBe(false);
    // Produced while b hears nothing: it reaches the stream from the table once the feed is back.
    await a.services.notifications.notify(a.deps.db, userId, { title: 'While the feed was down' });
    await s.next((e) => (e.data as { title?: string }).title === 'While the feed was down', 5000);
    expect(b.services.live.feedIsUp()).toBe(true);
  });
});
