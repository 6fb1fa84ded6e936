import { ORDER_STATUS } from '@haulpro/shared/order';
import { and, asc, count, desc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { TDb, TTx } from '../../db/client.ts';
import { preparedFor } from '../../db/prepared.ts';
import { rowsOf } from '../../db/rows.ts';
import {
  branches,
  crews,
  jobChanges,
  jobCrewTimes,
  jobEvents,
  jobPhotos,
  orderAddresses,
  orderCrews,
  orderJobs,
  orders,
  servicePrices,
  zipCodes,
} from '../../db/schema.ts';

type TQ = TDb | TTx;
export type TJobRow = typeof orderJobs.$inferSelect;
export type TJobEventRow = typeof jobEvents.$inferSelect;
export type TJobChangeRow = typeof jobChanges.$inferSelect;
export type TJobPhotoRow = typeof jobPhotos.$inferSelect;

/** The move-day module's tables (decision 030): the job row, its steps, changes, photos and crew times. */

/** The job's row, created on its first use and locked: every write of one job runs one at a time. */
export async function lockJob(tx: TTx, orderId: number): Promise<TJobRow> {
  await tx.insert(orderJobs).values({ orderId }).onConflictDoNothing();
  const [row] = await tx.select().from(orderJobs).where(eq(orderJobs.orderId, orderId)).for('update');
  return row!;
}

/** An order's job row (prepared: read before every confirm and Complete). */
export async function findJob(db: TQ, orderId: number): Promise<TJobRow | undefined> {
  const statement = preparedFor(db, 'order_job', () =>
    db
      .select()
      .from(orderJobs)
      .where(eq(orderJobs.orderId, sql.placeholder('orderId')))
      .prepare('order_job'),
  );
  const [row] = await statement.execute({ orderId });
  return row;
}

export async function updateJob(tx: TQ, orderId: number, patch: Partial<typeof orderJobs.$inferInsert>) {
  await tx.update(orderJobs).set(patch).where(eq(orderJobs.orderId, orderId));
}

/** The job's row is written only while the bill is still unconfirmed: of two confirmations one wins. */
export async function markConfirmed(
  tx: TTx,
  orderId: number,
  patch: Partial<typeof orderJobs.$inferInsert>,
): Promise<boolean> {
  const rows = await tx
    .update(orderJobs)
    .set(patch)
    .where(and(eq(orderJobs.orderId, orderId), isNull(orderJobs.confirmedAt)))
    .returning({ id: orderJobs.orderId });
  return rows.length > 0;
}

export function eventsOf(db: TQ, orderId: number): Promise<TJobEventRow[]> {
  return db
    .select()
    .from(jobEvents)
    .where(eq(jobEvents.orderId, orderId))
    .orderBy(asc(jobEvents.at), asc(jobEvents.id));
}

export async function eventByKey(db: TQ, orderId: number, key: string): Promise<TJobEventRow | undefined> {
  const [row] = await db
    .select()
    .from(jobEvents)
    .where(and(eq(jobEvents.orderId, orderId), eq(jobEvents.idempotencyKey, key)));
  return row;
}

export async function insertEvent(tx: TTx, row: typeof jobEvents.$inferInsert): Promise<void> {
  await tx.insert(jobEvents).values(row);
}

/** At Start each assigned crew member starts with the crew; at Finish the ones still on the job finish. */
export async function startCrew(tx: TTx, orderId: number, at: Date): Promise<void> {
  const assigned = await tx
    .select({ crewId: orderCrews.crewId })
    .from(orderCrews)
    .where(eq(orderCrews.orderId, orderId));
  if (!assigned.length) return;
  await tx
    .insert(jobCrewTimes)
    .values(assigned.map((a) => ({ orderId, crewId: a.crewId, startedAt: at })))
    .onConflictDoNothing();
}

export async function finishCrew(tx: TTx, orderId: number, at: Date): Promise<void> {
  await tx
    .update(jobCrewTimes)
    .set({ finishedAt: at })
    .where(and(eq(jobCrewTimes.orderId, orderId), isNull(jobCrewTimes.finishedAt)));
}

/** One member's own start or finish (a late joiner, an early leaver). */
export async function setCrewTime(
  tx: TTx,
  row: { orderId: number; crewId: number; startedAt?: Date | null; finishedAt?: Date | null },
): Promise<void> {
  const set: Partial<typeof jobCrewTimes.$inferInsert> = {};
  if (row.startedAt !== undefined) set.startedAt = row.startedAt;
  if (row.finishedAt !== undefined) set.finishedAt = row.finishedAt;
  await tx
    .insert(jobCrewTimes)
    .values({ orderId: row.orderId, crewId: row.crewId, ...set })
    .onConflictDoUpdate({ target: [jobCrewTimes.orderId, jobCrewTimes.crewId], set });
}

/** The assigned crew with their own times (a member not started yet has none). */
export function crewOf(db: TQ, orderId: number) {
  return db
    .select({
      crewId: crews.id,
      firstName: crews.firstName,
      lastName: crews.lastName,
      startedAt: jobCrewTimes.startedAt,
      finishedAt: jobCrewTimes.finishedAt,
    })
    .from(orderCrews)
    .innerJoin(crews, eq(crews.id, orderCrews.crewId))
    .leftJoin(
      jobCrewTimes,
      and(eq(jobCrewTimes.orderId, orderCrews.orderId), eq(jobCrewTimes.crewId, crews.id)),
    )
    .where(eq(orderCrews.orderId, orderId))
    .orderBy(asc(crews.firstName), asc(crews.id));
}

export function changesOf(db: TQ, orderId: number): Promise<TJobChangeRow[]> {
  return db.select().from(jobChanges).where(eq(jobChanges.orderId, orderId)).orderBy(asc(jobChanges.id));
}

export async function insertChange(tx: TQ, row: typeof jobChanges.$inferInsert): Promise<TJobChangeRow> {
  const [r] = await tx.insert(jobChanges).values(row).returning();
  return r!;
}

/** Answers a change once: only while it is still pending. */
export async function decideChange(
  tx: TQ,
  orderId: number,
  changeId: number,
  patch: Pick<TJobChangeRow, 'status' | 'decidedOn' | 'decidedAt'>,
): Promise<boolean> {
  const rows = await tx
    .update(jobChanges)
    .set(patch)
    .where(
      and(eq(jobChanges.id, changeId), eq(jobChanges.orderId, orderId), eq(jobChanges.status, 'pending')),
    )
    .returning({ id: jobChanges.id });
  return rows.length > 0;
}

export function photosOf(db: TQ, orderId: number): Promise<TJobPhotoRow[]> {
  return db.select().from(jobPhotos).where(eq(jobPhotos.orderId, orderId)).orderBy(asc(jobPhotos.id));
}

export async function photoCount(tx: TQ, orderId: number): Promise<number> {
  const [r] = await tx.select({ n: count() }).from(jobPhotos).where(eq(jobPhotos.orderId, orderId));
  return Number(r?.n ?? 0);
}

export async function insertPhoto(tx: TQ, row: typeof jobPhotos.$inferInsert): Promise<TJobPhotoRow> {
  const [r] = await tx.insert(jobPhotos).values(row).returning();
  return r!;
}

/** The company's overtime rate for the order's service (cents per hour; 0 when unset or the service is gone). */
export async function overtimeRateOf(db: TQ, servicePriceId: number | null): Promise<number> {
  if (!servicePriceId) return 0;
  const [r] = await db
    .select({ rate: servicePrices.chargeOvertime })
    .from(servicePrices)
    .where(eq(servicePrices.id, servicePriceId));
  return r?.rate ?? 0;
}

/** The order's addresses, pickups first (for the work order). */
export function addressesOf(db: TQ, orderId: number) {
  return db
    .select()
    .from(orderAddresses)
    .where(eq(orderAddresses.orderId, orderId))
    .orderBy(desc(orderAddresses.kind), asc(orderAddresses.position));
}

/** The branch's point and the job's first pickup's ZIP point (for the drive time); null when unknown. */
export async function driveOf(db: TQ, branchId: number, orderId: number) {
  const [b] = await db
    .select({ latitude: branches.latitude, longitude: branches.longitude })
    .from(branches)
    .where(eq(branches.id, branchId));
  const [p] = await db
    .select({ latitude: zipCodes.latitude, longitude: zipCodes.longitude })
    .from(orderAddresses)
    .innerJoin(zipCodes, eq(zipCodes.zip, orderAddresses.zipCode))
    .where(and(eq(orderAddresses.orderId, orderId), eq(orderAddresses.kind, 'pickup')))
    .orderBy(asc(orderAddresses.position))
    .limit(1);
  return b && p ? { from: b, to: p } : null;
}

export async function branchNameOf(db: TQ, branchId: number): Promise<string> {
  const [r] = await db.select({ name: branches.name }).from(branches).where(eq(branches.id, branchId));
  return r?.name ?? '';
}

/** Finished jobs whose bill nobody confirmed or disputed before `finishedBefore` (the 48-hour job). */
export async function jobsToConfirm(db: TQ, finishedBefore: Date, batch: number): Promise<number[]> {
  const rows = await db
    .select({ orderId: orderJobs.orderId })
    .from(orderJobs)
    .innerJoin(orders, eq(orders.id, orderJobs.orderId))
    .where(
      and(
        eq(orders.status, ORDER_STATUS.beingCompleted),
        lte(orderJobs.finishedAt, finishedBefore),
        isNull(orderJobs.confirmedAt),
        isNull(orderJobs.disputedAt),
      ),
    )
    .orderBy(asc(orderJobs.finishedAt))
    .limit(batch);
  return rows.map((r) => r.orderId);
}

/** The jobs' current states for a list (Today): each order's steps, in one query. */
export function eventsOfOrders(db: TQ, orderIds: number[]): Promise<TJobEventRow[]> {
  if (!orderIds.length) return Promise.resolve([]);
  return db
    .select()
    .from(jobEvents)
    .where(inArray(jobEvents.orderId, orderIds))
    .orderBy(asc(jobEvents.orderId), asc(jobEvents.at), asc(jobEvents.id));
}

/** The approved changes' sum (cents). */
export const approvedSum = (rows: TJobChangeRow[]) =>
  rows.filter((c) => c.status === 'approved').reduce((s, c) => s + c.amount, 0);

/** What an order card's job line needs (money in cents, times in epoch milliseconds). */
export type TJobLineRow = {
  orderId: number;
  events: { type: string; atMs: number; etaMinutes: number | null }[];
  confirmed: boolean;
  /** Changes waiting for the customer's answer, and the approved ones' sum. */
  pending: number;
  approved: number;
  /** The company's overtime rate for the order's service (0 when unset or the service is gone). */
  overtimeRate: number;
};

/**
 * The job lines of a list's orders whose crew took a step (customer/orders): one statement for
 * the whole page, the jobs' steps, changes and overtime rates included.
 */
export async function jobLineRowsOf(
  db: TQ,
  of: readonly { id: number; servicePriceId: number | null }[],
): Promise<TJobLineRow[]> {
  if (!of.length) return [];
  // Array literals: drizzle would spread a JS array into a list of parameters.
  const ids = `{${of.map((o) => Math.trunc(o.id)).join(',')}}`;
  const prices = `{${of.map((o) => (o.servicePriceId === null ? 'NULL' : Math.trunc(o.servicePriceId))).join(',')}}`;
  const r = await db.execute(sql`select p.order_id as "orderId", j.confirmed_at is not null as "confirmed",
      coalesce((select sp.charge_overtime from ${servicePrices} sp where sp.id = p.service_price_id), 0) as "overtimeRate",
      coalesce((select json_agg(json_build_object('type', e.type,
        'atMs', floor(extract(epoch from e.at) * 1000), 'etaMinutes', e.eta_minutes) order by e.at, e.id)
        from ${jobEvents} e where e.order_id = p.order_id), '[]'::json) as "events",
      (select count(*) from ${jobChanges} c where c.order_id = p.order_id and c.status = 'pending')::int as "pending",
      (select coalesce(sum(c.amount), 0) from ${jobChanges} c
        where c.order_id = p.order_id and c.status = 'approved')::int as "approved"
    from unnest(${ids}::int[], ${prices}::int[]) as p(order_id, service_price_id)
    join ${orderJobs} j on j.order_id = p.order_id
    where j.last_at is not null`);
  return rowsOf<TJobLineRow>(r).map((x) => ({
    ...x,
    // The steps arrive as parsed JSON from both drivers; the counts and sums are cast to int, and
    // Number() keeps them numbers from a driver that would hand back a numeric as a string.
    overtimeRate: Number(x.overtimeRate),
    pending: Number(x.pending),
    approved: Number(x.approved),
  }));
}
