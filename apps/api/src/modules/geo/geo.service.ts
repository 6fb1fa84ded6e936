import { INVALID_ZIP, ZIP_PATTERN } from '@haulpro/shared/geo';
import type { TDb } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { emailTaken } from '../users/users.service.ts';
import {
  coveringBranches,
  findCity,
  findCounties,
  findState,
  findZip,
  listCities,
  listStates,
  searchCounties,
} from './geo.repository.ts';

export const COUNTY_SEARCH_LIMIT = 20;

type TZipRow = NonNullable<Awaited<ReturnType<typeof findZip>>>;

/** Every US ZIP fits (about 41,000 small rows); the geography tables never change at run time. */
const ZIP_CACHE_MAX = 50_000;

export function createGeoService(db: TDb) {
  const zipCache = new Map<string, TZipRow | null>();

  /** ZIP look-ups sit on the hot path of booking and coverage: answered from memory after the first time. */
  async function zipInfo(zip: string): Promise<TZipRow | null> {
    if (!ZIP_PATTERN.test(zip)) return null;
    const hit = zipCache.get(zip);
    if (hit !== undefined) return hit;
    const row = (await findZip(db, zip)) ?? null;
    // Unknown ZIPs are not cached: a junk flood must not fill memory.
    if (row && zipCache.size < ZIP_CACHE_MAX) zipCache.set(zip, row);
    return row;
  }
  return {
    zipInfo,
    async zipOrFail(zip: string) {
      const info = await zipInfo(zip);
      if (!info) throw new AppError('not_found', INVALID_ZIP, { zip_code: [INVALID_ZIP] });
      return info;
    },
    async isZipValid(zip: string) {
      return (await zipInfo(zip)) !== null;
    },
    /** An e-mail is valid for sign-up when well-formed and not registered yet. */
    async isEmailAvailable(email: string) {
      return !(await emailTaken(db, email));
    },
    states: () => listStates(db),
    cities: (stateId: number) => listCities(db, stateId),
    counties: (query: string, stateId?: number) =>
      searchCounties(db, query.trim(), stateId, COUNTY_SEARCH_LIMIT),
    async coverage(zip: string) {
      const info = await this.zipOrFail(zip);
      return { zip: info, branches: await coveringBranches(db, info) };
    },
  };
}

/** Read for other modules: the places a branch form names (ZIP, state, city, counties), in one round. */
export function branchPlaces(
  db: TDb,
  v: { zip: string; stateId: number; cityId: number; countyIds: number[] },
) {
  return Promise.all([
    findZip(db, v.zip),
    findState(db, v.stateId),
    findCity(db, v.cityId),
    findCounties(db, v.countyIds),
  ]);
}
