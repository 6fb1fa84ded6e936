/**
 * What a database failure means for the client. Drizzle wraps the driver's error (`cause`);
 * pg and PGlite both carry the SQLSTATE in `code`; a lost or refused connection carries a
 * Node socket code or only a message.
 */
export type TDbFailure = 'unavailable' | 'bad_input' | null;

/** SQLSTATE classes and codes that mean "the database is not reachable right now". */
const UNAVAILABLE_CODES = new Set([
  '57P01', // admin_shutdown (pg_ctl restart -m fast)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, shutting down)
  '53300', // too_many_connections
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'connection timeout',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'Cannot use a pool after calling end',
  'the database system is starting up',
  'the database system is shutting down',
];

function chain(err: unknown): { code?: unknown; message?: unknown }[] {
  const out: { code?: unknown; message?: unknown }[] = [];
  let e: unknown = err;
  for (let i = 0; i < 5 && e && typeof e === 'object'; i++) {
    out.push(e as { code?: unknown; message?: unknown });
    e = (e as { cause?: unknown }).cause;
  }
  return out;
}

export function classifyDbError(err: unknown): TDbFailure {
  for (const e of chain(err)) {
    const code = typeof e.code === 'string' ? e.code : '';
    const message = typeof e.message === 'string' ? e.message : '';
    if (UNAVAILABLE_CODES.has(code) || code.startsWith('08')) return 'unavailable';
    if (UNAVAILABLE_MESSAGES.some((m) => message.includes(m))) return 'unavailable';
    // Class 22 "data exception": a value the database cannot take (NUL, an impossible date, a
    // number out of range). Input validation refuses these first; this is the last net.
    if (/^22[0-9A-Z]{3}$/.test(code)) return 'bad_input';
  }
  return null;
}

/** SQLSTATE or socket code of the first error in the chain that has one. */
export function dbErrorCode(err: unknown): string | undefined {
  for (const e of chain(err)) if (typeof e.code === 'string') return e.code;
  return undefined;
}
