import { and, eq, isNull } from 'drizzle-orm';
import type { TDb, TTx } from '../../db/client.ts';
import { laborProfiles, users } from '../../db/schema.ts';

type TQ = TDb | TTx;
export type TLaborProfileRow = typeof laborProfiles.$inferSelect;
export type TLaborProfileInsert = typeof laborProfiles.$inferInsert;

export function findLaborProfile(db: TQ, userId: number) {
  return db
    .select()
    .from(laborProfiles)
    .where(eq(laborProfiles.userId, userId))
    .limit(1)
    .then((r) => r[0]);
}

export async function insertLaborProfile(db: TQ, v: TLaborProfileInsert) {
  await db.insert(laborProfiles).values(v);
}

export async function deleteLaborProfile(db: TQ, userId: number): Promise<void> {
  await db.delete(laborProfiles).where(eq(laborProfiles.userId, userId));
}

/** Creates or replaces the profile's fields (the settings page saves all of them at once). */
export async function upsertLaborProfile(db: TQ, v: TLaborProfileInsert) {
  const { userId: _id, ...set } = v;
  await db.insert(laborProfiles).values(v).onConflictDoUpdate({ target: laborProfiles.userId, set });
}

export function updateLaborMail(
  db: TQ,
  userId: number,
  set: Pick<TLaborProfileInsert, 'mailNewDelivery' | 'mailDeliveryUpdates' | 'mailPayouts'>,
) {
  return db
    .update(laborProfiles)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(laborProfiles.userId, userId))
    .returning()
    .then((r) => r[0]);
}

/** The address and e-mail choices of a live labor user (none for a closed account). */
export function laborMailTarget(db: TQ, userId: number) {
  return db
    .select({
      email: users.email,
      firstName: users.firstName,
      newDelivery: laborProfiles.mailNewDelivery,
      deliveryUpdates: laborProfiles.mailDeliveryUpdates,
      payouts: laborProfiles.mailPayouts,
    })
    .from(users)
    .leftJoin(laborProfiles, eq(laborProfiles.userId, users.id))
    .where(and(eq(users.id, userId), eq(users.role, 'labor'), isNull(users.deletedAt)))
    .limit(1)
    .then((r) => r[0]);
}
