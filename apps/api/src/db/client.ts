import { AsyncLocalStorage } from 'node:async_hooks';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { TTrackReads } from '../cache/read-cache.ts';
import { API_ROOT } from '../config.ts';
import { jsonLineLog } from '../http/log-options.ts';
import { CHECKPOINT_EVERY_MS, checkpointEvery } from './pglite-checkpoints.ts';
import { startPgliteThread } from './pglite-thread.ts';
import { pgliteGauge, pgPoolGauge, type TPoolGauge } from './pool-stats.ts';
import * as schema from './schema.ts';

/** One type for both drivers, so every query runs unchanged on PGlite and on PostgreSQL. */
export type TDb = PgDatabase<PgQueryResultHKT, typeof schema>;
export type TTx = Parameters<Parameters<TDb['transaction']>[0]>[0];

export type TDatabase = {
  db: TDb;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /**
   * Follows NOTIFY on `channel`. `onLive(false)` means changes may be missed until the next
   * `onLive(true)` (the listening connection dropped and is being re-opened). Returns a stop function.
   */
  listen(channel: string, handlers: TListenHandlers): Promise<() => Promise<void>>;
  /** The connections' use, for the metrics; counting starts at the first call (off: no cost). */
  poolGauge(): TPoolGauge;
  close(): Promise<void>;
};

/** Installs `make` on the first call only, so a server without metrics pays nothing per query. */
function once(make: () => TPoolGauge): () => TPoolGauge {
  let gauge: TPoolGauge | null = null;
  return () => {
    gauge ??= make();
    return gauge;
  };
}

export type TListenHandlers = { onNotify(payload: string): void; onLive(live: boolean, err?: Error): void };

const CHANNEL = /^[a-z_][a-z0-9_]*$/;

/** apps/api/drizzle, from the sources and from the production bundle alike. */
export const MIGRATIONS_DIR = path.join(API_ROOT, 'drizzle');

/** Extensions the migrations create (coverage query: cube + earthdistance). */
export const PGLITE_EXTENSIONS = { cube, earthdistance };

/**
 * Set on PGlite's one session when it starts (also in pglite-worker.mjs). A new 16 MB WAL
 * segment is not filled with zeros first: in PGlite's file system that fill grew the file 8 kB
 * at a time, copying it again and again, and stopped the engine for 240-500 ms every 16 MB of
 * writes (every 1,000-5,000 writes), the p99 of a whole scenario (issue 30, decision 045). With it
 * off PostgreSQL writes the segment's last byte only, as on a copy-on-write file system.
 */
export const PGLITE_SESSION = 'set wal_init_zero = off';

export type TDatabaseOptions =
  | {
      kind: 'pglite';
      dir: string | null;
      loadDataDir?: Blob | File;
      onQuery?: TOnQuery;
      /** On a worker thread of its own (pglite-thread.ts, decision 036), not the caller's. */
      thread?: boolean;
      /** How often it checkpoints at most (CHECKPOINT_EVERY_MS unless given; decisions 045, 046). */
      checkpointEveryMs?: number;
    }
  | { kind: 'postgres'; url: string; max?: number; log?: TDbLog; onQuery?: TOnQuery };

/** Sees every statement the application sends (the statement-count tests and profiling). */
export type TOnQuery = (query: string) => void;

/**
 * The tables a request wrote (insert, update, delete, also inside CTEs), collected while it runs
 * inside `writeScope.run(new Set(), ...)`: the read cache forgets what depended on them and
 * nothing else (decision 032). A false positive only forgets more.
 */
export const writeScope = new AsyncLocalStorage<Set<string>>();
/** The tables the current request has written so far (undefined outside a request). */
export const tablesWrittenSoFar = (): ReadonlySet<string> | undefined => writeScope.getStore();
const WRITE = /\b(?:insert\s+into|update|delete\s+from)\s+"?([a-z_][a-z0-9_]*)"?/gi;

/**
 * Not a table: the part of `orders` that limits what a branch's team can still take (holding
 * orders' branch, date, window, hours, crew and trucks; domain/capacity.ts). Every write to
 * `orders` changes it, except a statement that carries KEEPS_CAPACITY (an accept, an archive),
 * so the helper list's capacity reads outlive the writes that cannot change them (decision 036).
 * Other processes hear of it from migration 0025's trigger.
 */
