import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { UPLOADS_PREFIX } from './storage.ts';

/**
 * Folders under the uploads directory that are never served at /uploads (avatars and logos are
 * public; a customer's item photos are not). They are read only through short-lived signed links
 * (decision 013): an <img src> cannot send the bearer token, so the API signs the path and an
 * expiry for whoever may see the order, and GET /api/files/... checks the signature.
 */
export const PRIVATE_FOLDERS = ['items', 'payouts', 'jobs', 'messages'] as const;
export type TPrivateFolder = (typeof PRIVATE_FOLDERS)[number];
export const FILES_PREFIX = '/api/files';

/** A stored file name: a UUID and the extension of the sniffed type. */
export const STORED_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(png|jpg|pdf)$/;

/** A link lives 15 to 20 minutes: expiries are rounded up to 5 minutes so a polled order keeps one URL (and the browser's cached image) for a while. */
export const LINK_TTL_SECONDS = 15 * 60;
const LINK_STEP_SECONDS = 5 * 60;

// One secret per process unless the configuration gives one (several replicas must share it).
let key = randomBytes(32);

/** Uses a configured secret (any length; it is hashed into the key) instead of the per-process one. */
export function useSigningSecret(secret: string): void {
  key = createHash('sha256').update(`haulpro file links\0${secret}`).digest();
}

export function isPrivateFolder(folder: string): folder is TPrivateFolder {
  return (PRIVATE_FOLDERS as readonly string[]).includes(folder);
}

/** For the /uploads static server: is this path (relative to the uploads root) in a private folder? */
export function isPrivateUploadPath(pathname: string): boolean {
  const first = pathname.split('/').find((s) => s !== '' && s !== '.') ?? '';
  return isPrivateFolder(first.toLowerCase());
}

/** For the /uploads static server: is this path `<folder>/<stored name>`, a file the storage wrote? */
export function isStoredUploadPath(pathname: string): boolean {
  const parts = pathname.split('/').filter((s) => s !== '');
  return parts.length === 2 && /^[a-z0-9-]+$/i.test(parts[0]!) && STORED_NAME.test(parts[1]!);
}

function signature(folder: string, name: string, expires: number): string {
  return createHmac('sha256', key).update(`${folder}/${name}\n${expires}`).digest('base64url');
}

/** `/uploads/items/<uuid>.png` -> `/api/files/items/<uuid>.png?expires=…&sig=…`; null for anything else. */
export function signedFileUrl(storedPath: string, now: Date): string | null {
  if (!storedPath.startsWith(UPLOADS_PREFIX)) return null;
  const [folder, name, ...rest] = storedPath.slice(UPLOADS_PREFIX.length).split('/');
  if (!folder || !name || rest.length || !isPrivateFolder(folder) || !STORED_NAME.test(name)) return null;
  const at = Math.floor(now.getTime() / 1000) + LINK_TTL_SECONDS;
  const expires = Math.ceil(at / LINK_STEP_SECONDS) * LINK_STEP_SECONDS;
  return `${FILES_PREFIX}/${folder}/${name}?expires=${expires}&sig=${signature(folder, name, expires)}`;
}

export type TLinkCheck = { ok: true; secondsLeft: number } | { ok: false };

/** Checks a link's signature (in constant time) and expiry. */
export function checkFileLink(
  folder: string,
  name: string,
  expires: string | undefined,
  sig: string | undefined,
  now: Date,
): TLinkCheck {
  if (!expires || !sig || !/^[1-9][0-9]{0,11}$/.test(expires)) return { ok: false };
  const exp = Number(expires);
  const expected = Buffer.from(signature(folder, name, exp));
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false };
  const secondsLeft = exp - Math.floor(now.getTime() / 1000);
  // A link never lives longer than it could have been issued for (a stolen key aside).
  if (secondsLeft <= 0 || secondsLeft > LINK_TTL_SECONDS + LINK_STEP_SECONDS) return { ok: false };
  return { ok: true, secondsLeft };
}
