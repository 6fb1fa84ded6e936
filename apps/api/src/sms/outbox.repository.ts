import { and, asc, count, eq, inArray, isNull, min, sql } from 'drizzle-orm';
import type { TDb, TTx } from '../db/client.ts';
import { smsOutbox, users } from '../db/schema.ts';

/** The sms_outbox table's queries: the sms folder owns the table (decision 031). */

export type TSmsRow = typeof smsOutbox.$inferSelect;

/** Whether a live user agreed to texts (users.sms_opt_in). */
export async function userOptedIn(tx: TDb | TTx, userId: number): Promise<boolean> {
  const [row] = await tx
    .select({ optIn: users.smsOptIn })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .limit(1);
  return row?.optIn === true;
}

export async function insertSms(
  tx: TDb | TTx,
  v: { userId: number; to: string; body: string; status: 'queued' | 'stored' },
) {
  const [row] = await tx.insert(smsOutbox).values(v).returning({ id: smsOutbox.id });
  return row;
}

/** The oldest queued text, marked 'sending'; SKIP LOCKED so two processes never claim the same one. */
export async function claimNextSms(db: TDb): Promise<TSmsRow | undefined> {
  const next = db
    .select({ id: smsOutbox.id })
    .from(smsOutbox)
    .where(eq(smsOutbox.status, 'queued'))
    .orderBy(asc(smsOutbox.id))
    .limit(1)
    .for('update', { skipLocked: true });
  const rows = await db
    .update(smsOutbox)
    .set({ status: 'sending', attempts: sql`${smsOutbox.attempts} + 1` })
    .where(inArray(smsOutbox.id, next))
    .returning();
  return rows[0];
}

export async function markSmsSent(db: TDb, id: number, providerId: string, sentAt: Date) {
  await db
    .update(smsOutbox)
    .set({ status: 'sent', providerId: providerId.slice(0, 64), sentAt, lastError: null })
    .where(eq(smsOutbox.id, id));
}

/** Failed for good, or back to the queue for a later attempt. */
export async function markSmsFailed(db: TDb, id: number, final: boolean, error: string) {
  await db
    .update(smsOutbox)
    .set({ status: final ? 'failed' : 'queued', lastError: error.slice(0, 1000) })
    .where(eq(smsOutbox.id, id));
}

/** Texts waiting to be sent (queued or being sent) and the oldest one's time: the metrics' read. */
export async function unsentSms(db: TDb): Promise<{ count: number; oldest: Date | null }> {
  const [row] = await db
    .select({ count: count(), oldest: min(smsOutbox.createdAt) })
    .from(smsOutbox)
    .where(inArray(smsOutbox.status, ['queued', 'sending']));
  return { count: row?.count ?? 0, oldest: row?.oldest ?? null };
}
