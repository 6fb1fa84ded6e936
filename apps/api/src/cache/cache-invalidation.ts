import { sql } from 'drizzle-orm';
import { ORDER_CAPACITY, type TDatabase, writeScope } from '../db/client.ts';
import type { TApp } from '../http/types.ts';
import type { TReadCache } from './read-cache.ts';

export const CACHE_CHANNEL = 'haulpro_cache';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/**
 * Answers given before a handler could write anything (auth, validation, rate limit, unknown
 * route): they leave the cache alone, so nobody can empty it with junk requests.
 */
const NOTHING_WRITTEN = new Set([400, 401, 403, 404, 405, 413, 415, 422, 429]);

/**
 * Keeps the read cache coherent:
 * - in this process, every request that may have written (any method but GET/HEAD/OPTIONS, unless
 *   refused before its handler could write) invalidates before its response leaves, so a client
 *   always reads its own writes;
 * - across processes, table triggers NOTIFY on commit and every process invalidates on receipt;
 *   while that feed is down the cache serves nothing.
 */
export async function registerCacheInvalidation(
  app: TApp,
  cache: TReadCache,
  database: TDatabase,
  /** Told which table another process changed (the trigger's payload), for caches of their own. */
  onTableChange: (table: string) => void = () => {},
): Promise<void> {
  // Every request runs in its own write scope: the database client notes each table it writes.
  app.addHook('onRequest', (_request, _reply, done) => writeScope.run(new Set(), done));
  app.addHook('onSend', async (request, reply, payload) => {
    const written = writeScope.getStore();
    if (!SAFE_METHODS.has(request.method) && !NOTHING_WRITTEN.has(reply.statusCode)) {
      // Outside a scope (never expected) nothing is known: forget everything.
      if (written) cache.invalidateTables(written);
      else cache.invalidateAll();
    } else if (written?.size) {
      // A read that writes (opening a notification marks it read): what it wrote is forgotten.
      cache.invalidateTables(written);
    }
    return payload;
  });
  if (cache.ttlMs <= 0) return;
  /** The feed's last reported state; unknown until the first connection attempt ends. */
  let feed: 'unknown' | 'up' | 'down' = 'unknown';
  const stop = await database.listen(CACHE_CHANNEL, {
    onNotify: (table) => {
      cache.invalidateTables([table]);
      onTableChange(table);
    },
    onLive: (live, err) => {
      if (live) {
        cache.resume();
        // Which tables tell of their changes: read again whenever the feed is back (a deploy may
        // have added triggers); until known, per-user answers are only shared. The embedded
        // database is held to the same rule: a job or a script writing outside a request is heard
        // of only through the triggers.
        void notifiedTables(database).then(
          (t) => cache.watchTables(t),
          () => undefined,
        );
        if (feed !== 'up') app.log.info('read cache on: the change feed is up');
        feed = 'up';
        return;
      }
      cache.suspend();
      // "Not live yet" before the first attempt is no news; a failure or a loss is.
      if (feed === 'down' || (feed === 'unknown' && !err)) return;
      feed = 'down';
      app.log.warn(
        { reason: err?.message, code: (err as { code?: string } | undefined)?.code },
        'read cache off: the change feed is down, re-connecting',
      );
    },
  });
  app.addHook('onClose', async () => {
    await stop();
  });
}

/**
 * The tables whose change-notice trigger tells every process (the triggers are in the
 * migrations), and ORDER_CAPACITY, which is not a table: its own trigger on orders announces it
 * (migration 0025, decision 036).
 */
async function notifiedTables(database: TDatabase) {
  const r = (await database.db.execute(sql`
    select c.relname as name, exists (
      select 1 from pg_trigger t where t.tgrelid = c.oid and t.tgname like '%cache_notify'
    ) as notified
    from pg_class c
    where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p', 'v', 'm')
    union all
    select ${ORDER_CAPACITY}::text, exists (
      select 1 from pg_trigger t where t.tgname = 'order_capacity_cache_notify_update'
    )`)) as unknown as {
    rows: { name: string; notified: boolean }[];
  };
  return { known: r.rows.map((x) => x.name), notified: r.rows.filter((x) => x.notified).map((x) => x.name) };
}
