import { Readable } from 'node:stream';
import type { TDb } from '../db/client.ts';
import { contentTypeOf, newStoredPath, sha256Hex, storedKey, type TStorage } from './storage.ts';
import { deleteStoredFile, findStoredFile, upsertStoredFile } from './stored-files.repository.ts';

/** Files in PostgreSQL (or PGlite), table stored_files (STORAGE=database, decision 033): one backup holds everything. */
export function createDatabaseStorage(db: TDb): TStorage {
  async function put(publicPath: string, bytes: Buffer) {
    const k = storedKey(publicPath);
    if (!k) throw new Error(`not a stored path: ${publicPath}`);
    await upsertStoredFile(db, {
      key: k.key,
      contentType: contentTypeOf(k.name),
      size: bytes.length,
      sha256: sha256Hex(bytes),
      bytes,
    });
  }
  return {
    kind: 'database',
    async save(folder, bytes, ext) {
      const stored = newStoredPath(folder, ext);
      await put(stored, bytes);
      return stored;
    },
    async remove(publicPath) {
      const k = storedKey(publicPath);
      if (k) await deleteStoredFile(db, k.key);
    },
    async open(publicPath) {
      const k = storedKey(publicPath);
      const row = k ? await findStoredFile(db, k.key) : null;
      if (!row) return null;
      return {
        stream: Readable.from([row.bytes]),
        size: row.size,
        contentType: row.contentType,
        etag: `"${row.sha256}"`,
        lastModified: row.createdAt,
      };
    },
    put,
  };
}
