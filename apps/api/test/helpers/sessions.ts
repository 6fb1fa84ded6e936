import type { TRole } from '@haulpro/shared/user';
import { eq } from 'drizzle-orm';
import type { TDb } from '../../src/db/client.ts';
import { users } from '../../src/db/schema.ts';
import { DEMO_ACCOUNTS } from '../../src/db/seed/demo.ts';
import { createBranch, createCompany, createUser } from '../../src/db/seed/factories.ts';
import { createSession } from '../../src/modules/auth/auth.repository.ts';
import { hashToken, newToken } from '../../src/modules/auth/tokens.ts';

/** A bearer token for a user without going through login (fast; no password hashing). */
export async function tokenFor(db: TDb, userId: number): Promise<string> {
  const token = newToken();
  // Far ahead: tests move their clocks by days.
  await createSession(db, userId, hashToken(token), new Date(Date.now() + 10 * 365 * 86_400_000));
  return token;
}

/** One user of every role; staff belong to a company with a main branch. */
export async function usersOfEveryRole(db: TDb): Promise<Record<TRole, { id: number; email: string }>> {
  const company = await createCompany(db);
  await createBranch(db, { companyId: company.id, isMain: true });
  return {
    customer: await createUser(db, { role: 'customer' }),
    labor: await createUser(db, { role: 'labor' }),
    staff: await createUser(db, { role: 'staff', companyId: company.id }),
    admin: await createUser(db, { role: 'admin' }),
  };
}

/** The demo labor user, staff member and customer (the demo data is seeded): their ids and tokens. */
export async function demoSessions(db: TDb) {
  const ids = { labor: 0, staff: 0, customer: 0 };
  const tokens = { labor: '', staff: '', customer: '' };
  for (const role of ['labor', 'staff', 'customer'] as const) {
    const [u] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_ACCOUNTS[role]));
    if (!u) throw new Error(`no demo ${role}: seed the demo data first`);
    ids[role] = u.id;
    tokens[role] = await tokenFor(db, u.id);
  }
  return { ids, tokens };
}
