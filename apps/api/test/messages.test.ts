import { ORDER_STATUS } from '@haulpro/shared/order';
import {
  MASKED_CONTACT,
  TALK_MSG,
  THREAD_PAGE_SIZE,
  type TUnreadThreads,
  ZThreadMessage,
  ZUnreadThreads,
} from '@haulpro/shared/talk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

/*
 * A job's thread (issue 29, decision 031): the contract field by field, paging, read marks,
 * unread counts, and contact details masked before the job is accepted.
 */

const clock = createTestClock(THREAD_CLOCK_START);
let t: TTestApp;
let w: TWorld;

beforeAll(async () => {
  t = await createTestApp({ clock });
  w = await threadWorld(t);
});
afterAll(() => t.close());

const unread = async (token: string) =>
  (await call<{ data: TUnreadThreads }>(t.app, 'GET', '/api/dashboard/messages/unread', { token })).body.data;

describe('a thread on an order', () => {
  it('answers the contract: POST 201 with the message, GET the page newest last with the thread state', async () => {
    const id = await w.accepted();
    const cust = threadPath('order', 'customer', id);
    const prov = threadPath('order', 'provider', id);
    const first = await postMessage(t, w.customer.token, cust, {
      body: '  The elevator is booked until 10.  ',
    });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(ZThreadMessage.strict().parse(first.body.data)).toEqual({
      id: expect.any(Number),
      body: 'The elevator is booked until 10.',
      photos: [],
      sender: { name: 'Cora C.', side: 'customer' },
      mine: true,
      created_at: THREAD_CLOCK_START.toISOString(),
      read_at: null,
    });
    clock.advance(60_000);
    const reply = await postMessage(t, w.staff.token, prov, { body: 'Noted, we arrive at 8.' });
    expect(reply.status).toBe(201);
    expect(reply.body.data.sender).toEqual({ name: 'Covering LA', side: 'provider' });

    // The staff reads: the customer's message was unread (1), and is read now.
    clock.advance(60_000);
    const seen = await readThread(t, w.staff.token, prov);
    expect(seen.status).toBe(200);
    expect(seen.body.meta).toEqual({
      current_page: 1,
      last_page: 1,
      per_page: THREAD_PAGE_SIZE,
      total: 2,
      can_post: true,
      reason: null,
      masked: false,
      unread_count: 1,
    });
    expect(seen.body.data.map((m) => [m.body, m.mine, m.sender.side])).toEqual([
      ['The elevator is booked until 10.', false, 'customer'],
      ['Noted, we arrive at 8.', true, 'provider'],
    ]);
    expect(seen.body.data[0]!.read_at).toBe(clock.now().toISOString());
    expect(seen.body.data[1]!.read_at).toBeNull();
    // Read again: nothing new.
    expect((await readThread(t, w.staff.token, prov)).body.meta.unread_count).toBe(0);

    // The customer reads the reply.
    const c = await readThread(t, w.customer.token, cust);
    expect(c.body.meta.unread_count).toBe(1);
    expect(c.body.data.map((m) => m.mine)).toEqual([true, false]);
    expect(c.body.data[1]!.read_at).toBe(clock.now().toISOString());
  });

  it('any staff member of the company reading marks the customer’s messages read for all of them', async () => {
    const id = await w.accepted();
    await postMessage(t, w.customer.token, threadPath('order', 'customer', id), { body: 'Hello?' });
    expect((await unread(w.staff.token)).threads).toContainEqual({
      order_id: id,
      delivery_id: null,
      unread: 1,
    });
    expect(
      (await readThread(t, w.staff2.token, threadPath('order', 'provider', id))).body.meta.unread_count,
    ).toBe(1);
    expect((await unread(w.staff.token)).threads.find((x) => x.order_id === id)).toBeUndefined();
    expect(
      (await readThread(t, w.staff.token, threadPath('order', 'provider', id))).body.meta.unread_count,
    ).toBe(0);
  });

  it('pages from the newest: page 1 the newest 30 oldest first, page 2 the ones before', async () => {
    const id = await w.accepted();
    const path = threadPath('order', 'customer', id);
    for (let i = 1; i <= THREAD_PAGE_SIZE + 5; i++) {
      const r = await postMessage(
        t,
        i % 2 ? w.customer.token : w.staff.token,
        i % 2 ? path : threadPath('order', 'provider', id),
        {
          body: `m${i}`,
        },
      );
      expect(r.status).toBe(201);
    }
    const p1 = await readThread(t, w.customer.token, path);
    expect(p1.body.meta).toMatchObject({ current_page: 1, last_page: 2, total: THREAD_PAGE_SIZE + 5 });
    expect(p1.body.data.map((m) => m.body)).toEqual(
      Array.from({ length: THREAD_PAGE_SIZE }, (_, i) => `m${i + 6}`),
    );
    const p2 = await readThread(t, w.customer.token, path, 2);
    expect(p2.body.meta.current_page).toBe(2);
    expect(p2.body.data.map((m) => m.body)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5']);
    expect((await readThread(t, w.customer.token, path, 3)).body.data).toEqual([]);
    for (const bad of ['0', '-1', 'x', '1.5', '0x1']) {
      const r = await call(t.app, 'GET', `${path}?page=${bad}`, { token: w.customer.token });
      expect(r.status).toBe(422);
      expect(r.body.message).toBe(TALK_MSG.page);
    }
  });
});

describe('contact details before acceptance', () => {
  it('masks a phone number and an e-mail address typed while the order is New, as stored', async () => {
    const id = await w.order(ORDER_STATUS.new);
    const text =
      'Call me at (213) 555-0199 or write to cora.c@example.com. We live at 4100 Main St, 3 boxes for $40.';
    const r = await postMessage(t, w.customer.token, threadPath('order', 'customer', id), { body: text });
    expect(r.status).toBe(201);
    expect(r.body.data.body).toBe(
      `Call me at ${MASKED_CONTACT} or write to ${MASKED_CONTACT}. We live at 4100 Main St, 3 boxes for $40.`,
    );
    const staffRead = await readThread(t, w.staff.token, threadPath('order', 'provider', id));
    expect(staffRead.body.meta).toMatchObject({ masked: true, can_post: true });
    expect(staffRead.body.data[0]!.body).not.toContain('555');
    expect(staffRead.body.data[0]!.body).not.toContain('example.com');
    const fromStaff = await postMessage(t, w.staff.token, threadPath('order', 'provider', id), {
      body: 'Our office: 213-555-0100, office@movers.example',
    });
    expect(fromStaff.body.data.body).toBe(`Our office: ${MASKED_CONTACT}, ${MASKED_CONTACT}`);
  });

  it('keeps them once the job is accepted (an order, a delivery)', async () => {
    const id = await w.accepted();
    const text = 'My cell is 213-555-0199, email cora.c@example.com';
    const r = await postMessage(t, w.customer.token, threadPath('order', 'customer', id), { body: text });
    expect(r.body.data.body).toBe(text);
    expect(
      (await readThread(t, w.customer.token, threadPath('order', 'customer', id))).body.meta.masked,
    ).toBe(false);
    const d = await w.delivery();
    const rd = await postMessage(t, w.labor.token, threadPath('delivery', 'provider', d), { body: text });
    expect(rd.status).toBe(201);
    expect(rd.body.data.body).toBe(text);
    expect(rd.body.data.sender).toEqual({ name: 'Lena H.', side: 'provider' });
  });
});

describe('unread counts', () => {
  it('counts the other side’s unread messages per thread for the customer, the staff and the helper', async () => {
    const o = await w.accepted();
    const d = await w.delivery();
    const dc = await w.delivery(w.staff.token);
    const before = await unread(w.customer.token);
    await postMessage(t, w.staff.token, threadPath('order', 'provider', o), { body: 'a' });
    await postMessage(t, w.staff.token, threadPath('order', 'provider', o), { body: 'b' });
    await postMessage(t, w.labor.token, threadPath('delivery', 'provider', d), { body: 'c' });
    await postMessage(t, w.staff2.token, threadPath('delivery', 'provider', dc), {
      body: 'from the company',
    });
    const after = ZUnreadThreads.parse(await unread(w.customer.token));
    expect(after.total - before.total).toBe(4);
    expect(after.threads).toEqual(
      expect.arrayContaining([
        { order_id: o, delivery_id: null, unread: 2 },
        { order_id: null, delivery_id: d, unread: 1 },
        { order_id: null, delivery_id: dc, unread: 1 },
      ]),
    );
    // The customer's own messages count for the other side only.
    await postMessage(t, w.customer.token, threadPath('delivery', 'customer', d), { body: 'thanks' });
    await postMessage(t, w.customer.token, threadPath('delivery', 'customer', dc), { body: 'thanks' });
    expect((await unread(w.labor.token)).threads).toContainEqual({
      order_id: null,
      delivery_id: d,
      unread: 1,
    });
    expect((await unread(w.labor.token)).threads.find((x) => x.delivery_id === dc)).toBeUndefined();
    expect((await unread(w.staff.token)).threads).toContainEqual({
      order_id: null,
      delivery_id: dc,
      unread: 1,
    });
    expect((await unread(w.otherStaff.token)).total).toBe(0);
    expect((await unread(w.otherLabor.token)).total).toBe(0);
    expect((await unread(w.otherCustomer.token)).total).toBe(0);
    expect(await unread(w.admin.token)).toEqual({ total: 0, threads: [] });
    // Reading clears the thread's count only.
    await readThread(t, w.customer.token, threadPath('order', 'customer', o));
    const cleared = await unread(w.customer.token);
    expect(cleared.threads.find((x) => x.order_id === o)).toBeUndefined();
    expect(cleared.threads).toContainEqual({ order_id: null, delivery_id: d, unread: 1 });
    expect((await call(t.app, 'GET', '/api/dashboard/messages/unread')).status).toBe(401);
  });
});
