import { and, asc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { TDb } from '../db/client.ts';
import { limitCounters } from '../db/schema.ts';
import type { TCounter, TLimitCounters } from './limit-counters.ts';

const ended = sql`${limitCounters.expiresAt} <= excluded.window_start`;

/**
 * Counters in PostgreSQL, shared by every API process (decision 034). A hit is one
 * `INSERT ... ON CONFLICT DO UPDATE ... RETURNING` over all of a request's keys: the row lock makes
 * concurrent hits on one key count one after another, so no two requests read the same count.
 * Keys are upserted in sorted order, so two requests never wait on each other's rows crosswise.
 */
export function createPgLimitCounters(db: TDb): TLimitCounters {
  return {
    kind: 'postgres',
    async hit(hits, now) {
      const rows = [...hits]
        .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
        .map(({ key, windowMs }) => ({
          key,
          count: 1,
          windowStart: now,
          expiresAt: new Date(now.getTime() + windowMs),
        }));
      const counted = await db
        .insert(limitCounters)
        .values(rows)
        .onConflictDoUpdate({
          target: limitCounters.key,
          set: {
            count: sql`case when ${ended} then 1 else ${limitCounters.count} + 1 end`,
            windowStart: sql`case when ${ended} then excluded.window_start else ${limitCounters.windowStart} end`,
            expiresAt: sql`case when ${ended} then excluded.expires_at else ${limitCounters.expiresAt} end`,
          },
        })
        .returning();
      const byKey = new Map(counted.map((c) => [c.key, c]));
      return hits.map((h) => {
        const c = byKey.get(h.key);
        if (!c) throw new Error(`limit counter ${h.key} was not counted`);
        return c;
      });
    },
    async undo(list: TCounter[]) {
      for (const c of list) {
        await db
          .update(limitCounters)
          .set({ count: sql`${limitCounters.count} - 1` })
          .where(
            and(
              eq(limitCounters.key, c.key),
              eq(limitCounters.windowStart, c.windowStart),
              gt(limitCounters.count, 0),
            ),
          );
      }
    },
    async read(key, now) {
      const [c] = await db
        .select()
        .from(limitCounters)
        .where(and(eq(limitCounters.key, key), gt(limitCounters.expiresAt, now)));
      return c ?? null;
    },
    async clear(key) {
      await db.delete(limitCounters).where(eq(limitCounters.key, key));
    },
    async sweep(now, batch) {
      // Several processes may sweep at once: each skips the rows another is deleting.
      const doomed = db
        .select({ key: limitCounters.key })
        .from(limitCounters)
        .where(lte(limitCounters.expiresAt, now))
        .orderBy(asc(limitCounters.expiresAt))
        .limit(batch)
        .for('update', { skipLocked: true });
      const gone = await db
        .delete(limitCounters)
        .where(inArray(limitCounters.key, doomed))
        .returning({ key: limitCounters.key });
      return gone.length;
    },
  };
}
