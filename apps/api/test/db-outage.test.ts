import { createServer, connect as netConnect, type Server, type Socket } from 'node:net';
import { MSG } from '@haulpro/shared/messages';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type TDatabase } from '../src/db/client.ts';
import { createUser } from '../src/db/seed/factories.ts';
import { classifyDbError, dbErrorCode } from '../src/http/db-errors.ts';
import { DB_RETRY_AFTER_SECONDS, registerErrorHandling } from '../src/http/error-handler.ts';
import { loggerOptions, serializeError } from '../src/http/log-options.ts';
import { newToken } from '../src/modules/auth/tokens.ts';
import { call } from './helpers/http.ts';
import { tokenFor } from './helpers/sessions.ts';
import { createTestApp, type TTestApp } from './helpers/test-app.ts';

/** Issue 10, points 10 and 12: a database outage is a 503 that heals itself, and logs keep no secrets. */

const open: { close(): Promise<void> }[] = [];
afterAll(async () => {
  for (const t of open.reverse()) await t.close();
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

/** A bare server whose one route throws `err`, behind the API's error handler. */
async function appThrowing(err: unknown) {
  const app = Fastify({ logger: false });
  registerErrorHandling(app);
  app.get('/x', async () => {
    throw err;
  });
  await app.ready();
  return app;
}

async function rejection(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (err) {
    return err;
  }
  throw new Error('expected the query to fail');
}

describe('what a database error means', () => {
  it.each([
    ['57P01', 'terminating connection due to administrator command'],
    ['57P02', 'terminating connection because of crash of another server process'],
    ['57P03', 'the database system is starting up'],
    ['08006', 'connection failure'],
    ['08001', 'could not connect'],
    ['ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'],
    ['ECONNRESET', 'read ECONNRESET'],
  ])('%s is "unavailable"', (code, message) => {
    expect(classifyDbError(queryError(Object.assign(new Error(message), { code })))).toBe('unavailable');
  });

  it('a connection ended with no code, or no connection in time, is "unavailable"', () => {
    expect(classifyDbError(queryError(new Error('Connection terminated unexpectedly')))).toBe('unavailable');
    expect(classifyDbError(new Error('timeout exceeded when trying to connect'))).toBe('unavailable');
    expect(classifyDbError(new Error('Connection terminated due to connection timeout'))).toBe('unavailable');
  });

  it.each(['22021', '22008', '22007', '22003', '22P02', '22012'])(
    'data exception %s is "bad_input"',
    (code) => {
      expect(classifyDbError(queryError(Object.assign(new Error('bad value'), { code })))).toBe('bad_input');
    },
  );

  it('anything else is not the database’s doing', () => {
    expect(classifyDbError(new Error('boom'))).toBeNull();
    expect(classifyDbError(null)).toBeNull();
    expect(classifyDbError('Connection terminated')).toBeNull();
    expect(classifyDbError(queryError(Object.assign(new Error('dup'), { code: '23505' })))).toBeNull();
  });
});

describe('the error handler', () => {
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

  it('still answers anything else with 500', async () => {
    const app = await appThrowing(new Error('boom'));
    const res = await app.inject({ method: 'GET', url: '/x' });
    expect(res.statusCode).toBe(500);
    expect(res.headers['retry-after']).toBeUndefined();
    await app.close();
  });
});

// The errors the real driver of this pass throws (PGlite, or pg in the PostgreSQL pass), so the
// mapping is checked against their true shape (Drizzle's wrapper with the driver error as `cause`).
describe('data exceptions from the real driver', () => {
  let t: TTestApp;
  const values: [string, string, ReturnType<typeof sql>][] = [
    ['22008', 'an impossible date', sql`select ${'2027-02-30'}::date`],
    ['22007', 'a malformed date', sql`select ${'next tuesday-ish'}::date`],
    ['22003', 'a number out of range', sql`select ${'99999999999'}::int`],
    ['22P02', 'text for a number', sql`select ${'secret-value-42'}::int`],
    ['22021', 'a NUL byte', sql`select ${'a\u0000b'}::text`],
  ];

  it.each(values)('%s (%s) is "bad_input" and answers 422', async (code, _what, query) => {
    t ??= await createTestApp();
    if (!open.includes(t)) open.push(t);
    const err = await rejection(t.deps.db.execute(query));
    expect(dbErrorCode(err)).toBe(code);
    expect(classifyDbError(err)).toBe('bad_input');
    const app = await appThrowing(err);
    const res = await app.inject({ method: 'GET', url: '/x' });
    expect([res.statusCode, res.json()]).toEqual([422, { message: MSG.validationFailed }]);
    await app.close();
  });

  it('a logged query error keeps its SQL and SQLSTATE, never the values', async () => {
    t ??= await createTestApp();
    if (!open.includes(t)) open.push(t);
    const err = await rejection(t.deps.db.execute(sql`select ${'secret-value-42'}::int`));
    const text = JSON.stringify(serializeError(err as Error));
    expect(text).not.toContain('secret-value-42');
    expect(text).toContain('22P02');
    expect(text).toContain('::int');
  });
});

describe('logs', () => {
  it('an error keeps its SQL and code but not its parameters', () => {
    const out = serializeError(queryError(Object.assign(new Error('gone'), { code: '57P01' })));
    const text = JSON.stringify(out);
    expect(text).not.toContain('secret-token-hash');
    expect(out).toMatchObject({ message: 'Failed query: select $1', cause: { code: '57P01' } });
  });

  it('the server writes JSON lines without SQL values, tokens or link signatures', async () => {
    const lines: string[] = [];
    const options = loggerOptions('info') as Exclude<ReturnType<typeof loggerOptions>, boolean | undefined>;
    const app = Fastify({ logger: { ...options, stream: { write: (l: string) => lines.push(l) } } });
    registerErrorHandling(app);
    app.get('/x', async () => {
      throw queryError(
        Object.assign(new Error('invalid input syntax: "secret-value-42"'), { code: '22P02' }),
      );
    });
    app.get('/y', async () => {
      throw queryError(Object.assign(new Error('duplicate key value'), { code: '23505' }));
    });
    await app.ready();
    const bad = await app.inject({
      method: 'GET',
      url: '/x?expires=1&sig=link-signature',
      headers: { authorization: 'Bearer bearer-secret', cookie: 'sid=cookie-secret' },
    });
    expect(bad.statusCode).toBe(422);
    expect((await app.inject({ method: 'GET', url: '/y' })).statusCode).toBe(500);
    await app.close();
    const text = lines.join('');
    for (const line of lines) expect(() => JSON.parse(line)).not.toThrow();
    for (const secret of [
      'secret-token-hash',
      'secret-value-42',
      'link-signature',
      'bearer-secret',
      'cookie-secret',
    ])
      expect(text).not.toContain(secret);
    expect(text).toContain('sig=[redacted]');
    expect(text).toContain('"code":"22P02"');
    expect(text).toMatch(/"code":"23505".*"msg":"unhandled error"/);
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
      close: async () => {
        await t.close();
        await database.close();
      },
    });
    const health = await call<{ data: { status: string } }>(t.app, 'GET', '/api/health');
    expect(health.status).toBe(503);
    expect(health.body).toMatchObject({ message: MSG.databaseDown, data: { status: 'down' } });
    expect(health.headers['retry-after']).toBe(String(DB_RETRY_AFTER_SECONDS));
    const login = await call(t.app, 'POST', '/api/dashboard/auth/login', {
      body: { email: 'a@example.com', password: 'whatever' },
    });
    expect(login.status).toBe(503);
    expect(login.body).toEqual({ message: MSG.serviceUnavailable });
    expect(login.headers['retry-after']).toBe(String(DB_RETRY_AFTER_SECONDS));
    const check = await call(t.app, 'GET', '/api/dashboard/auth/check', {
      headers: { authorization: `Bearer ${newToken()}` },
    });
    expect(check.status).toBe(503);
  });
});

