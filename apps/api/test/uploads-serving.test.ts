import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from './helpers/test-app.ts';
import { HTML_TEXT, JPEG_BYTES, PNG_BYTES } from './helpers/upload-fixtures.ts';

let t: TTestApp;
const png = '0b7c3c1e-3f4a-4a51-9d9e-1f2a3b4c5d6e.png';
const jpg = '1b7c3c1e-3f4a-4a51-9d9e-1f2a3b4c5d6e.jpg';

beforeAll(async () => {
  t = await createTestApp();
  // What the storage writes: <folder>/<uuid>.<ext>, for each public image folder.
  for (const folder of ['avatars', 'logos', 'photos', 'crews']) {
    mkdirSync(path.join(t.config.uploadsDir, folder), { recursive: true });
    writeFileSync(path.join(t.config.uploadsDir, folder, png), PNG_BYTES);
    writeFileSync(path.join(t.config.uploadsDir, folder, jpg), JPEG_BYTES);
  }
  writeFileSync(path.join(t.config.uploadsDir, 'photos', 'page.html'), HTML_TEXT);
  writeFileSync(path.join(t.config.uploadsDir, 'photos', `${png}.html`), HTML_TEXT);
});
afterAll(() => t.close());

describe('uploaded images are served with their type and a long cache', () => {
  for (const folder of ['avatars', 'logos', 'photos', 'crews']) {
    it(`/uploads/${folder}: image/png and image/jpeg, nosniff, cached for a year`, async () => {
      for (const [name, type, bytes] of [
        [png, 'image/png', PNG_BYTES],
        [jpg, 'image/jpeg', JPEG_BYTES],
      ] as const) {
        const res = await t.app.inject({ method: 'GET', url: `/uploads/${folder}/${name}` });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe(type);
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(res.rawPayload.equals(bytes)).toBe(true);
      }
    });
  }

  it('serves only names the storage writes: no other file, no folder listing', async () => {
    for (const url of [
      '/uploads/photos/page.html',
      `/uploads/photos/${png}.html`,
      '/uploads/photos/',
      '/uploads/photos',
      '/uploads/',
      `/uploads/${png}`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(String(res.headers['content-type'])).not.toMatch(/html/);
    }
  });

  it('a missing upload is a 404, not the web app', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/uploads/photos/${png.replace('0b7', '9b7')}` });
    expect(res.statusCode).toBe(404);
  });
});
