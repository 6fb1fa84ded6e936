import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { DELIVERY_STATUS } from '@haulpro/shared/delivery';
import { MSG } from '@haulpro/shared/messages';
import { ORDER_STATUS } from '@haulpro/shared/order';
import { PARSE_MSG } from '@haulpro/shared/parse';
import { MESSAGE_MAX_LENGTH, TALK_MSG, THREAD_OPEN_DAYS_AFTER_CLOSE } from '@haulpro/shared/talk';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveries, deliveryHistory, messages } from '../src/db/schema.ts';
import { createUser } from '../src/db/seed/factories.ts';
import { call } from './helpers/http.ts';
import { tokenFor } from './helpers/sessions.ts';
import { createTestApp, createTestClock, type TTestApp } from './helpers/test-app.ts';
import {
  postMessage,
  readThread,
  THREAD_CLOCK_START,
  type TWorld,
  threadPath,
  threadWorld,
} from './helpers/threads.ts';
import { dataUrl, HTML_TEXT, JPEG_BYTES, PNG_BYTES, pngWithMetadata } from './helpers/upload-fixtures.ts';

/*
 * A thread's rules (issue 29, decision 031): what a message may be (422s in our words), when a
 * thread takes one (409s), and photos kept private behind signed links.
 */

const clock = createTestClock(THREAD_CLOCK_START);
let t: TTestApp;
let w: TWorld;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp({ clock });
  w = await threadWorld(t);
});
afterAll(() => t.close());

