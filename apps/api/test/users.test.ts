import { existsSync } from 'node:fs';
import path from 'node:path';
import { MSG } from '@haulpro/shared/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../src/db/seed/factories.ts';
import { call, loginToken } from './helpers/http.ts';
import { createTestApp, type TTestApp } from './helpers/test-app.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// A 1x1 transparent PNG.
const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

describe('PUT users/{id}', () => {
  it('updates your own name and phone', async () => {
    const u = await createUser(t.deps.db, { password: 'pass-1234' });
    const token = await loginToken(t.app, u.email, 'pass-1234');
    const r = await call<{ data: { first_name: string; phone: string } }>(
      t.app,
      'PUT',
      `/api/dashboard/users/${u.id}`,
      {
        token,
        body: { first_name: ' Maya ', phone: '+1 (310) - 555 - 0199' },
      },
    );
    expect(r.status).toBe(200);
    expect(r.body.message).toBe(MSG.profileSaved);
    expect(r.body.data).toMatchObject({ first_name: 'Maya', phone: '+1 (310) - 555 - 0199' });
  });

  it("refuses another user's record", async () => {
    const me = await createUser(t.deps.db, { password: 'pass-1234' });
    const other = await createUser(t.deps.db);
    const token = await loginToken(t.app, me.email, 'pass-1234');
    const r = await call(t.app, 'PUT', `/api/dashboard/users/${other.id}`, {
      token,
      body: { first_name: 'Hacker' },
    });
    expect(r.status).toBe(403);
    expect(
      (await call(t.app, 'PUT', `/api/dashboard/users/${other.id}`, { body: { first_name: 'X' } })).status,
    ).toBe(401);
  });

  it('validates fields with the spec messages', async () => {
    const u = await createUser(t.deps.db, { password: 'pass-1234' });
    const token = await loginToken(t.app, u.email, 'pass-1234');
    const r = await call(t.app, 'PUT', `/api/dashboard/users/${u.id}`, {
      token,
      body: { first_name: '', last_name: 'x'.repeat(61), phone: '555-0199' },
    });
    expect(r.status).toBe(422);
    expect(r.body.errors).toEqual({
      first_name: [MSG.invalidFirstName],
      last_name: [MSG.maxLength60],
      phone: [MSG.invalidPhone],
    });
  });

  it('stores a picture on disk, replaces it, and refuses other types', async () => {
    const u = await createUser(t.deps.db, { password: 'pass-1234' });
    const token = await loginToken(t.app, u.email, 'pass-1234');
    const url = `/api/dashboard/users/${u.id}`;
    const first = await call<{ data: { image: string } }>(t.app, 'PUT', url, { token, body: { image: PNG } });
    expect(first.status).toBe(200);
    expect(first.body.data.image).toMatch(/^\/uploads\/avatars\/[0-9a-f-]+\.png$/);
    const served = await t.app.inject({ method: 'GET', url: first.body.data.image });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');

    const second = await call<{ data: { image: string } }>(t.app, 'PUT', url, {
      token,
      body: { image: PNG },
    });
    const oldFile = path.join(t.config.uploadsDir, first.body.data.image.replace('/uploads/', ''));
    expect(existsSync(oldFile)).toBe(false);
    expect(second.body.data.image).not.toBe(first.body.data.image);

    const gif = await call(t.app, 'PUT', url, {
      token,
      body: { image: 'data:image/gif;base64,R0lGODlhAQABAAAAACw=' },
    });
    expect(gif.status).toBe(422);
    expect(gif.body.errors).toEqual({ image: [MSG.imageType] });
  });

  it('refuses a picture over 10 MB with the spec message', async () => {
    const u = await createUser(t.deps.db, { password: 'pass-1234' });
    const token = await loginToken(t.app, u.email, 'pass-1234');
    const big = `data:image/jpeg;base64,${Buffer.alloc(10485761).toString('base64')}`;
    const r = await call(t.app, 'PUT', `/api/dashboard/users/${u.id}`, { token, body: { image: big } });
    expect(r.status).toBe(422);
    expect(r.body.errors).toEqual({ image: [MSG.fileTooLarge] });
  });
});
