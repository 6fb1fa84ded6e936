import type { TConfig } from '../config.ts';
import type { TDb } from '../db/client.ts';
import { createDatabaseStorage } from './database-storage.ts';
import { createDiskStorage } from './disk-storage.ts';
import { createS3Storage } from './s3-storage.ts';
import type { TStorage } from './storage.ts';

/** The storage driver STORAGE chose (decision 033); every caller sees only TStorage. */
export function createStorage(config: Pick<TConfig, 'storage' | 'uploadsDir'>, db: TDb): TStorage {
  const s = config.storage;
  if (s.kind === 'database') return createDatabaseStorage(db);
  if (s.kind === 's3') return createS3Storage(s.s3);
  return createDiskStorage(config.uploadsDir);
}
