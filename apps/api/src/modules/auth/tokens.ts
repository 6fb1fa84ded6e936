import { createHash, randomBytes } from 'node:crypto';

/** Opaque bearer or link token: 256 random bits; only its SHA-256 is stored. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

const REFERRAL_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** Seven characters, no look-alikes (0/O, 1/I). */
export function newReferralCode(length = 7): string {
  const bytes = randomBytes(length);
  let out = '';
  for (const b of bytes) out += REFERRAL_ALPHABET[b % REFERRAL_ALPHABET.length];
  return out;
}
