import { randomUUID } from 'node:crypto';
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

export type TStorage = {
  /**
   * Saves bytes under a folder and answers their path (e.g. /uploads/avatars/uuid.png): public for
   * avatars and logos, private (signed links only) for the folders in signed-urls.ts.
   */
  save(folder: string, bytes: Buffer, ext: string): Promise<string>;
  remove(publicPath: string): Promise<void>;
};

export const UPLOADS_PREFIX = '/uploads/';

export function createDiskStorage(root: string): TStorage {
  return {
    async save(folder, bytes, ext) {
      const safeFolder = folder.replace(/[^a-z0-9-]/gi, '');
      const name = `${randomUUID()}.${ext.replace(/[^a-z0-9]/gi, '')}`;
      const dir = path.join(root, safeFolder);
      await mkdir(dir, { recursive: true });
      await writeFile(path.join(dir, name), bytes);
      return `${UPLOADS_PREFIX}${safeFolder}/${name}`;
    },
    async remove(publicPath) {
      if (!publicPath.startsWith(UPLOADS_PREFIX)) return;
      const rel = path.normalize(publicPath.slice(UPLOADS_PREFIX.length));
      if (rel.startsWith('..')) return;
      await unlink(path.join(root, rel)).catch(() => undefined);
    },
  };
}
