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
 * the accept writes (issue 30); then the answer is one statement that reads the delivery with its
 * whole context (decision 032), not one query per part of the card.
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
    // The read, and the answer's one statement (items, photos, people, payout inside it).
    expect(reads('deliveries')).toBe(2);
    // No query of its own for the items (they come inside the answer's statement).
    expect(queries.filter((q) => /^select [^()]* from "delivery_items"/.test(q))).toHaveLength(0);
    expect(reads('delivery_bidders')).toBe(1);
    const work = queries.filter((q) => !/^(begin|commit)$/i.test(q.trim()));
    expect(work.length, work.join('\n')).toBeLessThanOrEqual(7);
  });
});
