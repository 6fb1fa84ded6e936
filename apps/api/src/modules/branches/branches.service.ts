import { BRANCH_MSG, type TBranchInput, ZBranchInput } from '@haulpro/shared/branch';
import type { TProfileSection, ZSectionAnswer } from '@haulpro/shared/company-profile';
import type { TLicence } from '@haulpro/shared/credentials';
import { INVALID_ZIP } from '@haulpro/shared/geo';
import type { z } from 'zod';
import type { TAuth, TDeps } from '../../context.ts';
import type { TDb, TTx } from '../../db/client.ts';
import { slugify } from '../../db/seed/factories.ts';
import { conflict, invalid, issuesToFieldErrors, notFound, type TFieldErrors } from '../../domain/errors.ts';
import { timeZoneForState } from '../../domain/state-time-zones.ts';
import { staffCompanyId } from '../company-scope.ts';
import type { TCoverageIndex } from '../geo/coverage-index.ts';
import type { TGeoService } from '../geo/geo.service.ts';
import {
  addBranchRating,
  removeBranchRating,
  removeCredential,
  setBranchAbout,
  setBranchLogo,
  setCredential,
  updateBranchPricing,
} from './branch-details.repository.ts';
import {
  branchViews,
  countCompanyBranches,
  findBranchBySlug,
  findCompanyBranch,
  findMainBranch,
  insertBranch,
  lockSlugChoice,
  replaceBranchCounties,
  slugsLike,
  softDeleteBranch,
  type TBranchRow,
  updateBranch,
} from './branches.repository.ts';

type TInput = z.output<typeof ZBranchInput>;

/**
 * GET branches/{id}?section= answers a company profile section: the company-profile module reads
 * it, handed in at composition (modules/services.ts) since that module already builds on this one.
 */
export type TSectionReader = (
  auth: TAuth,
  branchId: number,
  section: TProfileSection,
) => Promise<z.output<typeof ZSectionAnswer>>;

export function createBranchesService(
  { db }: TDeps,
  coverage: TCoverageIndex,
  readSection: TSectionReader,
  geo: Pick<TGeoService, 'places'>,
) {
  const checkPlaces = (input: TInput) => checkBranchPlaces(geo, input);

  async function view(companyId: number, id: number) {
    const [b] = await branchViews(db, companyId, id);
    if (!b) throw notFound();
    return b;
  }

  return {
    /** For mover registration: the branch form's places checked, then its main branch in the sign-up's transaction. */
    checkPlaces,
    insertMain: insertMainBranch,

    list: (auth: TAuth) => branchViews(db, staffCompanyId(auth)),
    get: (auth: TAuth, id: number) => view(staffCompanyId(auth), id),
    section: readSection,

    // What other modules ask of a branch: they reach it here, never through the table.
    companyBranch: (companyId: number, branchId: number) => findCompanyBranch(db, companyId, branchId),
    mainBranch: (companyId: number) => findMainBranch(db, companyId),
    updateInfo: (current: TBranchRow, set: Parameters<typeof updateBranchInfo>[2]) =>
      updateBranchInfo(db, current, set),
    setLogo: (branchId: number, logo: string) => setBranchLogo(db, branchId, logo),
    setAbout: (branchId: number, aboutUs: string) => setBranchAbout(db, branchId, aboutUs),
    setCredential: (branchId: number, name: string, value: Record<string, string> | number) =>
      setCredential(db, branchId, name, value),
    removeCredential: (branchId: number, name: TLicence) => removeCredential(db, branchId, name),
    updatePricing: (branchId: number, set: Parameters<typeof updateBranchPricing>[2]) =>
      updateBranchPricing(db, branchId, set),
    addRating: addBranchRating,
    removeRating: removeBranchRating,

    async create(auth: TAuth, input: TInput) {
      const companyId = staffCompanyId(auth);
      const { stateCode } = await checkPlaces(input);
      const id = await db.transaction(async (tx) => {
        // Serialise slug choice per name so two creations of "Downtown" get two slugs.
        await lockSlugChoice(tx, slugify(input.name));
        const isFirst = (await countCompanyBranches(tx, companyId)) === 0;
        const branchId = await insertBranch(tx, {
          companyId,
          slug: await uniqueSlug(tx, input.name),
          isMain: isFirst,
          ...columns(input, stateCode),
        });
        await replaceBranchCounties(tx, branchId, input.county_ids);
        return branchId;
      });
      coverage.invalidate();
      return view(companyId, id);
    },

    async update(auth: TAuth, id: number, patch: Partial<TBranchInput>) {
      const companyId = staffCompanyId(auth);
      const current = await findCompanyBranch(db, companyId, id);
      if (!current) throw notFound();
      const existing = (await branchViews(db, companyId, id))[0]!;
      // PATCH: fields not sent keep their values; the merged record is validated as a whole.
      const merged = ZBranchInput.safeParse({
        name: existing.name,
        address: existing.address,
        state_id: existing.state_id,
        city_id: existing.city_id,
        zip_code: existing.zip_code,
        latitude: existing.latitude,
        longitude: existing.longitude,
        service_area: existing.service_area,
        primary_phone: existing.primary_phone,
        county_ids: existing.counties.map((c) => c.id),
        time_zone: existing.time_zone,
        ...Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)),
      });
      if (!merged.success) throw invalid(issuesToFieldErrors(merged.error.issues));
      const { stateCode } = await checkPlaces(merged.data);
      const keepZone = patch.state_id === undefined || patch.state_id === current.stateId;
      await db.transaction(async (tx) => {
        await updateBranch(tx, id, {
          ...columns(merged.data, stateCode),
          timeZone: patch.time_zone ?? (keepZone ? current.timeZone : timeZoneForState(stateCode)),
          slug: await uniqueSlug(tx, merged.data.name, current),
        });
        if (patch.county_ids !== undefined) await replaceBranchCounties(tx, id, merged.data.county_ids);
      });
      coverage.invalidate();
      return view(companyId, id);
    },

    async remove(auth: TAuth, id: number) {
      const companyId = staffCompanyId(auth);
      const current = await findCompanyBranch(db, companyId, id);
      if (!current) throw notFound();
      if (current.isMain) throw conflict(BRANCH_MSG.mainBranchDelete);
      await softDeleteBranch(db, id, new Date());
      coverage.invalidate();
    },
  };
}

