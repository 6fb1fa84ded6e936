import type { TOrderView } from '@haulpro/shared/order-view';
import { expect } from 'vitest';
import { orderCrews } from '../../src/db/schema.ts';
import { bookingBody } from './booking-body.ts';
import { call } from './http.ts';
import type { createTestClock, TTestApp } from './test-app.ts';

type TTestClock = ReturnType<typeof createTestClock>;

/** A crew member's row of a branch in Los Angeles, for move day's tests (`email` at `domain`). */
export function crewRow(
  at: { companyId: number; branchId: number },
  firstName: string,
  domain = 'crew.test',
) {
  return {
    companyId: at.companyId,
    branchId: at.branchId,
    firstName,
    lastName: 'Crew',
    email: `${firstName.toLowerCase()}@${domain}`,
    phoneNumber: '+12135550199',
    zipCode: '90001',
  };
}

/**
 * A cash move booked by `customer` on `day` (the clock set to a week before), accepted by `staff`,
 * with `crew` assigned: the order move day's tests step through.
 */
export async function bookAcceptedMove(
  t: TTestApp,
  clock: TTestClock,
  c: {
    customer: string;
    staff: string;
    branchId: number;
    day: string;
    crew: number[];
    patch?: Record<string, unknown>;
  },
): Promise<TOrderView> {
  clock.set(new Date('2026-11-23T18:00:00Z'));
  const r = await call<{ data: { order: TOrderView } }>(t.app, 'POST', '/api/dashboard/customer/orders', {
    token: c.customer,
    body: bookingBody(c.branchId, { arrival_date: c.day, ...c.patch }),
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  const o = r.body.data.order;
  const accepted = await call(t.app, 'POST', `/api/dashboard/orders/${o.id}/accept`, {
    token: c.staff,
    body: {},
  });
  expect(accepted.status).toBe(200);
  await t.deps.db.insert(orderCrews).values(c.crew.map((crewId) => ({ orderId: o.id, crewId })));
  return o;
}
