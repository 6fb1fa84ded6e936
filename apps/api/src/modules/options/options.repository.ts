import { and, asc, eq } from 'drizzle-orm';
import type { TDb, TTx } from '../../db/client.ts';
import { inDateRange, type TRange } from '../../db/date-range.ts';
import { blockedDays, companies, workingDays } from '../../db/schema.ts';

type TQ = TDb | TTx;
export type TCompanyRow = typeof companies.$inferSelect;
export type TWorkingDayRow = typeof workingDays.$inferInsert;
export type TBlockedDayRow = typeof blockedDays.$inferSelect;

// ---- company settings ----
export function findCompany(db: TQ, id: number): Promise<TCompanyRow | undefined> {
  return db
    .select()
    .from(companies)
    .where(eq(companies.id, id))
    .then((r) => r[0]);
}

// ---- operating hours ----
export function listWorkingDays(db: TQ, branchId: number) {
  return db.select().from(workingDays).where(eq(workingDays.branchId, branchId));
}

export async function upsertWorkingDays(db: TDb, days: TWorkingDayRow[]): Promise<void> {
  await db.transaction(async (tx) => {
    for (const values of days) {
      await tx
        .insert(workingDays)
        .values(values)
        .onConflictDoUpdate({ target: [workingDays.branchId, workingDays.day], set: values });
    }
  });
}

// ---- blocked time ----
export function listBlockedDays(db: TQ, branchId: number, range: TRange) {
  return db
    .select()
    .from(blockedDays)
    .where(and(eq(blockedDays.branchId, branchId), inDateRange(blockedDays.date, range)))
    .orderBy(asc(blockedDays.date));
}

/** A company's (or one branch's) blocked days between two dates. */
export function listCompanyBlockedDays(
  db: TQ,
  companyId: number,
  branchId: number | undefined,
  range: TRange,
) {
  return db
    .select()
    .from(blockedDays)
    .where(
      and(
        eq(blockedDays.companyId, companyId),
        branchId ? eq(blockedDays.branchId, branchId) : undefined,
        inDateRange(blockedDays.date, range),
      ),
    )
    .orderBy(asc(blockedDays.date), asc(blockedDays.id));
}

export function blockedDaysOn(db: TQ, branchId: number, date: string) {
  return db
    .select()
    .from(blockedDays)
    .where(and(eq(blockedDays.branchId, branchId), eq(blockedDays.date, date)));
}

export function findCompanyBlockedDay(
  db: TQ,
  companyId: number,
  id: number,
): Promise<TBlockedDayRow | undefined> {
  return db
    .select()
    .from(blockedDays)
    .where(and(eq(blockedDays.id, id), eq(blockedDays.companyId, companyId)))
    .then((r) => r[0]);
}

/** Blocking a date that already has a block merges the two (morning + afternoon = full day). */
export function upsertBlockedDay(
  db: TQ,
  v: { branchId: number; companyId: number; date: string; isOnMorning: boolean; isOnAfternoon: boolean },
): Promise<TBlockedDayRow | undefined> {
  return db
    .insert(blockedDays)
    .values(v)
    .onConflictDoUpdate({
      target: [blockedDays.branchId, blockedDays.date],
      set: { isOnMorning: v.isOnMorning, isOnAfternoon: v.isOnAfternoon },
    })
    .returning()
    .then((r) => r[0]);
}

export function updateBlockedDay(
  db: TQ,
  id: number,
  set: { branchId: number; date: string; isOnMorning: boolean; isOnAfternoon: boolean },
): Promise<TBlockedDayRow | undefined> {
  return db
    .update(blockedDays)
    .set(set)
    .where(eq(blockedDays.id, id))
    .returning()
    .then((r) => r[0]);
}

/** Deletes a company's blocked time; false when there was none with that id. */
export async function deleteCompanyBlockedDay(db: TQ, companyId: number, id: number): Promise<boolean> {
  const deleted = await db
    .delete(blockedDays)
    .where(and(eq(blockedDays.id, id), eq(blockedDays.companyId, companyId)))
    .returning({ id: blockedDays.id });
  return deleted.length > 0;
}
