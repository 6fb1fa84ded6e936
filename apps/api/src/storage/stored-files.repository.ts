import { eq, sql } from 'drizzle-orm';
import type { TDb } from '../db/client.ts';
import { storedFiles } from '../db/schema.ts';

export type TStoredFileRow = typeof storedFiles.$inferSelect;

/** Writes a file, or replaces the one at that key (storage:migrate re-copies a file that differs). */
export async function upsertStoredFile(db: TDb, row: Omit<TStoredFileRow, 'createdAt'>): Promise<void> {
  await db
    .insert(storedFiles)
    .values(row)
    .onConflictDoUpdate({
      target: storedFiles.key,
      set: {
        contentType: row.contentType,
        size: row.size,
        sha256: row.sha256,
        bytes: row.bytes,
        createdAt: sql`now()`,
      },
    });
}

export async function findStoredFile(db: TDb, key: string): Promise<TStoredFileRow | null> {
  const [row] = await db.select().from(storedFiles).where(eq(storedFiles.key, key)).limit(1);
  return row ?? null;
}

export async function deleteStoredFile(db: TDb, key: string): Promise<void> {
  await db.delete(storedFiles).where(eq(storedFiles.key, key));
}
