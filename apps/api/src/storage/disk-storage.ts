import { createReadStream } from 'node:fs';
import { mkdir, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { contentTypeOf, newStoredPath, storedKey, type TStorage, UPLOADS_PREFIX } from './storage.ts';

/** Files under DATA_DIR/uploads (STORAGE=disk, the default): one machine's disk. */
export function createDiskStorage(root: string): TStorage {
  const fileOf = (publicPath: string) => {
    const k = storedKey(publicPath);
    return k ? path.join(root, k.folder, k.name) : null;
  };
  return {
    kind: 'disk',
    async save(folder, bytes, ext) {
      const stored = newStoredPath(folder, ext);
      const file = path.join(root, stored.slice(UPLOADS_PREFIX.length));
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, bytes);
      return stored;
    },
    async remove(publicPath) {
      if (!publicPath.startsWith(UPLOADS_PREFIX)) return;
      const rel = path.normalize(publicPath.slice(UPLOADS_PREFIX.length));
      if (rel.startsWith('..')) return;
      await unlink(path.join(root, rel)).catch(() => undefined);
    },
    async open(publicPath) {
      const file = fileOf(publicPath);
      const info = file ? await stat(file).catch(() => null) : null;
      if (!file || !info?.isFile()) return null;
      return {
        stream: createReadStream(file),
        size: info.size,
        contentType: contentTypeOf(file),
        etag: null,
        lastModified: info.mtime,
      };
    },
    async put(publicPath, bytes) {
      const file = fileOf(publicPath);
      if (!file) throw new Error(`not a stored path: ${publicPath}`);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, bytes);
    },
  };
}
