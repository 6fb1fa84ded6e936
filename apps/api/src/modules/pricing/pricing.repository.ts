import { and, asc, eq } from 'drizzle-orm';
import type { TDb, TTx } from '../../db/client.ts';
import { inDateRange, type TRange } from '../../db/date-range.ts';
import { discounts, servicePrices } from '../../db/schema.ts';

type TQ = TDb | TTx;
export type TServicePriceRow = typeof servicePrices.$inferSelect;
type TServicePriceColumns = Omit<typeof servicePrices.$inferInsert, 'id' | 'branchId'>;
export type TDiscountRow = typeof discounts.$inferSelect;
type TDiscountColumns = Omit<typeof discounts.$inferInsert, 'id' | 'branchId'>;

// ---- service prices ----
export function findBranchService(
  db: TQ,
  branchId: number,
  id: number,
): Promise<TServicePriceRow | undefined> {
  return db
    .select()
    .from(servicePrices)
    .where(and(eq(servicePrices.id, id), eq(servicePrices.branchId, branchId)))
    .then((r) => r[0]);
}

export function listBranchServices(db: TQ, branchId: number) {
  return db
    .select()
    .from(servicePrices)
    .where(eq(servicePrices.branchId, branchId))
    .orderBy(asc(servicePrices.employeesCount), asc(servicePrices.id));
}

export function insertService(db: TQ, branchId: number, v: TServicePriceColumns) {
  return db
    .insert(servicePrices)
    .values({ branchId, ...v })
    .returning()
    .then((r) => r[0]);
}

export function updateService(db: TQ, id: number, v: TServicePriceColumns) {
  return db
    .update(servicePrices)
    .set(v)
    .where(eq(servicePrices.id, id))
    .returning()
    .then((r) => r[0]);
}

export async function deleteService(db: TQ, id: number): Promise<void> {
  await db.delete(servicePrices).where(eq(servicePrices.id, id));
}

// ---- calendar offers ----
export function findBranchDiscount(db: TQ, branchId: number, id: number): Promise<TDiscountRow | undefined> {
  return db
    .select()
    .from(discounts)
    .where(and(eq(discounts.id, id), eq(discounts.branchId, branchId)))
    .then((r) => r[0]);
}

/** The branch's offer on a date (one per date at most). */
export function discountOnDate(db: TQ, branchId: number, date: string): Promise<TDiscountRow | undefined> {
  return db
    .select()
    .from(discounts)
    .where(and(eq(discounts.branchId, branchId), eq(discounts.date, date)))
    .then((r) => r[0]);
}

export function listBranchDiscounts(db: TQ, branchId: number, range: TRange) {
  return db
    .select()
    .from(discounts)
    .where(and(eq(discounts.branchId, branchId), inDateRange(discounts.date, range)))
    .orderBy(asc(discounts.date));
}

/** Undefined when the date already has an offer (unique branch + date). */
export function insertDiscount(db: TQ, branchId: number, v: TDiscountColumns) {
  return db
    .insert(discounts)
    .values({ branchId, ...v })
    .onConflictDoNothing()
    .returning()
    .then((r) => r[0]);
}

export function updateDiscount(db: TQ, id: number, v: TDiscountColumns) {
  return db
    .update(discounts)
    .set(v)
    .where(eq(discounts.id, id))
    .returning()
    .then((r) => r[0]);
}

export async function deleteBranchDiscount(db: TQ, branchId: number, id: number): Promise<boolean> {
  const deleted = await db
    .delete(discounts)
    .where(and(eq(discounts.id, id), eq(discounts.branchId, branchId)))
    .returning({ id: discounts.id });
  return deleted.length > 0;
}

// ---- branch pricing columns (Service Fee tab, equipment) ----
