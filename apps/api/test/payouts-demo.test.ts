import type { TPayoutAccount, TPayoutsView, TReconciliation } from '@haulpro/shared/payouts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveries, orders, payouts, users } from '../src/db/schema.ts';
import { DEMO_ACCOUNTS, seedDemoIfEmpty } from '../src/db/seed/demo.ts';
import { booksOfJobs } from '../src/modules/payouts/reconciliation.ts';
import { call } from './helpers/http.ts';
import { tokenFor } from './helpers/sessions.ts';
import { createTestApp, type TTestApp } from './helpers/test-app.ts';

/*
 * The payouts demo (README): a connected company and helper, a tipped move split across its crew
 * paid out, a late cancellation with its fee, a delivery waiting for a helper's account; and the
 * books of every demo job balance.
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

describe('the payouts demo', () => {
  it('shows Demo Movers connected, a paid-out tipped move split across three, and a late cancellation fee', async () => {
    const staff = await token(DEMO_ACCOUNTS.staff);
    const acct = await call<{ data: TPayoutAccount }>(t.app, 'GET', '/api/dashboard/payout-account', {
      token: staff,
    });
    expect(acct.body.data).toEqual({ status: 'active', requirements: [], card_payouts: false });
    const list = await call<TPayoutsView>(t.app, 'GET', '/api/dashboard/payouts?period=month', {
      token: staff,
    });
    expect(list.status).toBe(200);
    const tipped = list.body.data.find((p) => p.kind === 'order' && p.tip > 0);
    expect(tipped).toMatchObject({ status: 'paid_out', tip: 60 });
    expect(tipped!.tip_shares).toHaveLength(3);
    expect(tipped!.tip_shares.reduce((n, s) => n + s.amount, 0)).toBe(60);
    const late = list.body.data.find((p) => p.cancellation_fee > 0);
    expect(late).toMatchObject({ status: 'transferred', gross: 0, net: late!.cancellation_fee });
    expect(list.body.totals.paid_out).toBeGreaterThan(0);
    expect(list.body.totals.pending).toBeGreaterThan(0);
    const sum = list.body.data.reduce((n, p) => n + p.net - p.reversed, 0);
    expect(list.body.totals.net).toBeCloseTo(sum, 2);
  });

  it("shows the helper's card delivery paid out and the cash ones as cash, and a new helper's waiting", async () => {
    const labor = await call<TPayoutsView>(t.app, 'GET', '/api/dashboard/payouts', {
      token: await token(DEMO_ACCOUNTS.labor),
    });
    expect(labor.body.data.map((p) => p.status).sort()).toEqual(['cash', 'paid_out']);
    expect(labor.body.totals.platform_fee_owed).toBeGreaterThan(0);
    const fresh = await token(DEMO_ACCOUNTS.newHelper);
    const acct = await call<{ data: TPayoutAccount }>(t.app, 'GET', '/api/dashboard/payout-account', {
      token: fresh,
    });
    expect(acct.body.data.status).toBe('not_connected');
    const waiting = await call<TPayoutsView>(t.app, 'GET', '/api/dashboard/payouts', { token: fresh });
    expect(waiting.body.data.map((p) => p.status)).toEqual(['waiting_for_account']);
    expect(waiting.body.data[0]!.status_label).toBe('Waiting for your payout account');
  });

  it('balances the books of every demo job: charges = transfers + refunds + platform fee (+ owed)', async () => {
    const orderIds = (await t.deps.db.select({ id: orders.id }).from(orders)).map((o) => o.id);
    const deliveryIds = (await t.deps.db.select({ id: deliveries.id }).from(deliveries)).map((d) => d.id);
    const books = await booksOfJobs(t.deps.db, orderIds, deliveryIds);
    expect(books.size).toBeGreaterThan(5);
    const card = [...books.entries()].filter(([, b]) => b.charges > 0);
    expect(card.length).toBeGreaterThanOrEqual(4);
    for (const [job, b] of books)
      expect(b.charges - (b.transfers + b.refunds + b.platformFee + b.owed), job).toBe(
        b.finished ? 0 : b.charges,
      );
    const admin = await token(DEMO_ACCOUNTS.admin);
    const rec = await call<{ data: TReconciliation }>(t.app, 'GET', '/api/admin/reconciliation', {
      token: admin,
    });
    expect(rec.status).toBe(200);
    expect(rec.body.data.discrepancies).toEqual([]);
    expect(rec.body.data.totals.charges).toBeGreaterThan(0);
    expect(rec.body.data.totals.transfers).toBeGreaterThan(0);
    expect(rec.body.data.totals.refunds).toBeGreaterThan(0);
    expect(rec.body.data.days.length).toBeGreaterThan(2);
    // Cash jobs are in the ledger (the helper collected), never in the money journal.
    const cash = await t.deps.db.select().from(payouts).where(eq(payouts.status, 'cash'));
    expect(cash.length).toBeGreaterThan(0);
  });

  it('refuses customers and strangers, and checks the reconciliation range', async () => {
    const customer = await token(DEMO_ACCOUNTS.customer);
    for (const url of ['/api/dashboard/payout-account', '/api/dashboard/payouts'])
      expect((await call(t.app, 'GET', url, { token: customer })).status).toBe(403);
    expect((await call(t.app, 'GET', '/api/dashboard/payouts')).status).toBe(401);
    expect((await call(t.app, 'GET', '/api/admin/reconciliation', { token: customer })).status).toBe(403);
    const admin = await token(DEMO_ACCOUNTS.admin);
    const bad = await call<{ errors: Record<string, string[]> }>(
      t.app,
      'GET',
      '/api/admin/reconciliation?from=2026-12-01&to=2026-11-01',
      { token: admin },
    );
    expect(bad.status).toBe(422);
    expect(bad.body.errors.from).toEqual(['From must not be after To.']);
    const period = await call<{ errors: Record<string, string[]> }>(
      t.app,
      'GET',
      '/api/dashboard/payouts?period=year',
      {
        token: await token(DEMO_ACCOUNTS.staff),
      },
    );
    expect(period.status).toBe(422);
    expect(period.body.errors.period).toEqual(['Period must be week or month.']);
    const link = await call<{ message: string }>(t.app, 'POST', '/api/dashboard/payout-account/link', {
      token: await token(DEMO_ACCOUNTS.staff),
      body: {},
    });
    expect(link.status).toBe(503);
    expect(link.body.message).toBe('Card payments are not configured');
  });
});
