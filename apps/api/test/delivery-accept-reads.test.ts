import type { TDeliveryView } from '@haulpro/shared/delivery-view';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBranchAtZip, createCompany, createUser } from '../src/db/seed/factories.ts';
import { call } from './helpers/http.ts';
import { tokenFor } from './helpers/sessions.ts';
import { cardDeliveryBody } from './helpers/stripe-deliveries.ts';
import { createTestApp, createTestClock, type TTestApp } from './helpers/test-app.ts';

/*
 * A helper's accept goes through the action funnel: the delivery is read once (locked) and the
 * helper's bids once; the answer is built from the row the update returned (decision 024).
 */

const clock = createTestClock(new Date('2026-11-23T18:00:00Z'));
let t: TTestApp;
let customer: string;
let staff: string;
const queries: string[] = [];

/** Drizzle's query logger, on the session every statement and transaction of this database uses. */
type TLogged = { session: { logger: unknown; options: { logger?: unknown } } };
const counting = { logQuery: (q: string) => queries.push(q) };

beforeAll(async () => {
  t = await createTestApp({ clock });
  const db = t.deps.db;
  const companyId = (await createCompany(db)).id;
  await createBranchAtZip(db, '90001', { companyId, isMain: true, serviceArea: 30 });
  customer = await tokenFor(db, (await createUser(db, { role: 'customer' })).id);
  staff = await tokenFor(db, (await createUser(db, { role: 'staff', companyId })).id);
  const { session } = db as unknown as TLogged;
  session.logger = counting;
  session.options.logger = counting;
});
afterAll(() => t.close());

const reads = (table: string) =>
  queries.filter((q) => q.startsWith('select') && new RegExp(`from "${table}"`).test(q)).length;

describe("a helper's accept", () => {
  it('reads the delivery once, locked, and the helper’s bids once', async () => {
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
    expect(reads('deliveries')).toBe(1);
    expect(queries.filter((q) => /from "deliveries" .*for update/.test(q))).toHaveLength(1);
    expect(reads('delivery_bidders')).toBe(1);
  });
});
