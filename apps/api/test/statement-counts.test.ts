/**
 * Statements per request on the busiest writes (issue 30), so the work cannot creep back: an
 * accept is one locking read that brings the view's context, one conditional update writing its
 * history row in the same statement, and its notices; its answer is built from what it read and
 * wrote. A company's staff get their notices and mails in one statement each.
 * The session is cached and survives writes that do not touch users or sessions.
 */
import { ORDER_STATUS } from '@haulpro/shared/order';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { laborProfiles, notifications, outbox, payouts } from '../src/db/schema.ts';
import { createBranchAtZip, createCompany, createUser } from '../src/db/seed/factories.ts';
import { addServicePrices } from '../src/db/seed/marketplace.ts';
import { createOrder } from '../src/db/seed/order-factory.ts';
import { PRICING_TABLES } from '../src/modules/booking/branch-pricing.ts';
import { notifyIf } from '../src/modules/notifications/notifications.service.ts';
import { updateOrderIf } from '../src/modules/orders/orders.repository.ts';
import { bookingBody } from './helpers/booking-body.ts';
import { call } from './helpers/http.ts';
import { bookDelivery } from './helpers/move-day-deliveries.ts';
import { tokenFor } from './helpers/sessions.ts';
import { addTeam } from './helpers/team.ts';
import { createTestApp, createTestClock, type TTestApp } from './helpers/test-app.ts';

// Monday 2026-11-23, 10:00 in Los Angeles.
const clock = createTestClock(new Date('2026-11-23T18:00:00Z'));
const STAFF = 4;
let t: TTestApp;
let log: string[] | null = null;
let staff: string;
let customer: string;
let labor: string;
let companyId: number;
let branchId: number;
let teamed: number;
let customerId: number;

beforeAll(async () => {
  t = await createTestApp({ clock, onQuery: (q) => log?.push(q) });
  const db = t.deps.db;
  companyId = (await createCompany(db, { name: 'Counts Co' })).id;
  branchId = (await createBranchAtZip(db, '90001', { companyId, name: 'Counts Main', isMain: true })).id;
  await addServicePrices(db, branchId, { helpersOnly: [80, 120, 160], withTrucks: [130, 170, 230] });
  for (let i = 1; i < STAFF; i++) await createUser(db, { role: 'staff', companyId });
  staff = await tokenFor(db, (await createUser(db, { role: 'staff', companyId })).id);
  const c = await createUser(db, { role: 'customer' });
  customerId = c.id;
  customer = await tokenFor(db, c.id);
  const l = await createUser(db, { role: 'labor' });
  await db
    .insert(laborProfiles)
    .values({ userId: l.id, zipCode: '90011', latitude: 34.0073, longitude: -118.2587, serviceArea: 40 });
  labor = await tokenFor(db, l.id);
  // A branch with a team of two: its bookings are counted against it (decision 019).
  teamed = (await createBranchAtZip(db, '90002', { companyId, name: 'Counts Team' })).id;
  await addServicePrices(db, teamed, { helpersOnly: [80, 120, 160], withTrucks: [130, 170, 230] });
  await addTeam(db, teamed, companyId, ['Bo', 'Cy']);
  // Every caller's session is read once here, and cached from then on.
  for (const token of [staff, customer, labor])
    expect((await call(t.app, 'GET', '/api/dashboard/auth/check', { token })).status).toBe(200);
});
afterAll(() => t.close());

/**
 * The statements one request sent, and its answer. On PostgreSQL the client also sends `begin`
 * and `commit` (PGlite runs them itself): they are counted apart, as transactions.
 */
async function counted(run: () => ReturnType<typeof call>) {
  log = [];
  const r = await run();
  const all = log;
  log = null;
  const seen = all.filter((q) => !/^(begin|commit)$/i.test(q.trim()));
  const of = (pattern: RegExp) => seen.filter((q) => pattern.test(q)).length;
  const transactions = all.filter((q) => /^begin$/i.test(q.trim())).length;
  return { ...r, statements: seen, of, transactions };
}

const order = (status: (typeof ORDER_STATUS)[keyof typeof ORDER_STATUS], arrivalDate = '2026-11-25') =>
  createOrder(t.deps.db, {
    customerId,
    companyId,
    branchId,
    status,
    arrivalDate,
    responseDeadline: new Date('2026-11-24T18:00:00Z'),
  });

/** The customer's cash booking at a branch. */
const book = (branch: number, patch: Record<string, unknown>) =>
  call(t.app, 'POST', '/api/dashboard/customer/orders', {
    token: customer,
    body: bookingBody(branch, patch),
  });
/** The staff's notices of this title. */
const staffToldOf = (title: string) =>
  t.deps.db.select().from(notifications).where(eq(notifications.title, title));
