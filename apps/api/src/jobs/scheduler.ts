import type { TDeps } from '../context.ts';
import { runRefundRetries } from '../modules/deliveries/delivery-refunds.ts';
import type { TServices } from '../modules/services.ts';
import { runArchiveReviews, runAutoPublishReviews } from './auto-publish-reviews.ts';
import { runAutoReject } from './auto-reject.ts';

/** Runs the periodic jobs in this process; each job is safe when several processes run it. */
export function startScheduler(
  deps: TDeps,
  services: Pick<TServices, 'reviews'>,
  everyMs = 30_000,
): () => void {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      // Drain the backlog in batches, then wait for the next tick.
      while ((await runAutoReject(deps)) > 0) {}
      await runAutoPublishReviews(services.reviews);
      while ((await runArchiveReviews(services.reviews)) > 0) {}
      await runRefundRetries(deps);
    } catch (err) {
      deps.log.error({ err }, 'scheduled job failed');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), everyMs);
  timer.unref();
  void tick();
  return () => clearInterval(timer);
}
