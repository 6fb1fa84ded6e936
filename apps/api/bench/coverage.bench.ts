/**
 * Coverage query: which branches serve a ZIP, with 10,000 branches spread over the US.
 * Target (Locations issue): p99 under 10 ms at the API; also reports the query's own
 * execution time from EXPLAIN ANALYZE.
 */
import { sql } from 'drizzle-orm';
import type { TDb } from '../src/db/client.ts';
import { branches, companies, zipCodes } from '../src/db/schema.ts';
import { runScenario, seededRandom, startBenchServer, type TResultRow } from './harness.ts';

const BRANCHES = 10_000;
const PER_COMPANY = 5;

export type TBenchZip = { zip: string; latitude: number; longitude: number; stateId: number; cityId: number };

/** Every US ZIP with its point, state and city, in ZIP order. */
export function loadZips(db: TDb): Promise<TBenchZip[]> {
  return db
    .select({
      zip: zipCodes.zip,
      latitude: zipCodes.latitude,
      longitude: zipCodes.longitude,
      stateId: zipCodes.stateId,
      cityId: zipCodes.cityId,
    })
    .from(zipCodes)
    .orderBy(zipCodes.zip);
}

export async function spreadBranches(db: TDb, zips: TBenchZip[]) {
  const rand = seededRandom(7);
  const companyIds: number[] = [];
  for (let i = 0; i < BRANCHES / PER_COMPANY; i += 500) {
    const rows = await db
      .insert(companies)
      .values(Array.from({ length: 500 }, (_, k) => ({ name: `Bench Movers ${i + k}` })))
      .returning({ id: companies.id });
    companyIds.push(...rows.map((r) => r.id));
  }
  const values = Array.from({ length: BRANCHES }, (_, i) => {
    const z = zips[Math.floor(rand() * zips.length)]!;
    return {
      companyId: companyIds[Math.floor(i / PER_COMPANY)]!,
      name: `Bench ${i}`,
      slug: `bench-${i}`,
      zipCode: z.zip,
      stateId: z.stateId,
      cityId: z.cityId,
      latitude: z.latitude,
      longitude: z.longitude,
      serviceArea: 5 + Math.floor(rand() * 96),
      isMain: i % PER_COMPANY === 0,
    };
  });
  for (let i = 0; i < values.length; i += 1000) await db.insert(branches).values(values.slice(i, i + 1000));
  await db.execute(sql`analyze branches`);
}

function rowsOf(result: unknown): Record<string, unknown>[] {
  return (result as { rows: Record<string, unknown>[] }).rows;
}

export async function coverageBench(): Promise<{
  rows: TResultRow[];
  explain: string;
  executionMs: number[];
}> {
  let zips: TBenchZip[] = [];
  const server = await startBenchServer(async ({ db }) => {
    zips = await loadZips(db);
    await spreadBranches(db, zips);
  });
  try {
    const rand = seededRandom(11);
    const pick = () => zips[Math.floor(rand() * zips.length)]!;
    const paths = Array.from({ length: 3000 }, () => `/api/public/coverage/${pick().zip}`);
    // Warm-up (not reported): JIT, the prepared statement and the in-memory ZIP cache, as in a running server.
    await runScenario(server.base, { name: 'warm-up', amount: 3000, connections: 2, paths });
    const rows = [
      await runScenario(server.base, {
        name: 'coverage, random ZIP, 1 connection',
        amount: 3000,
        connections: 1,
        paths,
      }),
      await runScenario(server.base, {
        name: 'coverage, random ZIP, 2 connections',
        amount: 3000,
        connections: 2,
        paths,
      }),
      await runScenario(server.base, {
        name: 'coverage, random ZIP, 8 connections',
        amount: 3000,
        connections: 8,
        paths,
      }),
    ];
    const executionMs: number[] = [];
    let explain = '';
    for (let i = 0; i < 50; i += 1) {
      const z = pick();
      const result = await server.database.db.execute(sql`
        explain (analyze, format text)
        select b.id, earth_distance(ll_to_earth(${z.latitude}::float8, ${z.longitude}::float8), ll_to_earth(b.latitude, b.longitude)) as d
        from branches b
        where b.deleted_at is null
          and earth_box(ll_to_earth(b.latitude, b.longitude), (b.service_area * 1000)::float8) @> ll_to_earth(${z.latitude}::float8, ${z.longitude}::float8)
          and earth_distance(ll_to_earth(${z.latitude}::float8, ${z.longitude}::float8), ll_to_earth(b.latitude, b.longitude)) <= b.service_area * 1000
        order by d limit 50`);
      const lines = rowsOf(result).map((r) => String(Object.values(r)[0]));
      const exec = lines.find((l) => l.startsWith('Execution Time'));
      if (exec) executionMs.push(Number(/([\d.]+) ms/.exec(exec)?.[1] ?? 0));
      if (i === 0) explain = lines.join('\n');
    }
    return { rows, explain, executionMs };
  } finally {
    await server.stop();
  }
}
