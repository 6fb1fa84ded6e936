import { DIGEST_AFTER_MINUTES, DIGEST_EVERY_MINUTES } from '@haulpro/shared/talk';
import type { TDeps } from '../../context.ts';
import { type TThreadJob, type TThreadSide, threadRef } from '../../domain/thread-job.ts';
import { messageDigestMail } from './digest-mail.ts';
import { type TThreadKey, threadsUnreadSince, unreadMessages } from './messages.repository.ts';
import type { TMessagesFronts } from './thread-types.ts';

const MINUTE = 60_000;

/**
 * Where the link of a digest takes its recipient: the job's page (where the notifications link to)
 * with its thread open (`thread=`, read by the web on any signed-in page).
 */
function jobLink(job: TThreadJob, to: TThreadSide): string {
  const thread = `&thread=${job.kind}:${job.id}`;
  if (to === 'customer') return `/user-dashboard?${job.kind}_id=${job.id}${thread}`;
  return job.kind === 'order'
    ? `/orders?order_id=${job.id}${thread}`
    : `/deliveries?delivery_id=${job.id}${thread}`;
}

/**
 * The unread-message digest (issue 29): a message unread for DIGEST_AFTER_MINUTES is e-mailed to
 * each recipient on the other side (the customer; every staff member of the company; the helper
 * unless their delivery-update e-mails are off), at most once per DIGEST_EVERY_MINUTES per thread
 * and recipient. Each recipient's claim (the reminders ledger) and mail are one transaction, so
 * several schedulers send it once; a read thread has nothing unread and sends nothing.
 */
export function createMessageDigests(deps: TDeps, fronts: TMessagesFronts) {
  const { db, clock, mailer, config } = deps;

  async function recipients(job: TThreadJob, to: TThreadSide): Promise<{ id: number; email: string }[]> {
    if (to === 'customer') {
      const u = await fronts.users.findUserById(db, job.customerId);
      return u && !u.deletedAt ? [{ id: u.id, email: u.email }] : [];
    }
    if (job.providerUserId !== null) {
      const t = await fronts.labor.mailTarget(db, job.providerUserId);
      return t && t.deliveryUpdates !== false ? [{ id: job.providerUserId, email: t.email }] : [];
    }
    return job.providerCompanyId !== null ? fronts.users.listCompanyStaff(db, job.providerCompanyId) : [];
  }

  /** Answers how many e-mails it queued. */
  return async function sendDigests(): Promise<number> {
    const now = clock.now();
    const due = await threadsUnreadSince(db, new Date(now.getTime() - DIGEST_AFTER_MINUTES * MINUTE));
    let sent = 0;
    for (const t of due) {
      const key: TThreadKey =
        t.orderId !== null ? { kind: 'order', id: t.orderId } : { kind: 'delivery', id: t.deliveryId ?? 0 };
      const job =
        key.kind === 'order'
          ? await fronts.orders.threadParty(key.id)
          : await fronts.deliveries.threadParty(key.id);
      if (!job) continue;
      const to: TThreadSide = t.from === 'customer' ? 'provider' : 'customer';
      const senderName = t.from === 'customer' ? job.customerName : job.providerName;
      const url = `${config.publicUrl}${jobLink(job, to)}`;
      for (const r of await recipients(job, to)) {
        const queued = await db.transaction(async (tx) => {
          const unread = await unreadMessages(tx, job, t.from);
          if (!unread.length) return false;
          const claimed = await fronts.reminders.claim(tx, {
            kind: 'message_digest',
            ref: threadRef(job),
            userId: r.id,
            now,
            rearmBefore: new Date(now.getTime() - DIGEST_EVERY_MINUTES * MINUTE),
          });
          if (!claimed) return false;
          const lines = unread.map((m) => ({ body: m.body, photos: m.photos.length }));
          const what = `${job.kind} #${job.id}`;
          await mailer.enqueue(tx, messageDigestMail(r.email, { job: what, senderName, lines, url }));
          return true;
        });
        if (queued) sent++;
      }
    }
    if (sent > 0) mailer.kick();
    return sent;
  };
}
