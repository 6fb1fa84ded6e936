import { REVIEW_PERIOD_DAYS, type TReview } from '@haulpro/shared/review';
import { desc, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TDb, TTx } from '../../db/client.ts';
import { branches, deliveries, orders, reviewReplies, reviews, users } from '../../db/schema.ts';

type TQ = TDb | TTx;

/** Reviews as the API shows them, with what decides who may act on them. */

const sender = alias(users, 'sender');
const receiverUser = alias(users, 'receiver_user');
const receiverBranch = alias(branches, 'receiver_branch');
const orderBranch = alias(branches, 'order_branch');
const deliveryBranch = alias(branches, 'delivery_branch');
const replier = alias(users, 'replier');

const PERIOD_MS = REVIEW_PERIOD_DAYS * 86_400_000;

export function personName(first: string, last: string) {
  return `${first} ${last.slice(0, 1)}${last ? '.' : ''}`.trim();
}

/** What the service needs to decide who may edit, publish or reply. */
export type TReviewAccess = {
  r: typeof reviews.$inferSelect;
  /** The company whose order or delivery it is on (the company side's author). */
  senderCompanyId: number | null;
  /** The company of the receiving branch. */
  receiverCompanyId: number | null;
  hasReply: boolean;
};

/** Reviews as the API shows them (spec: Review), newest first, with what decides who may act on them. */
export async function selectReviewRows(
  db: TQ,
  where: SQL | undefined,
  limit = 50,
  offset = 0,
): Promise<{ view: TReview; access: TReviewAccess }[]> {
  const rows = await db
    .select({
      r: reviews,
      senderFirst: sender.firstName,
      senderLast: sender.lastName,
      senderImage: sender.image,
      receiverFirst: receiverUser.firstName,
      receiverLast: receiverUser.lastName,
      receiverBranchName: receiverBranch.name,
      receiverBranchLogo: receiverBranch.logo,
      receiverCompanyId: receiverBranch.companyId,
      orderCompanyId: orders.companyId,
      orderBranchName: orderBranch.name,
      orderBranchLogo: orderBranch.logo,
      deliveryCompanyId: deliveries.acceptorCompanyId,
      deliveryBranchName: deliveryBranch.name,
      deliveryBranchLogo: deliveryBranch.logo,
      replyId: reviewReplies.id,
      replyComment: reviewReplies.comment,
      replyAt: reviewReplies.createdAt,
      replierFirst: replier.firstName,
      replierLast: replier.lastName,
      replierImage: replier.image,
    })
    .from(reviews)
    .leftJoin(sender, eq(sender.id, reviews.senderUserId))
    .leftJoin(receiverUser, eq(receiverUser.id, reviews.receiverUserId))
    .leftJoin(receiverBranch, eq(receiverBranch.id, reviews.receiverBranchId))
    .leftJoin(orders, eq(orders.id, reviews.orderId))
    .leftJoin(orderBranch, eq(orderBranch.id, orders.branchId))
    .leftJoin(deliveries, eq(deliveries.id, reviews.deliveryId))
    .leftJoin(deliveryBranch, eq(deliveryBranch.id, deliveries.acceptorBranchId))
    .leftJoin(reviewReplies, eq(reviewReplies.reviewId, reviews.id))
    .leftJoin(replier, eq(replier.id, reviewReplies.senderUserId))
    .where(where)
    .orderBy(desc(sql`coalesce(${reviews.publishedAt}, ${reviews.createdAt})`), desc(reviews.id))
    .limit(limit)
    .offset(offset);
  return rows.map((x) => {
    const r = x.r;
    const byCompany = r.senderParty === 'company';
    // The company side of the order or delivery: its branch, or (a delivery) the labor user.
    const branchName = x.orderBranchName ?? x.deliveryBranchName ?? x.receiverBranchName ?? null;
    const branchLogo = x.orderBranchLogo ?? x.deliveryBranchLogo ?? x.receiverBranchLogo ?? null;
    const person = (first: string | null, last: string | null) => personName(first ?? '', last ?? '');
    const helperSide = branchName
      ? { name: branchName, image: branchLogo }
      : byCompany
        ? { name: person(x.senderFirst, x.senderLast), image: x.senderImage ?? null }
        : { name: person(x.receiverFirst, x.receiverLast), image: null };
    const view: TReview = {
      id: r.id,
      star: r.star,
      comment: r.comment,
      published_at: r.publishedAt?.toISOString() ?? null,
      editable_until: new Date(r.createdAt.getTime() + PERIOD_MS).toISOString(),
      is_published: r.publishedAt !== null,
      sender_party: r.senderParty,
      image: r.image,
      sender: byCompany
        ? helperSide
        : r.senderUserId === null
          ? { name: r.senderName ?? 'Invited reviewer', image: null }
          : { name: person(x.senderFirst, x.senderLast), image: x.senderImage },
      receiver: {
        name: x.receiverBranchName ?? (x.receiverFirst ? person(x.receiverFirst, x.receiverLast) : ''),
      },
      branch_name: branchName,
      order_link: r.orderId ? `/orders?order_id=${r.orderId}` : null,
      order_id: r.orderId,
      delivery_id: r.deliveryId,
      replies: x.replyId
        ? [
            {
              id: x.replyId,
              comment: x.replyComment ?? '',
              sender: byCompany
                ? { name: person(x.replierFirst, x.replierLast), image: x.replierImage ?? null }
                : branchName
                  ? { name: branchName, image: branchLogo }
                  : { name: person(x.replierFirst, x.replierLast), image: x.replierImage ?? null },
              created_at: x.replyAt?.toISOString() ?? '',
            },
          ]
        : [],
      created_at: r.createdAt.toISOString(),
    };
    return {
      view,
      access: {
        r,
        senderCompanyId: x.orderCompanyId ?? x.deliveryCompanyId ?? null,
        receiverCompanyId: x.receiverCompanyId ?? null,
        hasReply: x.replyId !== null,
      },
    };
  });
}

/** Reviews as the API shows them (spec: Review), newest first. */
export async function selectReviews(db: TQ, where: SQL | undefined, limit = 50): Promise<TReview[]> {
  return (await selectReviewRows(db, where, limit)).map((x) => x.view);
}

/** One review with what decides who may act on it. */
export async function findReviewAccess(db: TQ, id: number): Promise<TReviewAccess | undefined> {
  return (await selectReviewRows(db, eq(reviews.id, id), 1))[0]?.access;
}

/** One review as the API shows it. */
export function reviewView(db: TQ, id: number) {
  return selectReviews(db, eq(reviews.id, id), 1).then((r) => r[0]);
}