/**
 * A TCP relay between the API and PostgreSQL that can be cut (every connection dropped, new ones
 * refused, as while PostgreSQL restarts) and restored on the same port.
 */
async function relay(target: { host: string; port: number }) {
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const s = createServer((client) => {
        const upstream = netConnect(target);
        for (const sock of [client, upstream]) {
          sockets.add(sock);
          sock.on('close', () => sockets.delete(sock));
          sock.on('error', () => undefined);
        }
        client.pipe(upstream).pipe(client);
      });
      s.once('error', reject);
      s.listen(port, '127.0.0.1', () => {
        port = (s.address() as { port: number }).port;
        server = s;
        resolve();
      });
    });
  await listen();
  return {
    get port() {
      return port;
    },
    async cut() {
      const s = server;
      server = null;
      for (const sock of sockets) sock.destroy();
      if (s) await new Promise((r) => s.close(r));
    },
    restore: listen,
    close() {
      return this.cut();
    },
  };
}

async function databaseName(db: TDatabase['db']): Promise<string> {
  const res = (await db.execute(sql`select current_database() as name`)) as unknown as {
    rows: { name: string }[];
  };
  return (res.rows[0] as { name: string }).name;
}

// Real connections can only be lost on a PostgreSQL server: these run in the PostgreSQL pass of CI
// (DATABASE_URL set). On PGlite there is no connection to lose; the tests above run on both.
if (process.env.DATABASE_URL) {
  describe('PostgreSQL ends every connection (as a restart does)', () => {
    it('the process survives clients lost mid-transaction, answers 503, and heals by itself', async () => {
      const t = await createTestApp();
      open.push(t);
      const user = await createUser(t.deps.db);
      const token = await tokenFor(t.deps.db, user.id);
      const name = await databaseName(t.deps.db);
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
        [name],
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

    it('while the server is unreachable: 503 with Retry-After and health down; back: 200 on its own', async () => {
      const owner = await createTestApp();
      open.push(owner);
      const url = new URL(process.env.DATABASE_URL as string);
      const link = await relay({ host: url.hostname, port: Number(url.port || 5432) });
      open.push(link);
      url.port = String(link.port);
      url.pathname = `/${await databaseName(owner.deps.db)}`;
      const database = await openDatabase({ kind: 'postgres', url: url.toString(), log: { warn: () => {} } });
      const t = await createTestApp({ database });
      open.push({
        close: async () => {
          await t.close();
          await database.close();
        },
      });
      await createUser(t.deps.db, { email: 'outage@example.test', password: 'outage-pass' });
      const login = () =>
        call(t.app, 'POST', '/api/dashboard/auth/login', {
          body: { email: 'outage@example.test', password: 'outage-pass' },
        });
      expect((await call(t.app, 'GET', '/api/health')).status).toBe(200);
      expect((await login()).status).toBe(200);

      // A transaction holds a connection when the link drops.
      const inFlight = t.deps.db
        .transaction(async (tx) => {
          await tx.execute(sql`select 1`);
          await new Promise((r) => setTimeout(r, 200));
          await tx.execute(sql`select 1`);
        })
        .then(
          () => 'committed',
          (err: unknown) => classifyDbError(err),
        );
      await new Promise((r) => setTimeout(r, 50));
      await link.cut();
      expect(await inFlight).toBe('unavailable');

      const health = await call(t.app, 'GET', '/api/health');
      expect(health.status).toBe(503);
      expect(health.body).toEqual({
        message: MSG.databaseDown,
        data: { status: 'down', database: 'postgres' },
      });
      expect(health.headers['retry-after']).toBe(String(DB_RETRY_AFTER_SECONDS));
      const refused = await login();
      expect([refused.status, refused.body]).toEqual([503, { message: MSG.serviceUnavailable }]);
      expect(refused.headers['retry-after']).toBe(String(DB_RETRY_AFTER_SECONDS));
      const check = await call(t.app, 'GET', '/api/dashboard/auth/check', {
        headers: { authorization: `Bearer ${newToken()}` },
      });
      expect(check.status).toBe(503);

      await link.restore();
      const started = Date.now();
      let status = 0;
      while (Date.now() - started < 5000) {
        status = (await call(t.app, 'GET', '/api/health')).status;
        if (status === 200) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(status).toBe(200);
      expect((await login()).status).toBe(200);
    });
  });
}
