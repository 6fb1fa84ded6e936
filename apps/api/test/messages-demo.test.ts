import { ORDER_STATUS, ORDER_STATUS_LABELS } from '@haulpro/shared/order';
import type { TUnreadThreads } from '@haulpro/shared/talk';
import { eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, users } from '../src/db/schema.ts';
import { DEMO_ACCOUNTS, seedDemoIfEmpty } from '../src/db/seed/demo.ts';
import { call } from './helpers/http.ts';
import { tokenFor } from './helpers/sessions.ts';
import { createTestApp, type TTestApp } from './helpers/test-app.ts';
import { readThread, threadPath } from './helpers/threads.ts';

/*
 * The talk demo (README, issue 29): a thread on an active order of the demo customer with Demo
 * Movers, both ways, with a photo, and the customer's latest message unread by the staff; a short
 * thread on a delivery the demo helper accepted.
 */

let t: TTestApp;
const token = async (email: string) => {
  const [u] = await t.deps.db.select().from(users).where(eq(users.email, email));
  return tokenFor(t.deps.db, u!.id);
};
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoIfEmpty(t.deps.db, t.deps.storage);
});
afterAll(() => t.close());

describe('the talk demo', () => {
  it('has an unread message for the staff on an active order, in a thread both ways with a photo', async () => {
    const staff = await token(DEMO_ACCOUNTS.staff);
    const customer = await token(DEMO_ACCOUNTS.customer);
    const unread = await call<{ data: TUnreadThreads }>(t.app, 'GET', '/api/dashboard/messages/unread', {
      token: staff,
    });
    expect(unread.status).toBe(200);
    const thread = unread.body.data.threads.find((x) => x.order_id !== null);
    expect(thread?.unread).toBe(1);
    const orderId = thread!.order_id!;
    const order = await call<{ data: { status: string } }>(t.app, 'GET', `/api/dashboard/orders/${orderId}`, {
      token: staff,
    });
    expect(order.body.data.status).toBe(ORDER_STATUS_LABELS[ORDER_STATUS.accepted]);

    const c = await readThread(t, customer, threadPath('order', 'customer', orderId));
    expect(c.status).toBe(200);
    expect(c.body.meta).toMatchObject({ can_post: true, masked: false, total: 5 });
    expect(new Set(c.body.data.map((m) => m.sender.side))).toEqual(new Set(['customer', 'provider']));
    const last = c.body.data.at(-1)!;
    expect(last).toMatchObject({ mine: true, read_at: null, sender: { name: 'Casey C.', side: 'customer' } });
    const photo = c.body.data.flatMap((m) => m.photos)[0];
    expect(photo).toMatch(/^\/api\/files\/messages\//);
    const img = await t.app.inject({ method: 'GET', url: photo! });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');

    // The staff's read marks it read.
    const s = await readThread(t, staff, threadPath('order', 'provider', orderId));
    expect(s.body.meta.unread_count).toBe(1);
    expect(s.body.data.at(-1)!.read_at).not.toBeNull();
  });

  it('has a short thread on a delivery the demo helper accepted', async () => {
    const labor = await token(DEMO_ACCOUNTS.labor);
    const customer = await token(DEMO_ACCOUNTS.customer);
    const [m] = await t.deps.db
      .select({ deliveryId: messages.deliveryId })
      .from(messages)
      .where(isNotNull(messages.deliveryId))
      .limit(1);
    const id = m!.deliveryId!;
    const l = await readThread(t, labor, threadPath('delivery', 'provider', id));
    expect(l.status).toBe(200);
    expect(l.body.data.map((m) => m.sender.side)).toEqual(['customer', 'provider']);
    expect(l.body.data[1]!.sender.name).toMatch(/^\S+ [A-Z]\.$/);
    expect((await readThread(t, customer, threadPath('delivery', 'customer', id))).body.meta.can_post).toBe(
      true,
    );
  });
});
