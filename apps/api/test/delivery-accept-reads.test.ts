import type { TDeliveryView } from '@haulpro/shared/delivery-view';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBranchAtZip, createCompany, createUser } from '../src/db/seed/factories.ts';
import { call } from './helpers/http.ts';
import { tokenFor } from './helpers/sessions.ts';
import { cardDeliveryBody } from './helpers/stripe-deliveries.ts';
import { createTestApp, createTestClock, type TTestApp } from './helpers/test-app.ts';

/*
 * A helper's accept goes through the action funnel: the delivery is read once and the helper's
 * bids once (decision 024), without a lock or a transaction when the conditional update is all
 * the accept writes (issue 30). That one read brings the delivery's whole context (decision 032)
 * and the company's branches that may take it, so the answer is built from it and the row the
 * update wrote (decision 040): nothing is read after the write.
 */

const clock = createTestClock(new Date('2026-11-23T18:00:00Z'));
let t: TTestApp;
let customer: string;
let staff: string;
const queries: string[] = [];

beforeAll(async () => {
  t = await createTestApp({ clock, onQuery: (q) => queries.push(q) });
  const db = t.deps.db;
  const companyId = (await createCompany(db)).id;
  await createBranchAtZip(db, '90001', { companyId, isMain: true, serviceArea: 30 });
  customer = await tokenFor(db, (await createUser(db, { role: 'customer' })).id);
  staff = await tokenFor(db, (await createUser(db, { role: 'staff', companyId })).id);
});
afterAll(() => t.close());

const reads = (table: string) =>
  queries.filter((q) => q.startsWith('select') && new RegExp(`from "${table}"`).test(q)).length;

describe("a helper's accept", () => {
  it('reads the delivery once and the helper’s bids once', async () => {
    const booked = await call<{ data: { delivery: TDeliveryView } }>(
      t.app,
      'POST',
      '/api/dashboard/customer/deliveries',
      { token: customer, body: { ...cardDeliveryBody, payment_method: 'cash' } },
    );
    expect(booked.status).toBe(201);
    const id = booked.body.data.delivery.id;
    queries.length = 0;
    const r = await call<{ data: TDeliveryView }>(t.app, 'POST', `/api/dashboard/deliveries/${id}/accept`, {
      token: staff,
      body: {},
    });
    expect(r.status).toBe(200);
    expect(r.body.data.status_id).toBe(2);
    expect(queries.filter((q) => /from "deliveries" .*for update/.test(q))).toHaveLength(0);
    // The one read (items, photos, people, payout and the takers inside it), before the write.
    expect(reads('deliveries')).toBe(1);
    // No query of its own for the items (they come inside the answer's statement).
    expect(queries.filter((q) => /^select [^()]* from "delivery_items"/.test(q))).toHaveLength(0);
    expect(reads('delivery_bidders')).toBe(1);
    const work = queries.filter((q) => !/^(begin|commit)$/i.test(q.trim()));
    expect(work.length, work.join('\n')).toBeLessThanOrEqual(7);
    // The answer names the branch that took it, exactly as the delivery read afresh does.
    const again = await call<{ data: TDeliveryView }>(t.app, 'GET', `/api/dashboard/deliveries/${id}`, {
      token: staff,
    });
    expect(again.status).toBe(200);
    expect(r.body.data.acceptor?.kind).toBe('company');
    expect(r.body.data.acceptor?.branch_id).toBeGreaterThan(0);
    expect(r.body.data).toEqual(again.body.data);
  });
});
