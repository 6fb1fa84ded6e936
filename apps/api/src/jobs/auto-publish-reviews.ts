import { REVIEW_PERIOD_DAYS } from '@haulpro/shared/review';
import { archiveCutoff } from '@haulpro/shared/review-page';
import type { TDeps } from '../context.ts';
import { archiveReviews, publishReviews } from '../modules/reviews/reviews.repository.ts';

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

/**
 * Archives reviews published more than three years ago (spec): they leave the lists and the
 * averages, and their stars leave the branch's rating. Batched and conditional, like the above.
 */
export async function runArchiveReviews({
  db,
  clock,
  cache,
}: Pick<TDeps, 'db' | 'clock' | 'cache'>): Promise<number> {
  const now = clock.now();
  const n = await db.transaction((tx) => archiveReviews(tx, now, archiveCutoff(now)));
  if (n > 0) cache.invalidateAll();
  return n;
}
