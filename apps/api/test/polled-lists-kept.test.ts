import { brotliDecompressSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema.ts';
import { seedDemoIfEmpty } from '../src/db/seed/demo.ts';
import { notify } from '../src/modules/notifications/notifications.service.ts';
import { eventually } from './helpers/eventually.ts';
import { call } from './helpers/http.ts';
import { demoSessions } from './helpers/sessions.ts';
import { createTestApp, type TTestApp } from './helpers/test-app.ts';

/*
 * The per-user polled answers (decision 032): a second poll in the same clock second is answered
 * from the kept body without a statement, the kept body is forgotten as soon as a table it read
 * changes (through the API, or written by anyone and heard of through the change notices), and a
 * browser gets the body compressed once.
 */

let t: TTestApp;
let recording: string[] | null = null;
let ids: Record<'labor' | 'staff' | 'customer', number>;
let tokens: Record<'labor' | 'staff' | 'customer', string>;

beforeAll(async () => {
  t = await createTestApp({
    onQuery: (q) => {
      if (recording && !/"sessions"/.test(q)) recording.push(q);
    },
  });
  await seedDemoIfEmpty(t.deps.db);
  ({ ids, tokens } = await demoSessions(t.deps.db));
});
afterAll(() => t.close());

async function poll(path: string, who: keyof typeof tokens, headers: Record<string, string> = {}) {
  recording = [];
  const r = await t.app.inject({
    method: 'GET',
    url: path,
    headers: { authorization: `Bearer ${tokens[who]}`, ...headers },
  });
  const sent = recording.length;
  recording = null;
  expect(r.statusCode, r.body.slice(0, 300)).toBe(200);
  return { sent, r };
}

const POLLED = [
  { what: "labor's New tab", path: '/api/dashboard/deliveries?tab=new', who: 'labor' },
  { what: "labor's Accepted tab", path: '/api/dashboard/deliveries?tab=accepted', who: 'labor' },
  { what: "customer's deliveries", path: '/api/dashboard/customer/deliveries?tab=active', who: 'customer' },
  { what: "customer's orders", path: '/api/dashboard/customer/orders?tab=active', who: 'customer' },
  { what: 'notifications', path: '/api/dashboard/notifications?page=1', who: 'customer' },
] as const;

describe('per-user polled answers, kept', () => {
  for (const l of POLLED)
    it(`${l.what}: one read a second, the same body, forgotten when a table it read changes`, async () => {
      t.clock.advance(1000);
      const first = await poll(l.path, l.who);
      expect(first.sent).toBeGreaterThan(0);
      const again = await poll(l.path, l.who);
      expect(again.sent).toBe(0);
      expect(again.r.body).toBe(first.r.body);
      // A table the answer reads changes elsewhere: the user's row (the lists show names), or
      // for the bell, the user's notices.
      if (l.what === 'notifications') await notify(t.deps.db, ids[l.who], { title: 'Changed elsewhere' });
      else await t.deps.db.update(users).set({ updatedAt: new Date() }).where(eq(users.id, ids[l.who]));
      await eventually(async () => expect((await poll(l.path, l.who)).sent).toBeGreaterThan(0));
      // Countdowns and deadlines are exact to the second: a new second reads again. The bell
      // shows nothing that depends on the clock and is kept across seconds.
      t.clock.advance(1000);
      expect((await poll(l.path, l.who)).sent > 0).toBe(l.what !== 'notifications');
    });

  it('a notice to the user is on the bell at the next poll', async () => {
    const before = await poll('/api/dashboard/notifications?page=1', 'customer');
    const count = (JSON.parse(before.r.body) as { meta: { unread_count: number } }).meta.unread_count;
    await notify(t.deps.db, ids.customer, { title: 'Your movers are on the way' });
    await eventually(async () => {
      const after = JSON.parse((await poll('/api/dashboard/notifications?page=1', 'customer')).r.body) as {
        data: { data: { title: string } }[];
        meta: { unread_count: number };
      };
      expect(after.meta.unread_count).toBe(count + 1);
      expect(after.data[0]?.data.title).toBe('Your movers are on the way');
    });
    // Opened through the API (a GET that marks it read): the kept page goes at once.
    const newest = JSON.parse((await poll('/api/dashboard/notifications?page=1', 'customer')).r.body) as {
      data: { id: number }[];
      meta: { unread_count: number };
    };
    await call(t.app, 'GET', `/api/dashboard/notifications/${newest.data[0]!.id}`, {
      token: tokens.customer,
    });
    const opened = JSON.parse((await poll('/api/dashboard/notifications?page=1', 'customer')).r.body) as {
      meta: { unread_count: number };
    };
    expect(opened.meta.unread_count).toBe(newest.meta.unread_count - 1);
    // Read through the API: the kept page goes at once (the request's own write).
    await call(t.app, 'POST', '/api/dashboard/notifications/read-all', { token: tokens.customer });
    const read = JSON.parse((await poll('/api/dashboard/notifications?page=1', 'customer')).r.body) as {
      meta: { unread_count: number };
    };
    expect(read.meta.unread_count).toBe(0);
  });

  it('another user never gets a kept answer of someone else', async () => {
    const mine = await poll('/api/dashboard/notifications?page=1', 'customer');
    const theirs = await poll('/api/dashboard/notifications?page=1', 'staff');
    expect(theirs.sent).toBeGreaterThan(0);
    expect(theirs.r.body).not.toBe(mine.r.body);
  });

  it('a browser gets the kept body brotli-compressed, the same bytes once decompressed', async () => {
    for (const l of POLLED.slice(0, 4)) {
      const plain = await poll(l.path, l.who);
      if (plain.r.body.length < 1024) continue;
      const br = await poll(l.path, l.who, { 'accept-encoding': 'gzip, deflate, br, zstd' });
      expect(br.r.headers['content-encoding']).toBe('br');
      expect(br.r.headers.vary).toContain('accept-encoding');
      expect(brotliDecompressSync(br.r.rawPayload).toString()).toBe(plain.r.body);
      const gzip = await poll(l.path, l.who, { 'accept-encoding': 'gzip' });
      expect(gzip.r.headers['content-encoding']).toBe('gzip');
    }
  });
});
