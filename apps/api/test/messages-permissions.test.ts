import { ORDER_STATUS } from '@haulpro/shared/order';
import { TALK_MSG } from '@haulpro/shared/talk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payoutSubmissions } from '../src/db/schema.ts';
import { call } from './helpers/http.ts';
import { createTestApp, createTestClock, type TTestApp } from './helpers/test-app.ts';
import {
  postMessage,
  readThread,
  THREAD_CLOCK_START,
  type TWorld,
  threadPath,
  threadWorld,
} from './helpers/threads.ts';
import { dataUrl, PNG_BYTES } from './helpers/upload-fixtures.ts';

/*
 * The permission matrix of the threads (issue 29): every route x every kind of caller. Only the
 * two sides of a job read and post its thread, the admin reads two of them; anyone else gets the
 * same 404 as for an unknown id (or 403 on the admin's routes, 401 without a token), and no
 * answer to a non-party carries a word of the thread.
 */

const clock = createTestClock(THREAD_CLOCK_START);
let t: TTestApp;
let w: TWorld;
const SECRET = 'gate code 4821, the piano is in the basement';

type TCaller =
  | 'owner'
  | 'otherCustomer'
  | 'staff'
  | 'otherStaff'
  | 'labor'
  | 'otherLabor'
  | 'admin'
  | 'anonymous';
const CALLERS: TCaller[] = [
  'owner',
  'otherCustomer',
  'staff',
  'otherStaff',
  'labor',
  'otherLabor',
  'admin',
  'anonymous',
];
const tokenOf = (c: TCaller): string | undefined =>
  ({
    owner: w.customer.token,
    otherCustomer: w.otherCustomer.token,
    staff: w.staff.token,
    otherStaff: w.otherStaff.token,
    labor: w.labor.token,
    otherLabor: w.otherLabor.token,
    admin: w.admin.token,
    anonymous: undefined,
  })[c];

let order: number;
let laborDelivery: number;
let companyDelivery: number;
let openDelivery: number;
let payout: number;

beforeAll(async () => {
  t = await createTestApp({ clock });
  w = await threadWorld(t);
  order = await w.accepted();
  laborDelivery = await w.delivery(w.labor.token);
  companyDelivery = await w.delivery(w.staff.token);
  openDelivery = await w.delivery(null);
  for (const [kind, id, provider] of [
    ['order', order, w.staff.token],
    ['delivery', laborDelivery, w.labor.token],
    ['delivery', companyDelivery, w.staff.token],
  ] as const) {
    expect(
      (await postMessage(t, w.customer.token, threadPath(kind, 'customer', id), { body: SECRET })).status,
    ).toBe(201);
    expect(
      (
        await postMessage(t, provider, threadPath(kind, 'provider', id), {
          body: SECRET,
          photos: [dataUrl('image/png', PNG_BYTES)],
        })
      ).status,
    ).toBe(201);
  }
  const [p] = await t.deps.db
    .insert(payoutSubmissions)
    .values({ deliveryId: laborDelivery, submittedBy: w.labor.id, files: [] })
    .returning();
  payout = p!.id;
});
afterAll(() => t.close());

/** Who may use each thread path: everyone else gets 404 (401 without a token). */
function allowed(
  path: 'customer' | 'provider',
  job: 'order' | 'laborDelivery' | 'companyDelivery' | 'openDelivery',
): TCaller[] {
  if (path === 'customer') return ['owner'];
  if (job === 'order' || job === 'companyDelivery') return ['staff'];
  if (job === 'laborDelivery') return ['labor'];
  return [];
}

