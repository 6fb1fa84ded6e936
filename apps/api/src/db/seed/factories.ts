import type { TRole } from '@haulpro/shared/user';
import { hashPassword } from '../../modules/auth/passwords.ts';
import { newReferralCode } from '../../modules/auth/tokens.ts';
import { findZip } from '../../modules/geo/geo.repository.ts';
import type { TDb, TTx } from '../client.ts';
import { branchCounties, branches, companies, users } from '../schema.ts';

type TQ = TDb | TTx;

/** URL-safe slug from a branch name; uniqueness is the caller's job (see uniqueSlug). */
export function slugify(name: string): string {
  return (
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 70) || 'branch'
  );
}

let seq = 0;
const next = () => {
  seq += 1;
  return `${Date.now().toString(36)}${seq}`;
};

// Hashing is deliberately slow; tests create many users with the same password.
const hashCache = new Map<string, Promise<string>>();
function cachedHash(password: string) {
  let h = hashCache.get(password);
  if (!h) {
    h = hashPassword(password);
    hashCache.set(password, h);
  }
  return h;
}

export async function createCompany(db: TQ, v: { name?: string } = {}) {
  const [row] = await db
    .insert(companies)
    .values({ name: v.name ?? `Company ${next()}` })
    .returning();
  return row!;
}

export async function createBranch(
  db: TQ,
  v: Partial<Omit<typeof branches.$inferInsert, 'companyId'>> & { companyId: number; countyIds?: number[] },
) {
  const { countyIds, ...values } = v;
  const name = values.name ?? `Branch ${next()}`;
  const [row] = await db
    .insert(branches)
    .values({
      ...values,
      name,
      slug: values.slug ?? `${slugify(name)}-${next()}`,
      zipCode: values.zipCode ?? '90001',
      isMain: values.isMain ?? false,
    })
    .returning();
  if (countyIds?.length) {
    await db
      .insert(branchCounties)
      .values(countyIds.map((countyId, position) => ({ branchId: row!.id, countyId, position })));
  }
  return row!;
}

/** A branch placed at a real ZIP code's point, with its state, city and county filled in. */
export async function createBranchAtZip(
  db: TQ,
  zip: string,
  v: Partial<Omit<typeof branches.$inferInsert, 'companyId'>> & { companyId: number },
) {
  const info = await findZip(db, zip);
  if (!info) throw new Error(`unknown zip ${zip}`);
  return createBranch(db, {
    address: `${100 + (Number(zip) % 800)} Main St`,
    primaryPhone: '+1 (213) - 555 - 0100',
    ...v,
    zipCode: zip,
    stateId: info.state_id,
    cityId: info.city_id,
    latitude: info.latitude,
    longitude: info.longitude,
    countyIds: info.county_id ? [info.county_id] : [],
  });
}

export async function createUser(
  db: TQ,
  v: {
    role?: TRole;
    email?: string;
    password?: string;
    firstName?: string;
    lastName?: string;
    companyId?: number | null;
    isEmailVerified?: boolean;
    phone?: string | null;
    referralCode?: string;
  } = {},
) {
  const role = v.role ?? 'customer';
  const [row] = await db
    .insert(users)
    .values({
      firstName: v.firstName ?? 'Test',
      lastName: v.lastName ?? role[0]!.toUpperCase() + role.slice(1),
      email: (v.email ?? `${role}-${next()}@example.test`).toLowerCase(),
      passwordHash: await cachedHash(v.password ?? 'password123'),
      role,
      companyId: v.companyId ?? null,
      isEmailVerified: v.isEmailVerified ?? true,
      phone: v.phone ?? null,
      referralCode: v.referralCode ?? newReferralCode(),
    })
    .returning();
  return row!;
}