describe('what a message may be', () => {
  it('answers 422 in our words: empty, too long, control characters, 6 photos, not a list, not an image by its bytes', async () => {
    const id = await w.accepted();
    const url = threadPath('order', 'customer', id);
    const png = dataUrl('image/png', PNG_BYTES);
    const cases: [unknown, string, string][] = [
      [{ body: '' }, 'body', TALK_MSG.body],
      [{ body: '   \n ' }, 'body', TALK_MSG.body],
      [{}, 'body', TALK_MSG.body],
      [{ body: 'x'.repeat(MESSAGE_MAX_LENGTH + 1) }, 'body', TALK_MSG.bodyLength],
      // NUL is refused for every JSON body before the route (http/clean-text.ts), in its words.
      [{ body: 'a\u0000b' }, 'body', PARSE_MSG.text],
      [{ body: 'bell\u0007' }, 'body', PARSE_MSG.text],
      [{ body: 12 }, 'body', TALK_MSG.body],
      [{ body: 'six', photos: Array(6).fill(png) }, 'photos', TALK_MSG.photoCount],
      [{ body: 'x', photos: 'data:image/png;base64,AA==' }, 'photos', TALK_MSG.photos],
      [{ body: 'x', photos: [12] }, 'photos.0', TALK_MSG.photos],
      // Claimed a PNG, the bytes are a web page: refused by content.
      [{ body: 'x', photos: [png, dataUrl('image/png', HTML_TEXT)] }, 'photos.1', MSG.imageType],
      [{ body: 'x', photos: [dataUrl('image/gif', PNG_BYTES)] }, 'photos.0', MSG.imageType],
    ];
    for (const [body, field, message] of cases) {
      const r = await postMessage(t, w.customer.token, url, body);
      expect(r.status, JSON.stringify(body).slice(0, 80)).toBe(422);
      expect(r.body.errors?.[field], JSON.stringify(r.body)).toContain(message);
    }
    // Exactly the limits pass; nothing was stored by the refusals.
    expect(
      (await postMessage(t, w.customer.token, url, { body: 'x'.repeat(MESSAGE_MAX_LENGTH) })).status,
    ).toBe(201);
    const five = await postMessage(t, w.customer.token, url, { photos: Array(5).fill(png) });
    expect(five.status).toBe(201);
    expect(five.body.data).toMatchObject({ body: '', photos: expect.any(Array) });
    expect(five.body.data.photos).toHaveLength(5);
    expect(await t.deps.db.select().from(messages).where(eq(messages.orderId, id))).toHaveLength(2);
  });

  it('keeps photos private: signed links only, the bytes checked and stripped of their metadata', async () => {
    const id = await w.accepted();
    const r = await postMessage(t, w.staff.token, threadPath('order', 'provider', id), {
      body: 'The damage before we started',
      photos: [dataUrl('image/png', pngWithMetadata()), dataUrl('image/jpeg', JPEG_BYTES)],
    });
    expect(r.status).toBe(201);
    const [png, jpg] = r.body.data.photos;
    expect(png).toMatch(/^\/api\/files\/messages\/[0-9a-f-]{36}\.png\?expires=\d+&sig=[\w-]+$/);
    expect(jpg).toMatch(/^\/api\/files\/messages\/[0-9a-f-]{36}\.jpg\?/);
    const got = await t.app.inject({ method: 'GET', url: png! });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.rawPayload.includes(Buffer.from('GPS'))).toBe(false);
    // The stored file sits in the private folder; /uploads never serves it.
    const name = png!.split('?')[0]!.split('/').pop()!;
    const onDisk = path.join(t.config.uploadsDir, 'messages', name);
    expect(existsSync(onDisk)).toBe(true);
    expect(readFileSync(onDisk).equals(got.rawPayload)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: `/uploads/messages/${name}` })).statusCode).toBe(404);
    // A forged or stale link is refused.
    expect(
      (await t.app.inject({ method: 'GET', url: png!.replace(/sig=[\w-]+/, 'sig=AAAA') })).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/files/messages/${name}` })).statusCode).toBe(403);
    // The other side's read signs its own links to the same file.
    const read = await readThread(t, w.customer.token, threadPath('order', 'customer', id));
    const again = read.body.data.at(-1)!.photos[0]!;
    expect((await t.app.inject({ method: 'GET', url: again })).statusCode).toBe(200);
    clock.advance(30 * 60_000);
    expect((await t.app.inject({ method: 'GET', url: png! })).statusCode).toBe(403);
  });
});

describe('when a thread takes a message', () => {
  it('keeps a closed order’s thread readable, and refuses posts 30 days after it closed', async () => {
    const closedAt = clock.now();
    const id = await w.order(ORDER_STATUS.completed, [
      { from: ORDER_STATUS.new, to: ORDER_STATUS.accepted, at: new Date(closedAt.getTime() - 3 * DAY) },
      { from: ORDER_STATUS.beingCompleted, to: ORDER_STATUS.completed, at: closedAt },
    ]);
    const url = threadPath('order', 'customer', id);
    expect((await postMessage(t, w.customer.token, url, { body: 'Thanks for the move!' })).status).toBe(201);
    clock.set(new Date(closedAt.getTime() + (THREAD_OPEN_DAYS_AFTER_CLOSE - 1) * DAY));
    expect(
      (await postMessage(t, w.staff.token, threadPath('order', 'provider', id), { body: 'Glad to help' }))
        .status,
    ).toBe(201);
    clock.set(new Date(closedAt.getTime() + THREAD_OPEN_DAYS_AFTER_CLOSE * DAY));
    for (const [token, side] of [
      [w.customer.token, 'customer'],
      [w.staff.token, 'provider'],
    ] as const) {
      const p = await postMessage(t, token, threadPath('order', side, id), { body: 'late' });
      expect(p.status).toBe(409);
      expect(p.body.message).toBe(TALK_MSG.closed);
      const r = await readThread(t, token, threadPath('order', side, id));
      expect(r.status).toBe(200);
      expect(r.body.data).toHaveLength(2);
      expect(r.body.meta).toMatchObject({ can_post: false, reason: TALK_MSG.closed });
    }
    clock.set(THREAD_CLOCK_START);
  });

  it('keeps a rejected order’s thread masked (it was never accepted) and a cancelled delivery’s open for 30 days', async () => {
    const rejected = await w.order(ORDER_STATUS.rejected, [
      { from: ORDER_STATUS.new, to: ORDER_STATUS.rejected, at: clock.now() },
    ]);
    const r = await postMessage(t, w.customer.token, threadPath('order', 'customer', rejected), {
      body: 'Why? Call me 213 555 0199',
    });
    expect(r.status).toBe(201);
    expect(r.body.data.body).not.toContain('555');
    const d = await w.delivery();
    const cancelledAt = new Date(clock.now().getTime() + 60_000);
    await t.deps.db
      .update(deliveries)
      .set({ status: DELIVERY_STATUS.customerCancelled, updatedAt: cancelledAt })
      .where(eq(deliveries.id, d));
    await t.deps.db.insert(deliveryHistory).values({
      deliveryId: d,
      actorParty: 'customer',
      action: 'cancel',
      fromStatus: DELIVERY_STATUS.accepted,
      toStatus: DELIVERY_STATUS.customerCancelled,
      createdAt: cancelledAt,
    });
    expect(
      (
        await postMessage(t, w.labor.token, threadPath('delivery', 'provider', d), {
          body: 'Sorry to see it go',
        })
      ).status,
    ).toBe(201);
    clock.set(new Date(cancelledAt.getTime() + THREAD_OPEN_DAYS_AFTER_CLOSE * DAY));
    const late = await postMessage(t, w.customer.token, threadPath('delivery', 'customer', d), {
      body: 'late',
    });
    expect([late.status, late.body.message]).toEqual([409, TALK_MSG.closed]);
    expect(
      (await readThread(t, w.labor.token, threadPath('delivery', 'provider', d))).body.data,
    ).toHaveLength(1);
    clock.set(THREAD_CLOCK_START);
  });

  it('limits posting per user: 30 a minute, another user unaffected', async () => {
    const id = await w.accepted();
    const chatty = await createUser(t.deps.db, { role: 'staff', companyId: w.company.id });
    const token = await tokenFor(t.deps.db, chatty.id);
    const url = threadPath('order', 'provider', id);
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await postMessage(t, token, url, { body: `n${i}` })).status);
    expect(statuses.slice(0, 30).every((s) => s === 201)).toBe(true);
    const limited = await postMessage(t, token, url, { body: 'again' });
    expect(limited.status).toBe(429);
    expect(limited.body.message).toBe(MSG.tooManyRequests);
    expect((await postMessage(t, w.staff2.token, url, { body: 'me too' })).status).toBe(201);
    // Reading is not limited by it.
    expect((await call(t.app, 'GET', url, { token })).status).toBe(200);
  });
});
