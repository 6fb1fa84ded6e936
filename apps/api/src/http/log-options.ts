import { hostname } from 'node:os';
import type { FastifyServerOptions } from 'fastify';
import { requestIdMixin } from './request-id.ts';

/**
 * Log lines are JSON (pino) and carry no secrets: query parameters (Drizzle puts them in the
 * error and its message), bearer tokens, cookies, passwords, signatures and social security
 * numbers are never written. Every line of a request carries its id (`reqId`, http/request-id.ts).
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
        // Social security numbers (decision 021): wherever a body or an object carries one.
        'social_security_number',
        '*.social_security_number',
        '*.*.social_security_number',
        '*.*.*.social_security_number',
      ],
      censor: '[redacted]',
    },
    serializers: { err: serializeError, req: serializeRequest },
    // Lines logged during a request through the app's logger (services, the mailer) carry its id.
    mixin: requestIdMixin,
  };
}

/**
 * One log line shaped like pino's (level, time, pid, hostname, msg) on stdout, for the moments
 * before the server's logger exists (start-up, the database layer on its own). `err` goes through
 * the same serializer.
 */
export function jsonLineLog(level: number, objOrMsg: unknown, msg?: string): void {
  const obj = typeof objOrMsg === 'object' && objOrMsg !== null ? (objOrMsg as Record<string, unknown>) : {};
  const text = typeof objOrMsg === 'string' ? objOrMsg : msg;
  const err = obj.err instanceof Error ? { err: serializeError(obj.err) } : {};
  process.stdout.write(
    `${JSON.stringify({ level, time: Date.now(), pid: process.pid, hostname: hostname(), ...obj, ...err, msg: text })}\n`,
  );
}

type TRequestLike = {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number } | null;
};

/** Query values that are credentials: a signed file link's signature (decision 013), tokens. */
const SECRET_QUERY = /([?&](?:sig|signature|token|access_token|code)=)[^&#]*/gi;

/** Fastify's request line, with the secrets of a URL's query string replaced. */
export function serializeRequest(req: TRequestLike) {
  return {
    method: req.method,
    url: typeof req.url === 'string' ? req.url.replace(SECRET_QUERY, '$1[redacted]') : req.url,
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

const isDataException = (code: unknown) => typeof code === 'string' && code.startsWith('22');

type TErrorLike = Error & { code?: unknown; query?: unknown; params?: unknown; cause?: unknown };

/** An error without what it may carry of the request's data: SQL parameters and driver details. */
export function serializeError(err: TErrorLike): { type: string; message: string; stack: string } {
  const isQuery = typeof err.query === 'string';
  // A driver's data exception message quotes the value it refused ('invalid input syntax for type
  // integer: "..."'): the SQLSTATE says enough.
  const hideMessage = isQuery || isDataException(err.code);
  const cause = err.cause instanceof Error ? (err.cause as TErrorLike) : undefined;
  const stack = err.stack ?? '';
  return {
    type: err.name,
    // Drizzle's message is "Failed query: <sql>\nparams: <values>": keep the SQL, drop the values.
    message: isQuery
      ? `Failed query: ${String(err.query).slice(0, 500)}`
      : hideMessage
        ? 'data exception'
        : err.message,
    ...(typeof err.code === 'string' ? { code: err.code } : {}),
    ...(cause
      ? {
          cause: {
            type: cause.name,
            message: isDataException(cause.code) ? 'data exception' : cause.message,
            ...(typeof cause.code === 'string' ? { code: cause.code } : {}),
          },
        }
      : {}),
    // The stack starts with the message, values included: keep only the frames.
    stack: hideMessage ? stack.slice(Math.max(0, stack.indexOf('\n    at'))) : stack,
  };
}
