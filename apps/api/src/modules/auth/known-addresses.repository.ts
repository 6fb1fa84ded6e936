import { and, eq, gt, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { knownAddresses } from '../../db/schema.ts';

/** A handful of addresses per account is plenty; past this the least recent is forgotten. */
export const KNOWN_ADDRESSES_PER_EMAIL = 20;

export async function isKnownAddress(db: TDb, email: string, ip: string, since: Date): Promise<boolean> {
  const [row] = await db
    .select({ ip: knownAddresses.ip })
    .from(knownAddresses)
    .where(
      and(eq(knownAddresses.email, email), eq(knownAddresses.ip, ip), gt(knownAddresses.lastSignInAt, since)),
    );
  return !!row;
}

/**
 * Records a sign-in from `ip` and forgets the account's least recent addresses beyond the cap, in
 * one statement (the delete sees the rows as they were, so it keeps the cap less one besides `ip`).
 */
export async function rememberAddress(db: TDb, email: string, ip: string, at: Date): Promise<void> {
  await db.execute(sql`
    with remembered as (
      insert into known_addresses (email, ip, last_sign_in_at) values (${email}, ${ip}, ${at.toISOString()}::timestamptz)
      on conflict (email, ip) do update set last_sign_in_at = excluded.last_sign_in_at
      returning ip
    )
    delete from known_addresses
    where email = ${email} and ip <> ${ip} and ip not in (
      select k.ip from known_addresses k where k.email = ${email} and k.ip <> ${ip}
      order by k.last_sign_in_at desc limit ${KNOWN_ADDRESSES_PER_EMAIL - 1}
    )`);
}

/** Deletes up to `batch` addresses not signed in from since `before`; answers how many went. */
export async function deleteAddressesBefore(db: TDb, before: Date, batch: number): Promise<number> {
  // Several processes may sweep at once: each skips the rows another is deleting.
  const gone = await db.execute<{ ip: string }>(sql`
    delete from known_addresses where (email, ip) in (
      select k.email, k.ip from known_addresses k where k.last_sign_in_at <= ${before.toISOString()}::timestamptz
      limit ${batch} for update skip locked
    ) returning ip`);
  return rowsOf(gone).length;
}
