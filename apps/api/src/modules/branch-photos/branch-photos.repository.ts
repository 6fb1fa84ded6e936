import { and, count, desc, eq } from 'drizzle-orm';
import type { TDb, TTx } from '../../db/client.ts';
import { branches, branchPhotos } from '../../db/schema.ts';

type TQ = TDb | TTx;
export type TBranchPhotoRow = typeof branchPhotos.$inferSelect;

/** Pinned first, then newest (the id breaks ties within one timestamp). */
const ORDER = [desc(branchPhotos.isPinned), desc(branchPhotos.createdAt), desc(branchPhotos.id)] as const;

export function listBranchPhotos(db: TQ, branchId: number): Promise<TBranchPhotoRow[]> {
  return db
    .select()
    .from(branchPhotos)
    .where(eq(branchPhotos.branchId, branchId))
    .orderBy(...ORDER);
}

export function findBranchPhoto(db: TQ, branchId: number, id: number): Promise<TBranchPhotoRow | undefined> {
  return db
    .select()
    .from(branchPhotos)
    .where(and(eq(branchPhotos.branchId, branchId), eq(branchPhotos.id, id)))
    .then((r) => r[0]);
}

/**
 * Adds a photo unless the branch already has `max`. The branch row is locked first, so two
 * uploads racing for the last free place are counted one after the other: one wins.
 */
export function insertBranchPhotoWithin(
  db: TDb,
  branchId: number,
  image: string,
  max: number,
): Promise<TBranchPhotoRow | null> {
  return db.transaction(async (tx) => {
    await tx.select({ id: branches.id }).from(branches).where(eq(branches.id, branchId)).for('update');
    const [row] = await tx
      .select({ n: count() })
      .from(branchPhotos)
      .where(eq(branchPhotos.branchId, branchId));
    if ((row?.n ?? 0) >= max) return null;
    const [inserted] = await tx.insert(branchPhotos).values({ branchId, image }).returning();
    return inserted ?? null;
  });
}

export function setBranchPhotoPinned(
  db: TQ,
  branchId: number,
  id: number,
  isPinned: boolean,
): Promise<TBranchPhotoRow | undefined> {
  return db
    .update(branchPhotos)
    .set({ isPinned })
    .where(and(eq(branchPhotos.branchId, branchId), eq(branchPhotos.id, id)))
    .returning()
    .then((r) => r[0]);
}

export function deleteBranchPhoto(
  db: TQ,
  branchId: number,
  id: number,
): Promise<TBranchPhotoRow | undefined> {
  return db
    .delete(branchPhotos)
    .where(and(eq(branchPhotos.branchId, branchId), eq(branchPhotos.id, id)))
    .returning()
    .then((r) => r[0]);
}
