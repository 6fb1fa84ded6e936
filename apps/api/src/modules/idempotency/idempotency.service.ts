import { createHash } from 'node:crypto';

/**
 * Idempotency-Key of the two booking calls, POST customer/orders and POST customer/deliveries
 * (decisions 013 and 023): the booking service claims the key in its own transaction
 * (`claimIdempotencyKey`), records what it made (`setIdempotencyTarget`), and answers a repeated
 * key from the row (`findIdempotencyKey`). The same key with another call or body is a 422.
 */
export {
  claimIdempotencyKey,
  findIdempotencyKey,
  setIdempotencyCheckout,
  setIdempotencyTarget,
  type TIdempotencyKey,
  type TIdempotencyRow,
} from './idempotency.repository.ts';

/** The same call with the same parsed body, byte for byte (client-only fields are already stripped). */
export function idempotencyHash(call: string, body: unknown): string {
  return createHash('sha256')
    .update(`${call}\n${JSON.stringify(body)}`)
    .digest('hex');
}
