import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { deliveries } from './deliveries.ts';
import { users } from './identity.ts';
import { orders } from './orders.ts';

/**
 * Talk and live (issue 29, decision 031). A job's thread is its messages: one per order or per
 * delivery, between the customer's side and the provider's side (the company's staff, or the
 * delivery's acceptor). `read_at` is when the other side first read it.
 */
export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    deliveryId: integer('delivery_id').references(() => deliveries.id, { onDelete: 'cascade' }),
    senderUserId: integer('sender_user_id').references(() => users.id, { onDelete: 'set null' }),
    senderSide: varchar('sender_side', { length: 8, enum: ['customer', 'provider'] }).notNull(),
    /** As stored: contact details typed before the job was accepted are already masked. */
    body: text('body').notNull(),
    /** Stored paths of the photos (private folder `messages`), at most 5. */
    photos: jsonb('photos').$type<string[]>().notNull().default([]),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('messages_one_job', sql`(${t.orderId} is null) <> (${t.deliveryId} is null)`),
    index('messages_order_idx').on(t.orderId, t.id).where(sql`${t.orderId} is not null`),
    index('messages_delivery_idx').on(t.deliveryId, t.id).where(sql`${t.deliveryId} is not null`),
    // Unread counts and the digest job read only the unread rows.
    index('messages_unread_idx').on(t.createdAt).where(sql`${t.readAt} is null`),
  ],
);

/**
 * What the reminder jobs sent, so each is sent once however many schedulers run: a reminder
 * inserts its key and sends only when the insert won; a digest re-arms after an hour.
 */
export const sentReminders = pgTable(
  'sent_reminders',
  {
    id: serial('id').primaryKey(),
    kind: varchar('kind', { length: 24, enum: ['day_before', 'bidding_closes', 'message_digest'] }).notNull(),
    /** The job: `order:12` or `delivery:7`. */
    ref: varchar('ref', { length: 40 }).notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('sent_reminders_unique').on(t.kind, t.ref, t.userId)],
);

/**
 * Every text message the product sends. Without Twilio settings a row stays 'stored' (inspect it
 * here); with them the dispatcher claims 'queued' rows and marks them 'sent' or 'failed'.
 */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** E.164 (+1 and ten digits). */
    to: varchar('to', { length: 16 }).notNull(),
    body: varchar('body', { length: 1600 }).notNull(),
    status: varchar('status', { length: 12, enum: ['queued', 'sending', 'sent', 'failed', 'stored'] })
      .notNull()
      .default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** The provider's message id (Twilio's SM...). */
    providerId: varchar('provider_id', { length: 64 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('sms_outbox_status_idx').on(t.status, t.id)],
);

/**
 * The live stream's events (GET /api/dashboard/events). Written by table triggers and by the
 * messages module in the writing transaction; each insert NOTIFYs 'haulpro_live' on commit, so
 * every API process hears it. Kept a day for `Last-Event-ID` resume, then swept.
 */
export const liveEvents = pgTable(
  'live_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Who hears it: `user:12`, `company:3` (its staff) or `session:45` (that sign-in). */
    audience: varchar('audience', { length: 40 }).notNull(),
    kind: varchar('kind', {
      length: 16,
      enum: ['notification', 'order', 'delivery', 'message', 'end'],
    }).notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('live_events_audience_idx').on(t.audience, t.id),
    index('live_events_created_idx').on(t.createdAt),
  ],
);
