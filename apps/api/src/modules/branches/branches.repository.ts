import type { TBranch } from '@haulpro/shared/branch';
import { and, asc, desc, eq, inArray, isNull, like, or, sql } from 'drizzle-orm';
import type { TDb, TTx } from '../../db/client.ts';
import { branchCounties, branches, cities, companies, counties, states } from '../../db/schema.ts';

type TQ = TDb | TTx;
export type TBranchRow = typeof branches.$inferSelect;

const live = isNull(branches.deletedAt);

/** Full branch views (spec: Branch entity) for a company, or one branch; counties in one extra query. */
export async function branchViews(db: TQ, companyId: number, branchId?: number): Promise<TBranch[]> {
  const rows = await db
    .select({
      b: branches,
      stateName: states.name,
      stateCode: states.code,
      cityName: cities.name,
      companyName: companies.name,
    })
    .from(branches)
    .innerJoin(companies, eq(companies.id, branches.companyId))
    .leftJoin(states, eq(states.id, branches.stateId))
    .leftJoin(cities, eq(cities.id, branches.cityId))
    .where(and(eq(branches.companyId, companyId), live, branchId ? eq(branches.id, branchId) : undefined))
    .orderBy(desc(branches.isMain), asc(branches.name), asc(branches.id));
  if (!rows.length) return [];
  const countyRows = await db
    .select({ branchId: branchCounties.branchId, id: counties.id, name: counties.name })
    .from(branchCounties)
    .innerJoin(counties, eq(counties.id, branchCounties.countyId))
    .where(
      inArray(
        branchCounties.branchId,
        rows.map((r) => r.b.id),
      ),
    )
    .orderBy(asc(branchCounties.position), asc(counties.name));
  const byBranch = new Map<number, { id: number; name: string }[]>();
  for (const c of countyRows) {
    const list = byBranch.get(c.branchId) ?? [];
    list.push({ id: c.id, name: c.name });
    byBranch.set(c.branchId, list);
  }
  return rows.map(({ b, stateName, stateCode, cityName, companyName }) => ({
    id: b.id,
    name: b.name,
    slug: b.slug,
    address: b.address,
    full_address: [b.address, cityName, [stateCode, b.zipCode].filter(Boolean).join(' ')]
      .filter(Boolean)
      .join(', '),
    state_id: b.stateId,
    state_name: stateName,
    state_code: stateCode,
    city_id: b.cityId,
    city_name: cityName,
    zip_code: b.zipCode,
    latitude: b.latitude,
    longitude: b.longitude,
    service_area: b.serviceArea,
    primary_phone: b.primaryPhone,
    phone_number: b.primaryPhone,
    counties: byBranch.get(b.id) ?? [],
    is_main: b.isMain,
    time_zone: b.timeZone,
    company_id: b.companyId,
    company_name: companyName,
    email: b.email,
    website: b.website,
    found_date: b.foundDate,
    employees_count: b.employeesCount,
    logo: b.logo,
  }));
}

export function findCompanyBranch(db: TQ, companyId: number, id: number) {
  return db
    .select()
    .from(branches)
    .where(and(eq(branches.id, id), eq(branches.companyId, companyId), live))
    .limit(1)
    .then((r) => r[0]);
}

/** The company's main branch (the first live one when none is marked main). */
export function findMainBranch(db: TQ, companyId: number) {
  return db
    .select()
    .from(branches)
    .where(and(eq(branches.companyId, companyId), isNull(branches.deletedAt)))
    .orderBy(desc(branches.isMain), asc(branches.id))
    .limit(1)
    .then((r) => r[0]);
}

export function countCompanyBranches(db: TQ, companyId: number) {
  return db
    .select({ id: branches.id })
    .from(branches)
    .where(and(eq(branches.companyId, companyId), live))
    .then((r) => r.length);
}

/** Slugs already used by live branches that start with `base` (base, base-2, base-3, ...). */
export function slugsLike(db: TQ, base: string) {
  return db
    .select({ slug: branches.slug })
    .from(branches)
    .where(and(live, or(eq(branches.slug, base), like(branches.slug, `${base}-%`))))
    .then((r) => new Set(r.map((x) => x.slug)));
}

export async function replaceBranchCounties(db: TQ, branchId: number, countyIds: number[]) {
  await db.delete(branchCounties).where(eq(branchCounties.branchId, branchId));
  if (countyIds.length) {
    await db
      .insert(branchCounties)
      .values(countyIds.map((countyId, position) => ({ branchId, countyId, position })));
  }
}

/** Serialises slug choice per name within the transaction, so two creations of "Downtown" get two slugs. */
export async function lockSlugChoice(tx: TTx, slug: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(727100, hashtext(${slug}))`);
}

export function insertBranch(db: TQ, values: typeof branches.$inferInsert): Promise<number> {
  return db
    .insert(branches)
    .values(values)
    .returning({ id: branches.id })
    .then((r) => r[0]!.id);
}

export async function updateBranch(
  db: TQ,
  id: number,
  set: Partial<typeof branches.$inferInsert>,
): Promise<void> {
  await db.update(branches).set(set).where(eq(branches.id, id));
}

export async function softDeleteBranch(db: TQ, id: number, at: Date): Promise<void> {
  await db.update(branches).set({ deletedAt: at }).where(eq(branches.id, id));
}

/** A live branch by its public slug, with its company's name and logo. */
export function findBranchBySlug(db: TQ, slug: string) {
  return db
    .select({
      b: branches,
      companyName: companies.name,
      companyLogo: companies.logo,
      companyPaymentMethods: companies.paymentMethods,
    })
    .from(branches)
    .innerJoin(companies, eq(companies.id, branches.companyId))
    .where(and(eq(branches.slug, slug), live))
    .limit(1)
    .then((r) => r[0]);
}
