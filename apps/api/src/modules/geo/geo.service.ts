import { INVALID_ZIP, ZIP_PATTERN } from '@haulpro/shared/geo';
import type { TDb } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { findUserByEmail } from '../users/users.repository.ts';
import { coveringBranches, findZip, listCities, listStates, searchCounties } from './geo.repository.ts';

export const COUNTY_SEARCH_LIMIT = 20;

export function createGeoService(db: TDb) {
  async function zipInfo(zip: string) {
    return ZIP_PATTERN.test(zip) ? ((await findZip(db, zip)) ?? null) : null;
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
      return !(await findUserByEmail(db, email));
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
