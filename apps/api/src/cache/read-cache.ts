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
};

/** Entries and loads in flight all belong to the current generation: a bump clears both. */
type TEntry = { expiresAt: number; value: unknown; weight: number };

/**
 * What a scoped entry was read under: the epoch (bumped by invalidateAll, suspend and resume)
 * and the generation of each table it depends on. It is served only while all still match.
 */
export type TStamp = { readonly epoch: number; readonly tables: readonly string[]; readonly gens: number[] };
type TScopedEntry = TEntry & { stamp: TStamp };

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
  getScoped<T>(key: string): T | undefined;
  setScoped<T>(key: string, stamp: TStamp, value: T, weight?: number): void;
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
  const tableGens = new Map<string, number>();
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
    st.epoch === epoch && st.tables.every((t, i) => (tableGens.get(t) ?? 0) === st.gens[i]);

  function stamp(tables: readonly string[]): TStamp {
    return { epoch, tables, gens: tables.map((t) => tableGens.get(t) ?? 0) };
  }

  function getScoped<T>(key: string): T | undefined {
    if (!enabled()) return undefined;
    const e = scoped.get(key);
    if (!e) return undefined;
    if (e.expiresAt <= now() || !fresh(e.stamp)) {
      scoped.delete(key);
      weight -= e.weight;
      return undefined;
    }
    return e.value as T;
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
    invalidateAll: clear,
    invalidateTables(tables) {
      for (const t of tables) tableGens.set(t, (tableGens.get(t) ?? 0) + 1);
      clearUnscoped();
    },
    stamp,
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
