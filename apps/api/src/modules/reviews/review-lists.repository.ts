import { and, eq, inArray, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { TDb, TTx } from '../../db/client.ts';
import { branches, deliveries, orders, reviews } from '../../db/schema.ts';

type TQ = TDb | TTx;

import { reviewsOfOneOrder, selectReviewRows, selectReviews } from './review-rows.repository.ts';

/** Which reviews a list, a tab or an average covers, and their pages. */

/** Shown in lists and averages: not archived (three years after publishing). */
export const notArchived = sql`${reviews.archivedAt} is null`;
const published = and(isNotNull(reviews.publishedAt), notArchived);

/** Reviews on a company's orders or deliveries (optionally one branch's). */
export function sentByCompany(companyId: number, branchId?: number): SQL {
  return and(
    eq(reviews.senderParty, 'company'),
    or(
      inArray(
        reviews.orderId,
        sqlSelect(
          orders.id,
          orders,
          and(eq(orders.companyId, companyId), branchId ? eq(orders.branchId, branchId) : undefined),
        ),
      ),
      inArray(
        reviews.deliveryId,
        sqlSelect(
          deliveries.id,
          deliveries,
          and(
            eq(deliveries.acceptorCompanyId, companyId),
            branchId ? eq(deliveries.acceptorBranchId, branchId) : undefined,
          ),
        ),
      ),
    ),
  )!;
}

/** Reviews received by a company's branches (optionally one). */
export function receivedByCompany(companyId: number, branchId?: number): SQL {
  return branchId
    ? and(
        eq(reviews.receiverBranchId, branchId),
        inArray(
          reviews.receiverBranchId,
          sqlSelect(branches.id, branches, eq(branches.companyId, companyId)),
        ),
      )!
    : inArray(reviews.receiverBranchId, sqlSelect(branches.id, branches, eq(branches.companyId, companyId)));
}

export function sqlSelect(col: AnyPgColumn, table: PgTable, where: SQL | undefined): SQL {
  return sql`(select ${col} from ${table} where ${where ?? sql`true`})`;
}

export function reviewTypeWhere(type: 'moving' | 'delivery'): SQL {
  return type === 'delivery' ? isNotNull(reviews.deliveryId) : sql`${reviews.deliveryId} is null`;
}

/** Whose reviews a list shows: a company's (optionally one location's) or one user's. */
export type TReviewOwner =
  | { kind: 'company'; companyId: number; branchId?: number | undefined }
  | { kind: 'user'; userId: number };

/** The Sent or Received tab of moving or delivery reviews. */
export function tabWhere(owner: TReviewOwner, tab: 'sent' | 'received', type: 'moving' | 'delivery'): SQL {
  const own =
    owner.kind === 'company'
      ? tab === 'sent'
        ? sentByCompany(owner.companyId, owner.branchId)
        : receivedByCompany(owner.companyId, owner.branchId)
      : eq(tab === 'sent' ? reviews.senderUserId : reviews.receiverUserId, owner.userId);
  return and(own, reviewTypeWhere(type))!;
}

/** A tab's page: unpublished reviews are listed to their author only (the Sent tab). */
export function tabPage(
  db: TQ,
  owner: TReviewOwner,
  tab: 'sent' | 'received',
  type: 'moving' | 'delivery',
  page: number,
  perPage: number,
) {
  const where = tabWhere(owner, tab, type);
  return reviewPage(db, tab === 'sent' ? where : and(where, isNotNull(reviews.publishedAt))!, page, perPage);
}

/** A page of reviews matching `where` (archived ones left out) and their total. */
export async function reviewPage(db: TQ, where: SQL, page: number, perPage: number) {
  const w = and(where, notArchived);
  const [rows, [c]] = await Promise.all([
    selectReviewRows(db, w, perPage, (page - 1) * perPage),
    db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(reviews)
      .where(w),
  ]);
  return { rows, total: c?.n ?? 0 };
}

/** Star average (one decimal) and count of the published, active reviews matching `where`. */
export async function starStats(db: TQ, where: SQL) {
  const [a] = await db
    .select({
      sum: sql<number>`coalesce(sum(${reviews.star}), 0)`.mapWith(Number),
      count: sql<number>`count(*)`.mapWith(Number),
    })
    .from(reviews)
    .where(and(where, published));
  const count = a?.count ?? 0;
  return { avg_star: count ? Math.round(((a?.sum ?? 0) / count) * 10) / 10 : 0, count_star: count };
}

/** Published reviews a branch received, with the star sum and count kept on the branch. */
export async function branchReviews(db: TQ, branchId: number, limit = 50) {
  const [list, [b]] = await Promise.all([
    selectReviews(db, and(eq(reviews.receiverBranchId, branchId), published), limit),
    db
      .select({ sum: branches.ratingSum, count: branches.reviewsCount })
      .from(branches)
      .where(eq(branches.id, branchId)),
  ]);
  return { list, sum: b?.sum ?? 0, count: b?.count ?? 0 };
}

/** Published reviews a customer received from companies. */
export async function customerReviews(db: TQ, userId: number, limit = 50) {
  const where = and(eq(reviews.receiverUserId, userId), published);
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
export async function reviewsOfOrders(db: TQ, orderIds: number[]) {
  // One order (its page, a step's answer): the prepared statement.
  if (orderIds.length === 1) return reviewsOfOneOrder(db, orderIds[0] ?? 0);
  return orderIds.length ? selectReviews(db, inArray(reviews.orderId, orderIds), orderIds.length * 2) : [];
}
