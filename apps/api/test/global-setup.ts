import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { TestProject } from 'vitest/node';
import { MIGRATIONS_DIR } from '../src/db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteDump: string;
  }
}

/**
 * Creating a PGlite database runs initdb in WASM (seconds), so it is done once: migrate,
 * dump the data directory, and let every test file open its own copy from the dump.
 * Against PostgreSQL (DATABASE_URL) each file creates its own database instead.
 */
export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) {
    project.provide('pgliteDump', '');
    return;
  }
  const pg = await PGlite.create();
  await migrate(drizzle({ client: pg }), { migrationsFolder: MIGRATIONS_DIR });
  const dump = await pg.dumpDataDir('none');
  await pg.close();
  const file = path.join(tmpdir(), `haulpro-pglite-${process.pid}.tar`);
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteDump', file);
}
