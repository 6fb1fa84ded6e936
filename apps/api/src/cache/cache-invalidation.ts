import type { TDatabase } from '../db/client.ts';
import type { TApp } from '../http/types.ts';
import type { TReadCache } from './read-cache.ts';

export const CACHE_CHANNEL = 'haulpro_cache';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Keeps the read cache coherent:
 * - in this process, every request that may write (any method but GET/HEAD/OPTIONS) invalidates
 *   before its response leaves, so a client always reads its own writes;
 * - across processes, table triggers NOTIFY on commit and every process invalidates on receipt;
 *   while that feed is down the cache serves nothing.
 */
export async function registerCacheInvalidation(
  app: TApp,
  cache: TReadCache,
  database: TDatabase,
): Promise<void> {
  app.addHook('onSend', async (request, _reply, payload) => {
    if (!SAFE_METHODS.has(request.method)) cache.invalidateAll();
    return payload;
  });
  if (cache.ttlMs <= 0) return;
  const stop = await database.listen(CACHE_CHANNEL, {
    onNotify: () => cache.invalidateAll(),
    onLive: (live) => (live ? cache.resume() : cache.suspend()),
  });
  app.addHook('onClose', async () => {
    await stop();
  });
}
