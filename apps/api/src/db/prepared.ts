import type { TDb, TTx } from './client.ts';

/**
 * Prepared statements per connection and per name (one name per shape of a query): for a polled
 * list, parsing and planning its SQL costs more than running it, and building it in drizzle
 * costs the API more than sending it.
 */
const prepared = new WeakMap<object, Map<string, unknown>>();

/**
 * What a prepared statement is kept for: the client under the handle. For the database that is
 * the pool (or PGlite); for a transaction it is the connection the transaction holds, so every
 * later transaction on that pooled connection reuses the statement (it runs on that connection,
 * inside whichever transaction the connection is in). PGlite's thread reuses its transactions'
 * handles the same way (pglite-thread.ts). drizzle marks `session` internal; reading
 * its `client` is the one place that relies on it, and any handle without one keys by itself.
 */
function keyOf(db: TDb | TTx): object {
  const client = (db as unknown as { session?: { client?: unknown } }).session?.client;
  return typeof client === 'object' && client !== null ? client : db;
}

export function preparedFor<T>(db: TDb | TTx, name: string, make: () => T): T {
  const key = keyOf(db);
  let m = prepared.get(key);
  if (!m) {
    m = new Map();
    prepared.set(key, m);
  }
  let p = m.get(name) as T | undefined;
  if (!p) {
    p = make();
    m.set(name, p);
  }
  return p;
}
