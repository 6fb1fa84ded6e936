import { type TDatabase, writeScope } from '../db/client.ts';
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
    if (!SAFE_METHODS.has(request.method) && !NOTHING_WRITTEN.has(reply.statusCode)) {
      const written = writeScope.getStore();
      // Outside a scope (never expected) nothing is known: forget everything.
      if (written) cache.invalidateTables(written);
      else cache.invalidateAll();
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
