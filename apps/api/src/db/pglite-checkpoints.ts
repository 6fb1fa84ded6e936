import type { PGlite } from '@electric-sql/pglite';

/**
 * How often the embedded database checkpoints, at most: PostgreSQL's own `checkpoint_timeout`.
 *
 * PGlite's backend runs alone (PostgreSQL's single-user mode), without the checkpointer process
 * a server has. Nothing ever checkpointed while the server ran, so every WAL segment written
 * since the last clean start stayed in `pg_wal` (16 MB each, on disk or in memory), and a
 * crash's recovery replayed all of them. A checkpoint lets PostgreSQL recycle the segments
 * behind it (keeping `min_wal_size`) and start a recovery there (decision 045).
 */
export const CHECKPOINT_EVERY_MS = 5 * 60_000;

/**
 * Every `everyMs`, a CHECKPOINT if anything was written since the last one. It runs in the
 * engine's one thread, after the statements queued before it, and writes the dirty buffers. The
 * returned function stops it and waits for one under way.
 */
export function checkpointEvery(client: Pick<PGlite, 'query'>, everyMs: number): () => Promise<void> {
  let last: string | null = null;
  let running: Promise<void> | null = null;
  const walPosition = async () =>
    (await client.query<{ lsn: string }>('select pg_current_wal_insert_lsn()::text as lsn')).rows[0]?.lsn ??
    null;
  const tick = async () => {
    if ((await walPosition()) === last) return;
    await client.query('checkpoint');
    last = await walPosition();
  };
  const timer = setInterval(() => {
    // A failed checkpoint (the database closing, or busy with an error) is tried at the next tick.
    running ??= tick()
      .catch(() => undefined)
      .finally(() => {
        running = null;
      });
  }, everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
