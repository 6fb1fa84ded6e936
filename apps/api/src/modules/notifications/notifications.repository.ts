import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { TDb, TTx } from '../../db/client.ts';
import { notifications } from '../../db/schema.ts';

type TQ = TDb | TTx;
export type TNotificationRow = typeof notifications.$inferSelect;

/** One or several notifications in one statement. */
export async function insertNotification(
  db: TQ,
  v: typeof notifications.$inferInsert | (typeof notifications.$inferInsert)[],
): Promise<void> {
  const rows = Array.isArray(v) ? v : [v];
  if (rows.length) await db.insert(notifications).values(rows);
}

/** One page of a user's notifications, newest first, with their total and unread counts. */
export async function listUserNotifications(db: TQ, userId: number, page: number, perPage: number) {
  const mine = eq(notifications.userId, userId);
  const [rows, [counts]] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(mine)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db
      .select({
        total: count(),
        unread: sql<number>`count(*) filter (where ${notifications.readAt} is null)`.mapWith(Number),
      })
      .from(notifications)
      .where(mine),
  ]);
  return { rows, total: counts?.total ?? 0, unread: counts?.unread ?? 0 };
}

export function findUserNotification(db: TQ, userId: number, id: number) {
  return db
    .select()
    .from(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .limit(1)
    .then((r) => r[0]);
}

export function markNotificationRead(db: TQ, id: number, at: Date) {
  return db
    .update(notifications)
    .set({ readAt: at })
    .where(eq(notifications.id, id))
    .returning()
    .then((r) => r[0]);
}

export async function deleteUserNotifications(db: TQ, userId: number): Promise<void> {
  await db.delete(notifications).where(eq(notifications.userId, userId));
}

export async function markUserNotificationsRead(db: TQ, userId: number, at: Date): Promise<void> {
  await db
    .update(notifications)
    .set({ readAt: at })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
}
