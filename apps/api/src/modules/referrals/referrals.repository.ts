import { and, asc, count, desc, eq, inArray, isNotNull, isNull, notExists, type SQL, sql } from 'drizzle-orm';
import type { TDb, TTx } from '../../db/client.ts';
import { coupons, creditLedger, referrals, users } from '../../db/schema.ts';

type TQ = TDb | TTx;
export type TReferralRow = typeof referrals.$inferSelect;
export type TCouponRow = typeof coupons.$inferSelect;
export type TLedgerRow = typeof creditLedger.$inferSelect;

/** A user's invitations and referred sign-ups, oldest first. */
export function listReferrals(db: TQ, referrerId: number) {
  return db
    .select()
    .from(referrals)
    .where(eq(referrals.referrerId, referrerId))
    .orderBy(asc(referrals.createdAt), asc(referrals.id));
}

export async function countPendingReferrals(db: TQ, referrerId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(referrals)
    .where(and(eq(referrals.referrerId, referrerId), eq(referrals.isApproved, false)));
  return row?.n ?? 0;
}

/** Which of these e-mails (lower case) the user has already invited. */
export async function invitedAmong(db: TQ, referrerId: number, emails: string[]): Promise<Set<string>> {
  if (!emails.length) return new Set();
  const rows = await db
    .select({ email: sql<string>`lower(${referrals.referredEmail})` })
    .from(referrals)
    .where(
      and(eq(referrals.referrerId, referrerId), inArray(sql`lower(${referrals.referredEmail})`, emails)),
    );
  return new Set(rows.map((r) => r.email));
}

/** Which of these e-mails (lower case) already belong to an account. */
export async function registeredAmong(db: TQ, emails: string[]): Promise<Set<string>> {
  if (!emails.length) return new Set();
  const rows = await db
    .select({ email: sql<string>`lower(${users.email})` })
    .from(users)
    .where(inArray(sql`lower(${users.email})`, emails));
  return new Set(rows.map((r) => r.email));
}

/** New invitations; an e-mail invited meanwhile by a concurrent request is skipped (unique index). */
export function insertInvitations(db: TQ, referrerId: number, emails: string[], now: Date) {
  return db
    .insert(referrals)
    .values(emails.map((e) => ({ referrerId, referredEmail: e, createdAt: now, updatedAt: now })))
    .onConflictDoNothing()
    .returning();
}

/** Deletes the user's invitation while it is not approved; true when this call deleted it. */
export async function deletePendingReferral(db: TQ, referrerId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(referrals)
    .where(and(eq(referrals.id, id), eq(referrals.referrerId, referrerId), eq(referrals.isApproved, false)))
    .returning({ id: referrals.id });
  return rows.length > 0;
}

export function findReferral(db: TQ, referrerId: number, id: number) {
  return db
    .select()
    .from(referrals)
    .where(and(eq(referrals.id, id), eq(referrals.referrerId, referrerId)))
    .limit(1)
    .then((r) => r[0]);
}

/**
 * The referrer's invitation of this e-mail becomes approved and names the new user; without an
 * invitation, an approved row is added. Answers the row.
 */
