import type { TNotification } from '@haulpro/shared/notifications';
import type { SQL } from 'drizzle-orm';
import { jsonBody, type TJsonBody, weighBody } from '../../cache/json-body.ts';
import type { TReadCache } from '../../cache/read-cache.ts';
import type { TClock } from '../../context.ts';
import type { TDb, TTx } from '../../db/client.ts';
import { notFound } from '../../domain/errors.ts';
import { pageMeta } from '../../domain/paging.ts';
import {
  deleteUserNotifications,
  findUserNotification,
  insertNotification,
  insertNotificationForEach,
  insertNotificationForEachIf,
  insertNotificationIf,
  listUserNotifications,
  markNotificationRead,
  markUserNotificationsRead,
  type TNotificationRow,
} from './notifications.repository.ts';

function toView(n: TNotificationRow): TNotification {
  return {
    id: n.id,
    data: { title: n.title, link: n.link },
    date: n.createdAt.toISOString(),
    unread: n.readAt === null,
  };
}

/** A notice as stored: its title cut to the column's 200 characters, no link as null. */
const stored = (n: { title: string; link?: string | null }) => ({
  title: n.title.slice(0, 200),
  link: n.link ?? null,
});

/**
 * Other modules call `notify` inside their own transaction, so a state change and its
 * notification commit together.
 */
export async function notify(
  db: TDb | TTx,
  userId: number | readonly number[],
  n: { title: string; link?: string | null },
) {
  // Several users (a company's staff) get the same notice in one statement.
  const row = (id: number) => ({ userId: id, ...stored(n) });
  await insertNotification(db, typeof userId === 'number' ? row(userId) : userId.map(row));
}

/**
 * `notify` to each user another module's query names (a company's staff: companyStaffIds), in
 * one statement with no read before it, inside the caller's transaction.
 */
export function notifyEach(
  db: TDb | TTx,
  who: SQL,
  n: { title: string; link?: string | null },
): Promise<void> {
  return insertNotificationForEach(db, who, stored(n));
}

/**
 * For another module's single statement: `notify` as a data-modifying CTE of it, written only if
 * `gate` finds a row (the order step's update won), so the step needs no statement of its own.
 */
export function notifyIf(
  gate: SQL,
  userId: number | readonly number[],
  n: { title: string; link?: string | null },
): SQL {
  return insertNotificationIf(gate, typeof userId === 'number' ? [userId] : userId, stored(n));
}

/** `notifyEach` as a data-modifying CTE of another module's statement, gated like `notifyIf`. */
export function notifyEachIf(gate: SQL, who: SQL, n: { title: string; link?: string | null }): SQL {
  return insertNotificationForEachIf(gate, who, stored(n));
}

export function createNotificationsService(db: TDb, clock: TClock, cache: TReadCache) {
  return {
    /** For other modules: a notice to a user, in the caller's transaction (see `notify`). */
    notify,
    notifyIf,
    notifyEach,
    notifyEachIf,

    /**
     * A page of the user's notifications with the unread count, as the JSON body the route
     * sends. The bell polls it: kept until a table it read changes (decision 032).
     */
    listBody(userId: number, page: number, perPage: number): Promise<TJsonBody> {
      return cache.memoScoped(
        `notifications:${userId}:${page}:${perPage}`,
        async () => {
          const r = await listUserNotifications(db, userId, page, perPage);
          return jsonBody(
            JSON.stringify({
              data: r.rows.map(toView),
              meta: { ...pageMeta(page, perPage, r.total), unread_count: r.unread },
            }),
          );
        },
        weighBody,
      );
    },

    /** Opening a notification marks it read (spec: GET notifications/{id}). */
    async open(userId: number, id: number) {
      const row = await findUserNotification(db, userId, id);
      if (!row) throw notFound();
      if (row.readAt) return toView(row);
      return toView((await markNotificationRead(db, id, clock.now())) ?? row);
    },

    /** A closed account keeps no notifications. */
    async forgetUser(tx: TTx, userId: number): Promise<void> {
      await deleteUserNotifications(tx, userId);
    },

    async markAllRead(userId: number) {
      await markUserNotificationsRead(db, userId, clock.now());
    },
  };
}

export type TNotificationsService = ReturnType<typeof createNotificationsService>;
