import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { BRANCH_PHOTOS_MAX, PHOTO_MSG } from '@haulpro/shared/branch-photo';
import { MSG } from '@haulpro/shared/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { branchPhotos } from '../src/db/schema.ts';
import { createBranch, createCompany, createUser } from '../src/db/seed/factories.ts';
import { gradientPng } from '../src/db/seed/gradient-png.ts';
import { branchPhotosPublic } from '../src/modules/branch-photos/branch-photos.service.ts';
import { call } from './helpers/http.ts';
import { tokenFor } from './helpers/sessions.ts';
import { createTestApp, type TTestApp } from './helpers/test-app.ts';
import { dataUrl, JPEG_BYTES, PNG_BYTES } from './helpers/upload-fixtures.ts';

type TPhoto = { id: number; image: string; is_pinned: boolean };

let t: TTestApp;
let token: string;
let otherToken: string;
let customerToken: string;
let branchId: number;
let otherBranchId: number;

const base = (id = branchId) => `/api/dashboard/branches/${id}/photos`;
const add = (photo: unknown, id = branchId, as = token) =>
  call<{ data: TPhoto; message: string }>(t.app, 'POST', base(id), { token: as, body: { photo } });
const list = (id = branchId, as = token) => call<{ data: TPhoto[] }>(t.app, 'GET', base(id), { token: as });
const fileOf = (publicPath: string) => path.join(t.config.uploadsDir, publicPath.slice('/uploads/'.length));

beforeAll(async () => {
  t = await createTestApp();
  const company = await createCompany(t.deps.db);
  branchId = (await createBranch(t.deps.db, { companyId: company.id, isMain: true })).id;
  token = await tokenFor(
    t.deps.db,
    (await createUser(t.deps.db, { role: 'staff', companyId: company.id })).id,
  );
  const other = await createCompany(t.deps.db);
  otherBranchId = (await createBranch(t.deps.db, { companyId: other.id, isMain: true })).id;
  otherToken = await tokenFor(
    t.deps.db,
    (await createUser(t.deps.db, { role: 'staff', companyId: other.id })).id,
  );
  customerToken = await tokenFor(t.deps.db, (await createUser(t.deps.db, { role: 'customer' })).id);
});
afterAll(() => t.close());

