import { and, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { TDb, TTx } from '../../db/client.ts';
import { preparedFor } from '../../db/prepared.ts';
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

/** The insert of the same notice to each user a query names (its one column, `id`), gated or not. */
const forEachSql = (who: SQL, n: { title: string; link: string | null }, gate?: SQL) =>
  sql`insert into ${notifications} (user_id, title, link)
    select w.id, ${n.title}::varchar, ${n.link}::varchar from (${who}) as w${
      gate
        ? sql`
    where exists (${gate})`
        : sql``
    }`;

/** The same notice to each user a query names (its one column, `id`), in one statement. */
export function insertNotificationForEach(
  db: TQ,
  who: SQL,
  n: { title: string; link: string | null },
): Promise<void> {
  // Sent when called (`then` starts the query now): a booking sends its branch's lock after it.
  return db.execute(forEachSql(who, n)).then(() => undefined);
}

/** `insertNotificationForEach` as a data-modifying CTE of another statement, gated like insertNotificationIf. */
export function insertNotificationForEachIf(
  gate: SQL,
  who: SQL,
  n: { title: string; link: string | null },
): SQL {
  return forEachSql(who, n, gate);
}

/**
 * The same notice to several users, as a statement another module's statement carries (a
 * data-modifying CTE): written only if `gate` (a query) finds a row, so it commits with the
 * change it tells of and only when that change was made.
 */
export function insertNotificationIf(
  gate: SQL,
  userIds: readonly number[],
  n: { title: string; link: string | null },
): SQL {
  // An array literal: drizzle would spread a JS array into a list of parameters.
  const ids = `{${userIds.map((id) => Math.trunc(id)).join(',')}}`;
  return sql`insert into ${notifications} (user_id, title, link)
    select u, ${n.title}::varchar, ${n.link}::varchar from unnest(${ids}::int[]) as u
    where exists (${gate})`;
}

const userId = sql.placeholder('userId');

/**
 * One page of a user's notifications, newest first, with their total and unread counts: two
 * prepared statements (the bell polls this), each an index range of the user's rows.
 */
export async function listUserNotifications(db: TQ, user: number, page: number, perPage: number) {
  const list = preparedFor(db, 'notifications_page', () =>
    db
      .select()
      .from(notifications)
      // The page's ids first, from the index alone (a deep page skips its offset without reading
      // those rows), then those rows.
      .where(
        sql`${notifications.id} in (select n.id from ${notifications} n where n.user_id = ${userId}
          order by n.created_at desc, n.id desc limit ${sql.placeholder('limit')} offset ${sql.placeholder('offset')})`,
      )
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .prepare('notifications_page'),
  );
  const counts = preparedFor(db, 'notifications_counts', () =>
    db
      .select({
        total:
          sql<number>`(select count(*) from ${notifications} where ${notifications.userId} = ${userId})`.mapWith(
            Number,
          ),
        unread:
          sql<number>`(select count(*) from ${notifications} where ${notifications.userId} = ${userId} and ${notifications.readAt} is null)`.mapWith(
            Number,
          ),
      })
      .from(sql`(values (1)) as one (x)`)
      .prepare('notifications_counts'),
  );
  const [rows, [c]] = await Promise.all([
    list.execute({ userId: user, limit: perPage, offset: (page - 1) * perPage }),
    counts.execute({ userId: user }),
  ]);
  return { rows, total: c?.total ?? 0, unread: c?.unread ?? 0 };
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
