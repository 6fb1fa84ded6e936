import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { MSG } from '@haulpro/shared/messages';
import { fileTypeFromBuffer } from 'file-type';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../src/db/seed/factories.ts';
import { readUpload } from '../src/storage/image-upload.ts';
import { call } from './helpers/http.ts';
import { tokenFor } from './helpers/sessions.ts';
import { createTestApp, type TTestApp } from './helpers/test-app.ts';
import {
  DISGUISED,
  dataUrl,
  JPEG_BYTES,
  jpegWithMetadata,
  PDF_BYTES,
  PNG_BYTES,
  pngWithMetadata,
} from './helpers/upload-fixtures.ts';

let t: TTestApp;
let me: { id: number };
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  me = await createUser(t.deps.db);
  token = await tokenFor(t.deps.db, me.id);
});
afterAll(() => t.close());

const putImage = (image: string) =>
  call<{ data: { image: string | null } }>(t.app, 'PUT', `/api/dashboard/users/${me.id}`, {
    token,
    body: { image },
  });

/** The stored file behind a public avatar path. */
const storedFile = (publicPath: string) => readFile(path.join(t.config.uploadsDir, publicPath.slice(9)));

describe('avatars are checked by their bytes, not by their data-URL type', () => {
  for (const [what, url] of DISGUISED) {
    it(`refuses ${what} with the spec's type message`, async () => {
      const r = await putImage(url);
      expect(r.status).toBe(422);
      expect(r.body.errors).toEqual({ image: [MSG.imageType] });
    });
  }

  it('refuses a PNG whose chunk checksum is wrong', async () => {
    const broken = Buffer.from(PNG_BYTES);
    broken[45] = (broken[45] ?? 0) ^ 0xff; // a byte of IDAT
    const r = await putImage(dataUrl('image/png', broken));
    expect(r.status).toBe(422);
    expect(r.body.errors).toEqual({ image: [MSG.imageType] });
  });

  it('takes a real PNG and a real JPEG, served from /uploads with their own content type', async () => {
    const png = await putImage(dataUrl('image/png', PNG_BYTES));
    expect(png.status).toBe(200);
    expect(png.body.data.image).toMatch(/^\/uploads\/avatars\/[0-9a-f-]{36}\.png$/);
    const served = await t.app.inject({ method: 'GET', url: png.body.data.image! });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(PNG_BYTES)).toBe(true);

    const jpg = await putImage(dataUrl('image/jpeg', JPEG_BYTES));
    expect(jpg.status).toBe(200);
    expect(jpg.body.data.image).toMatch(/\.jpg$/);
    expect((await t.app.inject({ method: 'GET', url: jpg.body.data.image! })).headers['content-type']).toBe(
      'image/jpeg',
    );
  });

  it('stores the sniffed type: a PNG sent as image/jpeg is kept as .png', async () => {
    const r = await putImage(dataUrl('image/jpeg', PNG_BYTES));
    expect(r.status).toBe(200);
    expect(r.body.data.image).toMatch(/\.png$/);
  });

  it('drops metadata and anything after the image end; a JPEG keeps only its orientation', async () => {
    const jpg = await putImage(dataUrl('image/jpeg', jpegWithMetadata()));
    expect(jpg.status).toBe(200);
    const jpgBytes = await storedFile(jpg.body.data.image!);
    expect(jpgBytes.includes('SECRET')).toBe(false);
    expect(jpgBytes.includes('<html')).toBe(false);
    expect(jpgBytes.includes('Cam\0')).toBe(false);
    // Orientation 6 survives in a minimal big-endian EXIF block, right after JFIF.
    expect(jpgBytes.subarray(20, 56).toString('hex')).toBe(
      'ffe10022457869660000' + '4d4d002a00000008' + '0001' + '011200030000000100060000' + '00000000',
    );
    expect(jpgBytes.subarray(-2).toString('hex')).toBe('ffd9');
    expect(await fileTypeFromBuffer(jpgBytes)).toEqual({ ext: 'jpg', mime: 'image/jpeg' });

    const png = await putImage(dataUrl('image/png', pngWithMetadata()));
    expect(png.status).toBe(200);
    const pngBytes = await storedFile(png.body.data.image!);
    expect(pngBytes.equals(PNG_BYTES)).toBe(true);
  });

  it('keeps the size check: over 10 MB is the spec message, whatever the bytes', async () => {
    const r = await putImage(dataUrl('image/png', Buffer.concat([PNG_BYTES, Buffer.alloc(10485760)])));
    expect(r.status).toBe(422);
    expect(r.body.errors).toEqual({ image: [MSG.fileTooLarge] });
  });
});

describe('readUpload takes the allowed kinds as a parameter', () => {
  it('refuses a PDF as an image, and takes it where pdf is allowed', async () => {
    expect(await readUpload(dataUrl('application/pdf', PDF_BYTES))).toEqual({
      ok: false,
      message: MSG.imageType,
    });
    const pdf = await readUpload(dataUrl('application/pdf', PDF_BYTES), ['png', 'jpg', 'pdf']);
    expect(pdf).toMatchObject({ ok: true, ext: 'pdf', mime: 'application/pdf' });
    expect(await readUpload(dataUrl('application/pdf', 'hello'), ['png', 'jpg', 'pdf'])).toEqual({
      ok: false,
      message: MSG.fileTypeWithPdf,
    });
    // A truncated PDF (no %%EOF) is refused.
    expect(await readUpload(dataUrl('application/pdf', PDF_BYTES.subarray(0, 40)), ['pdf'])).toMatchObject({
      ok: false,
    });
  });

  it('answers the kind, extension and content type from the bytes', async () => {
    expect(await readUpload(dataUrl('image/jpg', PNG_BYTES))).toMatchObject({
      ok: true,
      ext: 'png',
      mime: 'image/png',
    });
    expect(await readUpload(dataUrl('image/png', JPEG_BYTES))).toMatchObject({
      ok: true,
      ext: 'jpg',
      mime: 'image/jpeg',
    });
  });
});
