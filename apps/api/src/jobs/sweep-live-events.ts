import type { TLiveService } from '../modules/live/live.service.ts';

/** Rows deleted per statement: short transactions, the table stays writable meanwhile. */
export const LIVE_SWEEP_BATCH = 1000;

/**
 * Deletes live_events rows older than a day (they only serve `Last-Event-ID` resume), one batch;
 * answers how many went so the runner loops until none is left. Safe in several processes.
 */
export function runSweepLiveEvents(
  live: Pick<TLiveService, 'sweep'>,
  batch = LIVE_SWEEP_BATCH,
): Promise<number> {
  return live.sweep(batch);
}
