import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Social security numbers at rest (decision 021): AES-256-GCM with a 96-bit random IV per value
 * and the owner's user id as additional data, so a value copied onto another row does not
 * decrypt. Stored as `v1.<iv>.<tag>.<ciphertext>` (base64url parts).
 */
export type TSsnCipher = {
  encrypt(ssn: string, userId: number): string;
  decrypt(stored: string, userId: number): string;
};

const KEY_BYTES = 32;
export const SSN_KEY_FILE = 'secrets/ssn-encryption.key';

/** SSN_ENCRYPTION_KEY as 64 hex digits or the base64 of 32 bytes. */
export function parseSsnKey(value: string): Buffer {
  const v = value.trim();
  const key = /^[0-9a-fA-F]{64}$/.test(v) ? Buffer.from(v, 'hex') : Buffer.from(v, 'base64');
  if (key.length !== KEY_BYTES)
    throw new Error('SSN_ENCRYPTION_KEY must be 32 bytes: 64 hex digits or base64 (openssl rand -hex 32)');
  return key;
}

/**
 * The key: SSN_ENCRYPTION_KEY when set; otherwise one generated once and kept in
 * DATA_DIR/secrets/ssn-encryption.key (mode 600), so `npm start` and the tests need no set-up.
 * Several replicas must share the environment variable instead (they do not share a DATA_DIR).
 */
export function loadSsnKey(envKey: string | null, dataDir: string): Buffer {
  if (envKey) return parseSsnKey(envKey);
  const file = path.join(dataDir, SSN_KEY_FILE);
  try {
    return parseSsnKey(readFileSync(file, 'utf8'));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  try {
    // `wx`: two processes starting at once keep the first one's key.
    writeFileSync(file, `${randomBytes(KEY_BYTES).toString('hex')}\n`, { flag: 'wx', mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  return parseSsnKey(readFileSync(file, 'utf8'));
}

export function createSsnCipher(key: Buffer): TSsnCipher {
  if (key.length !== KEY_BYTES) throw new Error('the SSN key must be 32 bytes');
  const aad = (userId: number) => Buffer.from(`labor_profiles.ssn:${userId}`);
  return {
    encrypt(ssn, userId) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(aad(userId));
      const ct = Buffer.concat([cipher.update(ssn, 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return ['v1', iv, tag, ct].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
    },
    decrypt(stored, userId) {
      const [version, iv, tag, ct] = stored.split('.');
      if (version !== 'v1' || !iv || !tag || !ct) throw new Error('not an encrypted SSN');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(aad(userId));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(ct, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    },
  };
}
