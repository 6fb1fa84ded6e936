import type { TNotification } from '@haulpro/shared/notifications';
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { TClock } from '../../context.ts';
import type { TDb, TTx } from '../../db/client.ts';
import { notifications } from '../../db/schema.ts';
import { notFound } from '../../domain/errors.ts';

type TRow = typeof notifications.$inferSelect;

function toView(n: TRow): TNotification {
  return {
    id: n.id,
    data: { title: n.title, link: n.link },
    date: n.createdAt.toISOString(),
    unread: n.readAt === null,
  };
}

/**
 * Other modules call `notify` inside their own transaction, so a state change and its
 * notification commit together.
 */
export async function notify(db: TDb | TTx, userId: number, n: { title: string; link?: string | null }) {
  await db.insert(notifications).values({ userId, title: n.title.slice(0, 200), link: n.link ?? null });
}

export function createNotificationsService(db: TDb, clock: TClock) {
  return {
    async list(userId: number, page: number, perPage: number) {
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
      return { items: rows.map(toView), total: counts?.total ?? 0, unread: counts?.unread ?? 0 };
    },

    /** Opening a notification marks it read (spec: GET notifications/{id}). */
    async open(userId: number, id: number) {
      const [row] = await db
        .select()
        .from(notifications)
        .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
        .limit(1);
      if (!row) throw notFound();
      if (row.readAt) return toView(row);
      const [updated] = await db
        .update(notifications)
        .set({ readAt: clock.now() })
        .where(eq(notifications.id, id))
        .returning();
      return toView(updated ?? row);
    },

    async markAllRead(userId: number) {
      await db
        .update(notifications)
        .set({ readAt: clock.now() })
        .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
    },
  };
}
