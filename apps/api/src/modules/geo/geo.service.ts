import { INVALID_ZIP, ZIP_PATTERN } from '@haulpro/shared/geo';
import type { TDb } from '../../db/client.ts';
import { AppError } from '../../domain/errors.ts';
import type { TUsersService } from '../users/users.service.ts';
import {
  coveringBranches,
  findCity,
  findCounties,
  findState,
  findZip,
  listCities,
  listStates,
  listZips,
  searchCounties,
} from './geo.repository.ts';

export const COUNTY_SEARCH_LIMIT = 20;

type TZipRow = NonNullable<Awaited<ReturnType<typeof findZip>>>;

export function createGeoService(db: TDb, users: Pick<TUsersService, 'emailTaken'>) {
  /** Every ZIP by code, read once: the geography tables never change at run time (seeded with the schema). */
  let zips: Map<string, TZipRow> | null = null;
  let loading: Promise<Map<string, TZipRow>> | null = null;

  function allZips(): Promise<Map<string, TZipRow>> {
    loading ??= listZips(db).then(
      (rows) => {
        zips = new Map(rows.map((r) => [r.zip_code, r]));
        return zips;
      },
      (err: unknown) => {
        loading = null; // the database was unreachable: the next look-up tries again
        throw err;
      },
    );
    return loading;
  }

  /**
   * ZIP look-ups sit on the hot path of the helper list, booking and coverage: every ZIP is held
   * in memory (about 41,000 small rows, a few megabytes), read in one query the first time any is
   * asked for. A search for two ZIPs it has not seen used to cost two queries; on the embedded
   * database they were most of an unseen search's time. Unknown ZIPs cost nothing.
   */
  async function zipInfo(zip: string): Promise<TZipRow | null> {
    if (!ZIP_PATTERN.test(zip)) return null;
    return (zips ?? (await allZips())).get(zip) ?? null;
  }
  return {
    /** Read for other modules: the places a branch or profile form names (ZIP, state, city, counties). */
    places: (v: Parameters<typeof branchPlaces>[1]) => branchPlaces(db, v),

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
      return !(await users.emailTaken(email));
    },
    states: () => listStates(db),
    cities: (stateId: number) => listCities(db, stateId),
    counties: (query: string, stateId?: number) =>
      searchCounties(db, query.trim(), stateId, COUNTY_SEARCH_LIMIT),
    /** Branches whose service area covers a point, nearest first (up to `limit`). */
    branchesCovering: (point: Parameters<typeof coveringBranches>[1], limit?: number) =>
      coveringBranches(db, point, limit),
    async coverage(zip: string) {
      const info = await this.zipOrFail(zip);
      return { zip: info, branches: await coveringBranches(db, info) };
    },
  };
}

/** The places a branch or profile form names (ZIP, state, city, counties), in one round (`places`). */
function branchPlaces(db: TDb, v: { zip: string; stateId: number; cityId: number; countyIds: number[] }) {
  return Promise.all([
    findZip(db, v.zip),
    findState(db, v.stateId),
    findCity(db, v.cityId),
    findCounties(db, v.countyIds),
  ]);
}

export type TGeoService = ReturnType<typeof createGeoService>;
