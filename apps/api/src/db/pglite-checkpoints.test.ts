/**
 * When the embedded database checkpoints (decisions 045, 046): a fake engine whose WAL position
 * moves while a writer runs, on fake timers, so every case is exact. The real engine's case (a
 * checkpoint follows writes, none follows silence) is in test/pglite-thread.test.ts.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { checkpointEvery } from './pglite-checkpoints.ts';

const EVERY = 1000;
const QUIET = 250;
const AT_MOST = 5000;

/** A fake engine: the WAL moves by one for every 10 ms its writer runs; CHECKPOINT moves it too. */
function fakeEngine() {
  let wal = 0;
  let writingUntil = 0;
  let lastSeen = Date.now();
  const checkpoints: number[] = [];
  const advance = () => {
    const now = Date.now();
    const until = Math.min(now, writingUntil);
    if (until > lastSeen) wal += Math.floor((until - lastSeen) / 10) || 1;
    lastSeen = now;
  };
  return {
    checkpoints,
    /** Writes from now for `ms`. */
    write(ms: number) {
      advance();
      writingUntil = Date.now() + ms;
      wal += 1;
    },
    query: async <T>(text: string) => {
      advance();
      if (text === 'checkpoint') {
        checkpoints.push(Date.now());
        wal += 1; // its own record
        return { rows: [] as T[] };
      }
      return { rows: [{ lsn: `0/${wal.toString(16)}` }] as T[] };
    },
  };
}

describe('the embedded database checkpoints at a quiet moment', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 0 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('after writes, once the WAL has stayed put for the quiet time, and once only', async () => {
    const engine = fakeEngine();
    const stop = checkpointEvery(engine, { everyMs: EVERY, quietMs: QUIET, waitAtMostMs: AT_MOST });
    engine.write(100);
    await vi.advanceTimersByTimeAsync(EVERY + QUIET + 10);
    expect(engine.checkpoints).toEqual([EVERY + QUIET]);
    // Nothing written since: later ticks leave it.
    await vi.advanceTimersByTimeAsync(EVERY * 5);
    expect(engine.checkpoints).toHaveLength(1);
    await stop();
  });

  it('waits while writes go on, and runs in the first quarter-second without one', async () => {
    const engine = fakeEngine();
    const stop = checkpointEvery(engine, { everyMs: EVERY, quietMs: QUIET, waitAtMostMs: AT_MOST });
    engine.write(EVERY + 1800); // busy from before the tick until 2.8 s
    await vi.advanceTimersByTimeAsync(EVERY + 1800);
    expect(engine.checkpoints).toEqual([]);
    await vi.advanceTimersByTimeAsync(2 * QUIET + 10);
    expect(engine.checkpoints).toHaveLength(1);
    const at = engine.checkpoints[0] ?? 0;
    // The first sample a quarter-second after the writes ended.
    expect(at).toBeGreaterThanOrEqual(EVERY + 1800 + QUIET);
    expect(at).toBeLessThanOrEqual(EVERY + 1800 + 2 * QUIET);
    await stop();
  });

  it('under writes that never pause, runs anyway after the longest wait', async () => {
    const engine = fakeEngine();
    const stop = checkpointEvery(engine, { everyMs: EVERY, quietMs: QUIET, waitAtMostMs: AT_MOST });
    engine.write(60_000);
    await vi.advanceTimersByTimeAsync(EVERY + AT_MOST - QUIET);
    expect(engine.checkpoints).toEqual([]);
    await vi.advanceTimersByTimeAsync(2 * QUIET);
    expect(engine.checkpoints).toHaveLength(1);
    expect(engine.checkpoints[0]).toBeGreaterThanOrEqual(EVERY + AT_MOST);
    expect(engine.checkpoints[0]).toBeLessThanOrEqual(EVERY + AT_MOST + QUIET);
    await stop();
  });

  it('with nothing written since it started, never', async () => {
    const engine = fakeEngine();
    const stop = checkpointEvery(engine, { everyMs: EVERY, quietMs: QUIET, waitAtMostMs: AT_MOST });
    await vi.advanceTimersByTimeAsync(EVERY * 10);
    expect(engine.checkpoints).toEqual([]);
    // The first write after a long silence is followed by one.
    engine.write(10);
    await vi.advanceTimersByTimeAsync(EVERY + QUIET);
    expect(engine.checkpoints).toHaveLength(1);
    await stop();
  });

  it('stopped while it waits for a quiet moment, it checkpoints nothing and ends at once', async () => {
    const engine = fakeEngine();
    const stop = checkpointEvery(engine, { everyMs: EVERY, quietMs: QUIET, waitAtMostMs: AT_MOST });
    engine.write(60_000);
    await vi.advanceTimersByTimeAsync(EVERY + 2 * QUIET);
    const stopped = stop();
    await vi.advanceTimersByTimeAsync(0);
    await stopped;
    await vi.advanceTimersByTimeAsync(AT_MOST * 2);
    expect(engine.checkpoints).toEqual([]);
  });
});
