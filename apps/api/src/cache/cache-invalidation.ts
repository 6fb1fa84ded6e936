import type { TDatabase } from '../db/client.ts';
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
): Promise<void> {
  app.addHook('onSend', async (request, reply, payload) => {
    if (!SAFE_METHODS.has(request.method) && !NOTHING_WRITTEN.has(reply.statusCode)) cache.invalidateAll();
    return payload;
  });
  if (cache.ttlMs <= 0) return;
  const stop = await database.listen(CACHE_CHANNEL, {
    onNotify: () => cache.invalidateAll(),
    onLive: (live, err) => {
      if (live) return cache.resume();
      if (cache.active()) app.log.warn({ err }, 'read cache off: the change feed is down, re-connecting');
      cache.suspend();
    },
  });
  app.addHook('onClose', async () => {
    await stop();
  });
}
