import type { TDb, TTx } from '../../db/client.ts';
import { companies } from '../../db/schema.ts';

/** A registering mover's company (its branches and staff follow in the same transaction). */
export async function insertCompany(db: TDb | TTx, name: string): Promise<number> {
  const [row] = await db.insert(companies).values({ name }).returning({ id: companies.id });
  return row!.id;
}
