import { and, asc, eq, gt, gte, inArray, lt, or } from 'drizzle-orm';
import type { TDb, TTx } from '../../db/client.ts';
import { liveEvents } from '../../db/schema.ts';

type TQ = TDb | TTx;

export type TLiveRow = { id: number; audience: string; kind: string; data: Record<string, unknown> };

/**
 * The rows of `audiences` a stream that last saw `afterId` may have missed, oldest first: every
 * row after it, and the rows of the `windowMs` before it (transactions commit out of id order, so
 * a smaller id can become visible after a larger one; the client drops ids it has seen).
 */
export async function eventsAfter(
  db: TQ,
  audiences: readonly string[],
  afterId: number,
  windowMs: number,
  limit: number,
): Promise<TLiveRow[]> {
  if (audiences.length === 0) return [];
  const [mark] =
    windowMs > 0
      ? await db
          .select({ createdAt: liveEvents.createdAt })
          .from(liveEvents)
          .where(eq(liveEvents.id, afterId))
          .limit(1)
      : [];
  const after = gt(liveEvents.id, afterId);
  const recent = mark ? gte(liveEvents.createdAt, new Date(mark.createdAt.getTime() - windowMs)) : undefined;
  return db
    .select({
      id: liveEvents.id,
      audience: liveEvents.audience,
      kind: liveEvents.kind,
      data: liveEvents.data,
    })
    .from(liveEvents)
    .where(and(inArray(liveEvents.audience, [...audiences]), recent ? or(after, recent) : after))
    .orderBy(asc(liveEvents.id))
    .limit(limit);
}

/** Deletes up to `batch` rows created before `before`; answers how many went. */
export async function deleteEventsBefore(db: TQ, before: Date, batch: number): Promise<number> {
  const doomed = db
    .select({ id: liveEvents.id })
    .from(liveEvents)
    .where(lt(liveEvents.createdAt, before))
    .orderBy(asc(liveEvents.createdAt))
    .limit(batch);
  const gone = await db
    .delete(liveEvents)
    .where(inArray(liveEvents.id, doomed))
    .returning({ id: liveEvents.id });
  return gone.length;
}
