import { ORDER_STATUS } from '@haulpro/shared/order';
import { DIGEST_AFTER_MINUTES, DIGEST_EVERY_MINUTES, MASKED_CONTACT } from '@haulpro/shared/talk';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { laborProfiles, sentReminders, users } from '../src/db/schema.ts';
import { runMessageDigests } from '../src/jobs/message-digests.ts';
import { mailsTo } from './helpers/outbox.ts';
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
 * The unread-message digest (issue 29, decision 031): a message unread for 10 minutes is e-mailed
 * to its recipients, once per thread and recipient an hour at most, never once read, and never to
 * a helper who switched delivery-update e-mails off; two schedulers (two API processes on one
 * database) send it once.
 */

const clock = createTestClock(THREAD_CLOCK_START);
let t: TTestApp;
let t2: TTestApp;
let w: TWorld;
const MIN = 60_000;

beforeAll(async () => {
  t = await createTestApp({ clock });
  // A second API process on the same database, with the same clock.
  t2 = await createTestApp({ clock, database: t.database });
  w = await threadWorld(t);
});
afterAll(async () => {
  await t2.close();
  await t.close();
});

const at = (start: Date, minutes: number) => clock.set(new Date(start.getTime() + minutes * MIN));
const digestsOf = async (email: string, job: string) =>
  (await mailsTo(t.deps.db, email)).filter((m) => m.subject.endsWith(`about ${job}`));
const runBoth = () =>
  Promise.all([runMessageDigests(t.services), runMessageDigests(t2.services), runMessageDigests(t.services)]);
const emailOf = async (id: number) =>
  (await t.deps.db.select({ email: users.email }).from(users).where(eq(users.id, id)))[0]!.email;

describe('the unread-message digest', () => {
  it('mails every staff member once at 10 minutes, once an hour at most, and not after a read', async () => {
    const start = clock.now();
    const id = await w.accepted();
    const job = `order #${id}`;
    await postMessage(t, w.customer.token, threadPath('order', 'customer', id), {
      body: 'The elevator is booked until 10.',
      photos: [dataUrl('image/png', PNG_BYTES), dataUrl('image/png', PNG_BYTES)],
    });
    at(start, DIGEST_AFTER_MINUTES - 1);
    await runBoth();
    expect(await digestsOf(w.staff.email, job)).toHaveLength(0);

    at(start, DIGEST_AFTER_MINUTES);
    await runBoth();
    for (const s of [w.staff, w.staff2]) {
      const mails = await digestsOf(s.email, job);
      expect(mails, s.email).toHaveLength(1);
      expect(mails[0]!.subject).toBe(`A new message from Cora C. about ${job}`);
      expect(mails[0]!.text).toContain('“The elevator is booked until 10.” (2 photos)');
      expect(mails[0]!.text).toContain(`http://haulpro.test/orders?order_id=${id}&thread=order:${id}`);
    }
    // Nothing to the customer (they sent it) nor to another company.
    expect(await digestsOf(w.customer.email, job)).toHaveLength(0);
    expect(await digestsOf(w.otherStaff.email, job)).toHaveLength(0);

    // A new message within the hour: no second digest yet.
    at(start, 20);
    await postMessage(t, w.customer.token, threadPath('order', 'customer', id), {
      body: 'Also: parking on 5th.',
    });
    at(start, 40);
    await runBoth();
    expect(await digestsOf(w.staff.email, job)).toHaveLength(1);

    // An hour after the first, still unread: one more, with both messages.
    at(start, DIGEST_AFTER_MINUTES + DIGEST_EVERY_MINUTES + 1);
    await runBoth();
    const again = await digestsOf(w.staff.email, job);
    expect(again).toHaveLength(2);
    expect(again[0]!.subject).toBe(`2 new messages from Cora C. about ${job}`);
    expect(again[0]!.text).toContain('Also: parking on 5th.');

    // Read by a staff member: never again, however long it waits.
    await readThread(t, w.staff2.token, threadPath('order', 'provider', id));
    at(start, 10 * 60);
    await runBoth();
    expect(await digestsOf(w.staff.email, job)).toHaveLength(2);
    expect(await digestsOf(w.staff2.email, job)).toHaveLength(2);
    clock.set(start);
  });

  it('mails the customer what the provider wrote, masked as stored before acceptance', async () => {
    const start = clock.now();
    const id = await w.order(ORDER_STATUS.new);
    const job = `order #${id}`;
    await postMessage(t, w.staff.token, threadPath('order', 'provider', id), {
      body: 'Call us at 213-555-0100',
    });
    at(start, DIGEST_AFTER_MINUTES);
    await runBoth();
    const [mail, ...more] = await digestsOf(w.customer.email, job);
    expect(more).toHaveLength(0);
    expect(mail!.subject).toBe(`A new message from Covering LA about ${job}`);
    expect(mail!.text).toContain(`“Call us at ${MASKED_CONTACT}”`);
    expect(mail!.text).not.toContain('555');
    expect(mail!.text).toContain(`http://haulpro.test/user-dashboard?order_id=${id}&thread=order:${id}`);
    expect(await digestsOf(w.staff.email, job)).toHaveLength(0);
    clock.set(start);
  });

  it('honours the helper’s delivery-update e-mails: none when off, one when on', async () => {
    const start = clock.now();
    const laborEmail = await emailOf(w.labor.id);
    const d = await w.delivery(w.labor.token);
    const job = `delivery #${d}`;
    await t.deps.db
      .update(laborProfiles)
      .set({ mailDeliveryUpdates: false })
      .where(eq(laborProfiles.userId, w.labor.id));
    await postMessage(t, w.customer.token, threadPath('delivery', 'customer', d), {
      body: 'Side door please',
    });
    at(start, DIGEST_AFTER_MINUTES);
    await runBoth();
    expect(await digestsOf(laborEmail, job)).toHaveLength(0);
    expect(
      await t.deps.db
        .select()
        .from(sentReminders)
        .where(eq(sentReminders.ref, `delivery:${d}`)),
    ).toHaveLength(0);

    await t.deps.db
      .update(laborProfiles)
      .set({ mailDeliveryUpdates: true })
      .where(eq(laborProfiles.userId, w.labor.id));
    at(start, DIGEST_AFTER_MINUTES + 1);
    await runBoth();
    const mails = await digestsOf(laborEmail, job);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`http://haulpro.test/deliveries?delivery_id=${d}&thread=delivery:${d}`);
    clock.set(start);
  });
});
