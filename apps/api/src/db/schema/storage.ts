import { customType, integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

/** PostgreSQL's bytea: pg answers a Buffer, PGlite a Uint8Array; both are read as a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Uploads kept in the database (STORAGE=database, decision 033): one backup holds everything.
 * `key` is the stored path without /uploads/ (`items/<uuid>.png`); sha256 is of `bytes`.
 */
export const storedFiles = pgTable('stored_files', {
  key: varchar('key', { length: 200 }).primaryKey(),
  contentType: varchar('content_type', { length: 100 }).notNull(),
  size: integer('size').notNull(),
  sha256: varchar('sha256', { length: 64 }).notNull(),
  bytes: bytea('bytes').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
