import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { branches, users } from './identity.ts';
import { orders } from './orders.ts';

/**
 * Reviews between movers and customers (spec: Review). A customer reviews the branch that did the
 * job; the company reviews the customer. Unpublished while the author may still edit it (10 days),
 * then published by the author or, at the end of the period, by the scheduler.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    senderUserId: integer('sender_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    senderParty: varchar('sender_party', { length: 10, enum: ['customer', 'company'] }).notNull(),
    receiverUserId: integer('receiver_user_id').references(() => users.id, { onDelete: 'cascade' }),
    receiverBranchId: integer('receiver_branch_id').references(() => branches.id, { onDelete: 'cascade' }),
    star: smallint('star').notNull(),
    comment: text('comment').notNull(),
    image: text('image'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One review per side per order.
    uniqueIndex('reviews_order_side_unique')
      .on(t.orderId, t.senderParty)
      .where(sql`${t.orderId} is not null`),
    index('reviews_branch_published_idx')
      .on(t.receiverBranchId, t.publishedAt.desc())
      .where(sql`${t.publishedAt} is not null`),
    index('reviews_user_published_idx')
      .on(t.receiverUserId, t.publishedAt.desc())
      .where(sql`${t.publishedAt} is not null`),
    index('reviews_sender_idx').on(t.senderUserId, t.createdAt.desc()),
    // The auto-publish job scans only unpublished reviews by age.
    index('reviews_unpublished_idx').on(t.createdAt).where(sql`${t.publishedAt} is null`),
  ],
);

/** At most one reply per review, by its receiver; public and final (spec). */
export const reviewReplies = pgTable('review_replies', {
  id: serial('id').primaryKey(),
  reviewId: integer('review_id')
    .notNull()
    .unique()
    .references(() => reviews.id, { onDelete: 'cascade' }),
  senderUserId: integer('sender_user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  comment: text('comment').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
