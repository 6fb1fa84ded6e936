import { MSG } from '@haulpro/shared/messages';

export type TErrorCode =
  | 'bad_request'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'too_large'
  | 'validation'
  | 'rate_limited'
  /** A part we depend on is off or unreachable (payments not configured, Stripe down): 503. */
  | 'unavailable';

export type TFieldErrors = Record<string, string[]>;

/** The one error type services throw; the HTTP layer maps `code` to a status (http/error-handler.ts). */
export class AppError extends Error {
  readonly code: TErrorCode;
  readonly errors: TFieldErrors | undefined;
  readonly retryAfterSeconds: number | undefined;

  constructor(code: TErrorCode, message: string, errors?: TFieldErrors, retryAfterSeconds?: number) {
    super(message);
    this.code = code;
    this.errors = errors;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export const notFound = (message: string = MSG.notFound) => new AppError('not_found', message);
export const forbidden = (message: string = MSG.forbidden) => new AppError('forbidden', message);
export const unauthenticated = () => new AppError('unauthenticated', MSG.unauthenticated);
export const unavailable = (message: string) => new AppError('unavailable', message);
export const conflict = (message: string) => new AppError('conflict', message);

/** A 422 on one or more fields; the envelope message is the first field message. */
export function invalid(errors: TFieldErrors): AppError {
  const first = Object.values(errors)[0]?.[0] ?? MSG.validationFailed;
  return new AppError('validation', first, errors);
}

/**
 * zod issues -> `{ field: [messages] }` (dotted paths, "body" for the whole), for validations a
 * service runs itself and for request schemas (error-handler.ts). The web's forms get theirs from
 * @mantine/form's schemaResolver (first message per path).
 */
export function issuesToFieldErrors(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): TFieldErrors {
  const out: TFieldErrors = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || 'body';
    const list = out[key] ?? [];
    if (!list.includes(issue.message)) list.push(issue.message);
    out[key] = list;
  }
  return out;
}
