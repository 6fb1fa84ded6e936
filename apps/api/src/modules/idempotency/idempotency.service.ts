import { createHash } from 'node:crypto';
import { MSG } from '@haulpro/shared/messages';
import type { TDb, TTx } from '../../db/client.ts';
import { invalid } from '../../domain/errors.ts';
import {
  findIdempotencyKey,
  setIdempotencyCheckout,
  type TIdempotencyKey,
  type TIdempotencyRow,
} from './idempotency.repository.ts';

/**
 * Idempotency-Key of the two booking calls, POST customer/orders and POST customer/deliveries
 * (decisions 013 and 023): the booking service claims the key in its own transaction
 * (`claimIdempotencyKey`), records what it made (`setIdempotencyTarget`) and its payment page
 * (`recordCheckoutOnce`), and answers a repeated key from the row (`findIdempotencyKey`,
 * `concurrentWinner`). The same key with another call or body is a 422 (`refuseOtherRequest`).
 */
export {
  claimIdempotencyKey,
  findIdempotencyKey,
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

/** A repeated key must come with the same call and body: otherwise a 422 on `idempotency_key`. */
export function refuseOtherRequest(prior: TIdempotencyRow, hash: string): void {
  if (prior.requestHash !== hash) throw invalid({ idempotency_key: [MSG.idempotencyKeyReused] });
}

/** The row a concurrent request with the same key committed (its claim made this one wait). */
export async function concurrentWinner(db: TDb, idem: TIdempotencyKey): Promise<TIdempotencyRow> {
  const prior = await findIdempotencyKey(db, idem);
  if (!prior) throw new Error('idempotency key claimed by a transaction that left no row');
  return prior;
}

/**
 * Records a payment page opened after the booking's commit, once: `claimSession` sets the booking's
 * session only while none is set, and the key's row keeps the page for retries. Answers the page
 * the customer should see: this one, or the one a concurrent retry recorded first (the webhook
 * matches that one).
 */
export async function recordCheckoutOnce(
  db: TDb,
  idem: TIdempotencyKey | null,
  url: string,
  claimSession: (tx: TTx) => Promise<boolean>,
): Promise<string | null> {
  const recorded = await db.transaction(async (tx) => {
    if (!(await claimSession(tx))) return false;
    if (idem) await setIdempotencyCheckout(tx, idem, url);
    return true;
  });
  if (recorded) return url;
  const prior = idem ? await findIdempotencyKey(db, idem) : undefined;
  return prior?.checkoutUrl ?? null;
}
