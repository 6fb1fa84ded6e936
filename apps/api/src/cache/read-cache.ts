/**
 * A small in-process cache for hot reads (sessions, the company orders list and counts), kept
 * coherent by generations: every write this process makes, and every change another process
 * commits (PostgreSQL NOTIFY from table triggers), bumps the generation, and entries of an older
 * generation are never served. A TTL bounds anything that could slip past both. See decision 011.
 *
 * Readers capture the generation *before* they read the database and store under it, so a read
 * that raced a write is stored under an old generation and dies unused.
 */
export type TReadCacheOptions = {
  /** How long an entry may be served; 0 turns the cache off. */
  ttlMs: number;
  maxEntries?: number;
  /** Upper bound on the summed weight of entries: a string's length, or what the caller says. */
  maxWeight?: number;
  /** Monotonic milliseconds; tests move it by hand. */
  now?: () => number;
  /** For `memoScoped`: which tables a load read. Without it `memoScoped` only shares loads. */
  trackReads?: TTrackReads;
};

/** Entries and loads in flight all belong to the current generation: a bump clears both. */
type TEntry = { expiresAt: number; value: unknown; weight: number };

/**
 * What a scoped entry was read under: the epoch (bumped by invalidateAll, suspend and resume),
 * the count of table changes so far, and the tables it depends on. It is served only while the
 * epoch holds and none of its tables changed after that count.
 */
export type TStamp = { readonly epoch: number; readonly seq: number; readonly tables: readonly string[] };
type TScopedEntry = TEntry & { stamp: TStamp };

/**
 * The database client's read scope: which tables a load's statements named (`track`), and a way
 * to add tables to the load running now (`note`), for a part it took from this cache instead.
 */
export type TTrackReads = {
  track<T>(load: () => Promise<T>): Promise<{ value: T; tables: ReadonlySet<string> }>;
  note(tables: Iterable<string>): void;
};

/** Noted by a part whose tables are unknown (an unscoped entry): the load around it is not kept. */
export const UNKNOWN_TABLES = '*';

export type TReadCache = {
  readonly ttlMs: number;
  /** Whether entries are served at all (off with ttl 0, or while invalidations may be missed). */
  active(): boolean;
  generation(): number;
  get<T>(key: string): T | undefined;
  set<T>(key: string, generation: number, value: T, weight?: number): void;
  /**
   * The cached value, or `load()` once for all concurrent callers of the same key (a burst of
   * requests for an expired page costs one query). `weigh` sizes a non-string value (about
   * characters of memory); strings weigh their length.
   */
  memo<T>(key: string, load: () => Promise<T>, weigh?: (value: T) => number): Promise<T>;
  /** Something changed: nothing cached so far is served again. */
  invalidateAll(): void;
  /**
   * These tables changed: every unscoped entry is dropped (it may depend on anything), scoped
   * entries only when they depend on one of them (decision 032).
   */
  invalidateTables(tables: Iterable<string>): void;
  /** Capture before reading the database, for `setScoped`. */
  stamp(tables: readonly string[]): TStamp;
  /**
   * For a cache of its own: whether what was read under `stamp` may still be served (serving is
   * on, and none of its tables changed since).
   */
  fresh(stamp: TStamp): boolean;
  /** For a cache of its own: whether a change to any of these tables, made anywhere, reaches this cache. */
  hears(tables: readonly string[]): boolean;
  getScoped<T>(key: string): T | undefined;
  setScoped<T>(key: string, stamp: TStamp, value: T, weight?: number): void;
  /**
   * Like `memo`, for an answer kept until a table it read changes: the tables are those its
   * statements named (see TTrackReads). Kept only when every one of them tells other processes
   * of its changes (`watchTables`), since nothing else would forget it there.
   */
  memoScoped<T>(key: string, load: () => Promise<T>, weigh?: (value: T) => number): Promise<T>;
  /**
   * Which tables' changes reach this cache from every process: 'all' with one process (the
   * embedded database); otherwise the tables with a change-notice trigger (`notified`) among all
   * tables (`known`). `memoScoped` keeps a load only if every known table it read is notified
   * (other names it read, functions and CTEs, are not tables). Nothing is kept until told.
   */
  watchTables(tables: 'all' | { notified: Iterable<string>; known: Iterable<string> }): void;
  /** Stop serving until resume() (e.g. while the change feed from other processes is down). */
  suspend(): void;
  resume(): void;
  stats(): { entries: number; hits: number; misses: number; generation: number };
};

