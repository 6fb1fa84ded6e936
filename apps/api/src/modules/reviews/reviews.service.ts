import { REVIEW_MSG, type TReview, type ZReviewInput } from '@haulpro/shared/review';
import {
  canEditReview,
  canPublishReview,
  canReplyToReview,
  inviteEmailList,
  invitesFit,
  REVIEW_INVITE_MSG,
  type TInviter,
  type TPublicReviewInvitation,
  type TReviewInvitation,
  type TReviewInviteResult,
  type TReviewList,
  type TReviewListItem,
  type ZInvitedReviewInput,
  type ZReviewCreate,
  type ZReviewInvite,
  type ZReviewListQuery,
} from '@haulpro/shared/review-page';
import type { z } from 'zod';
import type { TAuth, TDeps } from '../../context.ts';
import type { TDb, TTx } from '../../db/client.ts';
import { conflict, forbidden, invalid, notFound } from '../../domain/errors.ts';
import { pageMeta } from '../../domain/paging.ts';
import { reviewInviteMail } from '../../mail/templates.ts';
import type { TAuthService } from '../auth/auth.service.ts';
import type { TNotificationsService } from '../notifications/notifications.service.ts';
import {
  customerEmailsOfOrders,
  deleteCompanyInvitation,
  findInvitationByHash,
  insertInvitations,
  invitedEmails,
  invitersOf,
  listInvitations,
  lockCompanyBranch,
  markInvitationReviewed,
} from './review-invitations.repository.ts';
import {
  branchReviews,
  customerReviews,
  reviewsOfOrders as reviewsOnOrders,
  starStats,
  type TReviewOwner,
  tabPage,
  tabWhere,
} from './review-lists.repository.ts';
import { createReviewPublishing, type TBranchRatings } from './review-publishing.ts';
import { findReviewAccess, reviewView, type TReviewAccess } from './review-rows.repository.ts';
import { editReview, insertReply, insertReview, type TReviewRow } from './reviews.repository.ts';

/** Edit, publish, reply, the /reviews lists, reviewer invitations and invited reviews (spec: Reviews). */
/** Writing a review is a step of its order or delivery: those modules own the transition. */
export type TReviewWriters = {
  order: (
    auth: TAuth,
    orderId: number,
    party: 'customer' | 'company',
    input: TStarComment,
  ) => Promise<TReview>;
  delivery: (auth: TAuth, deliveryId: number, input: TStarComment) => Promise<number>;
};
type TStarComment = { star: number; comment: string };

