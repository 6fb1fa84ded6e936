import { and, eq, inArray, lt } from 'drizzle-orm';
import type { TDb, TTx } from '../../db/client.ts';
import { sentReminders } from '../../db/schema.ts';

export type TReminderKind = (typeof sentReminders.$inferInsert)['kind'];

/**
 * Claims the right to send one reminder: true for exactly one caller however many schedulers
 * race (the unique key decides). With `rearmBefore`, a claim older than that instant is taken
 * again (the message digest: once an hour at most); without it a reminder is sent once ever.
 */
export async function claimReminder(
  db: TDb | TTx,
  v: { kind: TReminderKind; ref: string; userId: number; now: Date; rearmBefore?: Date },
): Promise<boolean> {
  const insert = db
    .insert(sentReminders)
    .values({ kind: v.kind, ref: v.ref, userId: v.userId, sentAt: v.now });
  const rows = v.rearmBefore
    ? await insert
        .onConflictDoUpdate({
          target: [sentReminders.kind, sentReminders.ref, sentReminders.userId],
          set: { sentAt: v.now },
          setWhere: lt(sentReminders.sentAt, v.rearmBefore),
        })
        .returning({ id: sentReminders.id })
    : await insert.onConflictDoNothing().returning({ id: sentReminders.id });
  return rows.length > 0;
}

/** Claims older than `before` (and not re-armable) are kept a while for the record, then swept. */
export async function sweepReminders(db: TDb, before: Date): Promise<number> {
  const rows = await db
    .delete(sentReminders)
    .where(lt(sentReminders.sentAt, before))
    .returning({ id: sentReminders.id });
  return rows.length;
}

/** Of `refs`, the (ref, user) keys of `kind` already claimed: the jobs skip them before trying. */
export async function claimedKeys(db: TDb | TTx, kind: TReminderKind, refs: string[]): Promise<Set<string>> {
  if (!refs.length) return new Set();
  const rows = await db
    .select({ ref: sentReminders.ref, userId: sentReminders.userId })
    .from(sentReminders)
    .where(and(eq(sentReminders.kind, kind), inArray(sentReminders.ref, refs)));
  return new Set(rows.map((r) => `${r.ref}|${r.userId}`));
}
