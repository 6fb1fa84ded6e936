import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { TDb, TTx } from '../../db/client.ts';
import {
  blockedDays,
  branches,
  companies,
  discounts,
  idempotencyKeys,
  orders,
  servicePrices,
  workingDays,
} from '../../db/schema.ts';

type TQ = TDb | TTx;
export type TBranchBookingData = {
  branch: typeof branches.$inferSelect;
  company: typeof companies.$inferSelect;
  services: (typeof servicePrices.$inferSelect)[];
  workingDays: (typeof workingDays.$inferSelect)[];
  blocked: (typeof blockedDays.$inferSelect)[];
  offer: typeof discounts.$inferSelect | null;
};

/** Everything the pricing and availability engines need for many branches on one date: six queries, any count. */
export async function loadBookingData(
  db: TQ,
  branchIds: number[],
  date: string,
  serviceType?: number,
): Promise<Map<number, TBranchBookingData>> {
  const out = new Map<number, TBranchBookingData>();
  if (!branchIds.length) return out;
  const branchRows = await db
    .select()
    .from(branches)
    .where(and(inArray(branches.id, branchIds), isNull(branches.deletedAt)));
  if (!branchRows.length) return out;
  const ids = branchRows.map((b) => b.id);
  const [companyRows, serviceRows, dayRows, blockedRows, offerRows] = await Promise.all([
    db
      .select()
      .from(companies)
      .where(inArray(companies.id, [...new Set(branchRows.map((b) => b.companyId))])),
    db
      .select()
      .from(servicePrices)
      .where(
        and(
          inArray(servicePrices.branchId, ids),
          serviceType ? eq(servicePrices.serviceType, serviceType) : undefined,
        ),
      ),
    db.select().from(workingDays).where(inArray(workingDays.branchId, ids)),
    db
      .select()
      .from(blockedDays)
      .where(and(inArray(blockedDays.branchId, ids), eq(blockedDays.date, date))),
    db
      .select()
      .from(discounts)
      .where(and(inArray(discounts.branchId, ids), eq(discounts.date, date))),
  ]);
  const byBranch = <T extends { branchId: number }>(rows: T[]) => {
    const m = new Map<number, T[]>();
    for (const r of rows) m.set(r.branchId, [...(m.get(r.branchId) ?? []), r]);
    return m;
  };
  const svc = byBranch(serviceRows);
  const days = byBranch(dayRows);
  const blocked = byBranch(blockedRows);
  const offers = byBranch(offerRows);
  const companyById = new Map(companyRows.map((c) => [c.id, c]));
  for (const b of branchRows) {
    const company = companyById.get(b.companyId);
    if (!company) continue;
    out.set(b.id, {
      branch: b,
      company,
      services: svc.get(b.id) ?? [],
      workingDays: days.get(b.id) ?? [],
      blocked: blocked.get(b.id) ?? [],
      offer: offers.get(b.id)?.[0] ?? null,
    });
  }
  return out;
}

export type TIdempotencyRow = typeof idempotencyKeys.$inferSelect;
const keyOf = (userId: number, key: string) =>
  and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key));

export function findIdempotencyKey(
  db: TQ,
  userId: number,
  key: string,
): Promise<TIdempotencyRow | undefined> {
  return db
    .select()
    .from(idempotencyKeys)
    .where(keyOf(userId, key))
    .limit(1)
    .then((r) => r[0]);
}

/**
 * Claims a key inside the booking's transaction: true when this request owns it. A concurrent
 * request with the same key waits on the primary key until the owner commits (then gets false)
 * or rolls back (then owns it): never check-then-insert.
 */
export async function claimIdempotencyKey(
  tx: TTx,
  userId: number,
  key: string,
  requestHash: string,
  now: Date,
): Promise<boolean> {
  const rows = await tx
    .insert(idempotencyKeys)
    .values({ userId, key, requestHash, createdAt: now })
    .onConflictDoNothing()
    .returning({ userId: idempotencyKeys.userId });
  return rows.length > 0;
}

export async function setIdempotencyOrder(tx: TTx, userId: number, key: string, orderId: number) {
  await tx.update(idempotencyKeys).set({ orderId }).where(keyOf(userId, key));
}

/**
 * Records the payment page of a Waiting For Payment order once: true when this call set it; false
 * when another request already had (its session stands, so the webhook still matches).
 */
export async function recordCheckout(
  db: TDb,
  orderId: number,
  sessionId: string,
  url: string,
  idem: { userId: number; key: string } | null,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const won = await tx
      .update(orders)
      .set({ paymentSessionId: sessionId })
      .where(and(eq(orders.id, orderId), isNull(orders.paymentSessionId)))
      .returning({ id: orders.id });
    if (!won.length) return false;
    if (idem) await tx.update(idempotencyKeys).set({ checkoutUrl: url }).where(keyOf(idem.userId, idem.key));
    return true;
  });
}
