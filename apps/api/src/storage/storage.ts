import { createHash, randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { UPLOAD_MIME } from '@haulpro/shared/image';

/** Where uploads are kept (STORAGE, decision 033): the local disk, PostgreSQL, or an S3-compatible store. */
export const STORAGE_KINDS = ['disk', 'database', 's3'] as const;
export type TStorageKind = (typeof STORAGE_KINDS)[number];

/** A stored file opened for reading: its bytes as a stream and what the HTTP answer says about them. */
export type TOpenedFile = {
  stream: Readable;
  size: number;
  contentType: string;
  /** A strong validator the same on every replica (the content's sha256); null on disk, where the static server makes its own. */
  etag: string | null;
  lastModified: Date | null;
};

export type TStorage = {
  kind: TStorageKind;
  /**
   * Saves bytes under a folder and answers their path (e.g. /uploads/avatars/uuid.png): public for
   * avatars and logos, private (signed links only) for the folders in signed-urls.ts.
   */
  save(folder: string, bytes: Buffer, ext: string): Promise<string>;
  remove(publicPath: string): Promise<void>;
  /** The file at a stored path; null when there is none or the path is not one the storage writes. */
  open(publicPath: string): Promise<TOpenedFile | null>;
  /** Writes bytes at a given stored path (storage:migrate keeps each file's name); refuses any other path. */
  put(publicPath: string, bytes: Buffer): Promise<void>;
};

export const UPLOADS_PREFIX = '/uploads/';

/** The part of a stored path after /uploads/: `<folder>/<name>`, with nothing that could leave the folder. */
export type TStoredKey = { folder: string; name: string; key: string };

const FOLDER = /^[a-z0-9-]{1,40}$/i;
/** The names the storage gives: a random UUID and an extension. */
const NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.[a-z0-9]{1,8}$/i;

/** `/uploads/items/<uuid>.png` -> its key; null for anything else (`..`, more or fewer segments, odd characters). */
export function storedKey(publicPath: string): TStoredKey | null {
  if (!publicPath.startsWith(UPLOADS_PREFIX)) return null;
  const parts = publicPath.slice(UPLOADS_PREFIX.length).split('/');
  const [folder, name] = parts;
  if (parts.length !== 2 || !folder || !name || !FOLDER.test(folder) || !NAME.test(name)) return null;
  return { folder, name, key: `${folder}/${name}` };
}

/** A new stored path: a random name in a cleaned folder (the same on every driver). */
export function newStoredPath(folder: string, ext: string): string {
  const safeFolder = folder.replace(/[^a-z0-9-]/gi, '');
  return `${UPLOADS_PREFIX}${safeFolder}/${randomUUID()}.${ext.replace(/[^a-z0-9]/gi, '')}`;
}

/** The type of a stored file by the extension the storage gave it (chosen from the sniffed bytes). */
export function contentTypeOf(name: string): string {
  const ext = name.slice(name.lastIndexOf('.') + 1).toLowerCase();
  return (UPLOAD_MIME as Record<string, string>)[ext] ?? 'application/octet-stream';
}

export function sha256Hex(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** Reads a stored file whole (mail attachments, storage:migrate's check); null when there is none. */
export async function readStored(storage: TStorage, publicPath: string): Promise<Buffer | null> {
  const file = await storage.open(publicPath);
  if (!file) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of file.stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}
