import type { TDeps } from '../../context.ts';
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

type TEntry = { generation: number; expires: number; capacity: TBranchCapacity | undefined };

/**
 * The helper list's reads of each branch's team and that day's holding jobs, kept per branch and
 * date while nothing is written: a booking or a crew change anywhere starts a new generation of
 * the read cache (this process's writes, and the orders and crews triggers' notices from others,
 * decision 011), so a full window shows at once, as when they were read for every search.
 * Neighbouring searches share most of their branches, so an unseen search reads only the
 * branches no search read since the last write.
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
    const generation = cache.generation();
    const out = new Map<number, TBranchCapacity | undefined>();
    const missing: number[] = [];
    const serve = cache.active();
    for (const id of ids) {
      const hit = serve ? entries.get(`${id}|${date}`) : undefined;
      if (hit && hit.generation === generation && hit.expires > t) out.set(id, hit.capacity);
      else missing.push(id);
    }
    if (!missing.length) return out;
    const loaded = await loadCapacity(db, missing, date);
    // Read under an older generation (a write raced this read): answered, never kept.
    const store = cache.active() && cache.generation() === generation;
    for (const id of missing) {
      const capacity = loaded.get(id);
      out.set(id, capacity);
      if (store)
        bounded(
          entries,
          `${id}|${date}`,
          { generation, expires: t + SEARCH_CACHE_TTL_MS, capacity },
          MAX_CAPACITY,
        );
    }
    return out;
  };
}
