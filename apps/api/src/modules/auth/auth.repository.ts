import { and, desc, eq, gt, isNull, ne } from 'drizzle-orm';
import type { TDb, TTx } from '../../db/client.ts';
import { sessions, userTokens } from '../../db/schema.ts';

type TQ = TDb | TTx;
export type TUserTokenKind = (typeof userTokens.$inferSelect)['kind'];

export async function createSession(db: TQ, userId: number, tokenHash: string, expiresAt: Date) {
  const [row] = await db
    .insert(sessions)
    .values({ userId, tokenHash, expiresAt })
    .returning({ id: sessions.id });
  return row!;
}

export function deleteSession(db: TQ, sessionId: number) {
  return db.delete(sessions).where(eq(sessions.id, sessionId));
}

export function deleteUserSessions(db: TQ, userId: number, exceptSessionId?: number) {
  return db
    .delete(sessions)
    .where(
      exceptSessionId === undefined
        ? eq(sessions.userId, userId)
        : and(eq(sessions.userId, userId), ne(sessions.id, exceptSessionId)),
    );
}

/** Every e-mailed link of a user, used or not (a closed account keeps none). */
export function deleteUserTokens(db: TQ, userId: number) {
  return db.delete(userTokens).where(eq(userTokens.userId, userId));
}

export function insertUserToken(
  db: TQ,
  v: { userId: number; kind: TUserTokenKind; tokenHash: string; expiresAt: Date; createdAt: Date },
) {
  return db.insert(userTokens).values(v);
}

/** Claims a single-use token: marks it used and answers its user, or nothing if invalid, used or expired. */
export async function consumeUserToken(db: TQ, kind: TUserTokenKind, tokenHash: string, now: Date) {
  const [row] = await db
    .update(userTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(userTokens.tokenHash, tokenHash),
        eq(userTokens.kind, kind),
        isNull(userTokens.usedAt),
        gt(userTokens.expiresAt, now),
      ),
    )
    .returning({ userId: userTokens.userId });
  return row;
}

/** Older unused links of the same kind stop working when a new one is issued or one is used. */
export function retireUserTokens(db: TQ, userId: number, kind: TUserTokenKind, now: Date) {
  return db
    .update(userTokens)
    .set({ usedAt: now })
    .where(and(eq(userTokens.userId, userId), eq(userTokens.kind, kind), isNull(userTokens.usedAt)));
}

export function latestUserToken(db: TQ, userId: number, kind: TUserTokenKind) {
  return db
    .select({ createdAt: userTokens.createdAt })
    .from(userTokens)
    .where(and(eq(userTokens.userId, userId), eq(userTokens.kind, kind)))
    .orderBy(desc(userTokens.createdAt))
    .limit(1)
    .then((r) => r[0]);
}
