import { MSG } from '@haulpro/shared/messages';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { parseTrustProxy } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { createUser } from '../src/db/seed/factories.ts';
import { classifyDbError } from '../src/http/db-errors.ts';
import { DB_RETRY_AFTER_SECONDS, registerErrorHandling } from '../src/http/error-handler.ts';
import { serializeError } from '../src/http/log-options.ts';
import { newToken } from '../src/modules/auth/tokens.ts';
import { call } from './helpers/http.ts';
import { tokenFor } from './helpers/sessions.ts';
import { createTestApp, type TTestApp } from './helpers/test-app.ts';

/** Issue 10, points 10 and 12: a database outage is a 503 that heals itself, and logs keep no secrets. */

const open: TTestApp[] = [];
afterAll(async () => {
  for (const t of open) await t.close();
});

/** Drizzle's wrapper around a driver error, as both drivers produce it. */
function queryError(cause: Error & { code?: string }) {
  return Object.assign(new Error('Failed query: select $1\nparams: secret-token-hash'), {
    name: 'DrizzleQueryError',
    query: 'select $1',
    params: ['secret-token-hash'],
    cause,
  });
}

describe('what a database error means', () => {
  it.each([
    ['57P01', 'terminating connection due to administrator command'],
    ['57P03', 'the database system is starting up'],
    ['08006', 'connection failure'],
    ['ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'],
    ['ECONNRESET', 'read ECONNRESET'],
  ])('%s is "unavailable"', (code, message) => {
    expect(classifyDbError(queryError(Object.assign(new Error(message), { code })))).toBe('unavailable');
  });

  it('a connection ended with no code is "unavailable"', () => {
    expect(classifyDbError(queryError(new Error('Connection terminated unexpectedly')))).toBe('unavailable');
    expect(classifyDbError(new Error('timeout exceeded when trying to connect'))).toBe('unavailable');
  });

  it.each(['22021', '22008', '22007', '22003', '22P02'])('data exception %s is "bad_input"', (code) => {
    expect(classifyDbError(queryError(Object.assign(new Error('bad value'), { code })))).toBe('bad_input');
  });

  it('anything else is not the database’s doing', () => {
    expect(classifyDbError(new Error('boom'))).toBeNull();
    expect(classifyDbError(queryError(Object.assign(new Error('dup'), { code: '23505' })))).toBeNull();
  });
});

describe('the error handler', () => {
  async function appThrowing(err: Error) {
    const app = Fastify({ logger: false });
    registerErrorHandling(app);
    app.get('/x', async () => {
      throw err;
    });
    await app.ready();
    return app;
  }

  it('answers a lost database with 503 and Retry-After, never 500', async () => {
    const app = await appThrowing(queryError(Object.assign(new Error('gone'), { code: '57P01' })));
    const res = await app.inject({ method: 'GET', url: '/x' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe(String(DB_RETRY_AFTER_SECONDS));
    expect(res.json()).toEqual({ message: MSG.serviceUnavailable });
    await app.close();
  });

  it('answers a value the database refused with 422, never 500', async () => {
    const app = await appThrowing(
      queryError(Object.assign(new Error('invalid byte sequence'), { code: '22021' })),
    );
    const res = await app.inject({ method: 'GET', url: '/x' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: MSG.validationFailed });
    await app.close();
  });
});

describe('logs', () => {
  it('an error keeps its SQL and code but not its parameters', () => {
    const out = serializeError(queryError(Object.assign(new Error('gone'), { code: '57P01' })));
    const text = JSON.stringify(out);
    expect(text).not.toContain('secret-token-hash');
    expect(out).toMatchObject({ message: 'Failed query: select $1', cause: { code: '57P01' } });
  });
});

describe('TRUST_PROXY', () => {
  it('is off unless said otherwise, and refuses what it cannot read', () => {
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('')).toBe(false);
    expect(parseTrustProxy('0')).toBe(false);
    expect(parseTrustProxy('true')).toBe(true);
    expect(parseTrustProxy('127.0.0.1, 10.0.0.0/8')).toEqual(['127.0.0.1', '10.0.0.0/8']);
    const hops = parseTrustProxy('1') as (a: string, i: number) => boolean;
    expect([hops('x', 0), hops('x', 1)]).toEqual([true, false]);
    expect(() => parseTrustProxy('yes please')).toThrow(/TRUST_PROXY/);
  });

  it('by default X-Forwarded-For cannot dodge the sign-in limit', async () => {
    const t = await createTestApp({ env: { LOGIN_LIMIT_PER_IP: '5' } });
    open.push(t);
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const r = await call(t.app, 'POST', '/api/dashboard/auth/login', {
        body: { email: `nobody${i}@example.com`, password: 'wrong-password' },
        headers: { 'x-forwarded-for': `198.51.100.${i}` },
      });
      statuses.push(r.status);
    }
    expect(statuses.slice(0, 5)).toEqual([422, 422, 422, 422, 422]);
    expect(statuses.slice(5)).toEqual([429, 429, 429]);
  });

  it('with TRUST_PROXY set, the forwarded address is the client', async () => {
    const t = await createTestApp({ env: { LOGIN_LIMIT_PER_IP: '5', TRUST_PROXY: 'true' } });
    open.push(t);
    for (let i = 0; i < 8; i++) {
      const r = await call(t.app, 'POST', '/api/dashboard/auth/login', {
        body: { email: `nobody${i}@example.com`, password: 'wrong-password' },
        headers: { 'x-forwarded-for': `198.51.100.${i}` },
      });
      expect(r.status).toBe(422);
    }
  });
});