describe('branch photos', () => {
  it('starts empty, adds photos stored under /uploads/photos and served as images', async () => {
    expect((await list()).body.data).toEqual([]);
    const png = await add(dataUrl('image/png', gradientPng(500, 500, [0, 0, 0], [255, 255, 255])));
    expect(png.status).toBe(200);
    expect(png.body.message).toBe(PHOTO_MSG.added);
    expect(png.body.data).toEqual({
      id: expect.any(Number),
      image: expect.stringMatching(/^\/uploads\/photos\/[0-9a-f-]{36}\.png$/),
      is_pinned: false,
    });
    expect(existsSync(fileOf(png.body.data.image))).toBe(true);
    const served = await t.app.inject({ method: 'GET', url: png.body.data.image });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');

    const jpg = await add(dataUrl('image/jpeg', JPEG_BYTES));
    expect(jpg.status).toBe(200);
    expect(jpg.body.data.image).toMatch(/\.jpg$/);
  });

  it('pins and unpins with 1/0 or true/false; the list is pinned first, then newest', async () => {
    const before = (await list()).body.data;
    expect(before).toHaveLength(2);
    const [newest, oldest] = before as [TPhoto, TPhoto];
    expect(newest.image).toMatch(/\.jpg$/);
    const pin = await call<{ data: TPhoto; message: string }>(t.app, 'PUT', `${base()}/${oldest.id}`, {
      token,
      body: { is_pinned: 1 },
    });
    expect(pin.status).toBe(200);
    expect(pin.body).toMatchObject({ data: { id: oldest.id, is_pinned: true }, message: PHOTO_MSG.pinned });
    const third = await add(dataUrl('image/png', PNG_BYTES));
    expect((await list()).body.data.map((p) => [p.id, p.is_pinned])).toEqual([
      [oldest.id, true],
      [third.body.data.id, false],
      [newest.id, false],
    ]);
    expect(await branchPhotosPublic(t.deps.db, branchId)).toEqual([
      { id: oldest.id, image: oldest.image },
      { id: third.body.data.id, image: third.body.data.image },
      { id: newest.id, image: newest.image },
    ]);
    const unpin = await call<{ data: TPhoto; message: string }>(t.app, 'PUT', `${base()}/${oldest.id}`, {
      token,
      body: { is_pinned: 'false' },
    });
    expect(unpin.body).toMatchObject({ data: { is_pinned: false }, message: PHOTO_MSG.unpinned });
    for (const bad of ['yes', 2, null, '']) {
      const r = await call(t.app, 'PUT', `${base()}/${oldest.id}`, { token, body: { is_pinned: bad } });
      expect(r.status).toBe(422);
      expect(r.body.errors).toEqual({ is_pinned: [PHOTO_MSG.pinRequired] });
    }
    const missing = await call(t.app, 'PUT', `${base()}/${oldest.id}`, { token, body: {} });
    expect(missing.body.errors).toEqual({ is_pinned: [PHOTO_MSG.pinRequired] });
  });

  it('deletes a photo and its file', async () => {
    const [photo] = (await list()).body.data as [TPhoto];
    expect(existsSync(fileOf(photo.image))).toBe(true);
    const r = await call<{ message: string }>(t.app, 'DELETE', `${base()}/${photo.id}`, { token });
    expect(r.status).toBe(200);
    expect(r.body.message).toBe(PHOTO_MSG.deleted);
    expect(existsSync(fileOf(photo.image))).toBe(false);
    expect((await list()).body.data.map((p) => p.id)).not.toContain(photo.id);
    expect((await call(t.app, 'DELETE', `${base()}/${photo.id}`, { token })).status).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: photo.image })).statusCode).toBe(404);
  });

  it("answers 404 for another company's branch or photo, 403 for a customer, 401 signed out", async () => {
    const [mine] = (await list()).body.data as [TPhoto];
    const png = dataUrl('image/png', PNG_BYTES);
    expect((await list(otherBranchId)).status).toBe(404);
    expect((await add(png, otherBranchId)).status).toBe(404);
    // The other company's staff cannot see, pin or delete this branch's photos.
    expect((await list(branchId, otherToken)).status).toBe(404);
    expect((await add(png, branchId, otherToken)).status).toBe(404);
    const pinOther = await call(t.app, 'PUT', `${base()}/${mine.id}`, {
      token: otherToken,
      body: { is_pinned: true },
    });
    expect(pinOther.status).toBe(404);
    expect((await call(t.app, 'DELETE', `${base()}/${mine.id}`, { token: otherToken })).status).toBe(404);
    // A photo id of one branch under another of the same company's branches is no photo.
    const otherPhoto = await add(png, otherBranchId, otherToken);
    expect((await call(t.app, 'DELETE', `${base()}/${otherPhoto.body.data.id}`, { token })).status).toBe(404);
    expect((await list(branchId, customerToken)).status).toBe(403);
    expect((await add(png, branchId, customerToken)).status).toBe(403);
    expect((await call(t.app, 'GET', base())).status).toBe(401);
    expect((await list(999999)).status).toBe(404);
    expect((await call(t.app, 'GET', '/api/dashboard/branches/0x1/photos', { token })).status).toBe(422);
  });

  it('refuses what is not an image by its bytes, and a file over 10 MB', async () => {
    const count = (await list()).body.data.length;
    const textWithPngHeader = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.from('just some text pretending to be a picture\n'),
    ]);
    const fake = await add(dataUrl('image/png', textWithPngHeader));
    expect(fake.status).toBe(422);
    expect(fake.body.errors).toEqual({ photo: [MSG.imageType] });
    const text = await add(dataUrl('text/plain', 'hello'));
    expect(text.body.errors).toEqual({ photo: [MSG.imageType] });
    const tooBig = await add(
      dataUrl('image/png', Buffer.concat([PNG_BYTES, Buffer.alloc(10485761 - PNG_BYTES.length)])),
    );
    expect(tooBig.status).toBe(422);
    expect(tooBig.body.errors).toEqual({ photo: [MSG.fileTooLarge] });
    for (const body of [{}, { photo: '' }, { photo: 12 }]) {
      const r = await call(t.app, 'POST', base(), { token, body });
      expect(r.status).toBe(422);
      expect(r.body.errors).toEqual({ photo: [PHOTO_MSG.required] });
    }
    expect((await list()).body.data.length).toBe(count);
  });

  it(`takes at most ${BRANCH_PHOTOS_MAX} photos per branch; the 21st is refused and not stored`, async () => {
    const have = (await list()).body.data.length;
    const png = dataUrl('image/png', PNG_BYTES);
    for (let i = have; i < BRANCH_PHOTOS_MAX; i++) expect((await add(png)).status).toBe(200);
    const rows = () => t.deps.db.select().from(branchPhotos);
    const files = () => readdirSync(path.join(t.config.uploadsDir, 'photos')).length;
    const rowsBefore = (await rows()).length;
    const filesBefore = files();
    const extra = await add(png);
    expect(extra.status).toBe(422);
    expect(extra.body.errors).toEqual({ photo: [PHOTO_MSG.limit] });
    expect((await list()).body.data).toHaveLength(BRANCH_PHOTOS_MAX);
    expect((await rows()).length).toBe(rowsBefore);
    expect(files()).toBe(filesBefore);
    // After a delete there is room again.
    const [first] = (await list()).body.data as [TPhoto];
    await call(t.app, 'DELETE', `${base()}/${first.id}`, { token });
    expect((await add(png)).status).toBe(200);
  });

  it('two uploads racing for the last free place: one wins', async () => {
    const png = dataUrl('image/png', PNG_BYTES);
    const [first] = (await list()).body.data as [TPhoto];
    await call(t.app, 'DELETE', `${base()}/${first.id}`, { token });
    const results = await Promise.all([add(png), add(png)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 422]);
    expect((await list()).body.data).toHaveLength(BRANCH_PHOTOS_MAX);
  });
});