export const ORDER_CAPACITY = 'order_capacity';
/** Leads a write to `orders` that the domain judged to leave every capacity as it was (keepsCapacity). */
export const KEEPS_CAPACITY = '/* keeps capacity */';

export function tablesWrittenBy(query: string): string[] {
  const tables = [...query.matchAll(WRITE)].map((m) => (m[1] ?? '').toLowerCase());
  if (tables.includes('orders') && !query.startsWith(KEEPS_CAPACITY)) tables.push(ORDER_CAPACITY);
  return tables;
}

/**
 * The tables a load read, collected while it runs inside `readScope` (the read cache's
 * `memoScoped`, decision 032): the entry it makes is forgotten when one of them changes.
 */
export const readScope = new AsyncLocalStorage<Set<string>>();
const NAMED_AFTER =
  /\b(?:from|join)\s+((?:"?[a-z_][a-z0-9_]*"?(?:\s+(?:as\s+)?[a-z_][a-z0-9_]*)?\s*,\s*)*"?[a-z_][a-z0-9_]*"?)/gi;
const NAME = /(?:^|,)\s*"?([a-z_][a-z0-9_]*)"?/gi;

/**
 * Every name after FROM or JOIN (also in a comma list): tables, and now and then a function or a
 * CTE's name. A false positive only makes an entry depend on more; the caller keeps an entry
 * only when every name is a table whose changes it hears of.
 */
export function tablesReadBy(query: string): string[] {
  const names: string[] = [];
  for (const m of query.matchAll(NAMED_AFTER))
    for (const n of (m[1] ?? '').matchAll(NAME)) names.push((n[1] ?? '').toLowerCase());
  return names;
}

export const readTracking: TTrackReads = {
  async track(load) {
    const tables = new Set<string>();
    const value = await readScope.run(tables, load);
    readTracking.note(tables);
    return { value, tables };
  },
  note(tables) {
    const current = readScope.getStore();
    if (current) for (const t of tables) current.add(t);
  },
};

const queryLogger = (onQuery: TOnQuery | undefined) => ({
  logger: {
    logQuery(query: string) {
      const written = writeScope.getStore();
      if (written) for (const t of tablesWrittenBy(query)) written.add(t);
      const read = readScope.getStore();
      if (read) for (const t of tablesReadBy(query)) read.add(t);
      onQuery?.(query);
    },
  },
});

/** Where the database layer reports connection trouble (the server's pino logger). */
export type TDbLog = { warn(obj: object, msg: string): void };

/** Without a logger handed in: pino-shaped JSON lines on stdout. */
const jsonLines: TDbLog = { warn: (obj, msg) => jsonLineLog(40, obj, msg) };

/** How long a request waits for a connection before it answers 503 (during an outage). */
const CONNECT_TIMEOUT_MS = 5000;

