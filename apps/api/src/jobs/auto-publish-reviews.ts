import { REVIEW_PERIOD_DAYS } from '@haulpro/shared/review';
import type { TDeps } from '../context.ts';
import { publishReviews } from '../modules/reviews/reviews.repository.ts';

/** Publishes reviews whose 10-day review period has ended (safe to run in several processes). */
export function runAutoPublishReviews({ db, clock }: Pick<TDeps, 'db' | 'clock'>): Promise<number> {
  const now = clock.now();
  const before = new Date(now.getTime() - REVIEW_PERIOD_DAYS * 86_400_000);
  return db.transaction((tx) => publishReviews(tx, now, { before }));
}
