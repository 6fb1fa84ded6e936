import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../src/db/seed/factories.ts';
import { notify } from '../src/modules/notifications/notifications.service.ts';
import { call, loginToken } from './helpers/http.ts';
import { createTestApp, type TTestApp } from './helpers/test-app.ts';

type TList = {
  data: { id: number; data: { title: string; link: string | null }; unread: boolean; date: string }[];
  meta: { unread_count: number; total: number; last_page: number; per_page: number; current_page: number };
};

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('notifications', () => {
  it('lists your own newest first with the unread count, and opening one marks it read', async () => {
    const me = await createUser(t.deps.db, { password: 'pass-1234' });
    const other = await createUser(t.deps.db);
    await notify(t.deps.db, me.id, { title: 'First', link: '/orders?order_id=1' });
    await notify(t.deps.db, me.id, { title: 'Second' });
    await notify(t.deps.db, other.id, { title: 'Not yours' });
    const token = await loginToken(t.app, me.email, 'pass-1234');

    const list = await call<TList>(t.app, 'GET', '/api/dashboard/notifications', { token });
    expect(list.status).toBe(200);
    expect(list.body.data.map((n) => n.data.title)).toEqual(['Second', 'First']);
    expect(list.body.data[1]).toMatchObject({ data: { link: '/orders?order_id=1' }, unread: true });
    expect(list.body.meta).toMatchObject({
      unread_count: 2,
      total: 2,
      current_page: 1,
      last_page: 1,
      per_page: 15,
    });

    const first = list.body.data[1]!;
    const opened = await call<{ data: { unread: boolean } }>(
      t.app,
      'GET',
      `/api/dashboard/notifications/${first.id}`,
      { token },
    );
    expect(opened.status).toBe(200);
    expect(opened.body.data.unread).toBe(false);
    const after = await call<TList>(t.app, 'GET', '/api/dashboard/notifications', { token });
    expect(after.body.meta.unread_count).toBe(1);

    await call(t.app, 'POST', '/api/dashboard/notifications/read-all', { token });
    const none = await call<TList>(t.app, 'GET', '/api/dashboard/notifications', { token });
    expect(none.body.meta.unread_count).toBe(0);
  });

  it("is a 404 for someone else's notification and a 401 without a token", async () => {
    const me = await createUser(t.deps.db, { password: 'pass-1234' });
    const other = await createUser(t.deps.db);
    await notify(t.deps.db, other.id, { title: 'Private' });
    const token = await loginToken(t.app, me.email, 'pass-1234');
    const otherList = await call<TList>(t.app, 'GET', '/api/dashboard/notifications', {
      token: await loginTokenFor(other.email),
    });
    const id = otherList.body.data[0]!.id;
    expect((await call(t.app, 'GET', `/api/dashboard/notifications/${id}`, { token })).status).toBe(404);
    expect((await call(t.app, 'GET', '/api/dashboard/notifications')).status).toBe(401);
  });

  it('paginates 15 a page', async () => {
    const me = await createUser(t.deps.db, { password: 'pass-1234' });
    for (let i = 0; i < 17; i += 1) await notify(t.deps.db, me.id, { title: `N${i}` });
    const token = await loginToken(t.app, me.email, 'pass-1234');
    const p2 = await call<TList>(t.app, 'GET', '/api/dashboard/notifications?page=2', { token });
    expect(p2.body.data).toHaveLength(2);
    expect(p2.body.meta).toMatchObject({ current_page: 2, last_page: 2, total: 17 });
  });
});

async function loginTokenFor(email: string) {
  return loginToken(t.app, email, 'password123');
}