export async function openDatabase(opts: TDatabaseOptions): Promise<TDatabase> {
  if (opts.kind === 'pglite') {
    // The thread's handle has the part of PGlite's interface drizzle and this file use (TPgliteThread).
    const client = opts.thread
      ? ((await startPgliteThread({ dir: opts.dir, loadDataDir: opts.loadDataDir })) as PGlite)
      : await PGlite.create({
          extensions: PGLITE_EXTENSIONS,
          ...(opts.dir ? { dataDir: opts.dir } : {}),
          ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
        }).then(async (pg) => {
          await pg.exec(PGLITE_SESSION);
          return pg;
        });
    const db = drizzlePglite({ client, schema, casing: 'snake_case', ...queryLogger(opts.onQuery) });
    const stopCheckpoints = checkpointEvery(client, {
      everyMs: opts.checkpointEveryMs ?? CHECKPOINT_EVERY_MS,
    });
    return {
      db: db as unknown as TDb,
      kind: 'pglite',
      migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_DIR }),
      // One process owns the embedded database; PGlite calls listeners before the writing query
      // resolves, so invalidation is immediate.
      async listen(channel, handlers) {
        const stop = await client.listen(channel, (payload) => handlers.onNotify(payload));
        handlers.onLive(true);
        return stop;
      },
      poolGauge: once(() => pgliteGauge(client)),
      async close() {
        await stopCheckpoints();
        await client.close();
      },
    };
  }
  const log = opts.log ?? jsonLines;
  const pool = new pg.Pool({
    connectionString: opts.url,
    max: opts.max ?? 10,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    keepAlive: true,
    // A transaction's writes sent together (db/together.ts) go on the wire at once, each answered
    // in order, instead of each waiting in the driver for the one before (node-postgres'
    // pipelining; the queue it replaces is deprecated and gone in pg 9). Decision 044.
    pipeline: true,
  });
  let closing = false;
  const lost = (where: string) => (err: Error & { code?: string }) => {
    if (closing && err.code === '57P01') return;
    log.warn({ code: err.code, reason: err.message }, `database: ${where} connection lost`);
  };
  // A server restart ends every connection. An idle one reports on the pool; one checked out by
  // a request or a transaction reports on its own client, and an 'error' event with no listener
  // kills the process. So every client gets a listener the moment it exists; the query it was
  // running fails with that error, and the request answers 503 (http/error-handler.ts).
  pool.on('error', lost('idle'));
  pool.on('connect', (client) => {
    client.on('error', lost('active'));
  });
  const db = drizzleNodePg({ client: pool, schema, casing: 'snake_case', ...queryLogger(opts.onQuery) });
  return {
    db: db as unknown as TDb,
    kind: 'postgres',
    async migrate() {
      // Several API processes may start at once: one migrates, the others wait.
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock(727001)');
        await migrateNodePg(drizzleNodePg({ client, schema, casing: 'snake_case' }), {
          migrationsFolder: MIGRATIONS_DIR,
        });
      } finally {
        await client.query('select pg_advisory_unlock(727001)').catch(() => undefined);
        client.release();
      }
    },
    listen: (channel, handlers) => listenPostgres(opts.url, channel, handlers),
    poolGauge: once(() => pgPoolGauge(pool)),
    close: () => {
      closing = true;
      return pool.end();
    },
  };
}

/**
 * A dedicated connection (not from the pool) that LISTENs. It is probed every 15 s (a half-open
 * connection never reports its end) and re-opened with backoff whenever it fails; until it is
 * back, `onLive(false)` holds. A failed first attempt does not stop the server starting.
 */
async function listenPostgres(
  url: string,
  channel: string,
  handlers: TListenHandlers,
): Promise<() => Promise<void>> {
  if (!CHANNEL.test(channel)) throw new Error(`bad channel name: ${channel}`);
  let stopped = false;
  let current: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  let delay = 250;

  const drop = (client: pg.Client) => {
    client.removeAllListeners('end');
    return client.end().catch(() => undefined);
  };

  const scheduleOpen = () => {
    if (stopped || retry) return;
    retry = setTimeout(() => {
      retry = null;
      void open();
    }, delay);
    retry.unref();
    delay = Math.min(delay * 2, 10_000);
  };

  /** The connection `client` is gone (only the current one counts). */
  const lost = (client: pg.Client, err?: Error) => {
    if (client !== current) return;
    current = null;
    drop(client);
    handlers.onLive(false, err);
    scheduleOpen();
  };

  async function open() {
    const client = new pg.Client({ connectionString: url, keepAlive: true, connectionTimeoutMillis: 10_000 });
    client.on('error', (err) => lost(client, err));
    client.on('end', () => lost(client));
    client.on('notification', (m) => {
      if (m.channel === channel) handlers.onNotify(m.payload ?? '');
    });
    try {
      await client.connect();
      await client.query(`listen ${channel}`);
    } catch (err) {
      drop(client);
      handlers.onLive(false, err as Error);
      scheduleOpen();
      return;
    }
    if (stopped) return drop(client);
    current = client;
    delay = 250;
    handlers.onLive(true);
  }

  const probe = setInterval(() => {
    const c = current;
    if (c) c.query('select 1').catch((err: Error) => lost(c, err));
  }, 15_000);
  probe.unref();

  handlers.onLive(false);
  await open();
  return async () => {
    stopped = true;
    clearInterval(probe);
    if (retry) clearTimeout(retry);
    const c = current;
    current = null;
    if (c) await drop(c);
  };
}

export async function pingDatabase(db: TDb): Promise<void> {
  await db.execute(sql`select 1`);
}
