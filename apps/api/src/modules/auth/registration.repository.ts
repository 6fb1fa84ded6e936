import { eq } from 'drizzle-orm';
import type { TDb, TTx } from '../../db/client.ts';
import { companies } from '../../db/schema.ts';

/** The auth module owns the companies table: a mover registers one (docs/decisions/027-module-fronts.md). */

/** A registering mover's company (its branches and staff follow in the same transaction). */
export async function insertCompany(db: TDb | TTx, name: string): Promise<number> {
  const [row] = await db.insert(companies).values({ name }).returning({ id: companies.id });
  return row!.id;
}

/** A company's settings (the options module edits them through the registration service). */
export function updateCompany(db: TDb | TTx, id: number, set: Partial<typeof companies.$inferInsert>) {
  return db
    .update(companies)
    .set(set)
    .where(eq(companies.id, id))
    .returning()
    .then((r) => r[0]);
}
