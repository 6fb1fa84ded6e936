import { describe, expect, it } from 'vitest';
import { KEEPS_CAPACITY, ORDER_CAPACITY, readTracking, tablesReadBy, tablesWrittenBy } from '../db/client.ts';
import { createReadCache, type TTrackReads } from './read-cache.ts';

function clockedCache(ttlMs = 1000, extra: { maxEntries?: number; maxWeight?: number } = {}) {
  let t = 0;
  const cache = createReadCache({ ttlMs, now: () => t, ...extra });
  return {
    cache,
    advance(ms: number) {
      t += ms;
    },
  };
}

describe('read cache', () => {
  it('serves an entry until its TTL ends, then loads again', async () => {
    const { cache, advance } = clockedCache(1000);
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.memo('k', load)).toBe(1);
    advance(999);
    expect(await cache.memo('k', load)).toBe(1);
    advance(1);
    expect(await cache.memo('k', load)).toBe(2);
    expect(cache.stats()).toMatchObject({ hits: 1, misses: 2 });
  });

  it('is off with a TTL of 0: every call loads', async () => {
    const { cache } = clockedCache(0);
    let loads = 0;
    await cache.memo('k', async () => ++loads);
    await cache.memo('k', async () => ++loads);
    expect(loads).toBe(2);
    expect(cache.active()).toBe(false);
  });

  it('never serves an entry from before an invalidation', async () => {
    const { cache } = clockedCache();
    let v = 'old';
    expect(await cache.memo('k', async () => v)).toBe('old');
    v = 'new';
    cache.invalidateAll();
    expect(await cache.memo('k', async () => v)).toBe('new');
  });

  it('drops a load that raced a write: it was read under the old generation', async () => {
    const { cache } = clockedCache();
    let release: (v: string) => void = () => {};
    const slow = cache.memo('k', () => new Promise<string>((r) => (release = r)));
    cache.invalidateAll(); // a write commits while the read is in flight
    release('read before the write');
    expect(await slow).toBe('read before the write');
    // The caller that asked before the write gets its answer, but nobody after the write does.
    expect(await cache.memo('k', async () => 'fresh')).toBe('fresh');
  });

  it('shares one load among concurrent callers of the same key', async () => {
    const { cache } = clockedCache();
    let loads = 0;
    let release: (v: number) => void = () => {};
    const load = () => {
      loads++;
      return new Promise<number>((r) => (release = r));
    };
    const all = Promise.all([cache.memo('k', load), cache.memo('k', load), cache.memo('k', load)]);
    release(7);
    expect(await all).toEqual([7, 7, 7]);
    expect(loads).toBe(1);
  });

  it('does not share a load across an invalidation', async () => {
    const { cache } = clockedCache();
    let loads = 0;
    const releases: ((v: number) => void)[] = [];
    const load = () => {
      loads++;
      return new Promise<number>((r) => releases.push(r));
    };
    const first = cache.memo('k', load);
    cache.invalidateAll();
    const second = cache.memo('k', load);
    releases[0]?.(1);
    releases[1]?.(2);
    expect([await first, await second]).toEqual([1, 2]);
    expect(loads).toBe(2);
  });

  it('never caches a failure', async () => {
    const { cache } = clockedCache();
    await expect(
      cache.memo('k', async () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await cache.memo('k', async () => 'ok')).toBe('ok');
  });

  it('serves nothing while suspended, and nothing from before the suspension after it', async () => {
    const { cache } = clockedCache();
    await cache.memo('k', async () => 'before');
    cache.suspend();
    expect(cache.active()).toBe(false);
    expect(cache.get('k')).toBeUndefined();
    let loads = 0;
    await cache.memo('k', async () => ++loads);
    await cache.memo('k', async () => ++loads);
    expect(loads).toBe(2); // nothing is stored while suspended
    // ...but callers at the same moment still share one load.
    await Promise.all([cache.memo('k', async () => ++loads), cache.memo('k', async () => ++loads)]);
    expect(loads).toBe(3);
    cache.resume();
    expect(await cache.memo('k', async () => 'after')).toBe('after');
  });

  it('evicts the oldest entries beyond the entry limit', async () => {
    const { cache } = clockedCache(1000, { maxEntries: 2 });
    for (const k of ['a', 'b', 'c']) await cache.memo(k, async () => k);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBe('b');
    expect(cache.get('c')).toBe('c');
  });

  it('evicts the oldest strings beyond the size limit, and never stores one larger than it', async () => {
    const { cache } = clockedCache(1000, { maxWeight: 10 });
    await cache.memo('a', async () => 'aaaaaa');
    await cache.memo('b', async () => 'bbbbbb');
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBe('bbbbbb');
    await cache.memo('huge', async () => 'x'.repeat(11));
    expect(cache.get('huge')).toBeUndefined();
    expect(cache.get('b')).toBe('bbbbbb');
  });

  it('weighs other values as told, against the same limit', async () => {
    const { cache } = clockedCache(1000, { maxWeight: 100 });
    await cache.memo(
      'a',
      async () => ({ rows: 6 }),
      (v) => v.rows * 10,
    );
    await cache.memo(
      'b',
      async () => ({ rows: 5 }),
      (v) => v.rows * 10,
    );
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toEqual({ rows: 5 });
  });

  it('sweeps expired entries as new ones arrive', async () => {
    const { cache, advance } = clockedCache(1000);
    await cache.memo('a@1', async () => 'x');
    advance(1000);
    await cache.memo('a@2', async () => 'y');
    expect(cache.stats().entries).toBe(1);
  });

  it('set() ignores a value read under an old generation', () => {
    const { cache } = clockedCache();
    const gen = cache.generation();
    cache.invalidateAll();
    cache.set('k', gen, 'stale');
    expect(cache.get('k')).toBeUndefined();
    cache.set('k', cache.generation(), 'fresh');
    expect(cache.get('k')).toBe('fresh');
  });

  it('a scoped entry survives writes to other tables and dies with its own', () => {
    const { cache } = clockedCache();
    cache.setScoped('session:a', cache.stamp(['users', 'sessions']), 'alice');
    cache.set('orders:p1', cache.generation(), 'page');
    cache.invalidateTables(['orders', 'order_history', 'notifications']);
    expect(cache.getScoped('session:a')).toBe('alice');
    expect(cache.get('orders:p1')).toBeUndefined();
    cache.invalidateTables(['sessions']);
    expect(cache.getScoped('session:a')).toBeUndefined();
  });

  it('setScoped() ignores a value read before its table changed, and invalidateAll() drops scoped entries', () => {
    const { cache } = clockedCache();
    const before = cache.stamp(['users']);
    cache.invalidateTables(['users']);
    cache.setScoped('k', before, 'stale');
    expect(cache.getScoped('k')).toBeUndefined();
    cache.setScoped('k', cache.stamp(['users']), 'fresh');
    expect(cache.getScoped('k')).toBe('fresh');
    cache.invalidateAll();
    expect(cache.getScoped('k')).toBeUndefined();
    cache.setScoped('k', cache.stamp(['users']), 'again');
    cache.suspend();
    cache.resume();
    expect(cache.getScoped('k')).toBeUndefined();
  });

  it('scoped entries expire with the TTL', () => {
    const { cache, advance } = clockedCache(1000);
    cache.setScoped('k', cache.stamp(['users']), 'v');
    advance(1000);
    expect(cache.getScoped('k')).toBeUndefined();
  });
});