export async function approveReferral(
  db: TQ,
  referrerId: number,
  email: string,
  userId: number,
  now: Date,
): Promise<TReferralRow> {
  const approve = () =>
    db
      .update(referrals)
      .set({ isApproved: true, referredUserId: userId, updatedAt: now })
      .where(and(eq(referrals.referrerId, referrerId), eq(sql`lower(${referrals.referredEmail})`, email)))
      .returning()
      .then((r) => r[0]);
  const updated = await approve();
  if (updated) return updated;
  const [inserted] = await db
    .insert(referrals)
    .values({
      referrerId,
      referredEmail: email,
      referredUserId: userId,
      isApproved: true,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (inserted) return inserted;
  // An invitation of this e-mail committed meanwhile (the insert waited for it): approve that one.
  const late = await approve();
  if (!late) throw new Error('referral row neither updated nor inserted');
  return late;
}

/** The approved referral that brought this user in, if any. */
/** A customer's approved referral, if any (prepared: read by every completed order's step). */
/**
 * The referrer's credit for `customerId`'s first completed order (their first approved referral,
 * the customer still a customer), as a data-modifying CTE of another module's statement: written only
 * if `gate` (a query) finds a row, and once per referral (its unique index).
 */
export function insertReferralCreditIf(
  gate: SQL,
  v: { customerId: number; orderId: number; amountCents: number; now: Date },
): SQL {
  return sql`insert into ${creditLedger} (user_id, kind, amount_cents, referral_id, order_id, created_at)
    select r.referrer_id, 'referral', ${v.amountCents}::int, r.id, ${v.orderId}::int, ${v.now}::timestamptz
    from (select rf.id, rf.referrer_id from ${referrals} rf
      where rf.referred_user_id = ${v.customerId}::int and rf.is_approved order by rf.id limit 1) as r
    where exists (select 1 from ${users} u where u.id = ${v.customerId}::int and u.role = 'customer')
      and exists (${gate})
    on conflict do nothing`;
}

/**
 * Approved referrals of customers that have not earned their credit yet (the pending balance):
 * the referred customer has not completed a first order.
 */
export async function countUnearnedReferrals(db: TQ, referrerId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(referrals)
    .innerJoin(users, eq(users.id, referrals.referredUserId))
    .where(
      and(
        eq(referrals.referrerId, referrerId),
        eq(referrals.isApproved, true),
        eq(users.role, 'customer'),
        notExists(
          db.select({ one: sql`1` }).from(creditLedger).where(eq(creditLedger.referralId, referrals.id)),
        ),
      ),
    );
  return row?.n ?? 0;
}

/** The available credit in cents: the sum of the ledger. */
export async function balanceCents(db: TQ, userId: number): Promise<number> {
  const [row] = await db
    .select({ sum: sql<string | null>`sum(${creditLedger.amountCents})` })
    .from(creditLedger)
    .where(eq(creditLedger.userId, userId));
  return Number(row?.sum ?? 0);
}

/**
 * Holds the user's row until the transaction ends: one credit spend per user at a time, so two
 * concurrent coupons read the balance one after the other (read committed sees the first's debit).
 */
export async function lockCreditOwner(tx: TTx, userId: number): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

export async function insertDebit(
  db: TQ,
  v: { userId: number; kind: 'coupon' | 'gift'; amountCents: number; couponId: number; now: Date },
): Promise<void> {
  await db.insert(creditLedger).values({
    userId: v.userId,
    kind: v.kind,
    amountCents: -v.amountCents,
    couponId: v.couponId,
    createdAt: v.now,
  });
}

/** A new coupon, or undefined when the code is taken. */
export async function insertCoupon(
  db: TQ,
  v: { code: string; ownerId: number; amountCents: number; giftEmail: string | null; now: Date },
): Promise<TCouponRow | undefined> {
  const [row] = await db
    .insert(coupons)
    .values({
      code: v.code,
      ownerId: v.ownerId,
      amountCents: v.amountCents,
      giftEmail: v.giftEmail,
      createdAt: v.now,
    })
    .onConflictDoNothing()
    .returning();
  return row;
}

export function couponExists(db: TQ, code: string) {
  return db
    .select({ id: coupons.id })
    .from(coupons)
    .where(eq(coupons.code, code))
    .limit(1)
    .then((r) => r.length > 0);
}

/** The user's newest coupon (not a gift) not redeemed yet. */
export function latestOpenCoupon(db: TQ, ownerId: number) {
  return db
    .select()
    .from(coupons)
    .where(and(eq(coupons.ownerId, ownerId), isNull(coupons.giftEmail), isNull(coupons.redeemedAt)))
    .orderBy(desc(coupons.id))
    .limit(1)
    .then((r) => r[0]);
}

/** An unredeemed coupon by its code (anyone may redeem it, as claimCoupon lets them). */
export function findOpenCoupon(db: TQ, code: string) {
  return db
    .select()
    .from(coupons)
    .where(and(eq(coupons.code, code), isNull(coupons.redeemedAt)))
    .limit(1)
    .then((r) => r[0]);
}

/** Claims an unredeemed coupon for a booking: of two concurrent claims exactly one wins. */
export async function claimCoupon(
  db: TQ,
  code: string,
  userId: number,
  now: Date,
): Promise<TCouponRow | undefined> {
  const [row] = await db
    .update(coupons)
    .set({ redeemedAt: now, redeemedByUserId: userId })
    .where(and(eq(coupons.code, code), isNull(coupons.redeemedAt)))
    .returning();
  return row;
}

/**
 * Re-opens the coupon an order redeemed: only while it is still redeemed by that order, so of two
 * concurrent returns (or a return run twice) exactly one re-opens it.
 */
export async function reopenCouponOfOrder(db: TQ, orderId: number): Promise<boolean> {
  const rows = await db
    .update(coupons)
    .set({ redeemedAt: null, redeemedByUserId: null, redeemedOrderId: null })
    .where(and(eq(coupons.redeemedOrderId, orderId), isNotNull(coupons.redeemedAt)))
    .returning({ id: coupons.id });
  return rows.length > 0;
}

export async function setCouponOrder(db: TQ, couponId: number, orderId: number): Promise<void> {
  await db.update(coupons).set({ redeemedOrderId: orderId }).where(eq(coupons.id, couponId));
}

/** The newest ledger rows, with what each refers to (the friend's e-mail, the coupon). */
export function ledgerHistory(db: TQ, userId: number, limit: number) {
  return db
    .select({
      id: creditLedger.id,
      kind: creditLedger.kind,
      amountCents: creditLedger.amountCents,
      createdAt: creditLedger.createdAt,
      referredEmail: referrals.referredEmail,
      couponCode: coupons.code,
      giftEmail: coupons.giftEmail,
    })
    .from(creditLedger)
    .leftJoin(referrals, eq(referrals.id, creditLedger.referralId))
    .leftJoin(coupons, eq(coupons.id, creditLedger.couponId))
    .where(eq(creditLedger.userId, userId))
    .orderBy(desc(creditLedger.id))
    .limit(limit);
}
