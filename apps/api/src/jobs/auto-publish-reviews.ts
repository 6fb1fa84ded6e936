import { REVIEW_PERIOD_DAYS } from '@haulpro/shared/review';
import type { TDeps } from '../context.ts';
import { publishReviews } from '../modules/reviews/reviews.repository.ts';

/** Publishes reviews whose 10-day review period has ended (safe to run in several processes). */
export async function runAutoPublishReviews({
  db,
  clock,
  cache,
}: Pick<TDeps, 'db' | 'clock' | 'cache'>): Promise<number> {
  const now = clock.now();
  const before = new Date(now.getTime() - REVIEW_PERIOD_DAYS * 86_400_000);
  const n = await db.transaction((tx) => publishReviews(tx, now, { before }));
  // Outside a request nothing else invalidates this process's read cache.
  if (n > 0) cache.invalidateAll();
  return n;
}
