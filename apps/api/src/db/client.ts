import { fileURLToPath } from 'node:url';
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
import * as schema from './schema.ts';

/** One type for both drivers, so every query runs unchanged on PGlite and on PostgreSQL. */
export type TDb = PgDatabase<PgQueryResultHKT, typeof schema>;
export type TTx = Parameters<Parameters<TDb['transaction']>[0]>[0];

export type TDatabase = {
  db: TDb;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
};

export const MIGRATIONS_DIR = fileURLToPath(new URL('../../drizzle', import.meta.url));

/** Extensions the migrations create (coverage query: cube + earthdistance). */
export const PGLITE_EXTENSIONS = { cube, earthdistance };

export type TDatabaseOptions =
  | { kind: 'pglite'; dir: string | null; loadDataDir?: Blob | File }
  | { kind: 'postgres'; url: string; max?: number };

export async function openDatabase(opts: TDatabaseOptions): Promise<TDatabase> {
  if (opts.kind === 'pglite') {
    const client = await PGlite.create({
      extensions: PGLITE_EXTENSIONS,
      ...(opts.dir ? { dataDir: opts.dir } : {}),
      ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
    });
    const db = drizzlePglite({ client, schema, casing: 'snake_case' });
    return {
      db: db as unknown as TDb,
      kind: 'pglite',
      migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_DIR }),
      close: () => client.close(),
    };
  }
  const pool = new pg.Pool({ connectionString: opts.url, max: opts.max ?? 10 });
  let closing = false;
  // An idle client can lose its server (a restart, or a database dropped after close). The pool
  // drops that client; without a listener the pool's 'error' event would crash the process.
  pool.on('error', (err: Error & { code?: string }) => {
    if (closing && err.code === '57P01') return;
    console.error(`database: idle connection lost (${err.code ?? 'no code'}): ${err.message}`);
  });
  const db = drizzleNodePg({ client: pool, schema, casing: 'snake_case' });
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
    close: () => {
      closing = true;
      return pool.end();
    },
  };
}

export async function pingDatabase(db: TDb): Promise<void> {
  await db.execute(sql`select 1`);
}
