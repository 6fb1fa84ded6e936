import { MSG } from '@haulpro/shared/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBranch, createCompany, createUser } from '../src/db/seed/factories.ts';
import { gradientPng } from '../src/db/seed/gradient-png.ts';
import { call } from './helpers/http.ts';
import { tokenFor } from './helpers/sessions.ts';
import { createTestApp, type TTestApp } from './helpers/test-app.ts';
import { dataUrl, jpegClaiming, pngClaiming } from './helpers/upload-fixtures.ts';

/*
 * A header is not a picture (issue 26): a 69-byte PNG claiming 60000x60000 passed as an avatar, a
 * logo, a crew picture, an item photo and a branch photo. The avatar and the item photos refuse it
 * with the other disguised files (uploads.test.ts, item-photos.test.ts); here the logo, the crew
 * picture and the branch photo, each refused with the type message and each still taking a real
 * picture of the size the crafted one claims to beat.
 */
let t: TTestApp;
let staff: string;
let branchId: number;
const D = '/api/dashboard';
const CRAFTED: [string, string][] = [
  ['a 69-byte PNG claiming 60000x60000', dataUrl('image/png', pngClaiming(60_000, 60_000))],
  ['a PNG claiming 400x400 with one pixel of data', dataUrl('image/png', pngClaiming(400, 400))],
  ['a JPEG claiming 60000x60000', dataUrl('image/jpeg', jpegClaiming(60_000, 60_000))],
];
const real = dataUrl('image/png', gradientPng(400, 400, [0, 0, 0], [255, 255, 255]));

beforeAll(async () => {
  t = await createTestApp();
  const company = await createCompany(t.deps.db);
  branchId = (await createBranch(t.deps.db, { companyId: company.id, isMain: true })).id;
  staff = await tokenFor(
    t.deps.db,
    (await createUser(t.deps.db, { role: 'staff', companyId: company.id })).id,
  );
});
afterAll(() => t.close());

const uploads = {
  logo: (image: string) =>
    call(t.app, 'PUT', `${D}/branches/${branchId}`, { token: staff, body: { logo: image } }),
  profile_picture: (image: string) =>
    call(t.app, 'POST', `${D}/branches/${branchId}/crews`, {
      token: staff,
      body: {
        first_name: 'Ana',
        last_name: 'Lopez',
        email: `ana-${Math.random().toString(36).slice(2)}@example.test`,
        phone_number: '+1 (213) - 555 - 0142',
        zip_code: '90001',
        is_active: true,
        is_driver: false,
        employee_type: 'full_time',
        profile_picture: image,
      },
    }),
  photo: (image: string) =>
    call(t.app, 'POST', `${D}/branches/${branchId}/photos`, { token: staff, body: { photo: image } }),
};

describe('an image is what its data holds, not what its header claims', () => {
  for (const [field, upload] of Object.entries(uploads)) {
    for (const [what, url] of CRAFTED) {
      it(`refuses ${what} as a ${field}`, async () => {
        const r = await upload(url);
        expect(r.status).toBe(422);
        expect(r.body.errors).toEqual({ [field]: [MSG.imageType] });
      });
    }
    it(`takes a real 400x400 PNG as a ${field}`, async () => {
      const r = await upload(real);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    });
  }
});
