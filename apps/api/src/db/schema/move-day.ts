import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './identity.ts';
import { orders } from './orders.ts';
import { crews } from './profile.ts';

/**
 * Move day (issue 28, decision 030). One row per order once its crew took a first step: the lock
 * every step of the job takes (`FOR UPDATE`), and what the signature and the confirmation wrote.
 */
export const orderJobs = pgTable('order_jobs', {
  orderId: integer('order_id')
    .primaryKey()
    .references(() => orders.id, { onDelete: 'cascade' }),
  /** The last step's time: a phone's later step is never recorded before it. */
  lastAt: timestamp('last_at', { withTimezone: true }),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  signedAt: timestamp('signed_at', { withTimezone: true }),
  signature: text('signature'),
  workOrder: text('work_order'),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  confirmedBy: varchar('confirmed_by', { length: 12, enum: ['signature', 'customer', 'automatic'] }),
  disputedAt: timestamp('disputed_at', { withTimezone: true }),
  disputeReason: text('dispute_reason'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const JOB_EVENT_KINDS = ['on_my_way', 'arrived', 'start', 'break', 'resume', 'finish'] as const;

/** The crew's steps: one row per step, one per idempotency key. */
export const jobEvents = pgTable(
  'job_events',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    type: varchar('type', { length: 12, enum: JOB_EVENT_KINDS }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    deviceAt: timestamp('device_at', { withTimezone: true }),
    corrected: integer('corrected').notNull().default(0),
    etaMinutes: smallint('eta_minutes'),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    idempotencyKey: uuid('idempotency_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('job_events_key_unique').on(t.orderId, t.idempotencyKey),
    // A job finishes once, whatever two phones send.
    uniqueIndex('job_events_one_finish').on(t.orderId).where(sql`${t.type} = 'finish'`),
    index('job_events_order_idx').on(t.orderId, t.at, t.id),
  ],
);

/** Each assigned crew member's own start and finish (late joiners, early leavers), for the timesheets. */
export const jobCrewTimes = pgTable(
  'job_crew_times',
  {
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    crewId: integer('crew_id')
      .notNull()
      .references(() => crews.id, { onDelete: 'cascade' }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.crewId] }),
    index('job_crew_times_crew_idx').on(t.crewId, t.startedAt),
  ],
);

/** What the crew adds on site; billed once the customer approves it. Money in cents. */
export const jobChanges = pgTable(
  'job_changes',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: varchar('kind', {
      length: 12,
      enum: ['stairs', 'stop', 'heavy_item', 'equipment', 'fixed'],
    }).notNull(),
    description: text('description').notNull(),
    quantity: smallint('quantity').notNull().default(1),
    amount: integer('amount').notNull(),
    /** The branch's equipment item (its uuid in the branch's equipment list). */
    equipmentUuid: varchar('equipment_uuid', { length: 36 }),
    photoId: integer('photo_id'),
    status: varchar('status', { length: 10, enum: ['pending', 'approved', 'declined'] })
      .notNull()
      .default('pending'),
    decidedOn: varchar('decided_on', { length: 10, enum: ['site', 'dashboard'] }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('job_changes_order_idx').on(t.orderId, t.id)],
);

/** Before and after photos of a job (and a change's photo), at most 20 per job. */
export const jobPhotos = pgTable(
  'job_photos',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    phase: varchar('phase', { length: 8, enum: ['before', 'after', 'change'] }).notNull(),
    path: text('path').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('job_photos_order_idx').on(t.orderId, t.id)],
);
