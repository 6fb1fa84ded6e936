import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type TBuiltApp } from '../../src/app.ts';
import { loadConfig, type TConfig } from '../../src/config.ts';
import type { TClock } from '../../src/context.ts';
import { openDatabase, type TDatabase, type TOnQuery } from '../../src/db/client.ts';
import type { TPaymentProvider } from '../../src/payments/payment-provider.ts';

/** A clock tests can move. */
export function createTestClock(start = new Date('2026-11-20T18:00:00Z')) {
  let now = start.getTime();
  const clock: TClock & { advance(ms: number): void; set(d: Date): void } = {
    now: () => new Date(now),
    advance(ms) {
      now += ms;
    },
    set(d) {
      now = d.getTime();
    },
  };
  return clock;
}

/** A fresh, migrated database for one test file: a PGlite copy, or a new PostgreSQL database. */
export async function openTestDatabase(onQuery?: TOnQuery): Promise<TDatabase> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = `haulpro_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name} template ${inject('pgTemplate')}`);
    await admin.end();
    const u = new URL(url);
    u.pathname = `/${name}`;
    const database = await openDatabase({
      kind: 'postgres',
      url: u.toString(),
      max: 10,
      ...(onQuery ? { onQuery } : {}),
    });
    return {
      ...database,
      async close() {
        await database.close();
        const a = new pg.Client({ connectionString: url });
        await a.connect();
        await a.query(`drop database if exists ${name} with (force)`);
        await a.end();
      },
    };
  }
  const dump = await readFile(inject('pgliteDump'));
  return openDatabase({
    kind: 'pglite',
    dir: null,
    // As the server runs it: on a thread of its own unless PGLITE_THREAD=off (decision 036).
    thread: process.env.PGLITE_THREAD !== 'off',
    loadDataDir: new Blob([dump]),
    ...(onQuery ? { onQuery } : {}),
  });
}

export type TTestApp = TBuiltApp & {
  database: TDatabase;
  config: TConfig;
  clock: ReturnType<typeof createTestClock>;
  close(): Promise<void>;
};

export async function createTestApp(
  opts: {
    env?: Record<string, string>;
    clock?: ReturnType<typeof createTestClock>;
    payments?: TPaymentProvider | null;
    /** Another app's database: a second API process on the same data (left open on close). */
    database?: TDatabase;
    /** Sees every statement (statement-count tests). */
    onQuery?: TOnQuery;
  } = {},
): Promise<TTestApp> {
  const shared = opts.database;
  const database = shared ?? (await openTestDatabase(opts.onQuery));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'haulpro-test-')),
    PUBLIC_URL: 'http://haulpro.test',
    LOG_LEVEL: 'silent',
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
    ...opts.env,
  });
  const clock = opts.clock ?? createTestClock(new Date());
  const built = await buildApp({
    config,
    database,
    clock,
    logger: false,
    ...(opts.payments !== undefined ? { payments: opts.payments } : {}),
  });
  await built.app.ready();
  return {
    ...built,
    database,
    config,
    clock,
    async close() {
      await built.app.close();
      if (!shared) await database.close();
    },
  };
}
