import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3TestServer, type TS3TestServer } from '../../../scripts/s3-test-server.mjs';
import { REPO_ROOT } from '../src/config.ts';
import { createS3Client } from '../src/storage/s3-storage.ts';
import { signedFileUrl } from '../src/storage/signed-urls.ts';
import { readStored, type TStorage, type TStorageKind } from '../src/storage/storage.ts';
import { migrateUploads } from '../src/storage/storage-migrate.ts';
import { createTestApp, type TTestApp } from './helpers/test-app.ts';
import { JPEG_BYTES, PDF_BYTES, PNG_BYTES } from './helpers/upload-fixtures.ts';

/*
 * One suite, three drivers (decision 033): whatever STORAGE says, the API saves, reads, removes,
 * serves public files and signed links alike, refuses paths that leave a folder, and
 * storage:migrate copies the disk's files in with their hashes checked. The S3 driver talks to
 * s3rver on loopback (scripts/s3-test-server.mjs), a test double of the protocol.
 */
let s3: TS3TestServer;
beforeAll(async () => {
  s3 = await startS3TestServer({ dir: mkdtempSync(path.join(tmpdir(), 'haulpro-s3-')) });
});
afterAll(() => s3?.close());

const envFor = (kind: TStorageKind): Record<string, string> =>
  kind === 'disk' ? {} : kind === 'database' ? { STORAGE: 'database' } : s3.env;

const uuid = () => crypto.randomUUID();

