import { ORDER_STATUS } from '@haulpro/shared/order';
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import { hashToken, newToken } from '../../modules/auth/tokens.ts';
import type { TDb, TTx } from '../client.ts';
import { branches, orders, reviewInvitations, reviewReplies, reviews } from '../schema.ts';
import { createOrder } from './order-factory.ts';

type TQ = TDb | TTx;
const DAY = 86_400_000;

async function addToRating(db: TQ, branchId: number, star: number) {
  await db
    .update(branches)
    .set({ ratingSum: sql`${branches.ratingSum} + ${star}`, reviewsCount: sql`${branches.reviewsCount} + 1` })
    .where(eq(branches.id, branchId));
}

/**
 * The /reviews page's demo (issue 16): both sides' published reviews with and without replies,
 * a review the demo customer received and can still reply to, and Demo Movers Los Angeles's
 * reviewer invitations (one pending, one answered with an invited review). The demo customer's
 * completed orders and deliveries stay unreviewed by either side, to try writing reviews.
 */
export async function seedDemoReviews(
  db: TQ,
  v: { companyId: number; branchIds: number[]; staffId: number; customerId: number; now: Date },
) {
  const [la, pasadena] = v.branchIds as [number, number];
  const at = (days: number) => new Date(v.now.getTime() - days * DAY);

  // The company's side of two marketplace orders of Los Angeles: it rated those customers too,
  // and one customer answered. The newest customer review gets the staff's reply.
  const received = await db
    .select({
      id: reviews.id,
      orderId: reviews.orderId,
      customerId: reviews.senderUserId,
      at: reviews.publishedAt,
    })
    .from(reviews)
    .where(and(eq(reviews.receiverBranchId, la), isNotNull(reviews.orderId)))
    .orderBy(asc(reviews.id));
  const first = received[0];
  if (first) {
    await db.insert(reviewReplies).values({
      reviewId: first.id,
      senderUserId: v.staffId,
      comment: 'Thank you for trusting us with your move! We are glad the furniture arrived safe and sound.',
      createdAt: new Date((first.at ?? v.now).getTime() + DAY),
    });
  }
  const companyComments = [
    'Everything was packed and labelled before we arrived, and the parking was arranged. A pleasure to work with.',
    'Friendly and clear about what to move. Payment was quick and easy.',
  ];
  for (const [i, r] of received.slice(0, 2).entries()) {
    if (!r.orderId || !r.customerId) continue;
    const when = new Date((r.at ?? v.now).getTime() + 2 * DAY);
    const [mine] = await db
      .insert(reviews)
      .values({
        orderId: r.orderId,
        senderUserId: v.staffId,
        senderParty: 'company',
        receiverUserId: r.customerId,
        star: 5 - i,
        comment: companyComments[i]!,
        publishedAt: when,
        createdAt: when,
        updatedAt: when,
      })
      .returning({ id: reviews.id });
    await db
      .update(orders)
      .set({ reviewedByCustomer: true, reviewedByCompany: true })
      .where(eq(orders.id, r.orderId));
    if (i === 0 && mine)
      await db.insert(reviewReplies).values({
        reviewId: mine.id,
        senderUserId: r.customerId,
        comment: 'Thanks! Your crew made it easy.',
        createdAt: new Date(when.getTime() + DAY),
      });
  }

  // A past move of the demo customer with Pasadena, reviewed by both sides: the customer's review
  // has the company's reply; the company's review of the customer waits for the customer's.
  const when = at(60);
  const past = await createOrder(db, {
    customerId: v.customerId,
    companyId: v.companyId,
    branchId: pasadena,
    status: ORDER_STATUS.completed,
    arrivalDate: when.toISOString().slice(0, 10),
    archivedByCustomer: true,
    archivedByCompany: true,
    createdAt: when,
  });
  await db
    .update(orders)
    .set({ reviewedByCustomer: true, reviewedByCompany: true })
    .where(eq(orders.id, past.id));
  const published = new Date(when.getTime() + DAY);
  const [byCustomer] = await db
    .insert(reviews)
    .values({
      orderId: past.id,
      senderUserId: v.customerId,
      senderParty: 'customer',
      receiverBranchId: pasadena,
      star: 4,
      comment:
        'The crew was careful with the piano and finished an hour early. The truck arrived a bit late.',
      publishedAt: published,
      createdAt: when,
      updatedAt: when,
    })
    .returning({ id: reviews.id });
  await addToRating(db, pasadena, 4);
  if (byCustomer)
    await db.insert(reviewReplies).values({
      reviewId: byCustomer.id,
      senderUserId: v.staffId,
      comment: 'Thanks, Casey! Sorry about the late start: we have added a second truck on weekends.',
      createdAt: new Date(published.getTime() + DAY),
    });
  await db.insert(reviews).values({
    orderId: past.id,
    senderUserId: v.staffId,
    senderParty: 'company',
    receiverUserId: v.customerId,
    star: 5,
    comment: 'Casey had everything boxed and labelled and the elevator booked. Easy move, great customer.',
    publishedAt: published,
    createdAt: when,
    updatedAt: when,
  });

  // Reviewer invitations of Los Angeles: one waiting, one answered with an invited review.
  await db.insert(reviewInvitations).values({
    branchId: la,
    email: 'jordan.friend@example.com',
    invitedBy: v.staffId,
    tokenHash: hashToken(newToken()),
    createdAt: at(3),
  });
  const [answered] = await db
    .insert(reviewInvitations)
    .values({
      branchId: la,
      email: 'pat.rivera@example.com',
      invitedBy: v.staffId,
      tokenHash: hashToken(newToken()),
      reviewedAt: at(5),
      createdAt: at(8),
    })
    .returning({ id: reviewInvitations.id });
  await db.insert(reviews).values({
    senderUserId: null,
    senderName: 'Pat Rivera',
    senderParty: 'customer',
    invitationId: answered?.id ?? null,
    receiverBranchId: la,
    star: 5,
    comment: 'They moved our small office over a weekend and everything was up and running on Monday.',
    publishedAt: at(5),
    createdAt: at(5),
    updatedAt: at(5),
  });
  await addToRating(db, la, 5);
}
