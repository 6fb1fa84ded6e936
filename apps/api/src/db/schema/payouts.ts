import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { deliveries } from './deliveries.ts';
import { companies, users } from './identity.ts';
import { orders } from './orders.ts';
import { crews } from './profile.ts';

/**
 * A provider's Stripe Connect Express account (decision 028): a company's or a labor user's.
 * Its state follows Stripe's `account.updated` webhook, never the browser's return.
 */
export const payoutAccounts = pgTable(
  'payout_accounts',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    stripeAccountId: varchar('stripe_account_id', { length: 255 }).notNull(),
    chargesEnabled: boolean('charges_enabled').notNull().default(false),
    payoutsEnabled: boolean('payouts_enabled').notNull().default(false),
    detailsSubmitted: boolean('details_submitted').notNull().default(false),
    /** What Stripe still asks for (`requirements.currently_due`), as it said last. */
    requirements: jsonb('requirements').$type<string[]>().notNull().default([]),
    /** When Stripe made the event the flags came from: an older event arriving late changes nothing. */
    eventAt: timestamp('event_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payout_accounts_company_unique').on(t.companyId),
    uniqueIndex('payout_accounts_user_unique').on(t.userId),
    uniqueIndex('payout_accounts_stripe_unique').on(t.stripeAccountId),
    check('payout_accounts_one_owner', sql`(${t.companyId} is null) <> (${t.userId} is null)`),
  ],
);

export const PAYOUT_ROW_STATUSES = [
  'pending',
  'waiting_for_account',
  'transferred',
  'paid_out',
  'cash',
  'reversed',
] as const;

/**
 * The payout ledger (decision 028): one row per finished job, an order's or a delivery's, with
 * what the provider earned and where the money is. Card jobs move `pending` →
 * `waiting_for_account` → `transferred` → `paid_out`; cash jobs are `cash` (the provider
 * collected it and owes the platform fee). Money in cents.
 */
export const payouts = pgTable(
  'payouts',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    deliveryId: integer('delivery_id').references(() => deliveries.id, { onDelete: 'cascade' }),
    payeeUserId: integer('payee_user_id').references(() => users.id, { onDelete: 'set null' }),
    payeeCompanyId: integer('payee_company_id').references(() => companies.id, { onDelete: 'set null' }),
    paymentMethod: varchar('payment_method', { length: 12, enum: ['cash', 'electronic'] })
      .notNull()
      .default('electronic'),
    /** The job's price (what the customer was charged for the work; 0 for a cancelled job). */
    gross: integer('base_price').notNull(),
    platformFee: integer('processing_fee').notNull(),
    tip: integer('tip').notNull(),
    cancellationFee: integer('cancellation_fee').notNull().default(0),
    /** gross − platform fee + tip + cancellation fee: what reaches the provider. */
    net: integer('total_payout').notNull(),
    status: varchar('status', { length: 24, enum: PAYOUT_ROW_STATUSES }).notNull().default('pending'),
    /** The connected account the transfer went to, and Stripe's ids of the transfer and the payout. */
    stripeAccountId: varchar('stripe_account_id', { length: 255 }),
    transferId: varchar('transfer_id', { length: 255 }),
    stripePayoutId: varchar('stripe_payout_id', { length: 255 }),
    transferredAt: timestamp('transferred_at', { withTimezone: true }),
    /** When the provider's bank gets it: Stripe's `arrival_date` once the payout exists. */
    expectedAt: timestamp('expected_at', { withTimezone: true }),
    paidOutAt: timestamp('paid_out_at', { withTimezone: true }),
    /** Amount taken back from the transfer (refund or dispute). */
    reversed: integer('reversed').notNull().default(0),
    /** Still to take back from the transfer (a dispute): the job runner reverses it. */
    reversalOwed: integer('reversal_owed').notNull().default(0),
    /** A tip being paid through its own small Checkout (no card was saved): the transfer waits for it. */
    tipSessionId: varchar('tip_session_id', { length: 255 }),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payouts_delivery_unique').on(t.deliveryId),
    uniqueIndex('payouts_order_unique').on(t.orderId),
    index('payouts_payee_user_idx').on(t.payeeUserId, t.createdAt),
    index('payouts_payee_company_idx').on(t.payeeCompanyId, t.createdAt),
    index('payouts_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} in ('pending', 'waiting_for_account') or ${t.reversalOwed} > 0`),
    index('payouts_transfer_idx').on(t.transferId),
    check('payouts_one_job', sql`(${t.orderId} is null) <> (${t.deliveryId} is null)`),
  ],
);

/** A moving order's tip, split between the crew members assigned to it (decision 019). */
export const payoutTipShares = pgTable(
  'payout_tip_shares',
  {
    payoutId: integer('payout_id')
      .notNull()
      .references(() => payouts.id, { onDelete: 'cascade' }),
    crewId: integer('crew_id')
      .notNull()
      .references(() => crews.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
  },
  (t) => [primaryKey({ columns: [t.payoutId, t.crewId] })],
);

export const MONEY_MOVEMENT_KINDS = ['charge', 'tip_charge', 'refund', 'transfer', 'reversal'] as const;

/**
 * Every cent that moved, once (decision 028): a customer's charge or tip, a refund, a transfer
 * to a provider or its reversal, each under the idempotency key it moved with. The admin's
 * reconciliation reads this journal: for every job, charges = transfers + refunds + platform fee.
 */
export const moneyMovements = pgTable(
  'money_movements',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    deliveryId: integer('delivery_id').references(() => deliveries.id, { onDelete: 'set null' }),
    kind: varchar('kind', { length: 12, enum: MONEY_MOVEMENT_KINDS }).notNull(),
    /** Cents, always positive; the kind says which way. */
    amount: integer('amount').notNull(),
    /** Stripe's id of the object (pi_, re_, tr_, trr_), or `cash` for a tip paid in cash. */
    providerRef: varchar('provider_ref', { length: 255 }),
    idempotencyKey: varchar('idempotency_key', { length: 120 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('money_movements_key_unique').on(t.idempotencyKey),
    index('money_movements_created_idx').on(t.createdAt),
    index('money_movements_order_idx').on(t.orderId),
    index('money_movements_delivery_idx').on(t.deliveryId),
  ],
);
