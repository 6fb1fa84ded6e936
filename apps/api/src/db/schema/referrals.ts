import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './identity.ts';
import { orders } from './orders.ts';

/**
 * E-mail invitations and sign-ups with a referral code (spec: Referral). A row is approved when
 * the invited person signs up with the referrer's code; a sign-up with the code by someone never
 * invited adds an approved row of its own.
 */
export const referrals = pgTable(
  'referrals',
  {
    id: serial('id').primaryKey(),
    referrerId: integer('referrer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    referredEmail: varchar('referred_email', { length: 254 }).notNull(),
    referredUserId: integer('referred_user_id').references(() => users.id, { onDelete: 'set null' }),
    isApproved: boolean('is_approved').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('referrals_referrer_email_unique').on(t.referrerId, sql`lower(${t.referredEmail})`),
    index('referrals_referred_user_idx').on(t.referredUserId),
  ],
);

/**
 * Coupons drawn from a user's credit (decision 022): 10 capital letters, redeemed once at booking.
 * A gift coupon carries the e-mail it was sent to.
 */
export const coupons = pgTable(
  'coupons',
  {
    id: serial('id').primaryKey(),
    code: varchar('code', { length: 10 }).notNull(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    giftEmail: varchar('gift_email', { length: 254 }),
    redeemedOrderId: integer('redeemed_order_id').references(() => orders.id, { onDelete: 'set null' }),
    redeemedByUserId: integer('redeemed_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('coupons_code_unique').on(t.code),
    index('coupons_owner_idx').on(t.ownerId, t.id),
    check('coupons_amount_positive', sql`${t.amountCents} > 0`),
  ],
);

/**
 * The credit ledger (decision 022): every credit (a referral's first completed order) and debit
 * (a coupon or a gift) is a row; the available balance is their sum. One credit per referral.
 */
export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 10, enum: ['referral', 'coupon', 'gift'] }).notNull(),
    /** Cents: positive for a credit, negative for a debit. */
    amountCents: integer('amount_cents').notNull(),
    referralId: integer('referral_id').references(() => referrals.id, { onDelete: 'set null' }),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    couponId: integer('coupon_id').references(() => coupons.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('credit_ledger_user_idx').on(t.userId, t.id),
    uniqueIndex('credit_ledger_referral_unique').on(t.referralId),
    check('credit_ledger_amount_nonzero', sql`${t.amountCents} <> 0`),
  ],
);
