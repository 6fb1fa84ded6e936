import type { TDb } from '../../db/client.ts';
import { loadSearchData, type TSearchBranchData } from './booking.repository.ts';

export const SEARCH_CACHE_TTL_MS = 30_000;
const MAX_ENTRIES = 50_000;
/** Branches per query: a batch of many searches' misses is split into queries of this size. */
const BATCH = 500;

type TEntry = { data: TSearchBranchData | null; expires: number };
type TWaiter = { resolve: (e: Map<number, TEntry>) => void; reject: (err: unknown) => void };

/**
 * The helper list's view of branch settings, kept for 30 seconds per (branch, date), every crew
 * type at once. A search only shows estimates: the wizard's live price and the booking itself
 * never price from this cache, but from settings forgotten the moment they change
 * (branch-pricing.ts, decisions 009 and 035).
 *
 * Misses are loaded in batches: whatever searches miss while `parallel` loads run waits for the
 * next, which loads all of them in one query per date. On the embedded database a query costs
 * about as much as a few branches' rows and queries run one at a time anyway (parallel 1); a
 * server runs a few at once. A branch being loaded is never asked for twice.
 */
export function createBookingDataCache(db: TDb, now: () => number = Date.now, parallel = 1) {
  const entries = new Map<string, TEntry>();
  /** Misses waiting for the next batch, by date, and who waits for them. */
  let queued = new Map<string, { ids: Set<number>; waiters: TWaiter[] }>();
  /** Every branch in a batch not loaded yet, by key: a second search waits for the same load. */
  const inFlight = new Map<string, Promise<Map<number, TEntry>>>();
  let running = 0;
  let scheduled = false;

  const keyOf = (id: number, date: string) => `${id}|${date}`;

  async function loadBatch(batch: typeof queued) {
    for (const [date, { ids: idSet, waiters }] of batch) {
      const ids = [...idSet];
      try {
        const t = now();
        const found = new Map<number, TEntry>();
        for (let i = 0; i < ids.length; i += BATCH) {
          const part = ids.slice(i, i + BATCH);
          const loaded = await loadSearchData(db, part, date);
          if (entries.size + part.length > MAX_ENTRIES) entries.clear();
          for (const id of part) {
            const e = { data: loaded.get(id) ?? null, expires: t + SEARCH_CACHE_TTL_MS };
            entries.set(keyOf(id, date), e);
            found.set(id, e);
          }
        }
        for (const w of waiters) w.resolve(found);
      } catch (err) {
        for (const w of waiters) w.reject(err);
      }
    }
  }

  /** A batch starts after this turn's I/O callbacks, so requests that arrived together share it. */
  function pump() {
    if (scheduled || running >= parallel || !queued.size) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      const batch = queued;
      queued = new Map();
      running++;
      void loadBatch(batch).finally(() => {
        running--;
        pump();
      });
      pump();
    });
  }

  /** The entries of `ids` for `date`, from the next batch. */
  function request(ids: number[], date: string): Promise<Map<number, TEntry>> {
    let q = queued.get(date);
    if (!q) {
      q = { ids: new Set(), waiters: [] };
      queued.set(date, q);
    }
    for (const id of ids) q.ids.add(id);
    const waiters = q.waiters;
    const p = new Promise<Map<number, TEntry>>((resolve, reject) => waiters.push({ resolve, reject }));
    for (const id of ids) inFlight.set(keyOf(id, date), p);
    const done = () => {
      for (const id of ids) if (inFlight.get(keyOf(id, date)) === p) inFlight.delete(keyOf(id, date));
    };
    p.then(done, done);
    pump();
    return p;
  }

  return {
    /**
     * The branches' data, and when the first of the entries used expires: an answer built from
     * them may be kept until then and no longer (the helper list's own cache).
     */
    async get(branchIds: number[], date: string) {
      const t = now();
      const out = new Map<number, TSearchBranchData>();
      const missing: number[] = [];
      const pending = new Set<Promise<Map<number, TEntry>>>();
      let expires = t + SEARCH_CACHE_TTL_MS;
      for (const id of branchIds) {
        const key = keyOf(id, date);
        const e = entries.get(key);
        if (e && e.expires > t) {
          if (e.data) out.set(id, e.data);
          if (e.expires < expires) expires = e.expires;
          continue;
        }
        const loading = inFlight.get(key);
        if (loading) pending.add(loading);
        else missing.push(id);
      }
      if (missing.length) pending.add(request(missing, date));
      for (const loaded of await Promise.all(pending)) {
        for (const id of branchIds) {
          const e = loaded.get(id);
          if (!e) continue;
          if (e.data) out.set(id, e.data);
          if (e.expires < expires) expires = e.expires;
        }
      }
      return { data: out, expires };
    },
    clear: () => entries.clear(),
  };
}
