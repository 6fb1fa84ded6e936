import type { TDb, TTx } from './client.ts';

/**
 * Prepared statements per database and per name (one name per shape of a query): for a polled
 * list, parsing and planning its SQL costs more than running it.
 */
const prepared = new WeakMap<object, Map<string, unknown>>();

export function preparedFor<T>(db: TDb | TTx, name: string, make: () => T): T {
  let m = prepared.get(db);
  if (!m) {
    m = new Map();
    prepared.set(db, m);
  }
  let p = m.get(name) as T | undefined;
  if (!p) {
    p = make();
    m.set(name, p);
  }
  return p;
}
