import { asc, count, eq, inArray, min, type SQL, sql } from 'drizzle-orm';
import type { TDb, TTx } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import { outbox, type TMailAttachment } from '../db/schema.ts';

export type TMail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: TMailAttachment[];
};

/** The outbox table's queries: the mailer owns the table (docs/decisions/027-module-fronts.md). */

/** One or several messages in one statement; their ids in the same order. */
export async function insertOutboxMail(tx: TDb | TTx, mails: readonly TMail[], status: 'queued' | 'stored') {
  if (!mails.length) return [];
  return tx
    .insert(outbox)
    .values(
      mails.map((mail) => ({
        ...mail,
        html: mail.html ?? null,
        attachments: mail.attachments ?? [],
        status,
      })),
    )
    .returning({ id: outbox.id });
}

/**
 * The same message to each address a query names (its one column, `email`: a company's staff),
 * in one statement with no read before it; the rows' ids and addresses.
 */
export function insertOutboxMailForEach(
  tx: TDb | TTx,
  who: SQL,
  mail: Omit<TMail, 'to'>,
  status: 'queued' | 'stored',
): Promise<{ id: number; to: string }[]> {
  // Sent when called (`then` starts the query now): a booking sends its branch's lock after it.
  return tx
    .execute(sql`insert into ${outbox} ("to", subject, text, html, attachments, status)
    select w.email, ${mail.subject}::text, ${mail.text}::text, ${mail.html ?? null}::text,
      ${JSON.stringify(mail.attachments ?? [])}::jsonb, ${status}::text from (${who}) as w
    returning id, "to"`)
    .then((r) => rowsOf<{ id: number; to: string }>(r));
}

/** The oldest queued message, marked 'sending'; SKIP LOCKED so two processes never claim the same one. */
export async function claimNextOutboxMail(db: TDb) {
  const next = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(eq(outbox.status, 'queued'))
    .orderBy(asc(outbox.id))
    .limit(1)
    .for('update', { skipLocked: true });
  const rows = await db
    .update(outbox)
    .set({ status: 'sending', attempts: sql`${outbox.attempts} + 1` })
    .where(inArray(outbox.id, next))
    .returning();
  return rows[0];
}

export async function markOutboxMailSent(db: TDb, id: number, sentAt: Date) {
  await db.update(outbox).set({ status: 'sent', sentAt }).where(eq(outbox.id, id));
}

export async function markOutboxMailFailed(db: TDb, id: number, finalAttempt: boolean, error: string) {
  await db
    .update(outbox)
    .set({ status: finalAttempt ? 'failed' : 'queued', lastError: error })
    .where(eq(outbox.id, id));
}

/** Messages waiting to be sent (queued or being sent) and the oldest one's time: the metrics' read. */
export async function unsentOutboxMail(db: TDb): Promise<{ count: number; oldest: Date | null }> {
  const [row] = await db
    .select({ count: count(), oldest: min(outbox.createdAt) })
    .from(outbox)
    .where(inArray(outbox.status, ['queued', 'sending']));
  return { count: row?.count ?? 0, oldest: row?.oldest ?? null };
}
