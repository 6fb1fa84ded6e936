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
