import { MSG } from '@haulpro/shared/messages';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, issuesToFieldErrors, type TErrorCode, type TFieldErrors } from '../domain/errors.ts';
import { classifyDbError, dbErrorCode } from './db-errors.ts';
import { REQUEST_ID_HEADER } from './request-id.ts';

const STATUS_BY_CODE: Record<TErrorCode, number> = {
  bad_request: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  validation: 422,
  rate_limited: 429,
  unavailable: 503,
};

/** The largest JSON body a route takes unless it carries files (which set their own, larger limit). */
export const DEFAULT_BODY_LIMIT_BYTES = 1024 * 1024;

/** A database restart takes about a second; clients retry after this. */
export const DB_RETRY_AFTER_SECONDS = 2;

type TValidationIssue = { instancePath: string; message?: string };

/** Request-schema issues as `{ field: [messages] }`: the same mapping as a service's own checks. */
export function fieldErrors(issues: readonly TValidationIssue[]): TFieldErrors {
  return issuesToFieldErrors(
    issues.map((issue) => ({
      path: issue.instancePath.split('/').filter(Boolean),
      message: issue.message ?? MSG.validationFailed,
    })),
  );
}

/**
 * Fastify's own answers to an address it cannot decode (`%C0%80`: FST_ERR_BAD_URL) or whose
 * path parameter is too long go out in our envelope; passed to Fastify as `frameworkErrors`.
 */
export function frameworkErrorAnswer(err: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  // Refused before the hooks run: the answer still says its id.
  reply.header(REQUEST_ID_HEADER, request.id);
  if (err.code === 'FST_ERR_BAD_URL') {
    reply.code(400).send({ message: MSG.badUrl });
    return;
  }
  if (err.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    reply.code(414).send({ message: MSG.urlTooLong });
    return;
  }
  reply.code(500).send({ message: MSG.serverError });
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | AppError, request, reply) => {
    if (err instanceof AppError) {
      if (err.retryAfterSeconds) reply.header('retry-after', String(err.retryAfterSeconds));
      return reply
        .code(STATUS_BY_CODE[err.code])
        .send(err.errors ? { message: err.message, errors: err.errors } : { message: err.message });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const errors = fieldErrors(err.validation as TValidationIssue[]);
      const first = Object.values(errors)[0]?.[0] ?? MSG.validationFailed;
      return reply.code(422).send({ message: first, errors });
    }
    const status = typeof err.statusCode === 'number' ? err.statusCode : 500;
    if (status === 429) return reply.code(429).send({ message: MSG.tooManyRequests });
    if (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return reply.code(400).send({ message: MSG.invalidBody });
    }
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      // A route that carries files (a larger limit of its own) speaks of the file, as the spec does.
      const carriesFiles = (request.routeOptions.bodyLimit ?? 0) > DEFAULT_BODY_LIMIT_BYTES;
      return reply.code(413).send({ message: carriesFiles ? MSG.fileTooLarge : MSG.bodyTooLarge });
    }
    if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.code(415).send({ message: MSG.unsupportedMediaType });
    }
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ message: err.message || MSG.validationFailed });
    }
    const failure = classifyDbError(err);
    if (failure === 'unavailable') {
      request.log.warn({ code: dbErrorCode(err) }, 'database unavailable: answered 503');
      reply.header('retry-after', String(DB_RETRY_AFTER_SECONDS));
      return reply.code(503).send({ message: MSG.serviceUnavailable });
    }
    if (failure === 'bad_input') {
      request.log.warn(
        { code: dbErrorCode(err), route: request.routeOptions.url },
        'database refused a value',
      );
      return reply.code(422).send({ message: MSG.validationFailed });
    }
    request.log.error({ err }, 'unhandled error');
    return reply.code(500).send({ message: MSG.serverError });
  });
}
