import { REVIEW_MSG, REVIEW_PERIOD_DAYS, type ZReviewInput } from '@haulpro/shared/review';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { TDeps } from '../../context.ts';
import { branches, orders, reviewReplies, reviews } from '../../db/schema.ts';
import type { TAuth } from '../../http/auth.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { notify } from '../notifications/notifications.service.ts';
import { publishReviews, selectReviews } from './reviews.repository.ts';

const PERIOD_MS = REVIEW_PERIOD_DAYS * 86_400_000;

type TReviewRow = typeof reviews.$inferSelect;

/** Edit, publish and reply (spec: Reviews). Writing a review on an order is an order action. */
export function createReviewsService({ db, clock }: TDeps) {
  /** The review when the caller wrote it: the customer, or staff of the company that sent it. */
  async function authored(auth: TAuth, id: number): Promise<TReviewRow> {
    const [row] = await db
      .select({ r: reviews, companyId: orders.companyId })
      .from(reviews)
      .leftJoin(orders, eq(orders.id, reviews.orderId))
      .where(eq(reviews.id, id));
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
    const [v] = await selectReviews(db, eq(reviews.id, id), 1);
    return v!;
  }

  return {
    async edit(auth: TAuth, id: number, input: z.output<typeof ZReviewInput>) {
      const r = await authored(auth, id);
      const now = clock.now();
      if (r.publishedAt || now.getTime() > r.createdAt.getTime() + PERIOD_MS)
        throw conflict(REVIEW_MSG.locked);
      const updated = await db
        .update(reviews)
        .set({ star: input.star, comment: input.comment, updatedAt: now })
        .where(and(eq(reviews.id, id), eq(reviews.updatedAt, r.updatedAt)))
        .returning({ id: reviews.id });
      if (!updated.length) throw conflict(REVIEW_MSG.locked);
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
      const [row] = await db
        .select({ r: reviews, companyId: branches.companyId })
        .from(reviews)
        .leftJoin(branches, eq(branches.id, reviews.receiverBranchId))
        .where(eq(reviews.id, id));
      if (!row?.r.publishedAt) throw notFound();
      const r = row.r;
      const isReceiver =
        r.receiverUserId === auth.user.id ||
        (auth.user.role === 'staff' && row.companyId !== null && row.companyId === auth.user.companyId);
      if (!isReceiver) throw notFound();
      await db.transaction(async (tx) => {
        const inserted = await tx
          .insert(reviewReplies)
          .values({ reviewId: id, senderUserId: auth.user.id, comment, createdAt: clock.now() })
          .onConflictDoNothing()
          .returning({ id: reviewReplies.id });
        if (!inserted.length) throw conflict(REVIEW_MSG.replyExists);
        await notify(tx, r.senderUserId, { title: 'Your review got a reply', link: '/reviews' });
      });
      return one(id);
    },
  };
}
