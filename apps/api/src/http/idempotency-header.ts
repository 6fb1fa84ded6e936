import { MSG } from '@haulpro/shared/messages';
import { z } from 'zod';

/**
 * Idempotency-Key (as Stripe has it) of the booking calls: a client-chosen key of printable ASCII,
 * at most 255 characters; the same key from the same customer answers with what the first request
 * made (decisions 013 and 023).
 */
export const ZIdempotencyHeaders = z.looseObject({
  'idempotency-key': z
    .string()
    .regex(/^[\x20-\x7e]{1,255}$/, MSG.idempotencyKeyInvalid)
    .optional()
    .describe('One key per booking attempt (a UUID); a retry with the same key never books twice'),
});
