import type { TDeps } from '../context.ts';
import type { TServices } from '../modules/services.ts';
import { runArchiveReviews, runAutoPublishReviews } from './auto-publish-reviews.ts';
import { runAutoReject } from './auto-reject.ts';
import { runBiddingCloses } from './bidding-closes.ts';
import { runConfirmBills } from './confirm-bills.ts';
import { runDayBeforeReminders } from './day-before-reminders.ts';
import { runMessageDigests } from './message-digests.ts';
import { runPayoutTransfers } from './payout-transfers.ts';
import { runRefundRetries } from './refund-retries.ts';
import { runSweepLimits } from './sweep-limit-counters.ts';
import { runSweepLiveEvents } from './sweep-live-events.ts';

/** What the metrics learn of each pass: when it started, and whether every job finished. */
export type TJobPassListener = (pass: { startedAt: number; everyMs: number; ok: boolean }) => void;

/** Runs the periodic jobs in this process; each job is safe when several processes run it. */
export function startScheduler(
  deps: TDeps,
  services: Pick<
    TServices,
    | 'reviews'
    | 'orders'
    | 'deliveries'
    | 'payouts'
    | 'moveDay'
    | 'messages'
    | 'reminderJobs'
    | 'live'
    | 'auth'
  >,
  everyMs = 30_000,
  onPass?: TJobPassListener,
): () => void {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    const startedAt = Date.now();
    let ok = false;
    try {
      // Drain the backlog in batches, then wait for the next tick.
      while ((await runAutoReject(deps, 100, services.orders)) > 0) {}
      await runAutoPublishReviews(services.reviews);
      while ((await runArchiveReviews(services.reviews)) > 0) {}
      await runRefundRetries(deps, 20, services.deliveries);
      await runConfirmBills(services);
      await runPayoutTransfers(services);
      await runDayBeforeReminders(services);
      await runBiddingCloses(services);
      await runMessageDigests(services);
      while ((await runSweepLiveEvents(services.live)) > 0) {}
      while ((await runSweepLimits(deps, services.auth)) > 0) {}
      ok = true;
    } catch (err) {
      deps.log.error({ err }, 'scheduled job failed');
    } finally {
      running = false;
      onPass?.({ startedAt, everyMs, ok });
    }
  };
  const timer = setInterval(() => void tick(), everyMs);
  timer.unref();
  void tick();
  return () => clearInterval(timer);
}
