import type { APIRequestContext } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, expect, type TDemoRole } from './fixtures.ts';

/** A bearer token for a demo role, through the real login call. */
export async function apiToken(request: APIRequestContext, role: TDemoRole): Promise<string> {
  const res = await request.post('/api/dashboard/auth/login', {
    data: { email: DEMO[role].email, password: DEMO_PASSWORD },
  });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { data: { token: string } }).data.token;
}

const place = (zip: string, city: string) => ({
  address: '1200 E Florence Ave',
  city_or_town: city,
  state: 'CA',
  zip_code: zip,
  type_property: 'Apartment',
  flights_of_stairs: 0,
});

/**
 * The demo customer books Demo Movers Los Angeles for a move 90001 -> 90210 on `date` through
 * the API (cash, the crew the helper list offers), so a test has an order of its own whatever
 * other tests did to the demo orders. `extra` adds booking fields (item photos, notes...).
 * Answers the created order.
 */
export async function bookDemoOrder<TOrder extends { id: number }>(
  request: APIRequestContext,
  opts: { token: string; date: string; extra?: Record<string, unknown>; idempotencyKey?: string },
): Promise<TOrder> {
  const search = await request.get(
    `/api/public/helpers?from_zip=90001&to_zip=90210&from_date=${opts.date}&type_service=2&type_moving=1`,
  );
  type THelper = { branch_id: number; branch_name: string; helpers_count: number; hours_count: number };
  const helper = ((await search.json()) as { data: THelper[] }).data.find(
    (h) => h.branch_name === 'Demo Movers Los Angeles',
  ) as THelper;
  const booked = await request.post('/api/dashboard/customer/orders', {
    headers: {
      authorization: `Bearer ${opts.token}`,
      ...(opts.idempotencyKey ? { 'idempotency-key': opts.idempotencyKey } : {}),
    },
    data: {
      branch_id: helper.branch_id,
      type_service: 2,
      type_moving: 1,
      type_help: 3,
      bedrooms_count: 1,
      helpers_count: helper.helpers_count,
      hours_count: helper.hours_count,
      arrival_date: opts.date,
      arrival_time: '8-9',
      payment_method: 'cash',
      name: 'Casey Customer',
      email: 'customer@demo.test',
      phone: '+1 (213) - 555 - 0102',
      pickups: [place('90001', 'Los Angeles')],
      destinations: [place('90210', 'Beverly Hills')],
      ...opts.extra,
    },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  return ((await booked.json()) as { data: { order: TOrder } }).data.order;
}
