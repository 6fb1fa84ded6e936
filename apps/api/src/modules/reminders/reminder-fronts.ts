import type { TDeps } from '../../context.ts';
import type { TDb, TTx } from '../../db/client.ts';
import type { TMail } from '../../mail/mailer.ts';
import type { TDeliveriesService } from '../deliveries/deliveries.service.ts';
import type { TLaborService } from '../labor/labor.service.ts';
import type { TNotificationsService } from '../notifications/notifications.service.ts';
import type { TOrdersService } from '../orders/orders.service.ts';
import type { TUsersService } from '../users/users.service.ts';
import { claimedKeys, claimReminder, type TReminderKind } from './reminders.repository.ts';

/** What the reminder jobs read and write through other modules' fronts (never their tables). */
export type TReminderFronts = {
  orders: Pick<TOrdersService, 'movingTomorrow'>;
  deliveries: Pick<TDeliveriesService, 'arrivingTomorrow' | 'closingBy'>;
  users: Pick<TUsersService, 'findUserById' | 'listCompanyStaff'>;
  labor: Pick<TLaborService, 'mailTarget'>;
  notifications: Pick<TNotificationsService, 'notify'>;
};

export type TReminderDeps = Pick<TDeps, 'db' | 'clock' | 'config' | 'mailer' | 'sms' | 'log'>;

/** One reminder to one person: what goes out when (and only when) this caller wins the claim. */
export type TReminderSend = {
  ref: string;
  userId: number;
  mail?: TMail | null;
  /** The number to text (null: no text); sms.queue checks the user's opt-in and E.164. */
  text?: { to: string | null; body: string } | null;
  bell?: { title: string; link: string } | null;
};

/** The keys of `kind` already claimed for these jobs, read once per run ("ref|userId"). */
export type TClaimed = { has(ref: string, userId: number): boolean };

export async function claimedFor(
  deps: TReminderDeps,
  kind: TReminderKind,
  refs: string[],
): Promise<TClaimed> {
  const keys = await claimedKeys(deps.db, kind, refs);
  return { has: (ref, userId) => keys.has(`${ref}|${userId}`) };
}

/**
 * Sends each reminder once: skips keys already claimed, then per person one transaction that
 * claims the key and queues the mail, the text and the bell only when the claim won. A lost race
 * (another scheduler, another replica) commits nothing. Returns how many were sent here.
 */
export async function sendOnce(
  deps: TReminderDeps,
  fronts: Pick<TReminderFronts, 'notifications'>,
  kind: TReminderKind,
  done: TClaimed,
  sends: TReminderSend[],
): Promise<number> {
  if (!sends.length) return 0;
  const now = deps.clock.now();
  let sent = 0;
  let mailed = false;
  let texted = false;
  for (const s of sends) {
    if (done.has(s.ref, s.userId)) continue;
    const won = await deps.db.transaction(async (tx: TTx) => {
      if (!(await claimReminder(tx, { kind, ref: s.ref, userId: s.userId, now }))) return false;
      if (s.mail) {
        await deps.mailer.enqueue(tx, s.mail);
        mailed = true;
      }
      if (s.text && (await deps.sms.queue(tx, { userId: s.userId, to: s.text.to, body: s.text.body })))
        texted = true;
      if (s.bell) await fronts.notifications.notify(tx, s.userId, s.bell);
      return true;
    });
    if (won) sent += 1;
  }
  if (mailed) deps.mailer.kick();
  if (texted) deps.sms.kick();
  return sent;
}

/** A person a reminder is still owed to: a live account whose key for `ref` is not claimed yet. */
export async function owedTo(
  db: TDb | TTx,
  fronts: Pick<TReminderFronts, 'users'>,
  done: TClaimed,
  ref: string,
  userId: number,
) {
  if (done.has(ref, userId)) return undefined;
  const u = await fronts.users.findUserById(db, userId);
  return u && !u.deletedAt ? u : undefined;
}
