import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { openDatabase, type TDatabase } from '../db/client.ts';
import { createDatabaseStorage } from './database-storage.ts';
import { createS3Storage } from './s3-storage.ts';
import type { TStorage } from './storage.ts';
import { migrateUploads } from './storage-migrate.ts';

/*
 * npm run storage:migrate -- --to s3|database [--verbose]
 * Copies DATA_DIR/uploads to the store STORAGE=<to> would use (S3_* or the database of
 * DATABASE_URL / DATA_DIR/db), checking each copy's sha256; then set STORAGE=<to> and restart.
 * Exit 0: every file is in the target; 1: a copy read back differently; 2: bad arguments.
 * On the embedded database (no DATABASE_URL) stop the server first: one process per PGlite folder.
 */
const USAGE = 'usage: npm run storage:migrate -- --to s3|database [--verbose]';

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { to: { type: 'string' }, verbose: { type: 'boolean' } } });
  if (values.to !== 's3' && values.to !== 'database') {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig({ ...process.env, STORAGE: values.to });
  let database: TDatabase | null = null;
  try {
    let target: TStorage;
    if (config.storage.kind === 's3') target = createS3Storage(config.storage.s3);
    else {
      database = await openDatabase(config.database);
      // Its table, if the server has not run this release yet.
      await database.migrate();
      target = createDatabaseStorage(database.db);
    }
    const report = await migrateUploads(config.uploadsDir, target, (p, outcome) => {
      if (values.verbose || outcome === 'MISMATCH') console.log(`${outcome}: ${p}`);
    });
    console.log(
      `storage:migrate ${config.uploadsDir} -> ${values.to}: ${report.copied} copied, ` +
        `${report.alreadyThere} already there, ${report.mismatched.length} mismatched, ` +
        `${report.ignored.length} ignored (not a stored file)`,
    );
    for (const p of report.ignored) console.log(`ignored: ${p}`);
    return report.mismatched.length ? 1 : 0;
  } finally {
    await database?.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error('storage:migrate failed:', err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
