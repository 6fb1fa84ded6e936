import type { FastifyServerOptions } from 'fastify';

/**
 * Log lines are JSON (pino) and carry no secrets: query parameters (Drizzle puts them in the
 * error and its message), bearer tokens, cookies, passwords and signatures are never written.
 */
export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers["stripe-signature"]',
        'req.headers["idempotency-key"]',
        '*.password',
        '*.token',
        '*.params',
      ],
      censor: '[redacted]',
    },
    serializers: { err: serializeError },
  };
}

type TErrorLike = Error & { code?: unknown; query?: unknown; params?: unknown; cause?: unknown };

/** An error without what it may carry of the request's data: SQL parameters and driver details. */
export function serializeError(err: TErrorLike): { type: string; message: string; stack: string } {
  const isQuery = typeof err.query === 'string';
  const cause = err.cause instanceof Error ? (err.cause as TErrorLike) : undefined;
  return {
    type: err.name,
    // Drizzle's message is "Failed query: <sql>\nparams: <values>": keep the SQL, drop the values.
    message: isQuery ? `Failed query: ${String(err.query).slice(0, 500)}` : err.message,
    ...(typeof err.code === 'string' ? { code: err.code } : {}),
    ...(cause
      ? {
          cause: {
            type: cause.name,
            message: cause.message,
            ...(typeof cause.code === 'string' ? { code: cause.code } : {}),
          },
        }
      : {}),
    // A query error's stack starts with its message, values included: keep only the frames.
    stack: isQuery
      ? (err.stack ?? '').slice(Math.max(0, (err.stack ?? '').indexOf('\n    at')))
      : (err.stack ?? ''),
  };
}
