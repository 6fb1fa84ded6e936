import { and, asc, count, desc, eq, gte, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { TDb, TTx } from '../../db/client.ts';
import { deliveries, messages, orders } from '../../db/schema.ts';
import type { TThreadSide } from '../../domain/thread-job.ts';

type TQ = TDb | TTx;
export type TMessageRow = typeof messages.$inferSelect;
/** A thread: its job, and from when (a delivery's current acceptance; thread-job.ts). */
export type TThreadKey = { kind: 'order' | 'delivery'; id: number; since?: Date | null };

/** The messages module owns the messages table (decision 031): one thread per order or delivery. */

const ofThread = (t: TThreadKey): SQL | undefined =>
  and(
    t.kind === 'order' ? eq(messages.orderId, t.id) : eq(messages.deliveryId, t.id),
    t.since ? gte(messages.createdAt, t.since) : undefined,
  );

export async function insertMessage(
  tx: TQ,
  t: TThreadKey,
  v: { senderUserId: number; senderSide: TThreadSide; body: string; photos: string[]; now: Date },
): Promise<TMessageRow> {
  const [row] = await tx
    .insert(messages)
    .values({
      orderId: t.kind === 'order' ? t.id : null,
      deliveryId: t.kind === 'delivery' ? t.id : null,
      senderUserId: v.senderUserId,
      senderSide: v.senderSide,
      body: v.body,
      photos: v.photos,
      createdAt: v.now,
    })
    .returning();
  return row!;
}

/** Page `page` counted from the newest (page 1 = the newest `size`), oldest first inside it, and the thread's size. */
export async function threadPage(q: TQ, t: TThreadKey, page: number, size: number) {
  const [rows, [total]] = await Promise.all([
    q
      .select()
      .from(messages)
      .where(ofThread(t))
      .orderBy(desc(messages.id))
      .limit(size)
      .offset((page - 1) * size),
    q.select({ n: count() }).from(messages).where(ofThread(t)),
  ]);
  return { rows: rows.reverse(), total: total?.n ?? 0 };
}

/** One statement: the messages `from` sent that are still unread become read now; answers how many. */
export async function markThreadRead(q: TQ, t: TThreadKey, from: TThreadSide, now: Date): Promise<number> {
  const rows = await q
    .update(messages)
    .set({ readAt: now })
    .where(and(ofThread(t), eq(messages.senderSide, from), isNull(messages.readAt)))
    .returning({ id: messages.id });
  return rows.length;
}

/** Unread messages in a thread (of one side's sending, or of both). */
export async function countUnread(q: TQ, t: TThreadKey, from?: TThreadSide): Promise<number> {
  const [r] = await q
    .select({ n: count() })
    .from(messages)
    .where(and(ofThread(t), isNull(messages.readAt), from ? eq(messages.senderSide, from) : undefined));
  return r?.n ?? 0;
}

/** The unread messages `from` sent in a thread, oldest first (the digest's content). */
export function unreadMessages(q: TQ, t: TThreadKey, from: TThreadSide) {
  return q
    .select({ body: messages.body, photos: messages.photos, createdAt: messages.createdAt })
    .from(messages)
    .where(and(ofThread(t), eq(messages.senderSide, from), isNull(messages.readAt)))
    .orderBy(asc(messages.id));
}

export type TUnreadScope =
  | { kind: 'customer'; userId: number }
  | { kind: 'company'; companyId: number }
  | { kind: 'labor'; userId: number };

/**
 * A caller's unread threads in one query: only unread rows are read (the partial index
 * messages_unread_idx), each joined to its order or delivery by primary key to keep the caller's.
 */
export async function unreadThreads(q: TQ, scope: TUnreadScope) {
  const mine =
    scope.kind === 'customer'
      ? or(eq(orders.customerId, scope.userId), eq(deliveries.customerId, scope.userId))
      : scope.kind === 'company'
        ? or(eq(orders.companyId, scope.companyId), eq(deliveries.acceptorCompanyId, scope.companyId))
        : eq(deliveries.acceptorUserId, scope.userId);
  const from: TThreadSide = scope.kind === 'customer' ? 'provider' : 'customer';
  return q
    .select({ orderId: messages.orderId, deliveryId: messages.deliveryId, unread: count() })
    .from(messages)
    .leftJoin(orders, eq(orders.id, messages.orderId))
    .leftJoin(deliveries, eq(deliveries.id, messages.deliveryId))
    .where(
      and(
        isNull(messages.readAt),
        eq(messages.senderSide, from),
        mine,
        // A delivery's thread starts at its current acceptance (thread-job.ts: since).
        or(isNull(messages.deliveryId), gte(messages.createdAt, deliveries.acceptedAt)),
      ),
    )
    .groupBy(messages.orderId, messages.deliveryId)
    .orderBy(sql`min(${messages.createdAt})`);
}

/** Threads with a message unread since `before` or earlier, by sending side (the digest job's work). */
export function threadsUnreadSince(q: TQ, before: Date) {
  return q
    .select({ orderId: messages.orderId, deliveryId: messages.deliveryId, from: messages.senderSide })
    .from(messages)
    .where(isNull(messages.readAt))
    .groupBy(messages.orderId, messages.deliveryId, messages.senderSide)
    .having(sql`min(${messages.createdAt}) <= ${before.toISOString()}::timestamptz`);
}
