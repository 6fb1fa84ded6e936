import type { TReviewsService } from '../modules/reviews/reviews.service.ts';

/*
 * The review jobs: the reviews module publishes and archives (its table, and the branch rating
 * through the branches module); the job only runs it. Safe to run in several processes.
 */
type TReviewJobs = Pick<TReviewsService, 'publishDue' | 'archiveDue'>;

/** Publishes reviews whose 10-day review period has ended. */
export function runAutoPublishReviews(reviews: TReviewJobs): Promise<number> {
  return reviews.publishDue();
}

/**
 * Archives reviews published more than three years ago (spec): they leave the lists and the
 * averages, and their stars leave the branch's rating. Batched and conditional, like the above.
 */
export function runArchiveReviews(reviews: TReviewJobs): Promise<number> {
  return reviews.archiveDue();
}
