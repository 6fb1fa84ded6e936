import { REVIEW_PERIOD_DAYS, type TReview } from '@haulpro/shared/review';
import { and, desc, eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TDb, TTx } from '../../db/client.ts';
import { branches, orders, reviewReplies, reviews, users } from '../../db/schema.ts';

type TQ = TDb | TTx;

const sender = alias(users, 'sender');
const receiverUser = alias(users, 'receiver_user');
const receiverBranch = alias(branches, 'receiver_branch');
const orderBranch = alias(branches, 'order_branch');
const replier = alias(users, 'replier');

const PERIOD_MS = REVIEW_PERIOD_DAYS * 86_400_000;

function personName(first: string, last: string) {
  return `${first} ${last.slice(0, 1)}${last ? '.' : ''}`.trim();
}

/** Reviews as the API shows them (spec: Review), newest first. */
export async function selectReviews(db: TQ, where: SQL | undefined, limit = 50): Promise<TReview[]> {
  const rows = await db
    .select({
      r: reviews,
      senderFirst: sender.firstName,
      senderLast: sender.lastName,
      senderImage: sender.image,
      receiverFirst: receiverUser.firstName,
      receiverLast: receiverUser.lastName,
      receiverBranchName: receiverBranch.name,
      orderBranchName: orderBranch.name,
      orderBranchLogo: orderBranch.logo,
      replyId: reviewReplies.id,
      replyComment: reviewReplies.comment,
      replyAt: reviewReplies.createdAt,
      replierFirst: replier.firstName,
      replierLast: replier.lastName,
      replierImage: replier.image,
    })
    .from(reviews)
    .innerJoin(sender, eq(sender.id, reviews.senderUserId))
    .leftJoin(receiverUser, eq(receiverUser.id, reviews.receiverUserId))
    .leftJoin(receiverBranch, eq(receiverBranch.id, reviews.receiverBranchId))
    .leftJoin(orders, eq(orders.id, reviews.orderId))
    .leftJoin(orderBranch, eq(orderBranch.id, orders.branchId))
    .leftJoin(reviewReplies, eq(reviewReplies.reviewId, reviews.id))
    .leftJoin(replier, eq(replier.id, reviewReplies.senderUserId))
    .where(where)
    .orderBy(desc(sql`coalesce(${reviews.publishedAt}, ${reviews.createdAt})`), desc(reviews.id))
    .limit(limit);
  return rows.map((x) => {
    const r = x.r;
    const byCompany = r.senderParty === 'company';
    const branchName = x.orderBranchName ?? x.receiverBranchName ?? null;
    return {
      id: r.id,
      star: r.star,
      comment: r.comment,
      published_at: r.publishedAt?.toISOString() ?? null,
      editable_until: new Date(r.createdAt.getTime() + PERIOD_MS).toISOString(),
      is_published: r.publishedAt !== null,
      sender_party: r.senderParty,
      image: r.image,
      sender: byCompany
        ? { name: branchName ?? 'The company', image: x.orderBranchLogo ?? null }
        : { name: personName(x.senderFirst, x.senderLast), image: x.senderImage },
      receiver: {
        name:
          x.receiverBranchName ?? (x.receiverFirst ? personName(x.receiverFirst, x.receiverLast ?? '') : ''),
      },
      branch_name: branchName,
      order_link: r.orderId ? `/orders?order_id=${r.orderId}` : null,
      order_id: r.orderId,
      delivery_id: null,
      replies: x.replyId
        ? [
            {
              id: x.replyId,
              comment: x.replyComment ?? '',
              sender: byCompany
                ? {
                    name: personName(x.replierFirst ?? '', x.replierLast ?? ''),
                    image: x.replierImage ?? null,
                  }
                : { name: branchName ?? 'The company', image: x.orderBranchLogo ?? null },
              created_at: x.replyAt?.toISOString() ?? '',
            },
          ]
        : [],
      created_at: r.createdAt.toISOString(),
    };
  });
}

/** Published reviews a branch received, with the star sum and count kept on the branch. */
export async function branchReviews(db: TQ, branchId: number, limit = 50) {
  const [list, [b]] = await Promise.all([
    selectReviews(db, and(eq(reviews.receiverBranchId, branchId), isNotNull(reviews.publishedAt)), limit),
    db
      .select({ sum: branches.ratingSum, count: branches.reviewsCount })
      .from(branches)
      .where(eq(branches.id, branchId)),
  ]);
  return { list, sum: b?.sum ?? 0, count: b?.count ?? 0 };
}

/** Published reviews a customer received from companies. */
export async function customerReviews(db: TQ, userId: number, limit = 50) {
  const where = and(eq(reviews.receiverUserId, userId), isNotNull(reviews.publishedAt));
  const [list, [agg]] = await Promise.all([
    selectReviews(db, where, limit),
    db
      .select({
        sum: sql<number>`coalesce(sum(${reviews.star}), 0)`.mapWith(Number),
        count: sql<number>`count(*)`.mapWith(Number),
      })
      .from(reviews)
      .where(where),
  ]);
  return { list, sum: agg?.sum ?? 0, count: agg?.count ?? 0 };
}

/** Reviews written on these orders (both sides), for the order view. */
export function reviewsOfOrders(db: TQ, orderIds: number[]) {
  return orderIds.length ? selectReviews(db, inArray(reviews.orderId, orderIds), orderIds.length * 2) : [];
}

/**
 * Publishes unpublished reviews (all of `ids`, or those whose period ended before `before`) and
 * adds their stars to the receiving branch. The conditional update makes it safe to run twice.
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
  for (const p of published) {
    if (!p.branchId) continue;
    await tx
      .update(branches)
      .set({
        ratingSum: sql`${branches.ratingSum} + ${p.star}`,
        reviewsCount: sql`${branches.reviewsCount} + 1`,
      })
      .where(eq(branches.id, p.branchId));
  }
  return published.length;
}

/** A review with the company that placed its order (null for none). */
export function findReviewWithOrderCompany(db: TQ, id: number) {
  return db
    .select({ r: reviews, companyId: orders.companyId })
    .from(reviews)
    .leftJoin(orders, eq(orders.id, reviews.orderId))
    .where(eq(reviews.id, id))
    .then((r) => r[0]);
}

/** A review with the company of the branch that received it (null for none). */
export function findReviewWithReceiverCompany(db: TQ, id: number) {
  return db
    .select({ r: reviews, companyId: branches.companyId })
    .from(reviews)
    .leftJoin(branches, eq(branches.id, reviews.receiverBranchId))
    .where(eq(reviews.id, id))
    .then((r) => r[0]);
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

/** The one reply to a review; false when it already has one. */
/** A side's review of an order; undefined when that side has already reviewed it (unique per order and side). */
export async function insertReview(tx: TTx, v: typeof reviews.$inferInsert): Promise<number | undefined> {
  const [r] = await tx.insert(reviews).values(v).onConflictDoNothing().returning({ id: reviews.id });
  return r?.id;
}

export async function insertReply(db: TQ, v: typeof reviewReplies.$inferInsert): Promise<boolean> {
  const inserted = await db
    .insert(reviewReplies)
    .values(v)
    .onConflictDoNothing()
    .returning({ id: reviewReplies.id });
  return inserted.length > 0;
}

export type TReviewRow = typeof reviews.$inferSelect;

/** One review as the API shows it. */
export function reviewView(db: TQ, id: number) {
  return selectReviews(db, eq(reviews.id, id), 1).then((r) => r[0]);
}
