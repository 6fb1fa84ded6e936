import { REVIEW_MSG, REVIEW_PERIOD_DAYS, type ZReviewInput } from '@haulpro/shared/review';
import type { z } from 'zod';
import type { TAuth, TDeps } from '../../context.ts';
import type { TDb, TTx } from '../../db/client.ts';
import { conflict, notFound } from '../../domain/errors.ts';
import { notify } from '../notifications/notifications.service.ts';
import {
  branchReviews,
  customerReviews,
  editReview,
  findReviewWithOrderCompany,
  findReviewWithReceiverCompany,
  insertReply,
  insertReview,
  publishReviews,
  reviewsOfOrders as reviewsOnOrders,
  reviewView,
  type TReviewRow,
} from './reviews.repository.ts';

const PERIOD_MS = REVIEW_PERIOD_DAYS * 86_400_000;

/** Edit, publish and reply (spec: Reviews). Writing a review on an order is an order action. */
export function createReviewsService({ db, clock }: TDeps) {
  /** The review when the caller wrote it: the customer, or staff of the company that sent it. */
  async function authored(auth: TAuth, id: number): Promise<TReviewRow> {
    const row = await findReviewWithOrderCompany(db, id);
    if (!row) throw notFound();
    const r = row.r;
    const mine =
      r.senderParty === 'customer'
        ? r.senderUserId === auth.user.id
        : auth.user.role === 'staff' && row.companyId !== null && row.companyId === auth.user.companyId;
    if (!mine) throw notFound();
    return r;
  }

  async function one(id: number) {
    return (await reviewView(db, id))!;
  }

  return {
    async edit(auth: TAuth, id: number, input: z.output<typeof ZReviewInput>) {
      const r = await authored(auth, id);
      const now = clock.now();
      if (r.publishedAt || now.getTime() > r.createdAt.getTime() + PERIOD_MS)
        throw conflict(REVIEW_MSG.locked);
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
      if (r.publishedAt) throw conflict(REVIEW_MSG.alreadyPublished);
      const now = clock.now();
      const n = await db.transaction((tx) => publishReviews(tx, now, { ids: [id] }));
      if (!n) throw conflict(REVIEW_MSG.alreadyPublished);
      return one(id);
    },

    /** Only the receiver replies, once, to a published review (spec). */
    async reply(auth: TAuth, id: number, comment: string) {
      const row = await findReviewWithReceiverCompany(db, id);
      if (!row?.r.publishedAt) throw notFound();
      const r = row.r;
      const isReceiver =
        r.receiverUserId === auth.user.id ||
        (auth.user.role === 'staff' && row.companyId !== null && row.companyId === auth.user.companyId);
      if (!isReceiver) throw notFound();
      await db.transaction(async (tx) => {
        const inserted = await insertReply(tx, {
          reviewId: id,
          senderUserId: auth.user.id,
          comment,
          createdAt: clock.now(),
        });
        if (!inserted) throw conflict(REVIEW_MSG.replyExists);
        await notify(tx, r.senderUserId, { title: 'Your review got a reply', link: '/reviews' });
      });
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
