import type { TDb } from '../../db/client.ts';
import { loadBookingData, type TBranchBookingData } from './booking.repository.ts';

export const SEARCH_CACHE_TTL_MS = 30_000;
const MAX_ENTRIES = 50_000;

/**
 * The helper list's view of branch settings, kept for 30 seconds per (branch, date, service
 * type). A search only shows estimates: the wizard's live price and the booking itself always
 * read the database, so a price changed a moment ago is never charged from this cache
 * (decision 009). Misses are loaded together in one batch.
 */
export function createBookingDataCache(db: TDb, now: () => number = Date.now) {
  const entries = new Map<string, { data: TBranchBookingData | null; expires: number }>();
  return {
    async get(branchIds: number[], date: string, serviceType: number) {
      const t = now();
      const out = new Map<number, TBranchBookingData>();
      const missing: number[] = [];
      for (const id of branchIds) {
        const e = entries.get(`${id}|${date}|${serviceType}`);
        if (e && e.expires > t) {
          if (e.data) out.set(id, e.data);
        } else missing.push(id);
      }
      if (missing.length) {
        const loaded = await loadBookingData(db, missing, date, serviceType);
        if (entries.size + missing.length > MAX_ENTRIES) entries.clear();
        for (const id of missing) {
          const data = loaded.get(id) ?? null;
          entries.set(`${id}|${date}|${serviceType}`, { data, expires: t + SEARCH_CACHE_TTL_MS });
          if (data) out.set(id, data);
        }
      }
      return out;
    },
    clear: () => entries.clear(),
  };
}
