import { ORDER_STATUS } from '@haulpro/shared/order';
import { REVIEW_INVITE_MAX } from '@haulpro/shared/review-page';
import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { TDb, TTx } from '../../db/client.ts';
import { branches, companies, orders, reviewInvitations, users } from '../../db/schema.ts';

import { sqlSelect } from './review-lists.repository.ts';
import { personName } from './review-rows.repository.ts';

type TQ = TDb | TTx;

/** Reviewer invitations (spec: Reviews page, invite reviewers) and the links they send. */

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
