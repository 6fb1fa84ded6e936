import { and, eq, isNull } from 'drizzle-orm';
import type { TDb, TTx } from '../../db/client.ts';
import { branches, calendarFeeds } from '../../db/schema.ts';

type TQ = TDb | TTx;

export function findBranchFeed(db: TQ, branchId: number) {
  return db
    .select()
    .from(calendarFeeds)
    .where(eq(calendarFeeds.branchId, branchId))
    .then((r) => r[0]);
}

/** A new secret for the branch's feed (the old one stops working at once). */
export async function replaceBranchFeed(db: TQ, branchId: number, secret: string, at: Date) {
  await db
    .insert(calendarFeeds)
    .values({ branchId, secret, createdAt: at })
    .onConflictDoUpdate({ target: calendarFeeds.branchId, set: { secret, createdAt: at } });
}

/** The live branch behind a feed secret (a deleted branch's feed answers nothing). */
export function findFeedBranch(db: TQ, secret: string) {
  return db
    .select({
      id: branches.id,
      companyId: branches.companyId,
      name: branches.name,
      timeZone: branches.timeZone,
    })
    .from(calendarFeeds)
    .innerJoin(branches, eq(branches.id, calendarFeeds.branchId))
    .where(and(eq(calendarFeeds.secret, secret), isNull(branches.deletedAt)))
    .then((r) => r[0]);
}
