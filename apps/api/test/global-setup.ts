import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { MIGRATIONS_DIR, openDatabase, PGLITE_EXTENSIONS, type TDb } from '../src/db/client.ts';
import * as schema from '../src/db/schema.ts';
import { ensureGeography } from '../src/db/seed/geography.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteDump: string;
    pgTemplate: string;
  }
}

/**
 * Creating a PGlite database runs initdb in WASM (seconds), so it is done once: migrate,
 * dump the data directory, and let every test file open its own copy from the dump.
 * Against PostgreSQL (DATABASE_URL) each file creates its own database instead.
 */
export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (url) {
    // Each test file copies this template (CREATE DATABASE ... TEMPLATE), geography included.
    const name = `haulpro_tpl_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${name}`);
    await admin.query(`create database ${name}`);
    const u = new URL(url);
    u.pathname = `/${name}`;
    const tpl = await openDatabase({ kind: 'postgres', url: u.toString(), max: 2 });
    await tpl.migrate();
    await ensureGeography(tpl.db);
    await tpl.close();
    project.provide('pgliteDump', '');
    project.provide('pgTemplate', name);
    return async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  }
  const client = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
  const db = drizzle({ client, schema, casing: 'snake_case' });
  await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
  await ensureGeography(db as unknown as TDb);
  const dump = await client.dumpDataDir('none');
  await client.close();
  const file = path.join(tmpdir(), `haulpro-pglite-${process.pid}.tar`);
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteDump', file);
  project.provide('pgTemplate', '');
  return () => rm(file, { force: true });
}
