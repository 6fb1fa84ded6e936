import { randomBytes } from 'node:crypto';
import { count, like } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type TDatabase } from '../src/db/client.ts';
import { users } from '../src/db/schema.ts';
import { seedDemoIfEmpty } from '../src/db/seed/demo.ts';
import { ensureGeography } from '../src/db/seed/geography.ts';

/*
 * Issue 31 (docs/deploy.md): replicas started at the same moment on an empty PostgreSQL database,
 * each with its own pool as separate processes have. Each runs the start-up steps of server.ts
 * (migrations, geography, the demo data); one does each step's work, the others wait for it and
 * find it done, and none fails. PostgreSQL pass only: on PGlite there is one process.
 */
describe.runIf(process.env.DATABASE_URL)('three replicas starting at once on an empty database', () => {
  const admin = process.env.DATABASE_URL as string;
  const name = `haulpro_start_${randomBytes(6).toString('hex')}`;
  const pools: TDatabase[] = [];

  async function sql(text: string) {
    const c = new pg.Client({ connectionString: admin });
    await c.connect();
    try {
      await c.query(text);
    } finally {
      await c.end();
    }
  }
  afterAll(async () => {
    for (const p of pools) await p.close();
    await sql(`drop database if exists ${name} with (force)`);
  });

  it('migrate, load the geography and seed the demo data once, without an error', async () => {
    await sql(`create database ${name}`);
    const u = new URL(admin);
    u.pathname = `/${name}`;
    for (let i = 0; i < 3; i++)
      pools.push(await openDatabase({ kind: 'postgres', url: u.toString(), max: 3 }));

    await Promise.all(pools.map((p) => p.migrate()));
    const geography = await Promise.all(pools.map((p) => ensureGeography(p.db)));
    expect(geography.filter(Boolean)).toHaveLength(1);
    const seeded = await Promise.all(pools.map((p) => seedDemoIfEmpty(p.db)));
    expect(seeded.filter(Boolean)).toHaveLength(1);

    const db = pools[0]!.db;
    const [demo] = await db.select({ n: count() }).from(users).where(like(users.email, 'staff@demo.test'));
    expect(demo?.n).toBe(1);
    // A replica restarted later finds everything in place and changes nothing.
    await pools[1]!.migrate();
    expect(await seedDemoIfEmpty(pools[2]!.db)).toBe(false);
  }, 120_000);
});
