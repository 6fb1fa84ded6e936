import { integer, pgTable, primaryKey, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { deliveries } from './deliveries.ts';
import { users } from './identity.ts';
import { orders } from './orders.ts';

/**
 * Idempotency-Key of POST customer/orders and POST customer/deliveries (decisions 013 and 023).
 * The row is claimed with a conditional insert in the booking's transaction, so one key of one
 * customer makes at most one order or delivery, however many requests race; a retry answers with
 * what the first request made instead of booking again. Keys are per customer, shared by both
 * calls (as Stripe's are per account): a key used for an order is refused for a delivery.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: varchar('key', { length: 255 }).notNull(),
    /** SHA-256 (hex) of the call and its parsed body: the same key with another body is refused. */
    requestHash: varchar('request_hash', { length: 64 }).notNull(),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    deliveryId: integer('delivery_id').references(() => deliveries.id, { onDelete: 'cascade' }),
    /** The payment page of an electronic booking, so a retry sends the customer to the same one. */
    checkoutUrl: text('checkout_url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);