describe('the threads’ permission matrix', () => {
  const jobs = ['order', 'laborDelivery', 'companyDelivery', 'openDelivery'] as const;
  for (const job of jobs)
    for (const path of ['customer', 'provider'] as const)
      it(`${job}, the ${path}'s path: GET and POST by every caller`, async () => {
        const kind = job === 'order' ? 'order' : 'delivery';
        const id = { order, laborDelivery, companyDelivery, openDelivery }[job];
        const url = threadPath(kind, path, id);
        const ok = allowed(path, job);
        const leaks: string[] = [];
        for (const c of CALLERS) {
          const token = tokenOf(c);
          const get = await call<{ data: unknown }>(t.app, 'GET', url, token ? { token } : {});
          const post = await call(t.app, 'POST', url, {
            ...(token ? { token } : {}),
            body: { body: 'hello' },
          });
          const expected = c === 'anonymous' ? 401 : ok.includes(c) ? null : 404;
          if (expected === null) {
            expect(get.status, `${c} GET`).toBe(200);
            // The open delivery's customer: the thread is not open yet.
            expect(post.status, `${c} POST`).toBe(job === 'openDelivery' ? 409 : 201);
          } else {
            expect([get.status, post.status], `${c} ${url}`).toEqual([expected, expected]);
            for (const r of [get, post])
              if (JSON.stringify(r.body).includes('piano')) leaks.push(`${c} ${url}`);
          }
        }
        expect(leaks).toEqual([]);
      });

  it('answers 404 for an unknown job on every path, to every party', async () => {
    for (const kind of ['order', 'delivery'] as const)
      for (const path of ['customer', 'provider'] as const)
        for (const c of CALLERS.filter((x) => x !== 'anonymous')) {
          const token = tokenOf(c)!;
          expect((await readThread(t, token, threadPath(kind, path, 999_999))).status).toBe(404);
          expect((await postMessage(t, token, threadPath(kind, path, 999_999), { body: 'x' })).status).toBe(
            404,
          );
        }
  });

  it('lets only the admin read the payout’s and the order’s thread, read-only and without marking anything read', async () => {
    const fresh = await w.accepted();
    await postMessage(t, w.customer.token, threadPath('order', 'customer', fresh), {
      body: 'unread by staff',
    });
    for (const url of [`/api/admin/payouts/${payout}/messages`, `/api/admin/orders/${fresh}/messages`]) {
      for (const c of CALLERS) {
        const token = tokenOf(c);
        const r = await call<{ data: { body: string; mine: boolean }[]; meta: Record<string, unknown> }>(
          t.app,
          'GET',
          url,
          token ? { token } : {},
        );
        if (c === 'admin') {
          expect(r.status).toBe(200);
          expect(r.body.meta).toMatchObject({ can_post: false, reason: TALK_MSG.readOnly });
          expect(r.body.data.length).toBeGreaterThan(0);
          expect(r.body.data.every((m) => !m.mine)).toBe(true);
        } else {
          expect(r.status, `${c} ${url}`).toBe(c === 'anonymous' ? 401 : 403);
          expect(JSON.stringify(r.body)).not.toContain('piano');
        }
      }
      // No POST on the admin's routes.
      expect((await call(t.app, 'POST', url, { token: w.admin.token, body: { body: 'x' } })).status).toBe(
        404,
      );
    }
    const adminRead = await call<{
      data: { body: string; read_at: string | null }[];
      meta: { unread_count: number };
    }>(t.app, 'GET', `/api/admin/orders/${fresh}/messages`, { token: w.admin.token });
    expect(adminRead.body.meta.unread_count).toBe(1);
    expect(adminRead.body.data[0]).toMatchObject({ body: 'unread by staff', read_at: null });
    // Still unread for the staff after the admin's reads.
    expect(
      (await readThread(t, w.staff.token, threadPath('order', 'provider', fresh))).body.meta.unread_count,
    ).toBe(1);
    const payoutThread = await call<{ data: { body: string; photos: string[] }[] }>(
      t.app,
      'GET',
      `/api/admin/payouts/${payout}/messages`,
      {
        token: w.admin.token,
      },
    );
    expect(payoutThread.body.data.map((m) => m.body).slice(0, 2)).toEqual([SECRET, SECRET]);
    expect(payoutThread.body.data[1]!.photos).toHaveLength(1);
    expect(
      (await call(t.app, 'GET', '/api/admin/payouts/999999/messages', { token: w.admin.token })).status,
    ).toBe(404);
    expect(
      (await call(t.app, 'GET', '/api/admin/orders/999999/messages', { token: w.admin.token })).status,
    ).toBe(404);
  });

  it('opens an order’s thread at New, not while it waits for payment', async () => {
    const waiting = await w.order(ORDER_STATUS.waitingForPayment);
    const r = await readThread(t, w.customer.token, threadPath('order', 'customer', waiting));
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual([]);
    expect(r.body.meta).toMatchObject({
      can_post: false,
      reason: TALK_MSG.notOpen,
      unread_count: 0,
      total: 0,
    });
    for (const [token, side] of [
      [w.customer.token, 'customer'],
      [w.staff.token, 'provider'],
    ] as const) {
      const p = await postMessage(t, token, threadPath('order', side, waiting), { body: 'hi' });
      expect(p.status).toBe(409);
      expect(p.body.message).toBe(TALK_MSG.notOpen);
    }
    // Cancelled while it waited for payment: the thread never opened.
    const unpaid = await w.order(ORDER_STATUS.cancelled, [
      { from: ORDER_STATUS.waitingForPayment, to: ORDER_STATUS.cancelled, at: clock.now() },
    ]);
    const u = await postMessage(t, w.customer.token, threadPath('order', 'customer', unpaid), { body: 'hi' });
    expect([u.status, u.body.message]).toEqual([409, TALK_MSG.notOpen]);
    const open = await readThread(t, w.customer.token, threadPath('delivery', 'customer', openDelivery));
    expect(open.body.meta).toMatchObject({ can_post: false, reason: TALK_MSG.notOpen });
    const p = await postMessage(t, w.customer.token, threadPath('delivery', 'customer', openDelivery), {
      body: 'hi',
    });
    expect(p.body.message).toBe(TALK_MSG.notOpen);
  });

  it('starts a delivery’s thread afresh when its acceptor gives it back: the next acceptor never reads the first one', async () => {
    const d = await w.delivery(w.labor.token);
    await postMessage(t, w.customer.token, threadPath('delivery', 'customer', d), { body: SECRET });
    await postMessage(t, w.labor.token, threadPath('delivery', 'provider', d), {
      body: 'my cell is 213-555-0142',
    });
    clock.advance(60_000);
    const back = await call(t.app, 'POST', `/api/dashboard/deliveries/${d}/cancel`, {
      token: w.labor.token,
      body: { reason: 'My truck broke down this morning, sorry about that.' },
    });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    // Given back: closed to the first helper, not open for the customer until someone accepts.
    expect((await readThread(t, w.labor.token, threadPath('delivery', 'provider', d))).status).toBe(404);
    const waiting = await readThread(t, w.customer.token, threadPath('delivery', 'customer', d));
    expect(waiting.body.meta).toMatchObject({ can_post: false, reason: TALK_MSG.notOpen, total: 0 });
    expect(
      (
        await call<{ data: { total: number; threads: { delivery_id: number | null }[] } }>(
          t.app,
          'GET',
          '/api/dashboard/messages/unread',
          { token: w.customer.token },
        )
      ).body.data.threads.some((x) => x.delivery_id === d),
    ).toBe(false);

    clock.advance(60_000);
    const again = await call(t.app, 'POST', `/api/dashboard/deliveries/${d}/accept`, {
      token: w.otherLabor.token,
    });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    const fresh = await readThread(t, w.otherLabor.token, threadPath('delivery', 'provider', d));
    expect(fresh.status).toBe(200);
    expect(fresh.body.data).toEqual([]);
    expect(fresh.body.meta.unread_count).toBe(0);
    expect(
      (await postMessage(t, w.otherLabor.token, threadPath('delivery', 'provider', d), { body: 'On it' }))
        .status,
    ).toBe(201);
    const customerView = await readThread(t, w.customer.token, threadPath('delivery', 'customer', d));
    expect(customerView.body.data.map((m) => [m.body, m.sender.name])).toEqual([['On it', 'Omar H.']]);
  });
});