export function createReviewsService(
  { db, clock, config, mailer, cache }: TDeps,
  writers: TReviewWriters,
  branches: TBranchRatings,
  notices: Pick<TNotificationsService, 'notify'>,
  { newToken, hashToken }: Pick<TAuthService, 'newToken' | 'hashToken'>,
) {
  const publishing = createReviewPublishing({ db, clock, cache }, branches);

  const isAuthor = (auth: TAuth, a: TReviewAccess) =>
    (a.r.senderUserId !== null && a.r.senderUserId === auth.user.id) ||
    (a.r.senderParty === 'company' &&
      auth.user.role === 'staff' &&
      a.senderCompanyId !== null &&
      a.senderCompanyId === auth.user.companyId);
  const isReceiver = (auth: TAuth, a: TReviewAccess) =>
    (a.r.receiverUserId !== null && a.r.receiverUserId === auth.user.id) ||
    (auth.user.role === 'staff' &&
      a.receiverCompanyId !== null &&
      a.receiverCompanyId === auth.user.companyId);

  /** The review when the caller wrote it: the customer or helper, or staff of the company that sent it. */
  async function authored(auth: TAuth, id: number): Promise<TReviewRow> {
    const a = await findReviewAccess(db, id);
    if (!a || a.r.archivedAt || !isAuthor(auth, a)) throw notFound();
    return a.r;
  }

  function listItem(auth: TAuth, x: { view: TReview; access: TReviewAccess }, now: Date): TReviewListItem {
    const a = x.access;
    const mine = isAuthor(auth, a);
    return {
      ...x.view,
      is_invited: a.r.invitationId !== null || (a.r.senderUserId === null && a.r.senderParty === 'customer'),
      can_edit: mine && canEditReview(a.r, now),
      can_publish: mine && canPublishReview(a.r),
      can_reply: canReplyToReview({
        isReceiver: isReceiver(auth, a),
        publishedAt: a.r.publishedAt,
        archivedAt: a.r.archivedAt,
        hasReply: a.hasReply,
      }),
    };
  }

  /** Whose reviews the caller's lists show (staff: the company's, or the active location's). */
  function ownerOf(auth: TAuth, branchId?: number): TReviewOwner {
    const u = auth.user;
    if (u.role === 'staff') {
      if (!u.companyId) throw forbidden();
      return { kind: 'company', companyId: u.companyId, branchId };
    }
    if (u.role !== 'customer' && u.role !== 'labor') throw forbidden();
    return { kind: 'user', userId: u.id };
  }

  async function companyBranch(auth: TAuth, branchId: number) {
    if (auth.user.role !== 'staff' || !auth.user.companyId) throw forbidden();
    const [b] = await invitersOf(db, auth.user.companyId).then((l) => l.filter((x) => x.id === branchId));
    if (!b) throw notFound();
    return b;
  }

  async function one(id: number) {
    return (await reviewView(db, id))!;
  }

  return {
    ...publishing,

    /** POST reviews: order_id (moving) or delivery_id (delivery); the caller's side writes it. */
    async create(auth: TAuth, v: z.output<typeof ZReviewCreate>): Promise<TReview> {
      const input = { star: v.star, comment: v.comment };
      if (v.order_id !== undefined) {
        // Helpers (labor) take deliveries only.
        if (auth.user.role === 'labor') throw notFound();
        return writers.order(auth, v.order_id, auth.user.role === 'customer' ? 'customer' : 'company', input);
      }
      return one(await writers.delivery(auth, v.delivery_id ?? 0, input));
    },

    /** GET reviews?type&tab: a page of reviews plus the summary of both tabs (spec). */
    async list(auth: TAuth, q: z.output<typeof ZReviewListQuery>): Promise<TReviewList> {
      const now = clock.now();
      const owner = ownerOf(auth, q.branch_id);
      const [page, sent, received] = await Promise.all([
        tabPage(db, owner, q.tab, q.type, q.page, q.paginate),
        starStats(db, tabWhere(owner, 'sent', q.type)),
        starStats(db, tabWhere(owner, 'received', q.type)),
      ]);
      return {
        data: page.rows.map((x) => listItem(auth, x, now)),
        summary: { sent, received },
        meta: pageMeta(q.page, q.paginate, page.total),
      };
    },

    async edit(auth: TAuth, id: number, input: z.output<typeof ZReviewInput>) {
      const r = await authored(auth, id);
      const now = clock.now();
      if (!canEditReview(r, now)) throw conflict(REVIEW_MSG.locked);
      const edited = await editReview(db, id, r.updatedAt, {
        star: input.star,
        comment: input.comment,
        updatedAt: now,
      });
      if (!edited) throw conflict(REVIEW_MSG.locked);
      return one(id);
    },

    async publish(auth: TAuth, id: number) {
      const r = await authored(auth, id);
      if (!canPublishReview(r)) throw conflict(REVIEW_MSG.alreadyPublished);
      const now = clock.now();
      const n = await db.transaction((tx) => publishing.publishReviews(tx, now, { ids: [id] }));
      if (!n) throw conflict(REVIEW_MSG.alreadyPublished);
      return one(id);
    },

    /** Only the receiver replies, once, to a published review (spec). */
    async reply(auth: TAuth, id: number, comment: string) {
      const a = await findReviewAccess(db, id);
      if (!a?.r.publishedAt || a.r.archivedAt || !isReceiver(auth, a)) throw notFound();
      if (a.hasReply) throw conflict(REVIEW_MSG.replyExists);
      const r = a.r;
      await db.transaction(async (tx) => {
        const inserted = await insertReply(tx, {
          reviewId: id,
          senderUserId: auth.user.id,
          comment,
          createdAt: clock.now(),
        });
        if (!inserted) throw conflict(REVIEW_MSG.replyExists);
        if (r.senderUserId)
          await notices.notify(tx, r.senderUserId, { title: 'Your review got a reply', link: '/reviews' });
      });
      return one(id);
    },

    // ---------------- reviewer invitations (company staff) ----------------

    /** GET reviews/inviters: each location with its completed orders and invited_reviews_count. */
    async inviters(auth: TAuth): Promise<TInviter[]> {
      if (auth.user.role !== 'staff' || !auth.user.companyId) throw forbidden();
      return invitersOf(db, auth.user.companyId);
    },

    /**
     * POST reviews/invite: e-mails (loyal clients) or the customers of some or all completed orders
     * (new clients). Invalid e-mails are dropped, already invited ones reported, and nothing is sent
     * when the location's invited plus the new ones would exceed 100. Each person gets a link.
     */
    async invite(auth: TAuth, v: z.output<typeof ZReviewInvite>): Promise<TReviewInviteResult> {
      const branch = await companyBranch(auth, v.branch_id);
      const now = clock.now();
      const links: { email: string; token: string }[] = [];
      const result = await db.transaction(async (tx) => {
        // Counted under the branch's lock: two sends cannot pass 100 together.
        if (!(await lockCompanyBranch(tx, auth.user.companyId!, branch.id))) throw notFound();
        const invited = await invitedEmails(tx, branch.id);
        let candidates: { email: string; orderId: number | null }[];
        let invalidEmails: string[] = [];
        if (v.is_customers) {
          if (!branch.orders.length) throw invalid({ orders: [REVIEW_INVITE_MSG.noOrders] });
          const rows = await customerEmailsOfOrders(tx, branch.id, v.all_orders ? null : (v.orders ?? []));
          if (!rows.length) throw invalid({ orders: [REVIEW_INVITE_MSG.ordersRequired] });
          candidates = rows.map((r) => ({ email: r.email.toLowerCase(), orderId: r.orderId }));
        } else {
          const list = inviteEmailList(v.emails ?? [], []);
          invalidEmails = list.invalid;
          candidates = list.emails.map((email) => ({ email, orderId: null }));
        }
        const split = inviteEmailList(
          candidates.map((c) => c.email),
          invited,
        );
        const fresh = split.emails;
        if (!fresh.length) {
          if (split.alreadyInvited.length) throw invalid({ emails: [REVIEW_INVITE_MSG.alreadyInvited] });
          throw invalid({ emails: [REVIEW_INVITE_MSG.emailsRequired] });
        }
        if (!invitesFit(invited.length, fresh.length)) throw invalid({ emails: [REVIEW_INVITE_MSG.limit] });
        const rows = fresh.map((email) => {
          const token = newToken();
          links.push({ email, token });
          return {
            branchId: branch.id,
            email,
            orderId: candidates.find((c) => c.email === email)?.orderId ?? null,
            invitedBy: auth.user.id,
            tokenHash: hashToken(token),
            createdAt: now,
          };
        });
        const inserted = await insertInvitations(tx, rows);
        for (const l of links) {
          if (!inserted.some((i) => i.email === l.email)) continue;
          const url = `${config.publicUrl}/write-review?token=${encodeURIComponent(l.token)}`;
          await mailer.enqueue(tx, reviewInviteMail(l.email, branch.name, url));
        }
        return {
          invited: inserted.map((i) => i.email),
          invalid: invalidEmails,
          already_invited: split.alreadyInvited,
          invited_reviews_count: invited.length + inserted.length,
        };
      });
      setImmediate(() => mailer.kick());
      return result;
    },

    /** The invited people of a location: Pending (no review yet) or Available (reviewed). */
    async invitations(
      auth: TAuth,
      branchId: number,
      status: 'pending' | 'available',
    ): Promise<TReviewInvitation[]> {
      await companyBranch(auth, branchId);
      const rows = await listInvitations(db, branchId, status);
      return rows.map((r) => ({
        id: r.id,
        email: r.email,
        status: r.reviewedAt ? 'available' : 'pending',
        order_id: r.orderId,
        created_at: r.createdAt.toISOString(),
        reviewed_at: r.reviewedAt?.toISOString() ?? null,
      }));
    },

    async deleteInvitation(auth: TAuth, id: number): Promise<void> {
      if (auth.user.role !== 'staff' || !auth.user.companyId) throw forbidden();
      if (!(await deleteCompanyInvitation(db, auth.user.companyId, id))) throw notFound();
    },

    // ---------------- the public page of an invitation ----------------

    async publicInvitation(token: string): Promise<TPublicReviewInvitation> {
      const r = await findInvitationByHash(db, hashToken(token));
      if (!r) throw notFound(REVIEW_INVITE_MSG.linkInvalid);
      return {
        company_name: r.companyName,
        branch_name: r.branchName,
        logo: r.logo,
        email: r.inv.email,
        reviewed: r.inv.reviewedAt !== null,
      };
    },

    /**
     * The invited person's review of the branch, without an account. It is published at once
     * (its author cannot come back to publish it; decision 020) and marked as an invited review.
     */
    async invitedReview(token: string, input: z.output<typeof ZInvitedReviewInput>) {
      const now = clock.now();
      const id = await db.transaction(async (tx) => {
        const r = await findInvitationByHash(tx, hashToken(token), true);
        if (!r) throw notFound(REVIEW_INVITE_MSG.linkInvalid);
        if (!(await markInvitationReviewed(tx, r.inv.id, now)))
          throw conflict(REVIEW_INVITE_MSG.alreadyReviewed);
        const reviewId = await insertReview(tx, {
          orderId: null,
          senderUserId: null,
          senderParty: 'customer',
          senderName: input.name,
          invitationId: r.inv.id,
          receiverBranchId: r.inv.branchId,
          star: input.star,
          comment: input.comment,
          createdAt: now,
          updatedAt: now,
        });
        await publishing.publishReviews(tx, now, { ids: [reviewId!] });
        return reviewId!;
      });
      cache.invalidateAll();
      return one(id);
    },
  };
}

/** Read for other modules: a branch's published reviews (newest first, up to `limit`) and its rating totals. */
export function publishedBranchReviews(db: TDb, branchId: number, limit = 50) {
  return branchReviews(db, branchId, limit);
}

/** Write for the orders module: a side's review of its order (undefined when that side already wrote one). */
export function writeOrderReview(tx: TTx, v: Parameters<typeof insertReview>[1]) {
  return insertReview(tx, v);
}

/** Read for other modules: one review as the API answers it. */
export function reviewById(db: TDb, id: number) {
  return reviewView(db, id);
}

/** Read for other modules: the published reviews a customer received, and their totals. */
export function receivedByCustomer(db: TDb, userId: number) {
  return customerReviews(db, userId);
}

/** Read for other modules: the reviews written on these orders (both sides), for the order view. */
export function reviewsOfOrders(db: TDb, orderIds: number[]) {
  return reviewsOnOrders(db, orderIds);
}

/** Write for the deliveries module: a side's review of its delivery (undefined when that side already wrote one). */
export function writeDeliveryReview(tx: TTx, v: Parameters<typeof insertReview>[1]) {
  return insertReview(tx, v);
}

export type TReviewsService = ReturnType<typeof createReviewsService>;
