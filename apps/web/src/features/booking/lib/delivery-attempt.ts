import { newIdempotencyKey } from './booking-draft.ts';

/*
 * One Idempotency-Key per delivery booking attempt (decision 023). The delivery form is one step,
 * so an attempt is one body: pressing Book now again on the same form (after a lost answer, a
 * timeout, a double tap) resends the same key and gets the delivery already made; a changed form
 * is a new attempt with a new key. Kept for this tab across a reload; dropped once booked.
 */
const STORE = 'haulpro.delivery.attempt';
const VALID_KEY = /^[\x20-\x7e]{1,255}$/;

/** A short fingerprint of the body (FNV-1a and the length): enough to tell "the same form" apart. */
export function bodyFingerprint(body: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < body.length; i++) {
    h ^= body.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return `${body.length}:${(h >>> 0).toString(16)}`;
}

/** The key of this body's attempt: the kept one for the same body, otherwise a new one. */
export function deliveryAttemptKey(body: string): string {
  const fp = bodyFingerprint(body);
  try {
    const kept = JSON.parse(window.sessionStorage.getItem(STORE) ?? 'null') as {
      fp?: unknown;
      key?: unknown;
    };
    if (kept && kept.fp === fp && typeof kept.key === 'string' && VALID_KEY.test(kept.key)) return kept.key;
  } catch {
    // Storage disabled or the kept value unreadable: a new attempt.
  }
  const key = newIdempotencyKey();
  try {
    window.sessionStorage.setItem(STORE, JSON.stringify({ fp, key }));
  } catch {
    // Storage disabled: the key is used once; a retry after a reload would be a new attempt.
  }
  return key;
}

/** Booked, or refused as a key used for other details: the next press is a new attempt. */
export function endDeliveryAttempt(): void {
  try {
    window.sessionStorage.removeItem(STORE);
  } catch {
    // Nothing to clear.
  }
}
