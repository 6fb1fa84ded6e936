import type { TStamp } from '../../cache/read-cache.ts';
import type { TDeps } from '../../context.ts';
import { ORDER_CAPACITY } from '../../db/client.ts';
import type { TBranchCapacity } from './booking.repository.ts';
import { SEARCH_CACHE_TTL_MS } from './booking-data-cache.ts';
import type { TTeamCapacity } from './team-capacity.ts';

/** Branch-days of team capacity kept at once (a search reads a few dozen branches). */
const MAX_CAPACITY = 50_000;

/** A map that forgets its oldest keys beyond `max` (Maps keep insertion order). */
export function bounded<V>(map: Map<string, V>, key: string, value: V, max: number) {
  map.delete(key);
  map.set(key, value);
  if (map.size > max) map.delete(map.keys().next().value as string);
}

/**
 * What a branch's capacity is read from: its team (crews) and its holding orders' part of
 * `orders` (ORDER_CAPACITY: a booking, a cancel or a reschedule changes it, an accept does not).
 */
export const CAPACITY_TABLES: readonly string[] = ['crews', ORDER_CAPACITY];

type TEntry = { stamp: TStamp; expires: number; capacity: TBranchCapacity | undefined };

/**
 * The helper list's reads of each branch's team and that day's holding jobs, kept per branch and
 * date until either changes: a booking or a crew change anywhere is heard of at once (this
 * process's writes, and the orders and crews triggers' notices from others, decisions 011 and
 * 036), so a full window shows at once, as when they were read for every search. Accepts,
 * archives and reviews leave them kept. Neighbouring searches share most of their branches, so
 * an unseen search reads only the branches no search read since the last change.
 */
export function createSearchCapacity(
  { db, cache }: Pick<TDeps, 'db' | 'cache'>,
  loadCapacity: TTeamCapacity['loadCapacity'],
  now: () => number,
) {
  const entries = new Map<string, TEntry>();
  return async function capacityOf(
    ids: number[],
    date: string,
  ): Promise<Map<number, TBranchCapacity | undefined>> {
    const t = now();
    const stamp = cache.stamp(CAPACITY_TABLES);
    const out = new Map<number, TBranchCapacity | undefined>();
    const missing: number[] = [];
    for (const id of ids) {
      const hit = entries.get(`${id}|${date}`);
      if (hit && hit.expires > t && cache.fresh(hit.stamp)) out.set(id, hit.capacity);
      else missing.push(id);
    }
    if (!missing.length) return out;
    const loaded = await loadCapacity(db, missing, date);
    // Kept only if every process's changes are heard of, and none raced this read.
    const store = cache.hears(CAPACITY_TABLES) && cache.fresh(stamp);
    for (const id of missing) {
      const capacity = loaded.get(id);
      out.set(id, capacity);
      if (store)
        bounded(
          entries,
          `${id}|${date}`,
          { stamp, expires: t + SEARCH_CACHE_TTL_MS, capacity },
          MAX_CAPACITY,
        );
    }
    return out;
  };
}