/** The staff's notices of a customer's completion of this order. */
const staffToldOfCompletion = (o: { id: number; name: string }) =>
  staffToldOf(`${o.name} completed order #${o.id}`);

describe('statements per request', () => {
  it("a company's accept: two statements, the customer's notice in the step's own, and the session stays cached", async () => {
    const o = await order(ORDER_STATUS.new);
    expect((await call(t.app, 'GET', '/api/dashboard/auth/check', { token: staff })).status).toBe(200);
    const r = await counted(() =>
      call(t.app, 'POST', `/api/dashboard/orders/${o.id}/accept`, { token: staff, body: {} }),
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.statements, r.statements.join('\n')).toHaveLength(2);
    // No transaction: the step's one statement is all it writes, and its condition on the status
    // read is the guard (stepAlone). The read brings the view's context: no read after the write.
    expect(r.transactions).toBe(0);
    expect(r.of(/ for update of "orders"/)).toBe(0);
    // The conditional update, the customer's notice and the history row: one statement.
    expect(
      r.of(/with won as \(update "orders" .*insert into "notifications" .*insert into "order_history"/s),
    ).toBe(1);
    expect(r.of(/"sessions"/)).toBe(0);
    // The customer was told, once.
    const bell = await call<{ data: { data: { title: string; link: string } }[] }>(
      t.app,
      'GET',
      '/api/dashboard/notifications?page=1',
      { token: customer },
    );
    const told = bell.body.data.filter((n) => n.data.title === `The company accepted order #${o.id}`);
    expect(told).toHaveLength(1);
    expect(told[0]?.data.link).toBe(`/user-dashboard?order_id=${o.id}`);
    // The next request of the same staff, after that write, still needs no session read.
    const again = await counted(() => call(t.app, 'GET', `/api/dashboard/orders/${o.id}`, { token: staff }));
    expect(again.status).toBe(200);
    expect(again.of(/"sessions"/)).toBe(0);
    expect(again.statements).toHaveLength(1);
    // The answer built from the locked read is the order as read again.
    expect((r.body as { data: unknown }).data).toEqual((again.body as { data: unknown }).data);
  });

  it('a step that loses its race writes no notice: the notice is gated on the update winning', async () => {
    const o = await order(ORDER_STATUS.new);
    const won = await t.deps.db.transaction((tx) =>
      updateOrderIf(
        tx,
        o.id,
        // Not the order's status: another change won.
        ORDER_STATUS.accepted,
        undefined,
        { status: ORDER_STATUS.rejected },
        { actorUserId: null, actorParty: 'company', action: 'reject', toStatus: ORDER_STATUS.rejected },
        false,
        [(gate) => notifyIf(gate, customerId, { title: `Never told of #${o.id}` })],
      ),
    );
    expect(won).toBe(false);
    const rows = await t.deps.db
      .select()
      .from(notifications)
      .where(eq(notifications.title, `Never told of #${o.id}`));
    expect(rows).toEqual([]);
  });

  it('accepts racing on the read without a lock: one wins, every other answers as a later accept would', async () => {
    const o = await order(ORDER_STATUS.new);
    const all = await Promise.all(
      Array.from({ length: 6 }, () =>
        call<{ message: string }>(t.app, 'POST', `/api/dashboard/orders/${o.id}/accept`, {
          token: staff,
          body: {},
        }),
      ),
    );
    expect(all.filter((r) => r.status === 200)).toHaveLength(1);
    const later = await call<{ message: string }>(t.app, 'POST', `/api/dashboard/orders/${o.id}/accept`, {
      token: staff,
      body: {},
    });
    expect(later.status).toBe(409);
    // A loser of the unlocked race steps again under the lock: the machine's refusal, never "stale".
    for (const r of all.filter((x) => x.status !== 200)) {
      expect(r.status).toBe(409);
      expect(r.body.message).toBe(later.body.message);
    }
  });

  it("the customer's confirm without a tip: 3 statements and no transaction, the staff's notices, the ledger's row and a referrer's credit in the step's own", async () => {
    const o = await order(ORDER_STATUS.beingCompleted, '2026-11-22');
    expect((await call(t.app, 'GET', '/api/dashboard/auth/check', { token: customer })).status).toBe(200);
    const r = await counted(() =>
      call(t.app, 'POST', `/api/dashboard/customer/orders/${o.id}/complete`, {
        token: customer,
        body: { tip: 0 },
      }),
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    // The move day's job (none here), the order with its context, and the step's one statement.
    expect(r.statements, r.statements.join('\n')).toHaveLength(3);
    expect(r.transactions).toBe(0);
    expect(r.of(/ for update/)).toBe(0);
    // The update, the staff's notices (naming them itself, no read of the staff before), the
    // ledger's row, the referrer's credit and the history row: one statement, each only if it won.
    expect(
      r.of(
        /^\s*with won as \(update "orders" .*insert into "notifications" .*select w\.id.* from "users".*insert into "payouts" .*insert into "credit_ledger" .*insert into "order_history"/s,
      ),
    ).toBe(1);
    expect(r.of(/^select [^(]* from "users"/)).toBe(0);
    expect(r.of(/^select [^(]* from "referrals"/)).toBe(0);
    expect(r.of(/"sessions"/)).toBe(0);
    // The order has just become Completed: it has no reviews yet, so none are read.
    expect(r.of(/ from "reviews"/)).toBe(0);
    const again = await call(t.app, 'GET', `/api/dashboard/customer/orders/${o.id}`, { token: customer });
    expect(again.status).toBe(200);
    expect((r.body as { data: unknown }).data).toEqual((again.body as { data: unknown }).data);
    // What the statement carried was written: the ledger's cash row, and every staff member told.
    const [row] = await t.deps.db.select().from(payouts).where(eq(payouts.orderId, o.id));
    expect(row).toMatchObject({ status: 'cash', paymentMethod: 'cash', tip: 0 });
    expect(await staffToldOfCompletion(o)).toHaveLength(STAFF);
  });

  it('a confirmation that loses its race writes no ledger row, notice or credit, and answers as a later one would', async () => {
    const o = await order(ORDER_STATUS.beingCompleted, '2026-11-22');
    const all = await Promise.all(
      Array.from({ length: 5 }, () =>
        call<{ message: string }>(t.app, 'POST', `/api/dashboard/customer/orders/${o.id}/complete`, {
          token: customer,
          body: { tip: 0 },
        }),
      ),
    );
    expect(all.filter((x) => x.status === 200)).toHaveLength(1);
    for (const x of all.filter((y) => y.status !== 200)) expect(x.status).toBe(409);
    expect(await t.deps.db.select().from(payouts).where(eq(payouts.orderId, o.id))).toHaveLength(1);
    expect(await staffToldOfCompletion(o)).toHaveLength(STAFF);
  });

  it('a cash booking: at most 17 statements, whatever the number of staff told, the staff never read first', async () => {
    const r = await counted(() =>
      call(t.app, 'POST', '/api/dashboard/customer/orders', { token: customer, body: bookingBody(branchId) }),
    );
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.statements.length, r.statements.join('\n')).toBeLessThanOrEqual(17);
    // The branch's name for the staff's mail comes from the row the booking priced on.
    expect(r.of(/^select "name" from "branches"/)).toBe(0);
    // Each of the 4 staff gets a notice and a mail, each written in one statement without reading them.
    expect(r.of(/^select "id", "email" from "users"/)).toBe(0);
    expect(r.of(/^insert into "notifications"/)).toBe(1);
    expect(r.of(/^insert into "outbox"/)).toBe(1);
    const id = (r.body as { data: { order: { id: number } } }).data.order.id;
    expect(await staffToldOf(`New order #${id}`)).toHaveLength(STAFF);
    const mails = await t.deps.db
      .select()
      .from(outbox)
      .where(like(outbox.subject, `New order #${id} %`));
    expect(new Set(mails.map((m) => m.to)).size).toBe(STAFF);
  });

  it("a booking's transaction is sent at once, in an order that keeps its guarantees: the order's row before what names it, the branch's lock last and before its count", async () => {
    const r = await counted(() => book(teamed, { arrival_time: '9-10' }));
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const at = (pattern: RegExp) => {
      const i = r.statements.findIndex((q) => pattern.test(q));
      expect(i, String(pattern)).toBeGreaterThanOrEqual(0);
      return i;
    };
    const lock = at(/ for no key update$/);
    // The team and the date's jobs are counted after the lock is held (decision 019).
    const counts = r.statements
      .map((q, i) => [q, i] as const)
      .filter(([q]) => /from "crews"|^select "id", "branch_id", "arrival_date"/.test(q))
      .map(([, i]) => i);
    expect(counts.filter((i) => i > lock)).toHaveLength(2);
    const order = at(/^insert into "orders"/);
    for (const named of [
      /^insert into "order_addresses"/,
      /^insert into "order_history"/,
      /^insert into "notifications"/,
      /^insert into "outbox"/,
    ]) {
      expect(at(named), String(named)).toBeGreaterThan(order);
      // Bookings of one branch wait on each other only for the count and the commit.
      expect(lock, String(named)).toBeGreaterThan(at(named));
    }
  });

  it("a booking with an Idempotency-Key (as the web books): the key claimed first and never read before, its order recorded with the booking's rows, before the lock", async () => {
    const keyed = () =>
      call(t.app, 'POST', '/api/dashboard/customer/orders', {
        token: customer,
        body: bookingBody(teamed, { arrival_date: '2026-12-04', arrival_time: '8-9' }),
        headers: { 'Idempotency-Key': 'counts-key-1' },
      });
    const r = await counted(keyed);
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const at = (pattern: RegExp) => {
      const i = r.statements.findIndex((q) => pattern.test(q));
      expect(i, String(pattern)).toBeGreaterThanOrEqual(0);
      return i;
    };
    const claim = at(/^insert into "idempotency_keys"/);
    // A first request reads no key: its claim is the check (a retry loses it, then reads).
    expect(r.of(/^select .* from "idempotency_keys"/)).toBe(0);
    const order = at(/^insert into "orders"/);
    const recorded = at(/^update "idempotency_keys" set "order_id"/);
    expect(claim).toBeLessThan(order);
    expect(recorded).toBeGreaterThan(order);
    // Sent with the booking's rows, not after its batch: before the branch's lock.
    expect(recorded).toBeLessThan(at(/ for no key update$/));
    expect(r.of(/^update "idempotency_keys"/)).toBe(1);
    const id = (r.body as { data: { order: { id: number } } }).data.order.id;
    // The same key again answers that order: its claim loses, and only then is the key read.
    const again = await counted(keyed);
    expect((again.body as { data: { order: { id: number } } }).data.order.id).toBe(id);
    expect(again.of(/^select .* from "idempotency_keys"/)).toBe(1);
    expect(again.of(/^insert into "orders"/)).toBe(0);
  });

  it("a branch without a team has no limit: its booking takes no lock and reads no day's orders", async () => {
    const r = await counted(() => book(branchId, { arrival_time: '12-3' }));
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.of(/^select "id", "branch_id", "arrival_date"/)).toBe(0);
    expect(r.of(/ for no key update$/)).toBe(0);
  });

  it('a second booking of the same branch and date prices on the kept settings: at most 11 statements', async () => {
    const first = await call(t.app, 'POST', '/api/dashboard/customer/orders', {
      token: customer,
      body: bookingBody(teamed, { arrival_date: '2026-12-01', arrival_time: '7-8' }),
    });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const r = await counted(() =>
      call(t.app, 'POST', '/api/dashboard/customer/orders', {
        token: customer,
        body: bookingBody(teamed, { arrival_date: '2026-12-01', arrival_time: '2-5' }),
      }),
    );
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    // Branch, company, services, working days, blocked days and discount are kept until they change.
    for (const table of PRICING_TABLES)
      expect(r.of(new RegExp(`^select [^(]* from "${table}"(?!.* for no key update$)`)), table).toBe(0);
    // The branch's lock is still taken, and the team and its jobs still counted, in the booking's transaction.
    expect(r.of(/ for no key update$/)).toBe(1);
    // The date's jobs are read to price (the team's free windows) and again under the lock.
    expect(r.of(/^select "id", "branch_id", "arrival_date"/)).toBe(2);
    expect(r.statements.length, r.statements.join('\n')).toBeLessThanOrEqual(11);
  });

  it("a helper's accept of a delivery: 2 statements and no transaction, its history row and the customer's notice written with the update, its answer from what it read and wrote", async () => {
    const id = await bookDelivery(t, customer, '9-10', '2026-11-26');
    // Cached sessions live two seconds (READ_CACHE_TTL_MS): read the helper's again, as a poll would.
    expect((await call(t.app, 'GET', '/api/dashboard/auth/check', { token: labor })).status).toBe(200);
    const r = await counted(() =>
      call(t.app, 'POST', `/api/dashboard/deliveries/${id}/accept`, {
        token: labor,
        body: {},
      }),
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.of(/"sessions"/), r.statements.join('\n')).toBe(0);
    // No transaction: the statement is all the accept writes, its condition the guard (stepAlone).
    expect(r.transactions).toBe(0);
    expect(r.of(/ for update/)).toBe(0);
    // The update, the customer's notice and the history row: one statement.
    expect(
      r.of(
        /with won as \(update "deliveries" .*insert into "notifications" .*insert into "delivery_history"/s,
      ),
    ).toBe(1);
    expect(r.of(/^insert into "notifications"/)).toBe(0);
    // The helper's bids come with the delivery's row: no read of them on their own.
    expect(r.of(/^select [^(]* from "delivery_bidders"/)).toBe(0);
    // The read before the write brings the view's context and who takes it: nothing is read after.
    expect(r.statements, r.statements.join('\n')).toHaveLength(2);
    const again = await call(t.app, 'GET', `/api/dashboard/deliveries/${id}`, { token: labor });
    expect(again.status).toBe(200);
    expect((r.body as { data: unknown }).data).toEqual((again.body as { data: unknown }).data);
  });
});
