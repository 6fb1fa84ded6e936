import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { branches, companies } from './identity.ts';

/** Service prices of a branch (spec: Service price). Money in cents. */
export const servicePrices = pgTable(
  'service_prices',
  {
    id: serial('id').primaryKey(),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 60 }).notNull(),
    employeesCount: integer('employees_count').notNull(),
    minimumHours: integer('minimum_hours').notNull(),
    baseHourlyRate: integer('base_hourly_rate').notNull(),
    chargeOvertime: integer('charge_overtime').notNull().default(0),
    serviceType: integer('service_type').notNull(),
    truckSize: varchar('truck_size', { length: 30 }),
    truckNumber: integer('truck_number'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('service_prices_branch_idx').on(t.branchId, t.serviceType)],
);

/** Calendar offers: a discount or surcharge on one date. value: percent, or cents when fixed. */
export const discounts = pgTable(
  'discounts',
  {
    id: serial('id').primaryKey(),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
    date: date('date').notNull(),
    isDiscount: boolean('is_discount').notNull(),
    isValuePercentage: boolean('is_value_percentage').notNull(),
    value: integer('value').notNull(),
  },
  (t) => [uniqueIndex('discounts_branch_date_unique').on(t.branchId, t.date)],
);

/** Operating hours: one row per weekday (0 = Sunday) of a branch. */
export const workingDays = pgTable(
  'working_days',
  {
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
    day: integer('day').notNull(),
    isActive: boolean('is_active').notNull(),
    fromHour: integer('from_hour').notNull(),
    toHour: integer('to_hour').notNull(),
  },
  (t) => [primaryKey({ columns: [t.branchId, t.day] })],
);

/** Blocked mornings (7am-12), afternoons (12-6pm) or full days (both). One row per branch and date. */
export const blockedDays = pgTable(
  'blocked_days',
  {
    id: serial('id').primaryKey(),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    date: date('date').notNull(),
    isOnMorning: boolean('is_on_morning').notNull(),
    isOnAfternoon: boolean('is_on_afternoon').notNull(),
  },
  (t) => [
    uniqueIndex('blocked_days_branch_date_unique').on(t.branchId, t.date),
    // The company calendar asks for every branch's blocked time in a range.
    index('blocked_days_company_date_idx').on(t.companyId, t.date),
  ],
);
