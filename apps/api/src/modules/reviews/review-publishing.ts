import { REVIEW_PERIOD_DAYS } from '@haulpro/shared/review';
import { archiveCutoff } from '@haulpro/shared/review-page';
import type { TDeps } from '../../context.ts';
import type { TTx } from '../../db/client.ts';
import type { TBranchesService } from '../branches/branches.service.ts';
import { archiveReviews, publishReviews } from './reviews.repository.ts';

/** The branch rating is the branches module's column: published and archived stars go through it. */
export type TBranchRatings = Pick<TBranchesService, 'addRating' | 'removeRating'>;

/**
 * Publishing and archiving reviews: by their author, an invited review at once, and the jobs
 * (jobs/auto-publish-reviews.ts). Each is conditional, so several processes may run them.
 */
export function createReviewPublishing(
  { db, clock, cache }: Pick<TDeps, 'db' | 'clock' | 'cache'>,
  branches: TBranchRatings,
) {
  /** Publishes (all of `ids`, or those whose period ended before `before`); the stars join the branch. */
  async function publishInTx(tx: TTx, now: Date, filter: { ids?: number[]; before?: Date }): Promise<number> {
    const published = await publishReviews(tx, now, filter);
    for (const p of published) if (p.branchId) await branches.addRating(tx, p.branchId, p.star);
    return published.length;
  }

  return {
    publishReviews: publishInTx,

    /** The job: publishes reviews whose 10-day review period has ended. */
    async publishDue(): Promise<number> {
      const now = clock.now();
      const before = new Date(now.getTime() - REVIEW_PERIOD_DAYS * 86_400_000);
      const n = await db.transaction((tx) => publishInTx(tx, now, { before }));
      // Outside a request nothing else invalidates this process's read cache.
      if (n > 0) cache.invalidateAll();
      return n;
    },

    /** The job: archives a batch published more than three years ago (spec); their stars leave the branch. */
    async archiveDue(): Promise<number> {
      const now = clock.now();
      const n = await db.transaction(async (tx) => {
        const archived = await archiveReviews(tx, now, archiveCutoff(now));
        for (const a of archived) if (a.branchId) await branches.removeRating(tx, a.branchId, a.star);
        return archived.length;
      });
      if (n > 0) cache.invalidateAll();
      return n;
    },
  };
}
