import { integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { branches } from './identity.ts';

/**
 * A branch's private iCalendar feed (issue 15): the crew subscribes to
 * /api/public/calendar/{secret}.ics in Google Calendar, Outlook or Apple Calendar. The secret is
 * the only key, so it is long and random; regenerating it replaces the row and the old link dies.
 */
export const calendarFeeds = pgTable('calendar_feeds', {
  branchId: integer('branch_id')
    .primaryKey()
    .references(() => branches.id, { onDelete: 'cascade' }),
  secret: varchar('secret', { length: 64 }).notNull().unique('calendar_feeds_secret_unique'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