describe('tablesWrittenBy', () => {
  it('names every table a statement writes, also inside CTEs, and none for a read', () => {
    expect(tablesWrittenBy('insert into "notifications" ("user_id") values ($1)')).toEqual(['notifications']);
    expect(tablesWrittenBy('update "orders" set "status" = $1 where "orders"."id" = $2')).toEqual([
      'orders',
      ORDER_CAPACITY,
    ]);
    expect(tablesWrittenBy('DELETE FROM sessions WHERE id = $1')).toEqual(['sessions']);
    expect(
      tablesWrittenBy(
        'with u as (update "orders" set x = 1 returning *) insert into "order_history" select * from u',
      ),
    ).toEqual(['orders', 'order_history', ORDER_CAPACITY]);
    expect(tablesWrittenBy('select "id" from "orders" where "updated_at" > $1')).toEqual([]);
  });

  it('a write to orders changes their capacity part, unless the statement says it keeps it (decision 036)', () => {
    const step =
      'with won as (update "orders" set "status" = $1 returning "id") insert into "order_history" select 1';
    expect(tablesWrittenBy(step)).toContain(ORDER_CAPACITY);
    expect(tablesWrittenBy(`${KEEPS_CAPACITY}\n${step}`)).toEqual(['orders', 'order_history']);
    // The mark counts only where the statement starts.
    expect(tablesWrittenBy(`${step} -- ${KEEPS_CAPACITY}`)).toContain(ORDER_CAPACITY);
    expect(tablesWrittenBy('insert into "order_history" ("order_id") values ($1)')).toEqual([
      'order_history',
    ]);
  });
});

