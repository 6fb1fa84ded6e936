import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  doublePrecision,
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
import { cities, counties, states } from './geography.ts';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export type TPaymentMethod = { uuid: string; name: string; is_active: boolean };
export type TEquipment = { uuid: string; name: string; value: number; is_active: boolean };
/**
 * A branch's credentials (spec: Credentials), as saved from /profile: each licence is a record of
 * its fields (strings; dates as YYYY-MM-DD), the two flags 1 or 0. Shape checked by the shared schema.
 */
export type TBranchCredentials = Record<string, Record<string, string> | number>;

export const companies = pgTable('companies', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 120 }).notNull(),
  logo: text('logo'),
  /** Bookings are taken at most this many days ahead; 0 = no limit. */
  acceptInPeriodOf: integer('accept_in_period_of').notNull().default(0),
  acceptNextDayMove: boolean('accept_next_day_move').notNull().default(true),
  paymentMethods: jsonb('payment_methods').$type<TPaymentMethod[]>().notNull().default([]),
  /** Hundredths: cents when the icon is $, basis points when it is %. */
  paymentMethodsFee: integer('payment_methods_fee').notNull().default(0),
  paymentMethodsIcon: varchar('payment_methods_icon', { length: 1, enum: ['$', '%'] })
    .notNull()
    .default('$'),
  /** Late-cancellation tiers (decision 028); null: the default policy. */
  cancellationPolicy: jsonb('cancellation_policy').$type<{ hours_before: number; percent: number }[]>(),
  createdAt: createdAt(),
});

export const branches = pgTable(
  'branches',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 60 }).notNull(),
    slug: varchar('slug', { length: 80 }).notNull(),
    address: varchar('address', { length: 60 }).notNull().default(''),
    stateId: integer('state_id').references(() => states.id),
    cityId: integer('city_id').references(() => cities.id),
    zipCode: varchar('zip_code', { length: 10 }).notNull(),
    latitude: doublePrecision('latitude').notNull().default(33.974027),
    longitude: doublePrecision('longitude').notNull().default(-118.249509),
    /** Radius of the service area in km (1..100). */
    serviceArea: integer('service_area').notNull().default(25),
    primaryPhone: varchar('primary_phone', { length: 32 }),
    timeZone: varchar('time_zone', { length: 64 }).notNull().default('America/Los_Angeles'),
    isMain: boolean('is_main').notNull().default(false),
    email: varchar('email', { length: 254 }),
    website: varchar('website', { length: 200 }),
    foundDate: date('found_date'),
    employeesCount: integer('employees_count'),
    logo: text('logo'),
    /** Introduction text (spec: about, sent as about_us), 20..1000 characters, plain text. */
    aboutUs: text('about_us'),
    credentials: jsonb('credentials').$type<TBranchCredentials>().notNull().default({}),
    // Pricing (spec: Branch pricing fields). Money in cents; distances in km.
    feeFirstBedroom: integer('fee_first_bedroom').notNull().default(0),
    feeExtraBedroom: integer('fee_extra_bedroom').notNull().default(0),
    doubleDriving: integer('helpers_and_trucks_between_double_driving').notNull().default(-1),
    surgeDistance: integer('surge_distance').notNull().default(25),
    surgeAdditionalHourlyRate: integer('surge_additional_hourly_rate').notNull().default(0),
    surgeAdditionalMinHours: integer('surge_additional_min_hours').notNull().default(0),
    surgeAdditionalServiceFee: integer('surge_additional_service_fee').notNull().default(0),
    travelArea: integer('travel_area').notNull().default(100),
    equipments: jsonb('equipments').$type<TEquipment[]>().notNull().default([]),
    /** Published reviews received (kept in step with reviews by the review service). */
    ratingSum: integer('rating_sum').notNull().default(0),
    reviewsCount: integer('reviews_count').notNull().default(0),
    createdAt: createdAt(),
    /** Soft delete: orders keep pointing at a deleted branch. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('branches_slug_unique').on(t.slug).where(sql`${t.deletedAt} is null`),
    index('branches_company_idx').on(t.companyId),
    // At most one main branch per company.
    uniqueIndex('branches_one_main_per_company')
      .on(t.companyId)
      .where(sql`${t.isMain} and ${t.deletedAt} is null`),
    // Coverage query: each branch's own service-area box (earthdistance cube), so a point
    // finds the branches whose circle may contain it straight from the index.
    index('branches_service_box_idx')
      .using(
        'gist',
        sql`earth_box(ll_to_earth(${t.latitude}, ${t.longitude}), (${t.serviceArea} * 1000)::float8)`,
      )
      .where(sql`${t.deletedAt} is null`),
  ],
);

export const branchCounties = pgTable(
  'branch_counties',
  {
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
    countyId: integer('county_id')
      .notNull()
      .references(() => counties.id),
    /** Order as chosen; the card shows the first. */
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.branchId, t.countyId] })],
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    firstName: varchar('first_name', { length: 60 }).notNull(),
    lastName: varchar('last_name', { length: 60 }).notNull(),
    email: varchar('email', { length: 254 }).notNull(),
    phone: varchar('phone', { length: 32 }),
    image: text('image'),
    passwordHash: text('password_hash').notNull(),
    role: varchar('role', { length: 16, enum: ['customer', 'labor', 'staff', 'admin'] }).notNull(),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'set null' }),
    isEmailVerified: boolean('is_email_verified').notNull().default(false),
    referralCode: varchar('referral_code', { length: 7 }).notNull(),
    referredById: integer('referred_by_id'),
    /** Reminders by text message (issue 29): asked at booking, in account or notification settings. */
    smsOptIn: boolean('sms_opt_in').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Closed account (issue 18): personal data anonymised, the row kept for the other party's history. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('users_email_lower_unique').on(sql`lower(${t.email})`),
    uniqueIndex('users_referral_code_unique').on(t.referralCode),
    index('users_company_idx').on(t.companyId),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('sessions_token_hash_unique').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/** Single-use, hashed, expiring links sent by e-mail. */
export const userTokens = pgTable(
  'user_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 24, enum: ['password_reset', 'email_verification'] }).notNull(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('user_tokens_hash_unique').on(t.tokenHash),
    index('user_tokens_user_idx').on(t.userId, t.kind),
  ],
);

/**
 * Addresses an account signed in from (decision 001): exempt from the e-mail-wide sign-in budget
 * for 30 days, so nobody can lock the owner out of a known device. Kept in the database so a
 * restart does not forget them (decision 034). Keyed by the lower-cased e-mail the limiter sees
 * before it knows the account; swept by the job runner after 30 days.
 */
export const knownAddresses = pgTable(
  'known_addresses',
  {
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.email, t.ip] }),
    index('known_addresses_last_sign_in_idx').on(t.lastSignInAt),
  ],
);
