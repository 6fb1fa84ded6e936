import { randomBytes } from 'node:crypto';
import { asc } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type TDatabase } from '../src/db/client.ts';
import { limitCounters } from '../src/db/schema.ts';
import { createUser } from '../src/db/seed/factories.ts';
import { runSweepLimits } from '../src/jobs/sweep-limit-counters.ts';
import { call } from './helpers/http.ts';
import { createTestApp, type TTestApp } from './helpers/test-app.ts';

/*
 * Shared limits (decision 034), PostgreSQL pass only: API processes on one database, each with its
 * own pool as replicas have, count into the same sign-in and route budgets, and a restarted
 * process keeps them and the known sign-in addresses. On PGlite (one process) there is nothing to
 * share; the limiter's rules are tested on both (src/modules/auth/login-limiter.test.ts, auth.test.ts).
 */

const LOGIN = '/api/dashboard/auth/login';
const EMAIL_CHECK = '/api/validations/email/someone%40example.com';

type TReplica = { app: TTestApp; db: TDatabase };

describe.runIf(process.env.DATABASE_URL)('limits shared by API processes on one PostgreSQL', () => {
  const admin = process.env.DATABASE_URL as string;
  const name = `haulpro_limits_${randomBytes(6).toString('hex')}`;
  let url = '';
  const replicas: TReplica[] = [];
  let a: TTestApp;
  let b: TTestApp;

  /** One more API process on the shared database: its own pool, the same clock as the first. */
  async function replica(env: Record<string, string> = {}): Promise<TTestApp> {
    const db = await openDatabase({ kind: 'postgres', url, max: 5 });
    const app = await createTestApp({ database: db, env, ...(a ? { clock: a.clock } : {}) });
    replicas.push({ app, db });
    return app;
  }

  async function stop(app: TTestApp): Promise<void> {
    const r = replicas.find((x) => x.app === app);
    await app.close();
    await r?.db.close();
    replicas.splice(replicas.indexOf(r as TReplica), 1);
  }

  beforeAll(async () => {
    const c = new pg.Client({ connectionString: admin });
    await c.connect();
    await c.query(`create database ${name} template ${inject('pgTemplate')}`);
    await c.end();
    const u = new URL(admin);
    u.pathname = `/${name}`;
    url = u.toString();
    a = await replica();
    b = await replica();
  });
  afterAll(async () => {
    for (const r of [...replicas]) await stop(r.app);
    const d = new pg.Client({ connectionString: admin });
    await d.connect();
    await d.query(`drop database if exists ${name} with (force)`);
    await d.end();
  });

  const badLogin = (app: TTestApp, email: string, ip: string) =>
    call(app.app, 'POST', LOGIN, { body: { email, password: 'wrong-pass' }, ip });

  it('wrong passwords alternating between two processes reach 429 at the same attempt as on one', async () => {
    const user = await createUser(a.deps.db, { password: 'right-pass' });
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++)
      statuses.push((await badLogin(i % 2 ? b : a, user.email, '10.20.0.1')).status);
    // LOGIN_LIMIT_PER_EMAIL failures are answered; the next attempt (the 11th by default) is a 429.
    const budget = a.config.loginLimitPerEmail;
    expect(budget).toBe(10);
    expect(statuses).toEqual([...Array(budget).fill(422), 429, 429]);
  });

  it('50 concurrent wrong passwords over two processes get exactly the budget’s number of answers', async () => {
    const user = await createUser(a.deps.db, { password: 'right-pass' });
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => badLogin(i % 2 ? b : a, user.email, '10.21.0.1')),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s !== 429)).toEqual(Array(a.config.loginLimitPerEmail).fill(422));
    expect(statuses.filter((s) => s === 429)).toHaveLength(50 - a.config.loginLimitPerEmail);
  });

  it('a route’s rate limit is one budget over both processes', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++)
      statuses.push((await call((i % 2 ? b : a).app, 'GET', EMAIL_CHECK, { ip: '10.22.0.1' })).status);
    // GET validations/email allows 20 look-ups a minute per address (decision 001).
    expect(statuses).toEqual([...Array(20).fill(200), 429, 429]);
    // Another address has its own budget.
    expect((await call(b.app, 'GET', EMAIL_CHECK, { ip: '10.22.0.2' })).status).toBe(200);
  });

  it('a restarted process keeps the counters and the owner’s known address', async () => {
    const user = await createUser(a.deps.db, { password: 'right-pass' });
    const owner = '10.23.0.1';
    expect(
      (await call(a.app, 'POST', LOGIN, { body: { email: user.email, password: 'right-pass' }, ip: owner }))
        .status,
    ).toBe(200);
    // A locked pair and a spent route budget, on the process about to restart.
    for (let i = 0; i < 10; i++) expect((await badLogin(b, user.email, '10.23.0.2')).status).toBe(422);
    expect((await badLogin(b, user.email, '10.23.0.2')).status).toBe(429);
    for (let i = 0; i < 20; i++) await call(b.app, 'GET', EMAIL_CHECK, { ip: '10.23.0.3' });
    // Failures from ninety more addresses spend the e-mail-wide budget (10 x 10), alternating.
    for (let i = 0; i < 90; i++)
      expect((await badLogin(i % 2 ? a : b, user.email, `10.24.0.${i}`)).status).toBe(422);
    expect((await badLogin(a, user.email, '10.25.0.1')).status).toBe(429);

    await stop(b);
    b = await replica();
    expect((await badLogin(b, user.email, '10.23.0.2')).status).toBe(429);
    expect((await call(b.app, 'GET', EMAIL_CHECK, { ip: '10.23.0.3' })).status).toBe(429);
    expect((await badLogin(b, user.email, '10.25.0.2')).status).toBe(429);
    // The owner's address is still known after the restart: the e-mail-wide lock does not hold it.
    const owned = await call(b.app, 'POST', LOGIN, {
      body: { email: user.email, password: 'right-pass' },
      ip: owner,
    });
    expect(owned.status).toBe(200);
  });

  it('the sweep deletes the expired counters and nothing else', async () => {
    const c = await replica();
    const user = await createUser(a.deps.db, { password: 'right-pass' });
    // One failure: a minute's counter for the address, fifteen minutes' for the e-mail and the pair.
    expect((await badLogin(c, user.email, '10.26.0.1')).status).toBe(422);
    const key = (k: string) => k.includes(user.email) || k.endsWith('\n10.26.0.1');
    const mine = async () =>
      (await a.deps.db.select().from(limitCounters).orderBy(asc(limitCounters.key))).filter((r) =>
        key(r.key),
      );
    expect((await mine()).map((r) => r.key.split('\n')[0])).toEqual([
      'login email',
      'login ip',
      'login pair',
    ]);
    const before = (await a.deps.db.select().from(limitCounters)).length;

    a.clock.advance(2 * 60_000);
    // Every counter whose window has ended goes (this test's address and the earlier minute-long ones).
    const expired = (await a.deps.db.select().from(limitCounters)).filter(
      (r) => r.expiresAt <= a.clock.now(),
    );
    expect(expired.length).toBeGreaterThan(1);
    let swept = 0;
    for (let n = -1; n !== 0; swept += n) n = await runSweepLimits(c.deps, c.services.auth, 2);
    expect(swept).toBe(expired.length);
    const left = await a.deps.db.select().from(limitCounters);
    expect(left).toHaveLength(before - expired.length);
    expect(left.every((r) => r.expiresAt > a.clock.now())).toBe(true);
    expect((await mine()).map((r) => r.key.split('\n')[0])).toEqual(['login email', 'login pair']);
    // The live pair counter still counts: nine more failures, then the lock.
    for (let i = 0; i < 9; i++) expect((await badLogin(c, user.email, '10.26.0.1')).status).toBe(422);
    expect((await badLogin(a, user.email, '10.26.0.1')).status).toBe(429);
  });
});

describe('known sign-in addresses over a restart (both databases)', () => {
  it('a restarted process still exempts the owner’s address from the e-mail-wide lock', async () => {
    // LOGIN_LIMIT_PER_EMAIL=2: the e-mail-wide budget is 20 failures.
    const env = { LOGIN_LIMIT_PER_EMAIL: '2' };
    const first = await createTestApp({ env });
    let second: TTestApp | null = null;
    try {
      const user = await createUser(first.deps.db, { password: 'right-pass' });
      const signIn = (t: TTestApp, ip: string, password = 'right-pass') =>
        call(t.app, 'POST', LOGIN, { body: { email: user.email, password }, ip });
      expect((await signIn(first, '10.30.0.1')).status).toBe(200);
      await first.app.close();
      // The same database, a new process: whatever it kept in memory is gone.
      second = await createTestApp({ env, database: first.database, clock: first.clock });
      for (let i = 0; i < 20; i++)
        expect((await signIn(second, `10.31.0.${i}`, 'wrong-pass')).status).toBe(422);
      expect((await signIn(second, '10.32.0.1')).status).toBe(429);
      expect((await signIn(second, '10.30.0.1')).status).toBe(200);
    } finally {
      await second?.app.close();
      await first.database.close();
    }
  });
});