describe('memoScoped (decision 032)', () => {
  /** A load "reads" the tables it names, as the database client notes them. */
  const reading = (tables: string[], value: string) => async () => {
    readTracking.note(tables);
    return value;
  };
  function scopedCache(watch: Parameters<ReturnType<typeof createReadCache>['watchTables']>[0] | null) {
    let t = 0;
    const cache = createReadCache({
      ttlMs: 1000,
      now: () => t,
      trackReads: readTracking satisfies TTrackReads,
    });
    if (watch) cache.watchTables(watch);
    return { cache, advance: (ms: number) => (t += ms) };
  }
  const watched = {
    notified: ['deliveries', 'users', 'notifications'],
    known: ['deliveries', 'users', 'notifications', 'payouts'],
  };

  it('keeps a load until one of the tables it read changes, and not for other tables', async () => {
    const { cache } = scopedCache(watched);
    let n = 0;
    const load = async () => reading(['deliveries', 'users'], `v${++n}`)();
    expect(await cache.memoScoped('k', load)).toBe('v1');
    expect(await cache.memoScoped('k', load)).toBe('v1');
    cache.invalidateTables(['orders', 'notifications']);
    expect(await cache.memoScoped('k', load)).toBe('v1');
    cache.invalidateTables(['users']);
    expect(await cache.memoScoped('k', load)).toBe('v2');
  });

  it('does not keep a load that a change raced, nor share it with callers after the change', async () => {
    const { cache } = scopedCache(watched);
    let release = () => {};
    const slow = new Promise<void>((r) => {
      release = r;
    });
    let n = 0;
    const load = async () => {
      const v = `v${++n}`;
      readTracking.note(['deliveries']);
      await slow;
      return v;
    };
    const first = cache.memoScoped('k', load);
    const joined = cache.memoScoped('k', load);
    cache.invalidateTables(['deliveries']);
    const after = cache.memoScoped('k', load);
    release();
    expect(await first).toBe('v1');
    expect(await joined).toBe('v1');
    expect(await after).toBe('v2');
    expect(await cache.memoScoped('k', load)).toBe('v2');
  });

  it('keeps nothing that read a table without a change notice, nor before it knows which tables have one', async () => {
    const unknown = scopedCache(null);
    let n = 0;
    const load = (tables: string[]) => async () => reading(tables, `v${++n}`)();
    expect(await unknown.cache.memoScoped('k', load(['deliveries']))).toBe('v1');
    expect(await unknown.cache.memoScoped('k', load(['deliveries']))).toBe('v2');
    const { cache } = scopedCache(watched);
    expect(await cache.memoScoped('a', load(['deliveries', 'payouts']))).toBe('v3');
    expect(await cache.memoScoped('a', load(['deliveries', 'payouts']))).toBe('v4');
    // Names that are not tables (functions, CTE names) do not count.
    expect(await cache.memoScoped('b', load(['deliveries', 'unnest', 'page']))).toBe('v5');
    expect(await cache.memoScoped('b', load(['deliveries', 'unnest', 'page']))).toBe('v5');
  });

  it('an answer built from another kept answer depends on its tables too; one built from an unscoped entry is not kept', async () => {
    const { cache } = scopedCache(watched);
    let n = 0;
    const inner = () => cache.memoScoped('inner', reading(['users'], 'inner'));
    const outer = async () => `${await inner()}+${await reading(['deliveries'], `o${++n}`)()}`;
    expect(await inner()).toBe('inner');
    // The inner answer comes from the cache; the outer one still depends on `users`.
    expect(await cache.memoScoped('outer', outer)).toBe('inner+o1');
    cache.invalidateTables(['users']);
    expect(await cache.memoScoped('outer', outer)).toBe('inner+o2');
    await cache.memo('plain', async () => 'p');
    const fromPlain = async () => `${await cache.memo('plain', async () => 'p')}${++n}`;
    expect(await cache.memoScoped('c', fromPlain)).toBe('p3');
    expect(await cache.memoScoped('c', fromPlain)).toBe('p4');
  });
});

describe('tablesReadBy', () => {
  it('names what follows FROM and JOIN, also in comma lists and subqueries', () => {
    expect(
      tablesReadBy(
        'select * from "deliveries" left join "users" "acceptor" on x = y where id in (select d from delivery_bidders)',
      ),
    ).toEqual(['deliveries', 'users', 'delivery_bidders']);
    expect(tablesReadBy('SELECT a.x FROM orders a, order_addresses b, "reviews" WHERE 1 = 1')).toEqual([
      'orders',
      'order_addresses',
      'reviews',
    ]);
  });
});
