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
import { deliveries } from './deliveries.ts';
import { branches, users } from './identity.ts';
import { orders } from './orders.ts';

/**
 * Reviewer invitations (issue 16): company staff invite people by e-mail to review a branch; the
 * e-mailed link (a random token, stored hashed) opens a public page where they review without an
 * account. One invitation per branch and e-mail; at most 100 per branch (spec).
 */
export const reviewInvitations = pgTable(
  'review_invitations',
  {
    id: serial('id').primaryKey(),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
    email: varchar('email', { length: 254 }).notNull(),
    /** The order it was sent for (new clients), or null (loyal clients). */
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    /** When the invited person left their review (then the invitation is Available, not Pending). */
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('review_invitations_branch_email_unique').on(t.branchId, t.email)],
);

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
    deliveryId: integer('delivery_id').references(() => deliveries.id, { onDelete: 'cascade' }),
    /** Null for an invited review (its author has no account: see `invitationId`). */
    senderUserId: integer('sender_user_id').references(() => users.id, { onDelete: 'cascade' }),
    invitationId: integer('invitation_id').references(() => reviewInvitations.id, { onDelete: 'set null' }),
    /** The name an invited reviewer typed. */
    senderName: varchar('sender_name', { length: 60 }),
    senderParty: varchar('sender_party', { length: 10, enum: ['customer', 'company'] }).notNull(),
    receiverUserId: integer('receiver_user_id').references(() => users.id, { onDelete: 'cascade' }),
    receiverBranchId: integer('receiver_branch_id').references(() => branches.id, { onDelete: 'cascade' }),
    star: smallint('star').notNull(),
    comment: text('comment').notNull(),
    image: text('image'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /** Set by the archive job three years after publishing: gone from the lists and the averages. */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One review per side per order.
    uniqueIndex('reviews_order_side_unique')
      .on(t.orderId, t.senderParty)
      .where(sql`${t.orderId} is not null`),
    uniqueIndex('reviews_delivery_side_unique')
      .on(t.deliveryId, t.senderParty)
      .where(sql`${t.deliveryId} is not null`),
    index('reviews_branch_published_idx')
      .on(t.receiverBranchId, t.publishedAt.desc())
      .where(sql`${t.publishedAt} is not null`),
    index('reviews_user_published_idx')
      .on(t.receiverUserId, t.publishedAt.desc())
      .where(sql`${t.publishedAt} is not null`),
    index('reviews_sender_idx').on(t.senderUserId, t.createdAt.desc()),
    // The auto-publish job scans only unpublished reviews by age.
    index('reviews_unpublished_idx').on(t.createdAt).where(sql`${t.publishedAt} is null`),
    // The archive job scans published, not yet archived reviews by age.
    index('reviews_archivable_idx')
      .on(t.publishedAt)
      .where(sql`${t.archivedAt} is null and ${t.publishedAt} is not null`),
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
