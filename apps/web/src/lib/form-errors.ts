import { ApiError } from './api-client.ts';

/**
 * Splits a failed call into messages for the form's fields and one message for the form
 * itself (a 429, a timeout, or field errors the form has no input for).
 */
export function splitApiError<F extends string>(
  error: unknown,
  fields: readonly F[],
): { fieldErrors: Partial<Record<F, string>>; formError: string | null } {
  if (!(error instanceof ApiError))
    return { fieldErrors: {}, formError: 'Something went wrong. Please try again.' };
  const fieldErrors: Partial<Record<F, string>> = {};
  for (const field of fields) {
    const message = error.field(field);
    if (message) fieldErrors[field] = message;
  }
  const hasFieldErrors = Object.keys(fieldErrors).length > 0;
  const unplaced = Object.keys(error.errors).some((key) => !(fields as readonly string[]).includes(key));
  return { fieldErrors, formError: !hasFieldErrors || unplaced ? error.message : null };
}