export function createReadCache(opts: TReadCacheOptions): TReadCache {
  const now = opts.now ?? (() => performance.now());
  const maxEntries = opts.maxEntries ?? 20_000;
  const maxWeight = opts.maxWeight ?? 64 * 1024 * 1024;
  const entries = new Map<string, TEntry>();
  const inflight = new Map<string, Promise<unknown>>();
  let generation = 1;
  let epoch = 1;
  /** Table changes so far, and the count at each table's last change. */
  let seq = 0;
  const changedAt = new Map<string, number>();
  let watched: 'all' | { notified: ReadonlySet<string>; known: ReadonlySet<string> } | null = null;
  const scopedInflight = new Map<string, { promise: Promise<unknown>; epoch: number; seq: number }>();
  const scoped = new Map<string, TScopedEntry>();
  let suspended = false;
  let weight = 0;
  let hits = 0;
  let misses = 0;

  const enabled = () => opts.ttlMs > 0 && !suspended;

  function drop(key: string, e: TEntry) {
    entries.delete(key);
    weight -= e.weight;
  }

  /** Unscoped entries only: they may depend on any table. */
  function clearUnscoped() {
    generation++;
    for (const e of entries.values()) weight -= e.weight;
    entries.clear();
    inflight.clear();
  }

  function clear() {
    clearUnscoped();
    epoch++;
    scoped.clear();
    weight = 0;
  }

  const fresh = (st: TStamp) =>
    st.epoch === epoch && st.tables.every((t) => (changedAt.get(t) ?? 0) <= st.seq);

  function stamp(tables: readonly string[]): TStamp {
    return { epoch, seq, tables };
  }

  /** The live scoped entry of `key` (an expired or stale one is dropped). */
  function liveScoped(key: string): TScopedEntry | undefined {
    if (!enabled()) return undefined;
    const e = scoped.get(key);
    if (!e) return undefined;
    if (e.expiresAt <= now() || !fresh(e.stamp)) {
      scoped.delete(key);
      weight -= e.weight;
      return undefined;
    }
    return e;
  }

  function getScoped<T>(key: string): T | undefined {
    return liveScoped(key)?.value as T | undefined;
  }

  function setScoped<T>(
    key: string,
    st: TStamp,
    value: T,
    size = typeof value === 'string' ? value.length : 0,
  ) {
    if (!enabled() || !fresh(st) || size > maxWeight) return;
    const old = scoped.get(key);
    if (old) weight -= old.weight;
    scoped.delete(key);
    scoped.set(key, { expiresAt: now() + opts.ttlMs, value, weight: size, stamp: st });
    weight += size;
    const t = now();
    for (const [k, e] of scoped) {
      if (scoped.size + entries.size <= maxEntries && weight <= maxWeight && e.expiresAt > t) break;
      scoped.delete(k);
      weight -= e.weight;
    }
  }

  function get<T>(key: string): T | undefined {
    if (!enabled()) return undefined;
    const e = entries.get(key);
    if (!e) return undefined;
    if (e.expiresAt <= now()) {
      drop(key, e);
      return undefined;
    }
    return e.value as T;
  }

  function set<T>(key: string, gen: number, value: T, size = typeof value === 'string' ? value.length : 0) {
    if (!enabled() || gen !== generation) return;
    const old = entries.get(key);
    if (old) drop(key, old);
    if (size > maxWeight) return;
    entries.set(key, { expiresAt: now() + opts.ttlMs, value, weight: size });
    weight += size;
    // Maps keep insertion order and every entry lives ttlMs: the first keys expire first. Drop
    // expired ones from the front (keys of past seconds are never asked for again) and the oldest
    // beyond the limits.
    const t = now();
    for (const [k, e] of entries) {
      if (entries.size <= maxEntries && weight <= maxWeight && e.expiresAt > t) break;
      drop(k, e);
    }
  }

  return {
    ttlMs: opts.ttlMs,
    active: enabled,
    generation: () => generation,
    get,
    set,
    async memo<T>(key: string, load: () => Promise<T>, weigh?: (value: T) => number): Promise<T> {
      if (opts.ttlMs <= 0) return load();
      // While suspended nothing is served or stored, but concurrent callers still share one load.
      const cached = get<T>(key);
      if (cached !== undefined) {
        hits++;
        opts.trackReads?.note([UNKNOWN_TABLES]);
        return cached;
      }
      misses++;
      const gen = generation;
      const running = inflight.get(key);
      if (running) return running as Promise<T>;
      const promise = load().then((value) => {
        set(key, gen, value, weigh?.(value));
        return value;
      });
      inflight.set(key, promise);
      const clear = () => {
        if (inflight.get(key) === promise) inflight.delete(key);
      };
      promise.then(clear, clear);
      return promise;
    },
    async memoScoped<T>(key: string, load: () => Promise<T>, weigh?: (value: T) => number): Promise<T> {
      if (opts.ttlMs <= 0) return load();
      const reads = opts.trackReads;
      const cached = liveScoped(key);
      if (cached) {
        hits++;
        reads?.note(cached.stamp.tables);
        return cached.value as T;
      }
      misses++;
      // A load that started before the latest change is not shared: it may have read the old rows.
      const running = scopedInflight.get(key);
      if (running && running.epoch === epoch && running.seq === seq) {
        const r = (await running.promise) as { value: T; tables: ReadonlySet<string> };
        reads?.note(r.tables);
        return r.value;
      }
      const before = { epoch, seq };
      const promise = (async () => {
        if (!reads) return { value: await load(), tables: new Set([UNKNOWN_TABLES]) };
        const r = await reads.track(load);
        const w = watched;
        const keep =
          w !== null &&
          r.tables.size > 0 &&
          !r.tables.has(UNKNOWN_TABLES) &&
          (w === 'all' || [...r.tables].every((t) => w.notified.has(t) || !w.known.has(t)));
        if (keep) setScoped(key, { ...before, tables: [...r.tables] }, r.value, weigh?.(r.value));
        return r;
      })();
      scopedInflight.set(key, { promise, ...before });
      const clear = () => {
        if (scopedInflight.get(key)?.promise === promise) scopedInflight.delete(key);
      };
      promise.then(clear, clear);
      return (await promise).value;
    },
    watchTables(tables) {
      watched =
        tables === 'all' ? 'all' : { notified: new Set(tables.notified), known: new Set(tables.known) };
    },
    invalidateAll: clear,
    invalidateTables(tables) {
      seq++;
      for (const t of tables) changedAt.set(t, seq);
      clearUnscoped();
    },
    stamp,
    fresh: (st) => enabled() && fresh(st),
    hears(tables) {
      const w = watched;
      return w === 'all' || (w !== null && tables.every((t) => w.notified.has(t) || !w.known.has(t)));
    },
    getScoped,
    setScoped,
    suspend() {
      suspended = true;
      clear();
    },
    resume() {
      suspended = false;
      generation++;
      epoch++;
    },
    stats: () => ({ entries: entries.size + scoped.size, hits, misses, generation }),
  };
}
