import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/** A file sent with a message: its stored path (/uploads/...), the name the reader sees, its type. */
export type TMailAttachment = { filename: string; path: string; contentType: string };

import { users } from './identity.ts';

export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 200 }).notNull(),
    link: varchar('link', { length: 500 }),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Newest first is this index read backwards (ORDER BY ... DESC cannot use DESC NULLS LAST columns).
    index('notifications_user_created_idx').on(t.userId, t.createdAt, t.id),
    // The bell's unread count: an index range of the user's unread rows only.
    index('notifications_user_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
  ],
);

/**
 * Every e-mail the product sends. Without SMTP a row stays 'stored' (inspect it here);
 * with SMTP the dispatcher claims 'queued' rows and marks them 'sent' or 'failed'.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    to: varchar('to', { length: 254 }).notNull(),
    subject: varchar('subject', { length: 200 }).notNull(),
    text: text('text').notNull(),
    html: text('html'),
    /** Files sent with the message: stored paths under the uploads directory (the signed work order). */
    attachments: jsonb('attachments').$type<TMailAttachment[]>().notNull().default([]),
    status: varchar('status', { length: 12, enum: ['queued', 'sending', 'sent', 'failed', 'stored'] })
      .notNull()
      .default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('outbox_status_idx').on(t.status, t.id)],
);
