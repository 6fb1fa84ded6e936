import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { readStored, sha256Hex, storedKey, type TStorage, UPLOADS_PREFIX } from './storage.ts';

export type TMigrateReport = {
  /** Files copied and read back with the same sha256. */
  copied: number;
  /** Files the target already held, byte for byte (a re-run). */
  alreadyThere: number;
  /** Stored paths whose copy read back differently: the command fails. */
  mismatched: string[];
  /** Files under the uploads folder that the storage never writes (not `<folder>/<name>`): left alone. */
  ignored: string[];
};

/** Every `<folder>/<file>` under the uploads directory, as stored paths, in a stable order. */
async function filesOnDisk(uploadsDir: string): Promise<{ stored: string[]; ignored: string[] }> {
  const stored: string[] = [];
  const ignored: string[] = [];
  const top = await readdir(uploadsDir, { withFileTypes: true }).catch(() => []);
  for (const entry of top.sort((a, b) => a.name.localeCompare(b.name))) {
    if (!entry.isDirectory()) {
      ignored.push(entry.name);
      continue;
    }
    const inner = await readdir(path.join(uploadsDir, entry.name), { withFileTypes: true });
    for (const f of inner.sort((a, b) => a.name.localeCompare(b.name))) {
      const rel = `${entry.name}/${f.name}`;
      if (f.isFile() && storedKey(`${UPLOADS_PREFIX}${rel}`)) stored.push(`${UPLOADS_PREFIX}${rel}`);
      else ignored.push(rel);
    }
  }
  return { stored, ignored };
}

/**
 * Copies every file the disk storage wrote (DATA_DIR/uploads) to another storage under the same
 * path, and reads each copy back to compare its sha256 with the file on disk. Idempotent: a file
 * the target already holds with the same hash is counted and left alone; one that differs is
 * written again. The disk is never changed.
 */
export async function migrateUploads(
  uploadsDir: string,
  target: TStorage,
  onFile: (storedPath: string, outcome: 'copied' | 'already there' | 'MISMATCH') => void = () => {},
): Promise<TMigrateReport> {
  const { stored, ignored } = await filesOnDisk(uploadsDir);
  const report: TMigrateReport = { copied: 0, alreadyThere: 0, mismatched: [], ignored };
  for (const storedPath of stored) {
    const bytes = await readFile(path.join(uploadsDir, storedPath.slice(UPLOADS_PREFIX.length)));
    const want = sha256Hex(bytes);
    const before = await readStored(target, storedPath);
    if (before && sha256Hex(before) === want) {
      report.alreadyThere++;
      onFile(storedPath, 'already there');
      continue;
    }
    await target.put(storedPath, bytes);
    const after = await readStored(target, storedPath);
    if (after && sha256Hex(after) === want) {
      report.copied++;
      onFile(storedPath, 'copied');
    } else {
      report.mismatched.push(storedPath);
      onFile(storedPath, 'MISMATCH');
    }
  }
  return report;
}
