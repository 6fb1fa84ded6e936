import { and, asc, eq, ilike, inArray, isNull, sql } from 'drizzle-orm';
import type { TDb, TTx } from '../../db/client.ts';
import { branches, cities, companies, counties, states, zipCodes } from '../../db/schema.ts';

type TQ = TDb | TTx;

const zipColumns = {
  zip_code: zipCodes.zip,
  latitude: zipCodes.latitude,
  longitude: zipCodes.longitude,
  state_id: states.id,
  state_code: states.code,
  state_name: states.name,
  city_id: cities.id,
  city_name: cities.name,
  county_id: counties.id,
  county_name: counties.name,
};

function selectZips(db: TQ) {
  return db
    .select(zipColumns)
    .from(zipCodes)
    .innerJoin(states, eq(states.id, zipCodes.stateId))
    .innerJoin(cities, eq(cities.id, zipCodes.cityId))
    .leftJoin(counties, eq(counties.id, zipCodes.countyId));
}

export function findZip(db: TQ, zip: string) {
  return selectZips(db)
    .where(eq(zipCodes.zip, zip))
    .limit(1)
    .then((r) => r[0]);
}

/** Every ZIP with its place, as `findZip` answers it (about 41,000 rows). */
export function listZips(db: TQ) {
  return selectZips(db);
}

export function listStates(db: TQ) {
  return db
    .select({ display: states.name, value: states.id, code: states.code })
    .from(states)
    .orderBy(asc(states.name));
}

export function listCities(db: TQ, stateId: number) {
  return db
    .select({ display: cities.name, value: cities.id })
    .from(cities)
    .where(eq(cities.stateId, stateId))
    .orderBy(asc(cities.name));
}

export function findCity(db: TQ, id: number) {
  return db
    .select()
    .from(cities)
    .where(eq(cities.id, id))
    .limit(1)
    .then((r) => r[0]);
}

export function findState(db: TQ, id: number) {
  return db
    .select()
    .from(states)
    .where(eq(states.id, id))
    .limit(1)
    .then((r) => r[0]);
}

export function findCounties(db: TQ, ids: number[]) {
  if (!ids.length) return Promise.resolve([]);
  return db.select({ id: counties.id }).from(counties).where(inArray(counties.id, ids));
}

/** Case-insensitive name search; names that start with the query come first. At most `limit`. */
export function searchCounties(db: TQ, query: string, stateId: number | undefined, limit: number) {
  const escaped = query.replace(/[\\%_]/g, (c) => `\\${c}`);
  return db
    .select({ id: counties.id, name: counties.name, state_code: states.code })
    .from(counties)
    .innerJoin(states, eq(states.id, counties.stateId))
    .where(and(ilike(counties.name, `%${escaped}%`), stateId ? eq(counties.stateId, stateId) : undefined))
    .orderBy(
      sql`(lower(${counties.name}) like lower(${`${escaped}%`})) desc`,
      asc(counties.name),
      asc(states.code),
    )
    .limit(limit);
}

/**
 * Branches whose service area (centre + radius in km) contains the point, nearest first.
 * The GiST index on each branch's own service-area box finds the candidates whose box holds
 * the point; the exact great-circle distance then checks the circle. Prepared once per
 * database: planning this query costs more than running it.
 */
function prepareCoverage(db: TDb) {
  const here = sql`ll_to_earth(${sql.placeholder('lat')}::float8, ${sql.placeholder('lng')}::float8)`;
  const there = sql`ll_to_earth(${branches.latitude}, ${branches.longitude})`;
  const distance = sql<number>`earth_distance(${here}, ${there})`;
  return db
    .select({
      id: branches.id,
      name: branches.name,
      slug: branches.slug,
      zip_code: branches.zipCode,
      service_area: branches.serviceArea,
      company_id: branches.companyId,
      company_name: companies.name,
      distance_km: sql<number>`round((${distance} / 1000)::numeric, 2)`.mapWith(Number),
    })
    .from(branches)
    .innerJoin(companies, eq(companies.id, branches.companyId))
    .where(
      and(
        isNull(branches.deletedAt),
        sql`earth_box(${there}, (${branches.serviceArea} * 1000)::float8) @> ${here}`,
        sql`${distance} <= ${branches.serviceArea} * 1000`,
      ),
    )
    .orderBy(distance, asc(branches.id))
    .limit(sql.placeholder('limit'))
    .prepare('coverage_by_point');
}

const coverageStatements = new WeakMap<TDb, ReturnType<typeof prepareCoverage>>();

export function coveringBranches(db: TDb, point: { latitude: number; longitude: number }, limit = 50) {
  let statement = coverageStatements.get(db);
  if (!statement) {
    statement = prepareCoverage(db);
    coverageStatements.set(db, statement);
  }
  return statement.execute({ lat: point.latitude, lng: point.longitude, limit });
}

/** Every live branch's place and service area, for the in-memory coverage index. */
export function listCoverageRows(db: TDb) {
  return db
    .select({
      id: branches.id,
      name: branches.name,
      slug: branches.slug,
      zip_code: branches.zipCode,
      service_area: branches.serviceArea,
      company_id: branches.companyId,
      company_name: companies.name,
      latitude: branches.latitude,
      longitude: branches.longitude,
    })
    .from(branches)
    .innerJoin(companies, eq(companies.id, branches.companyId))
    .where(isNull(branches.deletedAt));
}
