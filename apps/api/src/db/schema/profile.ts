import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { cities, states } from './geography.ts';
import { branches, companies } from './identity.ts';
import { orders } from './orders.ts';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** The services a company can say it offers (spec: Introduction services); a fixed catalogue. */
export const profileServices = pgTable('profile_services', {
  id: serial('id').primaryKey(),
  service: varchar('service', { length: 80 }).notNull(),
  position: smallint('position').notNull().default(0),
});

/** Which catalogue services a branch offers (spec: selected_service, is_active by toggle). */
export const branchServicesOffered = pgTable(
  'branch_selected_services',
  {
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
    serviceId: integer('service_id')
      .notNull()
      .references(() => profileServices.id, { onDelete: 'cascade' }),
    isActive: boolean('is_active').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.branchId, t.serviceId] })],
);

/** The questions every company answers (spec: FAQ id, question); a fixed catalogue. */
export const faqQuestions = pgTable('faq_questions', {
  id: serial('id').primaryKey(),
  question: varchar('question', { length: 200 }).notNull(),
  position: smallint('position').notNull().default(0),
});

/** A branch's answer to one question (POST faqs saves, PUT faqs/{id} updates). */
export const faqAnswers = pgTable(
  'faq_answers',
  {
    id: serial('id').primaryKey(),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
    faqId: integer('faq_id')
      .notNull()
      .references(() => faqQuestions.id, { onDelete: 'cascade' }),
    answer: text('answer').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('faq_answers_branch_question_unique').on(t.branchId, t.faqId)],
);

/** A branch's photos (spec: Photo id, image); pinned ones come first on the public page. */
export const branchPhotos = pgTable(
  'branch_photos',
  {
    id: serial('id').primaryKey(),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
    image: text('image').notNull(),
    isPinned: boolean('is_pinned').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('branch_photos_branch_idx').on(t.branchId, t.isPinned, t.id)],
);

/** Crew members of a branch (spec: Crew member). Soft-deleted so past jobs keep their crew. */
export const crews = pgTable(
  'crews',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
    firstName: varchar('first_name', { length: 60 }).notNull(),
    lastName: varchar('last_name', { length: 60 }).notNull(),
    email: varchar('email', { length: 254 }).notNull(),
    phoneNumber: varchar('phone_number', { length: 32 }).notNull(),
    zipCode: varchar('zip_code', { length: 10 }).notNull(),
    stateId: integer('state_id').references(() => states.id),
    cityId: integer('city_id').references(() => cities.id),
    profilePicture: text('profile_picture'),
    isActive: boolean('is_active').notNull().default(true),
    isDriver: boolean('is_driver').notNull().default(false),
    employeeType: varchar('employee_type', {
      length: 12,
      enum: ['full_time', 'part_time', 'contractor'],
    })
      .notNull()
      .default('full_time'),
    createdAt: createdAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('crews_branch_idx').on(t.branchId, t.isActive).where(sql`${t.deletedAt} is null`)],
);

/** Crew members assigned to an order by staff (only active members of the order's branch). */
export const orderCrews = pgTable(
  'order_crews',
  {
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    crewId: integer('crew_id')
      .notNull()
      .references(() => crews.id, { onDelete: 'cascade' }),
    assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.crewId] }), index('order_crews_crew_idx').on(t.crewId)],
);
