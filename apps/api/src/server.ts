import { mkdirSync } from 'node:fs';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { seedDemoIfEmpty } from './db/seed/demo.ts';
import { ensureGeography } from './db/seed/geography.ts';
import { startScheduler } from './jobs/scheduler.ts';

const config = loadConfig();
if (config.database.kind === 'pglite' && config.database.dir)
  mkdirSync(config.database.dir, { recursive: true });
const database = await openDatabase(
  config.database.kind === 'postgres'
    ? { kind: 'postgres', url: config.database.url }
    : { kind: 'pglite', dir: config.database.dir },
);
await database.migrate();
if (await ensureGeography(database.db)) console.log('loaded US geography (GeoNames, census counties)');
const { app, deps } = await buildApp({ config, database });
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
