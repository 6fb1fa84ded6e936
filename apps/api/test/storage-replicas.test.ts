import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3TestServer, type TS3TestServer } from '../../../scripts/s3-test-server.mjs';
import { createUser } from '../src/db/seed/factories.ts';
import { signedFileUrl } from '../src/storage/signed-urls.ts';
import { call } from './helpers/http.ts';
import { tokenFor } from './helpers/sessions.ts';
import { createTestApp, type TTestApp } from './helpers/test-app.ts';
import { dataUrl, PDF_BYTES, PNG_BYTES } from './helpers/upload-fixtures.ts';

/*
 * The replica case of issue 31: two API processes on one database, each with its own DATA_DIR
 * (as two machines would be). With STORAGE=database or s3 an upload through one is served by the
 * other; on disk (the default, one machine) it is not, which is what the drivers are for.
 */
let s3: TS3TestServer;
beforeAll(async () => {
  s3 = await startS3TestServer({ dir: mkdtempSync(path.join(tmpdir(), 'haulpro-s3-')) });
});
afterAll(() => s3?.close());

const SECRET = { FILE_URL_SECRET: 'replicas share this signing secret' };

describe.each(['disk', 'database', 's3'] as const)('two replicas with STORAGE=%s', (kind) => {
  let a: TTestApp;
  let b: TTestApp;
  let token: string;
  let userId: number;
  const shared = kind !== 'disk';
  beforeAll(async () => {
    const env = { ...SECRET, ...(kind === 's3' ? s3.env : { STORAGE: kind }) };
    a = await createTestApp({ env });
    b = await createTestApp({ env, database: a.database, clock: a.clock });
    const me = await createUser(a.deps.db);
    userId = me.id;
    token = await tokenFor(a.deps.db, me.id);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('each has its own DATA_DIR', () => {
    expect(a.config.uploadsDir).not.toBe(b.config.uploadsDir);
  });

  it(`an avatar uploaded through one ${shared ? 'is' : 'is not'} served by the other`, async () => {
    const put = (image: string) =>
      call<{ data: { image: string } }>(a.app, 'PUT', `/api/dashboard/users/${userId}`, {
        token,
        body: { image },
      });
    const first = await put(dataUrl('image/png', PNG_BYTES));
    expect(first.status).toBe(200);
    const url = first.body.data.image;
    const viaA = await a.app.inject({ method: 'GET', url });
    const viaB = await b.app.inject({ method: 'GET', url });
    expect(viaA.statusCode).toBe(200);
    expect(viaB.statusCode).toBe(shared ? 200 : 404);
    if (!shared) return;
    expect(viaB.rawPayload.equals(viaA.rawPayload)).toBe(true);
    expect(viaB.headers['content-type']).toBe('image/png');
    expect(viaB.headers.etag).toBe(viaA.headers.etag);

    // Replaced through A: the old file is gone for B too.
    const second = await put(dataUrl('image/png', PNG_BYTES));
    expect(second.body.data.image).not.toBe(url);
    expect((await b.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    expect((await b.app.inject({ method: 'GET', url: second.body.data.image })).statusCode).toBe(200);
  });

  it(`a private file stored by one ${shared ? 'is' : 'is not'} read by the other through its signed link`, async () => {
    const stored = await a.deps.storage.save('payouts', PDF_BYTES, 'pdf');
    const link = signedFileUrl(stored, a.clock.now())!;
    expect((await a.app.inject({ method: 'GET', url: link })).statusCode).toBe(200);
    const viaB = await b.app.inject({ method: 'GET', url: link });
    expect(viaB.statusCode).toBe(shared ? 200 : 404);
    if (shared) expect(viaB.rawPayload.equals(PDF_BYTES)).toBe(true);
  });
});
