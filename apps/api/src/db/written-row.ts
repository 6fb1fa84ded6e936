import { type SQL, sql } from 'drizzle-orm';

/**
 * A row as a conditional update left it: the row read under its lock, with every value the
 * update set (drizzle writes only the defined ones). A step answers from it instead of reading
 * the row again (decision 032); every value it sets is a plain value, never SQL.
 */
export function writtenRow<T extends object>(read: T, set: object): T {
  const row = { ...read } as Record<string, unknown>;
  for (const [k, v] of Object.entries(set)) if (v !== undefined) row[k] = v;
  return row as T;
}

/** Another module's write carried by a step's statement (`notifyIf`): given the gate query. */
export type TAlsoIfWon = (won: SQL) => SQL;

/**
 * The part of a step's statement `with won as (update ...)` that follows `won`: the caller's
 * other writes, each a data-modifying CTE gated on `won` having a row (the update won), or nothing.
 */
export function alsoIfWonCte(alsoIfWon: TAlsoIfWon | readonly TAlsoIfWon[] | undefined): SQL {
  const all = typeof alsoIfWon === 'function' ? [alsoIfWon] : (alsoIfWon ?? []);
  return sql.join(
    all.map(
      (also, i) => sql`, ${sql.raw(i === 0 ? 'also' : `also_${i + 1}`)} as (${also(sql`select 1 from won`)})`,
    ),
    sql``,
  );
}
