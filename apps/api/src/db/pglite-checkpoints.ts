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
 * When one is due, it waits for a moment with no write for this long. A checkpoint holds the
 * engine's one thread while it writes the dirty buffers (50-150 ms on the bench's 200,000 orders),
 * and every request waits behind it; between two bursts of writes, nobody does.
 */
export const CHECKPOINT_QUIET_MS = 250;

/** Under writes that never pause, it runs anyway after waiting this long. */
export const CHECKPOINT_WAIT_AT_MOST_MS = 60_000;

/** What it needs of PGlite (or of its thread's handle): one query at a time, in the engine's queue. */
export type TCheckpointClient = { query<T>(text: string): Promise<{ rows: T[] }> };

export type TCheckpointTiming = {
  everyMs: number;
  quietMs?: number;
  waitAtMostMs?: number;
};

/**
 * Every `everyMs`, a CHECKPOINT if anything was written since the last one (or since it started),
 * at the first moment the WAL stays put for `quietMs` (or after `waitAtMostMs`). It runs in the
 * engine's one thread, after the statements queued before it. The returned function stops it and
 * waits for one under way, which then stops waiting at once.
 */
export function checkpointEvery(
  client: TCheckpointClient,
  { everyMs, quietMs = CHECKPOINT_QUIET_MS, waitAtMostMs = CHECKPOINT_WAIT_AT_MOST_MS }: TCheckpointTiming,
): () => Promise<void> {
  let last: string | null = null;
  let running: Promise<void> | null = null;
  let stopped = false;
  let wake: (() => void) | null = null;
  const walPosition = async () =>
    (await client.query<{ lsn: string }>('select pg_current_wal_insert_lsn()::text as lsn')).rows[0]?.lsn ??
    null;
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      // Stopped during a query of the wait: no pause left to cut short, so none begins.
      if (stopped) return resolve();
      const t = setTimeout(resolve, ms);
      t.unref();
      wake = () => {
        clearTimeout(t);
        resolve();
      };
    });
  // Where the WAL stood when the server opened it: a checkpoint follows writes made since.
  const opened = walPosition().then(
    (position) => {
      last ??= position;
    },
    () => undefined,
  );
  const tick = async () => {
    await opened;
    let seen = await walPosition();
    if (seen === last) return;
    const until = Date.now() + waitAtMostMs;
    for (;;) {
      await pause(quietMs);
      if (stopped) return;
      const now = await walPosition();
      if (now === seen || Date.now() >= until) break;
      seen = now;
    }
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
    stopped = true;
    clearInterval(timer);
    wake?.();
    await running;
  };
}