describe('an API whose database is unreachable', () => {
  it('starts, says it is down, and answers 503 instead of 500', async () => {
    // Nothing listens on port 1: every connection is refused at once.
    const database = await openDatabase({
      kind: 'postgres',
      url: 'postgres://postgres@127.0.0.1:1/haulpro',
      log: { warn: () => undefined },
    });
    const t = await createTestApp({ database });
    open.push({
      ...t,
      close: async () => {
        await t.close();
        await database.close();
      },
    });
    const health = await call<{ data: { status: string } }>(t.app, 'GET', '/api/health');
    expect(health.status).toBe(503);
    expect(health.body).toMatchObject({ message: MSG.databaseDown, data: { status: 'down' } });
    expect(health.headers['retry-after']).toBeDefined();
    const login = await call(t.app, 'POST', '/api/dashboard/auth/login', {
      body: { email: 'a@example.com', password: 'whatever' },
    });
    expect(login.status).toBe(503);
    expect(login.headers['retry-after']).toBe(String(DB_RETRY_AFTER_SECONDS));
    const check = await call(t.app, 'GET', '/api/dashboard/auth/check', {
      headers: { authorization: `Bearer ${newToken()}` },
    });
    expect(check.status).toBe(503);
  });
});

// Real connections can only be cut on a PostgreSQL server: this block runs in the PostgreSQL pass
// of CI (DATABASE_URL set). On PGlite there is no connection to lose.
if (process.env.DATABASE_URL) {
  describe('PostgreSQL ends every connection (as a restart does)', () => {
    it('the process survives clients lost mid-transaction, answers 503, and heals by itself', async () => {
      const t = await createTestApp();
      open.push(t);
      const user = await createUser(t.deps.db);
      const token = await tokenFor(t.deps.db, user.id);
      const current = (await t.deps.db.execute(sql`select current_database() as name`)) as unknown as {
        rows: { name: string }[];
      };
      const dbName = current.rows[0] as { name: string };
      // Transactions that hold their connection idle while the backends are terminated: the
      // client is checked out, so only its own 'error' listener stands between the event and a crash.
      const held = Array.from({ length: 3 }, () =>
        t.deps.db
          .transaction(async (tx) => {
            await tx.execute(sql`select 1`);
            await new Promise((r) => setTimeout(r, 300));
            await tx.execute(sql`select 1`);
          })
          .then(
            () => 'committed',
            (err: unknown) => classifyDbError(err),
          ),
      );
      await new Promise((r) => setTimeout(r, 100));
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [dbName.name],
      );
      await admin.end();
      expect(await Promise.all(held)).toEqual(['unavailable', 'unavailable', 'unavailable']);
      // The pool opens fresh connections on demand: the next requests simply work.
      const started = Date.now();
      let status = 0;
      while (Date.now() - started < 5000) {
        status = (await call(t.app, 'GET', '/api/health')).status;
        if (status === 200) break;
        expect(status).toBe(503);
      }
      expect(status).toBe(200);
      expect((await call(t.app, 'GET', '/api/dashboard/auth/check', { token })).status).toBe(200);
    });
  });
}
