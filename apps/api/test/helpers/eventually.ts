/**
 * Retries a check until it passes or `ms` runs out: for what arrives by NOTIFY from another
 * writer (at once on PGlite, within milliseconds on PostgreSQL).
 */
export async function eventually(check: () => Promise<void>, ms = 2000): Promise<void> {
  const until = Date.now() + ms;
  for (;;) {
    try {
      return await check();
    } catch (err) {
      if (Date.now() > until) throw err;
      await new Promise((r) => setTimeout(r, 20));
    }
  }
}
