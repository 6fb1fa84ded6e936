import { and, eq, inArray, sql } from 'drizzle-orm';
import type { TDb, TTx } from '../../db/client.ts';
import { reviewReplies, reviews } from '../../db/schema.ts';

type TQ = TDb | TTx;

import { notArchived } from './review-lists.repository.ts';

/** Writes of reviews and replies: publishing, archiving, editing. */

/**
 * Publishes unpublished reviews (all of `ids`, or those whose period ended before `before`); the
 * service adds their stars to the receiving branch. The conditional update makes it safe to run twice.
 */
export async function publishReviews(tx: TTx, now: Date, filter: { ids?: number[]; before?: Date }) {
  const published = await tx
    .update(reviews)
    .set({ publishedAt: now, updatedAt: now })
    .where(
      and(
        sql`${reviews.publishedAt} is null`,
        filter.ids ? inArray(reviews.id, filter.ids) : undefined,
        filter.before ? sql`${reviews.createdAt} <= ${filter.before}` : undefined,
      ),
    )
    .returning({ id: reviews.id, branchId: reviews.receiverBranchId, star: reviews.star });
  return published;
}

/** Optimistic edit: false when the review changed since `updatedAt` was read. */
export async function editReview(
  db: TQ,
  id: number,
  updatedAt: Date,
  set: Pick<typeof reviews.$inferInsert, 'star' | 'comment' | 'updatedAt'>,
): Promise<boolean> {
  const updated = await db
    .update(reviews)
    .set(set)
    .where(and(eq(reviews.id, id), eq(reviews.updatedAt, updatedAt)))
    .returning({ id: reviews.id });
  return updated.length > 0;
}

/** A side's review of an order; undefined when that side has already reviewed it (unique per order and side). */
export async function insertReview(tx: TTx, v: typeof reviews.$inferInsert): Promise<number | undefined> {
  const [r] = await tx.insert(reviews).values(v).onConflictDoNothing().returning({ id: reviews.id });
  return r?.id;
}

/** The one reply to a review; false when it already has one. */
export async function insertReply(db: TQ, v: typeof reviewReplies.$inferInsert): Promise<boolean> {
  const inserted = await db
    .insert(reviewReplies)
    .values(v)
    .onConflictDoNothing()
    .returning({ id: reviewReplies.id });
  return inserted.length > 0;
}

export type TReviewRow = typeof reviews.$inferSelect;

/**
 * Archives the published reviews published before `cutoff` (three years, spec); the service takes
 * their stars out of the branch's rating. Conditional, so several processes may run it.
 */
export async function archiveReviews(tx: TTx, now: Date, cutoff: Date, batch = 500) {
  const due = tx
    .select({ id: reviews.id })
    .from(reviews)
    .where(and(notArchived, sql`${reviews.publishedAt} < ${cutoff}`))
    .limit(batch);
  const archived = await tx
    .update(reviews)
    .set({ archivedAt: now })
    .where(and(notArchived, inArray(reviews.id, due)))
    .returning({ branchId: reviews.receiverBranchId, star: reviews.star });
  return archived;
}
