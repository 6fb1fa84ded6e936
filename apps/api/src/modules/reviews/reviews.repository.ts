import { ORDER_STATUS } from '@haulpro/shared/order';
import { REVIEW_PERIOD_DAYS, type TReview } from '@haulpro/shared/review';
import { REVIEW_INVITE_MAX } from '@haulpro/shared/review-page';
import { and, desc, eq, inArray, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias, type PgTable } from 'drizzle-orm/pg-core';
import type { TDb, TTx } from '../../db/client.ts';
import {
  branches,
  companies,
  deliveries,
  orders,
  reviewInvitations,
  reviewReplies,
  reviews,
  users,
} from '../../db/schema.ts';

type TQ = TDb | TTx;

const sender = alias(users, 'sender');
const receiverUser = alias(users, 'receiver_user');
const receiverBranch = alias(branches, 'receiver_branch');
const orderBranch = alias(branches, 'order_branch');
const deliveryBranch = alias(branches, 'delivery_branch');
const replier = alias(users, 'replier');

const PERIOD_MS = REVIEW_PERIOD_DAYS * 86_400_000;

function personName(first: string, last: string) {
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

function sqlSelect(col: AnyPgColumn, table: PgTable, where: SQL | undefined): SQL {
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

/** One review as the API shows it. */
export function reviewView(db: TQ, id: number) {
  return selectReviews(db, eq(reviews.id, id), 1).then((r) => r[0]);
}

/**
 * Archives the published reviews published before `cutoff` (three years, spec) and takes their
 * stars out of the receiving branch's rating. Conditional, so several processes may run it.
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
  for (const a of archived) {
    if (!a.branchId) continue;
    await tx
      .update(branches)
      .set({
        ratingSum: sql`greatest(${branches.ratingSum} - ${a.star}, 0)`,
        reviewsCount: sql`greatest(${branches.reviewsCount} - 1, 0)`,
      })
      .where(eq(branches.id, a.branchId));
  }
  return archived.length;
}

// ---------------- reviewer invitations ----------------

export type TInvitationRow = typeof reviewInvitations.$inferSelect;

/** A company's branches with their completed orders and how many invitations each has sent. */
export async function invitersOf(db: TQ, companyId: number) {
  const [bs, os, counts] = await Promise.all([
    db
      .select({ id: branches.id, name: branches.name })
      .from(branches)
      .where(and(eq(branches.companyId, companyId), sql`${branches.deletedAt} is null`))
      .orderBy(desc(branches.isMain), branches.name),
    db
      .select({
        id: orders.id,
        branchId: orders.branchId,
        arrivalDate: orders.arrivalDate,
        first: users.firstName,
        last: users.lastName,
      })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.customerId))
      .where(and(eq(orders.companyId, companyId), eq(orders.status, ORDER_STATUS.completed)))
      .orderBy(desc(orders.arrivalDate), desc(orders.id))
      .limit(2000),
    db
      .select({ branchId: reviewInvitations.branchId, n: sql<number>`count(*)`.mapWith(Number) })
      .from(reviewInvitations)
      .innerJoin(branches, eq(branches.id, reviewInvitations.branchId))
      .where(eq(branches.companyId, companyId))
      .groupBy(reviewInvitations.branchId),
  ]);
  return bs.map((b) => ({
    id: b.id,
    name: b.name,
    orders: os
      .filter((o) => o.branchId === b.id)
      .map((o) => ({ id: o.id, label: `#${o.id} · ${personName(o.first, o.last)} · ${o.arrivalDate}` })),
    invited_reviews_count: counts.find((c) => c.branchId === b.id)?.n ?? 0,
  }));
}

/** The branch when it belongs to the company, with its row locked (invitations are counted under it). */
export async function lockCompanyBranch(tx: TTx, companyId: number, branchId: number) {
  const [b] = await tx
    .select({ id: branches.id, name: branches.name, companyId: branches.companyId })
    .from(branches)
    .where(and(eq(branches.id, branchId), eq(branches.companyId, companyId)))
    .for('update');
  return b;
}

export function invitedEmails(db: TQ, branchId: number) {
  return db
    .select({ email: reviewInvitations.email })
    .from(reviewInvitations)
    .where(eq(reviewInvitations.branchId, branchId))
    .then((r) => r.map((x) => x.email));
}

/** The customers' e-mails of these completed orders of a branch (all of them when `orderIds` is null). */
export function customerEmailsOfOrders(db: TQ, branchId: number, orderIds: number[] | null) {
  return db
    .select({ orderId: orders.id, email: users.email })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.customerId))
    .where(
      and(
        eq(orders.branchId, branchId),
        eq(orders.status, ORDER_STATUS.completed),
        orderIds ? inArray(orders.id, orderIds.length ? orderIds : [0]) : undefined,
      ),
    )
    .orderBy(orders.id);
}

export async function insertInvitations(tx: TTx, rows: (typeof reviewInvitations.$inferInsert)[]) {
  if (!rows.length) return [];
  return tx
    .insert(reviewInvitations)
    .values(rows)
    .onConflictDoNothing()
    .returning({ id: reviewInvitations.id, email: reviewInvitations.email });
}

export function listInvitations(db: TQ, branchId: number, status: 'pending' | 'available') {
  return db
    .select()
    .from(reviewInvitations)
    .where(
      and(
        eq(reviewInvitations.branchId, branchId),
        status === 'pending'
          ? sql`${reviewInvitations.reviewedAt} is null`
          : isNotNull(reviewInvitations.reviewedAt),
      ),
    )
    .orderBy(desc(reviewInvitations.createdAt), desc(reviewInvitations.id))
    .limit(REVIEW_INVITE_MAX);
}

export async function deleteCompanyInvitation(db: TQ, companyId: number, id: number) {
  const r = await db
    .delete(reviewInvitations)
    .where(
      and(
        eq(reviewInvitations.id, id),
        inArray(
          reviewInvitations.branchId,
          sqlSelect(branches.id, branches, eq(branches.companyId, companyId)),
        ),
      ),
    )
    .returning({ id: reviewInvitations.id });
  return r.length > 0;
}

/** An invitation by its link's token hash, with the branch and company it is for. */
export async function findInvitationByHash(db: TQ, tokenHash: string, forUpdate = false) {
  const q = db
    .select({
      inv: reviewInvitations,
      branchName: branches.name,
      logo: branches.logo,
      companyName: companies.name,
    })
    .from(reviewInvitations)
    .innerJoin(branches, eq(branches.id, reviewInvitations.branchId))
    .innerJoin(companies, eq(companies.id, branches.companyId))
    .where(eq(reviewInvitations.tokenHash, tokenHash));
  const [r] = forUpdate ? await q.for('update', { of: reviewInvitations }) : await q;
  return r;
}

/** Marks an invitation used; false when it already was (one review per invitation). */
export async function markInvitationReviewed(tx: TTx, id: number, now: Date) {
  const r = await tx
    .update(reviewInvitations)
    .set({ reviewedAt: now })
    .where(and(eq(reviewInvitations.id, id), sql`${reviewInvitations.reviewedAt} is null`))
    .returning({ id: reviewInvitations.id });
  return r.length > 0;
}
