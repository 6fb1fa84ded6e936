import type { TLicence } from '@haulpro/shared/credentials';
import { eq, sql } from 'drizzle-orm';
import type { TDb, TTx } from '../../db/client.ts';
import { branches } from '../../db/schema.ts';

/*
 * Columns of a branch that other modules edit (the profile's logo, about and credentials, the
 * pricing settings, the review rating): the branches module owns the table, so the writes live
 * here and the others ask the branches service for them.
 */

type TQ = TDb | TTx;

export async function setBranchLogo(db: TQ, branchId: number, logo: string): Promise<void> {
  await db.update(branches).set({ logo }).where(eq(branches.id, branchId));
}

export async function setBranchAbout(db: TQ, branchId: number, aboutUs: string): Promise<void> {
  await db.update(branches).set({ aboutUs }).where(eq(branches.id, branchId));
}

/**
 * Sets one credential in the jsonb column in one statement (`credentials || {name: value}`), so two
 * cards saved at once never overwrite each other's licence.
 */
export async function setCredential(
  db: TQ,
  branchId: number,
  name: string,
  value: Record<string, string> | number,
): Promise<void> {
  await db
    .update(branches)
    .set({
      credentials: sql`${branches.credentials} || jsonb_build_object(${name}::text, ${JSON.stringify(value)}::jsonb)`,
    })
    .where(eq(branches.id, branchId));
}

/** Removes one credential (only the optional licence may be removed). */
export async function removeCredential(db: TQ, branchId: number, name: TLicence): Promise<void> {
  await db
    .update(branches)
    .set({ credentials: sql`${branches.credentials} - ${name}::text` })
    .where(eq(branches.id, branchId));
}

export function updateBranchPricing(db: TQ, branchId: number, set: Partial<typeof branches.$inferInsert>) {
  return db
    .update(branches)
    .set(set)
    .where(eq(branches.id, branchId))
    .returning()
    .then((r) => r[0]);
}

/** A published review's stars join the branch's rating (kept as a sum and a count). */
export async function addBranchRating(tx: TTx, branchId: number, star: number): Promise<void> {
  await tx
    .update(branches)
    .set({ ratingSum: sql`${branches.ratingSum} + ${star}`, reviewsCount: sql`${branches.reviewsCount} + 1` })
    .where(eq(branches.id, branchId));
}

/** An archived review's stars leave the branch's rating (never below zero). */
export async function removeBranchRating(tx: TTx, branchId: number, star: number): Promise<void> {
  await tx
    .update(branches)
    .set({
      ratingSum: sql`greatest(${branches.ratingSum} - ${star}, 0)`,
      reviewsCount: sql`greatest(${branches.reviewsCount} - 1, 0)`,
    })
    .where(eq(branches.id, branchId));
}
