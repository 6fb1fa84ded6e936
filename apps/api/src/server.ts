import { mkdirSync } from 'node:fs';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase, type TDbLog } from './db/client.ts';
import { seedDemoIfEmpty } from './db/seed/demo.ts';
import { ensureGeography } from './db/seed/geography.ts';
import { classifyDbError } from './http/db-errors.ts';
import { startScheduler } from './jobs/scheduler.ts';

const config = loadConfig();
if (config.database.kind === 'pglite' && config.database.dir)
  mkdirSync(config.database.dir, { recursive: true });
/** The database layer logs through the server's logger once it exists. */
let log: TDbLog = {
  warn: (obj, msg) => console.error(JSON.stringify({ level: 40, time: Date.now(), ...obj, msg })),
};
const database = await openDatabase(
  config.database.kind === 'postgres'
    ? { kind: 'postgres', url: config.database.url, log: { warn: (obj, msg) => log.warn(obj, msg) } }
    : { kind: 'pglite', dir: config.database.dir },
);
await database.migrate();
const geographyLoaded = await ensureGeography(database.db);
const { app, deps } = await buildApp({ config, database });
log = app.log;
if (geographyLoaded) app.log.info('loaded US geography (GeoNames, census counties)');

// A lost database connection must never end the process: requests answer 503 until it is back.
// Any other error that escapes leaves the process in an unknown state: log it (JSON, no SQL
// values) and exit, and `npm start` (scripts/start.mjs) starts a fresh one.
function escaped(kind: string, err: unknown) {
  const e = err instanceof Error ? err : new Error(String(err));
  if (classifyDbError(e) === 'unavailable') {
    app.log.warn({ err: e }, `${kind}: database connection lost; serving 503 until it is back`);
    return;
  }
  app.log.fatal({ err: e }, `${kind}: exiting`);
  process.exit(1);
}
process.on('unhandledRejection', (reason) => escaped('unhandled rejection', reason));
process.on('uncaughtException', (err) => escaped('uncaught exception', err));

if (config.seedDemo && (await seedDemoIfEmpty(database.db))) app.log.info('seeded demo data');

const stopJobs = startScheduler(deps);
let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  stopJobs();
  await app.close();
  await database.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
app.log.info(`Haulpro is serving on ${config.publicUrl}`);
