import { mkdirSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase, type TDatabase } from './db/client.ts';
import { seedDemoIfEmpty } from './db/seed/demo.ts';
import { ensureGeography } from './db/seed/geography.ts';
import { classifyDbError, dbErrorCode } from './http/db-errors.ts';
import { jsonLineLog } from './http/log-options.ts';
import type { TApp } from './http/types.ts';
import { startScheduler } from './jobs/scheduler.ts';

type TLog = Pick<TApp['log'], 'info' | 'warn' | 'fatal'>;

/** Until the app (and its pino logger) exists, log lines have the same JSON shape on stdout. */
let log: TLog = {
  info: (obj: unknown, msg?: string) => jsonLineLog(30, obj, msg),
  warn: (obj: unknown, msg?: string) => jsonLineLog(40, obj, msg),
  fatal: (obj: unknown, msg?: string) => jsonLineLog(60, obj, msg),
} as TLog;

// A lost database connection must never end the process: requests answer 503 until it is back.
// Any other error that escapes leaves the process in an unknown state: log it (JSON, no SQL
// values) and exit, and `npm start` (scripts/start.mjs) starts a fresh one.
function escaped(kind: string, err: unknown) {
  const e = err instanceof Error ? err : new Error(String(err));
  if (classifyDbError(e) === 'unavailable') {
    log.warn({ err: e }, `${kind}: database connection lost; serving 503 until it is back`);
    return;
  }
  log.fatal({ err: e }, `${kind}: exiting`);
  process.exit(1);
}
process.on('unhandledRejection', (reason) => escaped('unhandled rejection', reason));
process.on('uncaughtException', (err) => escaped('uncaught exception', err));

let database: TDatabase | null = null;
let app: TApp | null = null;
let stopJobs = () => {};
let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  log.info({ signal }, 'shutting down');
  stopJobs();
  // Keep-alive connections (a load balancer's) that go idle while the answers in flight finish
  // are closed as they do, not left to time out, so the process exits within moments and the
  // balancer moves on to the other replicas (docs/deploy.md, rolling restart).
  const idle = setInterval(() => app?.server.closeIdleConnections(), 100);
  await app?.close();
  clearInterval(idle);
  await database?.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

/**
 * Runs a start-up step that needs the database, waiting (with backoff, logged) while it is
 * unavailable: a server started before its database comes up once the database does.
 */
async function whenDatabaseAnswers<T>(step: string, run: () => Promise<T>): Promise<T> {
  for (let delay = 500; ; delay = Math.min(delay * 2, 10_000)) {
    try {
      return await run();
    } catch (err) {
      if (closing || classifyDbError(err) !== 'unavailable') throw err;
      log.warn({ code: dbErrorCode(err), retryInMs: delay }, `${step}: the database is unavailable, waiting`);
      await sleep(delay);
    }
  }
}

try {
  const config = loadConfig();
  if (config.database.kind === 'pglite' && config.database.dir)
    mkdirSync(config.database.dir, { recursive: true });
  const db = await openDatabase(
    config.database.kind === 'postgres'
      ? // The database layer logs through the server's logger once it exists.
        { kind: 'postgres', url: config.database.url, log: { warn: (obj, msg) => log.warn(obj, msg) } }
      : config.database,
  );
  database = db;
  await whenDatabaseAnswers('migrations', () => db.migrate());
  const geographyLoaded = await whenDatabaseAnswers('geography', () => ensureGeography(db.db));
  const built = await buildApp({ config, database: db });
  app = built.app;
  log = built.app.log;
  if (geographyLoaded) log.info('loaded US geography (GeoNames, census counties)');
  if (
    config.seedDemo &&
    (await whenDatabaseAnswers('demo data', () =>
      seedDemoIfEmpty(db.db, built.deps.storage, config.publicUrl),
    ))
  )
    log.info('seeded demo data');
  if (!closing) {
    stopJobs = startScheduler(built.deps, built.services, undefined, built.metrics?.jobPass);
    await built.app.listen({ port: config.port, host: config.host });
    log.info(`Haulpro is serving on ${config.publicUrl}`);
  }
} catch (err) {
  // A bad configuration, a port in use, a failed migration: one JSON line, then exit (unless a
  // signal stopped the start, and shutdown() is already ending the process).
  if (!closing) {
    log.fatal({ err }, 'the server could not start');
    process.exit(1);
  }
}
