/**
 * The rows a raw statement (`db.execute`) returned, from either driver's result: PGlite's and
 * node-postgres's both answer `{ rows }`; anything else has none.
 */
export function rowsOf<T>(result: unknown): T[] {
  const rows = (result as { rows?: unknown } | null)?.rows;
  return Array.isArray(rows) ? (rows as T[]) : Array.isArray(result) ? (result as T[]) : [];
}
