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
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { cities, states } from './geography.ts';
import { branches, companies, users } from './identity.ts';

/**
 * Where a labor user works (issue 13; the settings page of issue 18 edits it): the centre of their
 * service area and its radius in km, as a branch's.
 */
export const laborProfiles = pgTable('labor_profiles', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  zipCode: varchar('zip_code', { length: 5 }).notNull(),
  latitude: doublePrecision('latitude').notNull(),
  longitude: doublePrecision('longitude').notNull(),
  serviceArea: integer('service_area').notNull().default(40),
  hasVehicle: boolean('has_vehicle').notNull().default(false),
  vehicleType: smallint('vehicle_type'),
  address: varchar('address', { length: 120 }),
  // Issue 18: the rest of the settings page's Personal info.
  streetAddress: varchar('street_address', { length: 120 }),
  aptUnit: varchar('apt_unit', { length: 30 }),
  stateId: integer('state_id').references(() => states.id),
  cityId: integer('city_id').references(() => cities.id),
  vehicleModel: varchar('vehicle_model', { length: 60 }),
  vehicleYear: smallint('vehicle_year'),
  vehicleMake: varchar('vehicle_make', { length: 60 }),
  /** AES-256-GCM (modules/labor/ssn-cipher.ts); never the clear number. */
  ssnEncrypted: text('ssn_encrypted'),
  /** The only part of the SSN ever shown back. */
  ssnLast4: varchar('ssn_last4', { length: 4 }),
  /** Which e-mails the helper wants (the in-app notifications always arrive). */
  mailNewDelivery: boolean('mail_new_delivery').notNull().default(true),
  mailDeliveryUpdates: boolean('mail_delivery_updates').notNull().default(true),
  mailPayouts: boolean('mail_payouts').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The pickup or the destination, as the customer entered it (spec: Address). */
export type TDeliveryAddress = {
  address: string;
  city_or_town: string;
  state: string;
  zip_code: string;
  type_property: string;
  flights_of_stairs: number;
};

/** Deliveries (spec: Delivery; decision 016). Money in cents. */
export const deliveries = pgTable(
  'deliveries',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => users.id),
    status: smallint('status').notNull(),
    itemsName: varchar('items_name', { length: 200 }).notNull(),
    vehicleType: smallint('vehicle_type').notNull(),
    pickup: jsonb('pickup').$type<TDeliveryAddress>().notNull(),
    destination: jsonb('destination').$type<TDeliveryAddress>().notNull(),
    pickupLatitude: doublePrecision('pickup_latitude').notNull(),
    pickupLongitude: doublePrecision('pickup_longitude').notNull(),
    distanceMiles: doublePrecision('distance_miles').notNull(),
    isHomeMove: boolean('is_home_move').notNull().default(false),
    arrivalDate: date('arrival_date').notNull(),
    arrivalTime: varchar('arrival_time', { length: 5 }).notNull(),
    timeZone: varchar('time_zone', { length: 64 }).notNull(),
    /** Bidding closes at this instant (decision 017). */
    biddingDeadline: timestamp('bidding_deadline', { withTimezone: true }).notNull(),
    phone: varchar('phone', { length: 32 }).notNull(),
    notes: text('notes'),
    /** Base Price; original_price is the price first quoted (equal unless an admin adjusts it). */
    basePrice: integer('base_price').notNull(),
    originalPrice: integer('original_price').notNull(),
    /** The platform's share (the invoice's Processing Fee). */
    systemFee: integer('system_fee').notNull(),
    tip: integer('tip').notNull().default(0),
    /** What the customer pays: base + tip. */
    totalPrice: integer('total_price').notNull(),
    paymentMethod: varchar('payment_method', { length: 12, enum: ['cash', 'electronic'] }).notNull(),
    paymentSessionId: varchar('payment_session_id', { length: 255 }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** The payment intent and the Stripe customer whose saved card pays a tip (decision 028). */
    paymentIntentId: varchar('payment_intent_id', { length: 255 }),
    stripeCustomerId: varchar('stripe_customer_id', { length: 255 }),
    /** Kept from the charge when the customer cancelled late (the acceptor's cancellation policy). */
    cancellationFee: integer('cancellation_fee').notNull().default(0),
    acceptorUserId: integer('acceptor_user_id').references(() => users.id, { onDelete: 'set null' }),
    acceptorCompanyId: integer('acceptor_company_id').references(() => companies.id, {
      onDelete: 'set null',
    }),
    acceptorBranchId: integer('acceptor_branch_id').references(() => branches.id, { onDelete: 'set null' }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    /** Move day (issue 28): the helper's On my way (with the ETA it gave), Arrived, and the proof-of-delivery photos. */
    onMyWayAt: timestamp('on_my_way_at', { withTimezone: true }),
    etaAt: timestamp('eta_at', { withTimezone: true }),
    arrivedAt: timestamp('arrived_at', { withTimezone: true }),
    pickupPhoto: text('pickup_photo'),
    dropoffPhoto: text('dropoff_photo'),
    payoutApproved: boolean('payout_approved').notNull().default(false),
    archivedByCustomer: boolean('archived_by_customer').notNull().default(false),
    archivedByAcceptor: boolean('archived_by_acceptor').notNull().default(false),
    reviewedByCustomer: boolean('reviewed_by_customer').notNull().default(false),
    reviewedByAcceptor: boolean('reviewed_by_acceptor').notNull().default(false),
    cancelledBy: varchar('cancelled_by', { length: 10, enum: ['customer', 'acceptor'] }),
    cancelReason: text('cancel_reason'),
    refundStatus: varchar('refund_status', {
      length: 20,
      enum: ['pending', 'refunded', 'nothing_to_refund', 'failed'],
    }),
    refundAmount: integer('refund_amount'),
    refundId: varchar('refund_id', { length: 255 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The customer's Active and Archive tabs: a range of this index each, newest first; the counts read it alone.
    // Ascending, read backwards: drizzle's desc() means DESC NULLS LAST, which ORDER BY ... DESC cannot use.
    index('deliveries_customer_archived_created_idx').on(
      t.customerId,
      t.archivedByCustomer,
      t.createdAt,
      t.id,
    ),
    index('deliveries_acceptor_user_idx').on(t.acceptorUserId, t.status, t.arrivalDate),
    index('deliveries_acceptor_company_idx').on(t.acceptorCompanyId, t.status, t.arrivalDate),
    // The New tabs: open deliveries in deadline order (the page's order), probed for the viewer's bidder row.
    index('deliveries_status_deadline_idx').on(t.status, t.biddingDeadline, t.id),
    // The New tabs' counts probe the open deliveries by id from the viewer's bidder rows: a small
    // index (open deliveries only) that answers without reading the table.
    index('deliveries_open_id_deadline_idx').on(t.id, t.biddingDeadline).where(sql`${t.status} = 1`),
  ],
);

/** Spec: Item (weight in lbs; sides in ft). */
export const deliveryItems = pgTable(
  'delivery_items',
  {
    id: serial('id').primaryKey(),
    deliveryId: integer('delivery_id')
      .notNull()
      .references(() => deliveries.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    name: varchar('name', { length: 120 }).notNull(),
    count: smallint('count').notNull(),
    weight: doublePrecision('weight').notNull(),
    height: doublePrecision('height').notNull(),
    width: doublePrecision('width').notNull(),
    length: doublePrecision('length').notNull(),
  },
  (t) => [index('delivery_items_delivery_idx').on(t.deliveryId, t.position)],
);

/** The customer's photos of the items (private: signed links only). */
export const deliveryImages = pgTable(
  'delivery_images',
  {
    id: serial('id').primaryKey(),
    deliveryId: integer('delivery_id')
      .notNull()
      .references(() => deliveries.id, { onDelete: 'cascade' }),
    path: text('path').notNull(),
  },
  (t) => [index('delivery_images_delivery_idx').on(t.deliveryId)],
);

/**
 * Who may bid on a delivery (decision 017), written when it is placed: each labor user and each
 * company branch whose service area covers the pickup, with the distance. The helper dashboards'
 * New tab is an indexed read of this table; `rejected` hides the delivery from that bidder only.
 */
export const deliveryBidders = pgTable(
  'delivery_bidders',
  {
    id: serial('id').primaryKey(),
    deliveryId: integer('delivery_id')
      .notNull()
      .references(() => deliveries.id, { onDelete: 'cascade' }),
    laborUserId: integer('labor_user_id').references(() => users.id, { onDelete: 'cascade' }),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    branchId: integer('branch_id').references(() => branches.id, { onDelete: 'cascade' }),
    distanceKm: doublePrecision('distance_km').notNull(),
    rejected: boolean('rejected').notNull().default(false),
  },
  (t) => [
    uniqueIndex('delivery_bidders_labor_unique')
      .on(t.deliveryId, t.laborUserId)
      .where(sql`${t.laborUserId} is not null`),
    uniqueIndex('delivery_bidders_branch_unique')
      .on(t.deliveryId, t.branchId)
      .where(sql`${t.branchId} is not null`),
    // A delivery's bidders, whoever they are (its live events, the mail to bidders, a cascade).
    index('delivery_bidders_delivery_idx').on(t.deliveryId),
    index('delivery_bidders_labor_idx').on(t.laborUserId, t.deliveryId),
    index('delivery_bidders_company_idx').on(t.companyId, t.deliveryId),
    index('delivery_bidders_branch_idx').on(t.branchId, t.deliveryId),
    // A viewer's live offers (the New tabs), read from the index alone.
    index('delivery_bidders_labor_live_idx').on(t.laborUserId, t.deliveryId).where(sql`not ${t.rejected}`),
    index('delivery_bidders_company_live_idx').on(t.companyId, t.deliveryId).where(sql`not ${t.rejected}`),
  ],
);

/** Who did what to a delivery, when and why. */
export const deliveryHistory = pgTable(
  'delivery_history',
  {
    id: serial('id').primaryKey(),
    deliveryId: integer('delivery_id')
      .notNull()
      .references(() => deliveries.id, { onDelete: 'cascade' }),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    actorParty: varchar('actor_party', { length: 10 }).notNull(),
    action: varchar('action', { length: 32 }).notNull(),
    fromStatus: smallint('from_status'),
    toStatus: smallint('to_status').notNull(),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('delivery_history_delivery_idx').on(t.deliveryId, t.id)],
);

export type TPayoutFileRecord = {
  id: number;
  path: string;
  name: string;
  size: number;
  type: 'image/png' | 'image/jpeg' | 'application/pdf';
};

/** Get Paid: the acceptor's documents for the admin's review (decision 017). */
export const payoutSubmissions = pgTable(
  'payout_submissions',
  {
    id: serial('id').primaryKey(),
    deliveryId: integer('delivery_id')
      .notNull()
      .references(() => deliveries.id, { onDelete: 'cascade' }),
    submittedBy: integer('submitted_by').references(() => users.id, { onDelete: 'set null' }),
    status: varchar('status', { length: 10, enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    helperNote: text('helper_note'),
    signedOnDevice: boolean('signed_on_device').notNull().default(false),
    files: jsonb('files').$type<TPayoutFileRecord[]>().notNull(),
    reason: text('reason'),
    reviewedBy: integer('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payout_submissions_status_idx').on(t.status, t.createdAt, t.id),
    index('payout_submissions_delivery_idx').on(t.deliveryId, t.id),
    // At most one submission under review per delivery.
    uniqueIndex('payout_submissions_one_pending').on(t.deliveryId).where(sql`${t.status} = 'pending'`),
  ],
);
