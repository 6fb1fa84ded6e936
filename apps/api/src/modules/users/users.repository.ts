import { and, asc, count, desc, eq, gt, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { TDb, TTx } from '../../db/client.ts';
import { branches, companies, deliveries, sessions, users } from '../../db/schema.ts';

export type TUserRow = typeof users.$inferSelect;
type TQ = TDb | TTx;

export function findUserByEmail(db: TQ, email: string) {
  return db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(1)
    .then((r) => r[0]);
}

export function findUserById(db: TQ, id: number) {
  return db
    .select()
    .from(users)
    .where(eq(users.id, id))
    .limit(1)
    .then((r) => r[0]);
}

export function findUserByReferralCode(db: TQ, code: string) {
  return db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.referralCode, code))
    .limit(1)
    .then((r) => r[0]);
}

const sessionStatements = new WeakMap<object, ReturnType<typeof prepareSessionLookup>>();
function prepareSessionLookup(db: TQ) {
  return db
    .select({ user: users, sessionId: sessions.id, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(eq(sessions.tokenHash, sql.placeholder('hash')), gt(sessions.expiresAt, sql.placeholder('now'))),
    )
    .limit(1)
    .prepare('session_user_by_hash');
}

/** The user of a live session; runs on every authenticated request, so it is prepared once per database. */
export function findUserBySessionHash(db: TQ, tokenHash: string, now: Date) {
  let statement = sessionStatements.get(db);
  if (!statement) {
    statement = prepareSessionLookup(db);
    sessionStatements.set(db, statement);
  }
  return statement.execute({ hash: tokenHash, now }).then((r) => r[0]);
}

export function findCompany(db: TQ, id: number) {
  return db
    .select({ id: companies.id, name: companies.name, logo: companies.logo })
    .from(companies)
    .where(eq(companies.id, id))
    .limit(1)
    .then((r) => r[0]);
}

export function listCompanyBranches(db: TQ, companyId: number) {
  return db
    .select({
      id: branches.id,
      name: branches.name,
      slug: branches.slug,
      zip_code: branches.zipCode,
      is_main: branches.isMain,
    })
    .from(branches)
    .where(and(eq(branches.companyId, companyId), isNull(branches.deletedAt)))
    .orderBy(desc(branches.isMain), asc(branches.name), asc(branches.id));
}

/** A new account; undefined when the e-mail is taken (the unique index lets exactly one of two racing sign-ups through). */
export async function insertUser(db: TQ, v: typeof users.$inferInsert): Promise<TUserRow | undefined> {
  const [row] = await db.insert(users).values(v).onConflictDoNothing().returning();
  return row;
}

export async function updateUser(db: TQ, id: number, patch: Partial<typeof users.$inferInsert>) {
  const [row] = await db
    .update(users)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(users.id, id))
    .returning();
  return row;
}

/** The staff of a company: who hears of its orders (notifications and e-mail). */
export function listCompanyStaff(db: TQ, companyId: number) {
  return db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.role, 'staff')))
    .orderBy(asc(users.id));
}

/**
 * The ids of a company's staff as a query (one column, `id`), for a statement of another module
 * that writes to each of them (the notifications module's notifyEach), so it needs no read first.
 */
export function companyStaffIds(companyId: number): SQL {
  return sql`select ${users.id} as id from ${users} where ${users.companyId} = ${companyId} and ${users.role} = 'staff'`;
}

/** The addresses of a company's staff as a query (one column, `email`), for the mailer's enqueueEach. */
export function companyStaffEmails(companyId: number): SQL {
  return sql`select ${users.email} as email from ${users} where ${users.companyId} = ${companyId} and ${users.role} = 'staff'`;
}

/** Deliveries a labor user accepted and has not finished (accepted, or payout under review). */
export function countOpenLaborDeliveries(db: TQ, userId: number, statuses: number[]) {
  return db
    .select({ n: count() })
    .from(deliveries)
    .where(and(eq(deliveries.acceptorUserId, userId), inArray(deliveries.status, statuses)))
    .then((r) => r[0]?.n ?? 0);
}

/**
 * Closes an account (decision 021), in the caller's transaction: the row stays (orders,
 * deliveries, reviews and payouts keep pointing at it) but everything that identifies the person
 * goes: name, e-mail, phone, picture, password (the modules that own the helper profile, the
 * sessions, e-mailed links and notifications forget them: users.service). Answers the row as it was, or nothing when the
 * account was already closed (two deletes: one winner).
 */
export async function anonymiseUser(db: TQ, id: number, now: Date) {
  const [before] = await db
    .select({ image: users.image })
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .for('update');
  if (!before) return undefined;
  const [row] = await db
    .update(users)
    .set({
      firstName: 'Deleted',
      lastName: 'user',
      email: `deleted-${id}@deleted.invalid`,
      phone: null,
      image: null,
      passwordHash: '!deleted',
      isEmailVerified: false,
      deletedAt: now,
      updatedAt: now,
    })
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .returning({ id: users.id });
  if (!row) return undefined;
  return before;
}
