import { and, asc, count, eq, gte, inArray, isNull, lte, ne, sql } from 'drizzle-orm';
import type { TDb, TTx } from '../../db/client.ts';
import { branches, crews, orderAddresses, orderCrews, orders } from '../../db/schema.ts';
import { HOLDING_STATUSES, type TTeam } from '../../domain/capacity.ts';

type TQ = TDb | TTx;
export type TCrewRow = typeof crews.$inferSelect;
export type TCrewInsert = typeof crews.$inferInsert;

const live = (branchId: number) => and(eq(crews.branchId, branchId), isNull(crews.deletedAt));

/** A page of a branch's members (not deleted): active first, then by name. */
export async function listBranchCrews(db: TQ, branchId: number, page: number, perPage: number) {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(crews)
      .where(live(branchId))
      .orderBy(sql`${crews.isActive} desc`, asc(crews.firstName), asc(crews.lastName), asc(crews.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(crews).where(live(branchId)),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findBranchCrew(
  db: TQ,
  branchId: number,
  crewId: number,
): Promise<TCrewRow | undefined> {
  const [row] = await db
    .select()
    .from(crews)
    .where(and(eq(crews.id, crewId), live(branchId)))
    .limit(1);
  return row;
}

export async function insertCrew(db: TQ, values: TCrewInsert): Promise<TCrewRow> {
  const [row] = await db.insert(crews).values(values).returning();
  return row!;
}

export async function updateCrew(
  db: TQ,
  id: number,
  set: Partial<TCrewInsert>,
): Promise<TCrewRow | undefined> {
  const [row] = await db
    .update(crews)
    .set(set)
    .where(and(eq(crews.id, id), isNull(crews.deletedAt)))
    .returning();
  return row;
}

/** Soft delete: past jobs keep their crew. True when this call deleted it. */
export async function softDeleteCrew(db: TQ, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(crews)
    .set({ deletedAt: now })
    .where(and(eq(crews.id, id), isNull(crews.deletedAt)))
    .returning({ id: crews.id });
  return rows.length > 0;
}

/** A member's jobs from `fromDate` on that still hold people, soonest first. */
export async function upcomingJobsOf(db: TQ, crewId: number, fromDate: string) {
  const rows = await db
    .select({
      id: orders.id,
      arrivalDate: orders.arrivalDate,
      arrivalTime: orders.arrivalTime,
      status: orders.status,
      name: orders.name,
    })
    .from(orderCrews)
    .innerJoin(orders, eq(orders.id, orderCrews.orderId))
    .where(
      and(
        eq(orderCrews.crewId, crewId),
        gte(orders.arrivalDate, fromDate),
        inArray(orders.status, [...HOLDING_STATUSES]),
      ),
    )
    .orderBy(asc(orders.arrivalDate), asc(orders.id))
    .limit(100);
  const addresses = rows.length
    ? await db
        .select()
        .from(orderAddresses)
        .where(
          inArray(
            orderAddresses.orderId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(asc(orderAddresses.position))
    : [];
  return rows.map((r) => ({ ...r, addresses: addresses.filter((a) => a.orderId === r.id) }));
}

/**
 * The teams of these branches: active members and active drivers. A branch with no member at all
 * (deleted ones aside) is absent: its team is not set up (decision 019).
 */
export function loadTeams(db: TQ, branchIds: number[]): Promise<Map<number, TTeam>> {
  const out = new Map<number, TTeam>();
  if (!branchIds.length) return Promise.resolve(out);
  // Sent when called (`then` starts the query now): a booking sends it right after the branch's lock.
  return db
    .select({
      branchId: crews.branchId,
      members: sql<number>`count(*) filter (where ${crews.isActive})::int`,
      drivers: sql<number>`count(*) filter (where ${crews.isActive} and ${crews.isDriver})::int`,
    })
    .from(crews)
    .where(and(inArray(crews.branchId, branchIds), isNull(crews.deletedAt)))
    .groupBy(crews.branchId)
    .then((rows) => {
      for (const r of rows) out.set(r.branchId, { members: Number(r.members), drivers: Number(r.drivers) });
      return out;
    });
}

export type THoldingJob = {
  id: number;
  branchId: number;
  arrivalDate: string;
  arrivalTime: string;
  hoursCount: number;
  helpersCount: number;
  truckNumber: number;
};

/** Orders of these branches between two dates (both included) whose status holds people. */
export function loadHoldingJobs(
  db: TQ,
  branchIds: number[],
  fromDate: string,
  toDate: string,
): Promise<THoldingJob[]> {
  if (!branchIds.length) return Promise.resolve([]);
  return db
    .select({
      id: orders.id,
      branchId: orders.branchId,
      arrivalDate: orders.arrivalDate,
      arrivalTime: orders.arrivalTime,
      hoursCount: orders.hoursCount,
      helpersCount: orders.helpersCount,
      truckNumber: orders.truckNumber,
    })
    .from(orders)
    .where(
      and(
        inArray(orders.branchId, branchIds),
        gte(orders.arrivalDate, fromDate),
        lte(orders.arrivalDate, toDate),
        inArray(orders.status, [...HOLDING_STATUSES]),
      ),
    );
}

/**
 * Takes the branch's row lock for the rest of the transaction: bookings (and crew assignments)
 * of one branch count its jobs one at a time, so two for the last free slot have one winner.
 * FOR NO KEY UPDATE: it excludes the other holders of this lock, but not the key-share lock an
 * order's insert takes on its branch, so a booking may place its order first and lock last.
 */
export function lockBranch(tx: TTx, branchId: number): Promise<boolean> {
  // Sent when called (`then` starts the query now), so statements sent after it run once it holds.
  return tx
    .select({ id: branches.id })
    .from(branches)
    .where(eq(branches.id, branchId))
    .for('no key update')
    .then((rows) => rows.length > 0);
}

/** The orders a set of members is assigned to on a date (other than `orderId`) that hold people. */
export function assignmentsOn(tx: TQ, crewIds: number[], date: string, orderId: number) {
  if (!crewIds.length) return Promise.resolve([]);
  return tx
    .select({
      crewId: orderCrews.crewId,
      orderId: orders.id,
      arrivalTime: orders.arrivalTime,
      hoursCount: orders.hoursCount,
    })
    .from(orderCrews)
    .innerJoin(orders, eq(orders.id, orderCrews.orderId))
    .where(
      and(
        inArray(orderCrews.crewId, crewIds),
        eq(orders.arrivalDate, date),
        ne(orders.id, orderId),
        inArray(orders.status, [...HOLDING_STATUSES]),
      ),
    );
}

/** Live members of a company by id (any branch), for the assignment's checks. */
export function companyCrewsByIds(db: TQ, companyId: number, ids: number[]): Promise<TCrewRow[]> {
  if (!ids.length) return Promise.resolve([]);
  return db
    .select()
    .from(crews)
    .where(and(eq(crews.companyId, companyId), inArray(crews.id, ids), isNull(crews.deletedAt)));
}

/** Replaces an order's crew. */
export async function replaceOrderCrew(tx: TTx, orderId: number, crewIds: number[], now: Date) {
  await tx.delete(orderCrews).where(eq(orderCrews.orderId, orderId));
  if (crewIds.length)
    await tx.insert(orderCrews).values(crewIds.map((crewId) => ({ orderId, crewId, assignedAt: now })));
}