/** Cross-field checks the schema cannot make: the zip exists and lies in the state; the city too; counties exist. */
async function checkBranchPlaces(
  geo: Pick<TGeoService, 'places'>,
  input: TInput,
): Promise<{ stateCode: string }> {
  const errors: TFieldErrors = {};
  const [zip, state, city, found] = await geo.places({
    zip: input.zip_code,
    stateId: input.state_id,
    cityId: input.city_id,
    countyIds: input.county_ids,
  });
  if (!state) errors.state_id = [BRANCH_MSG.stateRequired];
  if (!zip) errors.zip_code = [INVALID_ZIP];
  else if (state && zip.state_id !== state.id) errors.zip_code = [BRANCH_MSG.zipNotInState];
  if (!city) errors.city_id = [BRANCH_MSG.cityRequired];
  else if (state && city.stateId !== state.id) errors.city_id = [BRANCH_MSG.cityNotInState];
  if (found.length !== input.county_ids.length) errors.county_ids = [BRANCH_MSG.countyMissing];
  if (Object.keys(errors).length) throw invalid(errors);
  return { stateCode: state!.code };
}

function columns(input: TInput, stateCode: string) {
  return {
    name: input.name,
    address: input.address,
    stateId: input.state_id,
    cityId: input.city_id,
    zipCode: input.zip_code,
    latitude: input.latitude,
    longitude: input.longitude,
    serviceArea: input.service_area,
    primaryPhone: input.primary_phone,
    timeZone: input.time_zone ?? timeZoneForState(stateCode),
  };
}

/**
 * Write for other modules (mover registration): a new company's main branch, in the caller's
 * transaction, after `checkBranchPlaces`. The caller refreshes the coverage index after commit.
 */
async function insertMainBranch(tx: TTx, companyId: number, input: TInput, stateCode: string) {
  await lockSlugChoice(tx, slugify(input.name));
  const branchId = await insertBranch(tx, {
    companyId,
    slug: await uniqueSlug(tx, input.name),
    isMain: true,
    ...columns(input, stateCode),
  });
  await replaceBranchCounties(tx, branchId, input.county_ids);
  return branchId;
}

/** The slug for a name: the branch keeps its own when the name still gives it, else the first free one. */
async function uniqueSlug(tx: TDb | TTx, name: string, keep?: TBranchRow): Promise<string> {
  const base = slugify(name);
  if (keep && (keep.slug === base || new RegExp(`^${base}-\\d+$`).test(keep.slug))) return keep.slug;
  const taken = await slugsLike(tx, base);
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/**
 * Write for the company profile (Branch info): name (the slug follows it, as on Locations),
 * address, phone and number of employees of a branch the caller's company owns.
 */
async function updateBranchInfo(
  db: TDb,
  current: TBranchRow,
  set: { name: string; address: string; primaryPhone: string; employeesCount: number },
): Promise<void> {
  await db.transaction(async (tx) => {
    await lockSlugChoice(tx, slugify(set.name));
    await updateBranch(tx, current.id, { ...set, slug: await uniqueSlug(tx, set.name, current) });
  });
}

export type { TBranchRow } from './branches.repository.ts';

/** Read for other modules: a live branch by its public slug, with its company's name and logo. */
export function branchBySlug(db: TDb, slug: string) {
  return findBranchBySlug(db, slug);
}

export type TBranchesService = ReturnType<typeof createBranchesService>;
