import { ZIP_PATTERN } from '@haulpro/shared/zip';
import { api, VALIDATIONS_BASE } from '../api-client.ts';

/**
 * Answers kept for the whole visit (spec: validation look-ups are "cached in memory"): one
 * request per ZIP, even across sign-outs, which clear the query cache.
 */
const cache = new Map<string, Promise<boolean | null>>();

/**
 * GET validations/zip_code/{zip}: true or false, or null when the server could not be asked
 * (the server checks again on submit). Only five-digit ZIPs are asked about.
 */
export function validateZip(zip: string): Promise<boolean | null> {
  if (!ZIP_PATTERN.test(zip)) return Promise.resolve(false);
  const known = cache.get(zip);
  if (known) return known;
  const answer = api
    .get<{ valid: boolean }>(`zip_code/${zip}`, { base: VALIDATIONS_BASE, errorToast: false })
    .then((data) => data.valid === true)
    .catch(() => {
      // A failed look-up is not an answer: ask again next time.
      cache.delete(zip);
      return null;
    });
  cache.set(zip, answer);
  return answer;
}
