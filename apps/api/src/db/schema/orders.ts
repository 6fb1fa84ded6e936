import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { branches, companies, users } from './identity.ts';
import { servicePrices } from './pricing.ts';

/** The quote stored with an order when it is placed (cents); later price changes never touch it. */
export type TOrderQuoteSnapshot = Record<string, number | boolean>;

/** Moving orders (spec: Order). Money in cents. */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => users.id),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    status: smallint('status').notNull(),
    statusBeforeReschedule: smallint('status_before_reschedule'),
    rescheduleRequestedBy: varchar('reschedule_requested_by', { length: 10, enum: ['customer', 'company'] }),
    typeService: smallint('type_service').notNull(),
    typeMoving: smallint('type_moving').notNull().default(1),
    typeHelp: smallint('type_help').notNull().default(3),
    bedroomsCount: smallint('bedrooms_count').notNull().default(0),
    helpersCount: smallint('helpers_count').notNull(),
    hoursCount: doublePrecision('hours_count').notNull(),
    truckNumber: smallint('truck_number').notNull().default(0),
    truckSize: varchar('truck_size', { length: 30 }),
    arrivalDate: date('arrival_date').notNull(),
    arrivalTime: varchar('arrival_time', { length: 5 }).notNull(),
    timeZone: varchar('time_zone', { length: 64 }).notNull(),
    name: varchar('name', { length: 120 }).notNull(),
    email: varchar('email', { length: 254 }).notNull(),
    phone: varchar('phone', { length: 32 }).notNull(),
    secondaryPhone: varchar('secondary_phone', { length: 32 }),
    paymentMethod: varchar('payment_method', { length: 12, enum: ['cash', 'electronic'] }).notNull(),
    uniqueItems: text('unique_items'),
    notes: text('notes'),
    servicePriceId: integer('service_price_id').references(() => servicePrices.id, { onDelete: 'set null' }),
    quote: jsonb('quote').$type<TOrderQuoteSnapshot>().notNull(),
    orderPrice: integer('order_price').notNull(),
    responseDeadline: timestamp('response_deadline', { withTimezone: true }),
    archivedByCustomer: boolean('archived_by_customer').notNull().default(false),
    archivedByCompany: boolean('archived_by_company').notNull().default(false),
    reviewedByCustomer: boolean('reviewed_by_customer').notNull().default(false),
    reviewedByCompany: boolean('reviewed_by_company').notNull().default(false),
    /** Stored paths (under DATA_DIR) of the customer's photos of heavy or unique items. */
    itemPhotos: jsonb('item_photos').$type<string[]>().notNull().default([]),
    /** Electronic payment: the provider's checkout session, and when its webhook said paid. */
    paymentSessionId: varchar('payment_session_id', { length: 255 }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** What the card was charged at booking, the payment intent and the Stripe customer whose saved card pays a tip (decision 028). */
    paidAmount: integer('paid_amount'),
    paymentIntentId: varchar('payment_intent_id', { length: 255 }),
    stripeCustomerId: varchar('stripe_customer_id', { length: 255 }),
    /** The customer's tip at completion (cents); 100 % of it goes to the crew. */
    tip: integer('tip').notNull().default(0),
    /** Kept from the charge when the customer cancelled late (the company's cancellation policy). */
    cancellationFee: integer('cancellation_fee').notNull().default(0),
    /** A card order's refund: owed (pending), done, or failed; the amount and Stripe's id. */
    refundStatus: varchar('refund_status', {
      length: 20,
      enum: ['pending', 'refunded', 'nothing_to_refund', 'failed'],
    }),
    refundAmount: integer('refund_amount'),
    refundId: varchar('refund_id', { length: 255 }),
    /** Move day (decision 030): the final bill's total and its balance (signed: negative is refunded), and where the balance went. */
    finalPrice: integer('final_price'),
    balanceAmount: integer('balance_amount'),
    balanceStatus: varchar('balance_status', {
      length: 16,
      enum: ['none', 'charged', 'cash', 'refund_pending', 'refunded', 'owed'],
    }),
    balanceRef: varchar('balance_ref', { length: 255 }),
    cancelledBy: varchar('cancelled_by', { length: 10, enum: ['customer', 'company'] }),
    cancelReason: text('cancel_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('orders_company_status_date_idx').on(t.companyId, t.status, t.arrivalDate, t.id),
    index('orders_branch_status_date_idx').on(t.branchId, t.status, t.arrivalDate, t.id),
    // The customer's Active and Archive tabs: a range of this index each, newest first; the counts read it alone.
    // Ascending, read backwards: drizzle's desc() means DESC NULLS LAST, which ORDER BY ... DESC cannot use.
    index('orders_customer_archived_created_idx').on(t.customerId, t.archivedByCustomer, t.createdAt, t.id),
    // The auto-reject job scans only New orders by deadline.
    index('orders_new_deadline_idx').on(t.responseDeadline).where(sql`${t.status} = 1`),
    index('orders_refund_pending_idx').on(t.updatedAt).where(sql`${t.refundStatus} = 'pending'`),
  ],
);

/** Pickups and destinations (spec: Address). */
export const orderAddresses = pgTable(
  'order_addresses',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 12, enum: ['pickup', 'destination'] }).notNull(),
    position: smallint('position').notNull().default(0),
    address: varchar('address', { length: 120 }).notNull(),
    cityOrTown: varchar('city_or_town', { length: 100 }).notNull(),
    state: varchar('state', { length: 60 }).notNull(),
    zipCode: varchar('zip_code', { length: 5 }).notNull(),
    typeProperty: varchar('type_property', { length: 40 }).notNull(),
    flightsOfStairs: smallint('flights_of_stairs').notNull().default(0),
  },
  (t) => [index('order_addresses_order_idx').on(t.orderId, t.kind, t.position)],
);

/** Who did what to an order, when and why. */
export const orderHistory = pgTable(
  'order_history',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    actorParty: varchar('actor_party', { length: 10, enum: ['customer', 'company', 'system'] }).notNull(),
    action: varchar('action', { length: 32 }).notNull(),
    fromStatus: smallint('from_status'),
    toStatus: smallint('to_status').notNull(),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_history_order_idx').on(t.orderId, t.id)],
);

/** Reschedule requests (spec: id, status pending | approved | rejected). */
export const rescheduleRequests = pgTable(
  'reschedule_requests',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    requestedBy: varchar('requested_by', { length: 10, enum: ['customer', 'company'] }).notNull(),
    requestedDate: date('requested_date').notNull(),
    requestedTime: varchar('requested_time', { length: 5 }).notNull(),
    note: text('note').notNull(),
    price: integer('price').notNull(),
    status: varchar('status', { length: 10, enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [index('reschedule_requests_order_idx').on(t.orderId, t.status)],
);

/** Payment-provider webhook events already applied (a redelivered event is a no-op). */
export const paymentEvents = pgTable('payment_events', {
  id: varchar('id', { length: 255 }).primaryKey(),
  provider: varchar('provider', { length: 20 }).notNull(),
  type: varchar('type', { length: 80 }).notNull(),
  orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});
