import type { TDatabase } from '../../db/client.ts';
import type { TApp } from '../../http/types.ts';
import type { TLiveService } from './live.service.ts';

/** The channel migration 0018's trigger announces every live_events row on, at commit. */
export const LIVE_CHANNEL = 'haulpro_live';

/**
 * This process's one LISTEN for live events (the same connection machinery as the read cache:
 * re-opened with backoff on PostgreSQL, immediate on PGlite), handed to the hub. On close the
 * open streams end first, so the server does not wait on them; their clients resume elsewhere.
 */
export async function registerLiveFeed(app: TApp, live: TLiveService, database: TDatabase): Promise<void> {
  const stop = await database.listen(LIVE_CHANNEL, {
    onNotify: (payload) => live.announced(payload),
    onLive: (up, err) => {
      if (!up && err) app.log.warn({ reason: err.message }, 'live: the event feed is down, re-connecting');
      void live.feedLive(up).catch((e: unknown) => app.log.error({ err: e }, 'live: catching up failed'));
    },
  });
  app.addHook('preClose', async () => {
    live.closeAll();
  });
  app.addHook('onClose', async () => {
    await stop();
  });
}