describe.each(['disk', 'database', 's3'] as const)('the %s storage', (kind) => {
  let t: TTestApp;
  let storage: TStorage;
  beforeAll(async () => {
    t = await createTestApp({ env: envFor(kind) });
    storage = t.deps.storage;
  });
  afterAll(() => t?.close());

  /** The file as the driver's own store holds it (the folder, the table, the bucket): proof of where it went. */
  async function heldBy(storedPath: string): Promise<Buffer | null> {
    const key = storedPath.slice('/uploads/'.length);
    if (kind === 'disk') return readStored(storage, storedPath);
    if (kind === 'database') {
      const r = await t.deps.db.execute<{ bytes: Uint8Array }>(
        sql`select bytes from stored_files where key = ${key}`,
      );
      const row = (r as unknown as { rows: { bytes: Uint8Array }[] }).rows[0];
      return row ? Buffer.from(row.bytes) : null;
    }
    const s = t.config.storage;
    if (s.kind !== 's3') throw new Error('an s3 app has the s3 settings');
    const got = await createS3Client(s.s3)
      .send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }))
      .catch(() => null);
    return got?.Body ? Buffer.from(await got.Body.transformToByteArray()) : null;
  }
  const onDisk = async (folder: string) =>
    (await readdir(path.join(t.config.uploadsDir, folder)).catch(() => [] as string[])).length;

  it('is the driver STORAGE chose', () => {
    expect(storage.kind).toBe(kind);
  });

  it('saves, reads back and removes a file', async () => {
    const p = await storage.save('payouts', PDF_BYTES, 'pdf');
    expect(p).toMatch(/^\/uploads\/payouts\/[0-9a-f-]{36}\.pdf$/);
    expect((await heldBy(p))?.equals(PDF_BYTES)).toBe(true);
    // Only the disk driver writes to DATA_DIR: another replica would not see it.
    expect(await onDisk('payouts')).toBe(kind === 'disk' ? 1 : 0);
    const opened = await storage.open(p);
    expect(opened).toMatchObject({ size: PDF_BYTES.length, contentType: 'application/pdf' });
    opened?.stream.destroy();
    expect((await readStored(storage, p))?.equals(PDF_BYTES)).toBe(true);
    await storage.remove(p);
    expect(await storage.open(p)).toBeNull();
    expect(await heldBy(p)).toBeNull();
    await expect(storage.remove(p)).resolves.toBeUndefined();
  });

  it('serves a public file at /uploads with its type, nosniff, a year of cache and a validator', async () => {
    const p = await storage.save('avatars', JPEG_BYTES, 'jpg');
    const res = await t.app.inject({ method: 'GET', url: p });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['content-length']).toBe(String(JPEG_BYTES.length));
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.rawPayload.equals(JPEG_BYTES)).toBe(true);
    const etag = String(res.headers.etag);
    expect(etag).not.toBe('undefined');
    const again = await t.app.inject({ method: 'GET', url: p, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    const head = await t.app.inject({ method: 'HEAD', url: p });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('image/jpeg');

    await storage.remove(p);
    const gone = await t.app.inject({ method: 'GET', url: p });
    expect(gone.statusCode).toBe(404);
    expect(String(gone.headers['content-type'])).not.toMatch(/html/);
  });

  it('never serves a private folder at /uploads, only through a signed link', async () => {
    const p = await storage.save('items', PNG_BYTES, 'png');
    expect((await t.app.inject({ method: 'GET', url: p })).statusCode).toBe(404);
    const link = signedFileUrl(p, t.clock.now())!;
    const res = await t.app.inject({ method: 'GET', url: link });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-length']).toBe(String(PNG_BYTES.length));
    expect(res.headers['cache-control']).toMatch(/^private, max-age=(9\d\d|1[01]\d\d|1200)$/);
    expect(res.headers['content-disposition']).toBe('inline');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.rawPayload.equals(PNG_BYTES)).toBe(true);

    const pdf = await storage.save('jobs', PDF_BYTES, 'pdf');
    const doc = await t.app.inject({ method: 'GET', url: signedFileUrl(pdf, t.clock.now())! });
    expect(doc.statusCode).toBe(200);
    expect(doc.headers['content-type']).toBe('application/pdf');
    expect(doc.headers['content-disposition']).toBe('attachment');
  });

  it('refuses an expired or tampered link (403) and answers 404 for a file that is not there', async () => {
    const p = await storage.save('messages', PNG_BYTES, 'png');
    const link = signedFileUrl(p, t.clock.now())!;
    const tampered = link.replace(/sig=(.)/, (_m, c: string) => `sig=${c === 'A' ? 'B' : 'A'}`);
    expect((await t.app.inject({ method: 'GET', url: tampered })).statusCode).toBe(403);
    const otherName = link.replace(/messages\/[0-9a-f-]{36}/, `messages/${uuid()}`);
    expect((await t.app.inject({ method: 'GET', url: otherName })).statusCode).toBe(403);
    const start = t.clock.now();
    t.clock.advance(21 * 60_000);
    try {
      const old = await t.app.inject({ method: 'GET', url: link });
      expect(old.statusCode).toBe(403);
    } finally {
      t.clock.set(start);
    }
    await storage.remove(p);
    expect((await t.app.inject({ method: 'GET', url: link })).statusCode).toBe(404);
  });

  it('refuses paths that leave their folder', async () => {
    writeFileSync(path.join(t.config.dataDir, `${uuid()}.png`), PNG_BYTES);
    for (const p of [
      '/uploads/../secret.png',
      '/uploads/avatars/../../secret.png',
      '/uploads/avatars/a/b.png',
      '/uploads/..%2fsecret.png',
      '/etc/passwd',
      '/uploads/avatars/.hidden.png',
    ]) {
      expect(await storage.open(p), p).toBeNull();
      await expect(storage.put(p, PNG_BYTES), p).rejects.toThrow(/not a stored path/);
    }
    for (const url of [
      '/uploads/..%2f..%2fetc%2fpasswd',
      '/uploads/avatars/..%2f..%2fsecret.png',
      '/uploads/avatars/%2e%2e/items/x.png',
      `/api/files/items/..%2f${uuid()}.png?expires=1&sig=x`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect([403, 404], url).toContain(res.statusCode);
      expect(res.rawPayload.includes(PNG_BYTES)).toBe(false);
    }
  });

  it('storage:migrate copies the disk uploads in, checks each hash, and skips them on a re-run', async () => {
    const src = mkdtempSync(path.join(tmpdir(), 'haulpro-uploads-'));
    const files = { [`avatars/${uuid()}.png`]: PNG_BYTES, [`items/${uuid()}.jpg`]: JPEG_BYTES };
    files[`payouts/${uuid()}.pdf`] = PDF_BYTES;
    for (const [rel, bytes] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(src, rel)), { recursive: true });
      writeFileSync(path.join(src, rel), bytes);
    }
    writeFileSync(path.join(src, 'avatars', 'page.html'), '<p>not ours</p>');
    writeFileSync(path.join(src, 'stray.txt'), 'not ours');

    const first = await migrateUploads(src, storage);
    expect(first).toEqual({
      copied: 3,
      alreadyThere: 0,
      mismatched: [],
      ignored: ['avatars/page.html', 'stray.txt'],
    });
    for (const [rel, bytes] of Object.entries(files))
      expect((await heldBy(`/uploads/${rel}`))?.equals(bytes), rel).toBe(true);
    const avatar = Object.keys(files)[0]!;
    expect(
      (await t.app.inject({ method: 'GET', url: `/uploads/${avatar}` })).rawPayload.equals(PNG_BYTES),
    ).toBe(true);

    expect(await migrateUploads(src, storage)).toMatchObject({ copied: 0, alreadyThere: 3, mismatched: [] });
    // A file that changed on disk since is copied again.
    writeFileSync(path.join(src, avatar), JPEG_BYTES);
    expect(await migrateUploads(src, storage)).toMatchObject({ copied: 1, alreadyThere: 2, mismatched: [] });
    expect((await heldBy(`/uploads/${avatar}`))?.equals(JPEG_BYTES)).toBe(true);

    // A store that keeps other bytes than it was given is caught by the read-back.
    writeFileSync(path.join(src, avatar), PDF_BYTES);
    const lossy: TStorage = { ...storage, put: (p, b) => storage.put(p, b.subarray(0, b.length - 1)) };
    expect(await migrateUploads(src, lossy)).toMatchObject({
      copied: 0,
      alreadyThere: 2,
      mismatched: [`/uploads/${avatar}`],
    });
  });

  // The command copies off the disk: its targets are the database and s3 only.
  if (kind !== 'disk')
    it(`npm run storage:migrate -- --to ${kind} copies, verifies and counts`, async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'haulpro-migrate-'));
      const rel = `photos/${uuid()}.png`;
      mkdirSync(path.join(dataDir, 'uploads', 'photos'), { recursive: true });
      writeFileSync(path.join(dataDir, 'uploads', rel), PNG_BYTES);
      const { DATABASE_URL: _ignored, ...env } = process.env;
      // The database target is an embedded PGlite in DATA_DIR/db here: the CLI's own, not the suite's.
      const run = (...args: string[]) =>
        promisify(execFile)(
          process.execPath,
          ['--import', 'tsx', 'apps/api/src/storage/storage-migrate-cli.ts', ...args],
          {
            cwd: REPO_ROOT,
            env: { ...env, ...s3.env, STORAGE: 'disk', DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
          },
        );
      const once = await run('--to', kind);
      expect(once.stdout).toContain('1 copied, 0 already there, 0 mismatched, 0 ignored');
      const twice = await run('--to', kind);
      expect(twice.stdout).toContain('0 copied, 1 already there, 0 mismatched');
      if (kind === 's3') expect((await heldBy(`/uploads/${rel}`))?.equals(PNG_BYTES)).toBe(true);
      await expect(run('--to', 'tape')).rejects.toMatchObject({ code: 2 });
      // Three processes of their own, each compiling the CLI and (for the database target)
      // migrating an embedded PGlite: minutes on a slow machine, not the suite's 30 s.
    }, 120_000);
});
