/**
 * Fixed-window counters behind the sign-in limiter and the route rate limits (decision 034). With
 * PostgreSQL (DATABASE_URL) they live in the `limit_counters` table, so every API process counts
 * into the same budget and a restart forgets nothing; on the embedded database (one process) they
 * live in this process's memory. A key's window starts with its first hit and lasts `windowMs`;
 * the first hit after it has ended starts a new one.
 */
export type TCounterHit = { key: string; windowMs: number };
export type TCounter = { key: string; count: number; windowStart: Date; expiresAt: Date };

export type TLimitCounters = {
  kind: 'memory' | 'postgres';
  /** Counts one hit on each key, atomically per key; answers the counts in the order of `hits`. */
  hit(hits: TCounterHit[], now: Date): Promise<TCounter[]>;
  /** Takes back one hit from each counter, if its window is still the one that was counted. */
  undo(counters: TCounter[]): Promise<void>;
  /** The key's live counter, or null (none, or its window has ended). */
  read(key: string, now: Date): Promise<TCounter | null>;
  clear(key: string): Promise<void>;
  /** Deletes up to `batch` counters whose window has ended; answers how many went. */
  sweep(now: Date, batch: number): Promise<number>;
};

/** Seconds until the counter's window ends, at least 1. */
export function secondsLeft(counter: TCounter, now: Date): number {
  return Math.max(1, Math.ceil((counter.expiresAt.getTime() - now.getTime()) / 1000));
}

/** Past this many keys the map is swept, so a flood of one-off keys cannot grow memory. */
const SWEEP_AT = 5000;

/** One process's counters (the embedded database runs in one process). */
export function createMemoryLimitCounters(): TLimitCounters {
  const counters = new Map<string, TCounter>();
  const sweep = (now: Date, batch: number) => {
    let gone = 0;
    for (const [key, c] of counters) {
      if (gone >= batch) break;
      if (c.expiresAt <= now) {
        counters.delete(key);
        gone += 1;
      }
    }
    return gone;
  };
  return {
    kind: 'memory',
    async hit(hits, now) {
      if (counters.size >= SWEEP_AT) sweep(now, Number.POSITIVE_INFINITY);
      return hits.map(({ key, windowMs }) => {
        const old = counters.get(key);
        const c =
          old && old.expiresAt > now
            ? { ...old, count: old.count + 1 }
            : { key, count: 1, windowStart: now, expiresAt: new Date(now.getTime() + windowMs) };
        counters.set(key, c);
        return c;
      });
    },
    async undo(list) {
      for (const c of list) {
        const live = counters.get(c.key);
        if (live && live.windowStart.getTime() === c.windowStart.getTime() && live.count > 0)
          counters.set(c.key, { ...live, count: live.count - 1 });
      }
    },
    async read(key, now) {
      const c = counters.get(key);
      return c && c.expiresAt > now ? c : null;
    },
    async clear(key) {
      counters.delete(key);
    },
    async sweep(now, batch) {
      return sweep(now, batch);
    },
  };
}
