import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Fixed-window counters shared by every API process on one PostgreSQL (decision 034): the sign-in
 * limiter's budgets and every `@fastify/rate-limit` rule. One row per key and window; a hit is one
 * atomic upsert that starts a new window when the old one has expired. Expired rows are swept by
 * the job runner. Written only by the limits layer (src/limits).
 */
export const limitCounters = pgTable(
  'limit_counters',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('limit_counters_expires_at_idx').on(t.expiresAt)],
);
