import type { TDeliveryView, TPayoutReviewItem } from '@haulpro/shared/delivery-view';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { laborProfiles } from '../src/db/schema.ts';
import { createBranchAtZip, createCompany, createUser } from '../src/db/seed/factories.ts';
import { call } from './helpers/http.ts';
import { tokenFor } from './helpers/sessions.ts';
import { createTestApp, createTestClock, type TTestApp } from './helpers/test-app.ts';
import { PDF_BYTES } from './helpers/upload-fixtures.ts';

/*
 * The permission matrix of every delivery call (issue 13): each role that may not make a call
 * is refused with 401 (no session), 403 (the wrong kind of user) or 404 (a delivery that is not
 * theirs: another company's, another customer's, one they were never offered), and a refused
 * call changes nothing. The allowed paths are run end to end in deliveries.test.ts.
 */

// Tuesday 2026-11-24, 10:00 in Los Angeles (deliveries are booked from tomorrow on); the
// clock moves to the delivery day, Wednesday, before the payout is submitted.
const clock = createTestClock(new Date('2026-11-24T18:00:00Z'));
const REASON = 'Plans changed, I no longer need this delivery.';

type TRole =
  | 'anonymous'
  | 'owner'
  | 'otherCustomer'
  | 'bidder'
  | 'secondBidder'
  | 'farLabor'
  | 'staff'
  | 'otherStaff'
  | 'admin';
const ROLES: TRole[] = [
  'anonymous',
  'owner',
  'otherCustomer',
  'bidder',
  'secondBidder',
  'farLabor',
  'staff',
  'otherStaff',
  'admin',
];

let t: TTestApp;
const tokens = {} as Record<TRole, string | undefined>;
let openId: number;
let heldId: number;
let reviewId: number;

const address = (zip: string) => ({
  address: '100 Main St',
  city_or_town: 'Los Angeles',
  state: 'CA',
  zip_code: zip,
  type_property: 'Home',
  flights_of_stairs: 0,
});
const body = (date: string) => ({
  items: [{ name: 'Sofa', count: 1, weight: 120, height: 3, width: 7, length: 3 }],
  vehicle_type: 3,
  pickup: address('90011'),
  destination: address('90007'),
  arrival_date: date,
  arrival_time: '3-6',
  payment_method: 'cash',
  phone: '+1 (213) - 555 - 0177',
});

async function book(date: string): Promise<TDeliveryView> {
  const r = await call<{ data: { delivery: TDeliveryView } }>(
    t.app,
    'POST',
    '/api/dashboard/customer/deliveries',
    {
      token: tokens.owner,
      body: body(date),
    },
  );
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.data.delivery;
}

async function laborAt(lat: number, lng: number, zip: string): Promise<string> {
  const u = await createUser(t.deps.db, { role: 'labor' });
  await t.deps.db
    .insert(laborProfiles)
    .values({ userId: u.id, zipCode: zip, latitude: lat, longitude: lng, serviceArea: 40 });
  return tokenFor(t.deps.db, u.id);
}

function multipartPdf() {
  const boundary = '----haulpropermissions';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="files[]"; filename="letter.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    PDF_BYTES,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function statusOf(role: TRole, method: 'GET' | 'POST', url: string, json?: unknown): Promise<number> {
  const token = tokens[role];
  if (url.endsWith('/complete') && url.startsWith('/api/dashboard/deliveries/')) {
    const f = multipartPdf();
    const res = await t.app.inject({
      method,
      url,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...f.headers },
      payload: f.payload,
    });
    return res.statusCode;
  }
  return (await call(t.app, method, url, { ...(token ? { token } : {}), ...(json ? { body: json } : {}) }))
    .status;
}

async function snapshot(id: number) {
  const r = await call<{ data: TDeliveryView }>(t.app, 'GET', `/api/dashboard/customer/deliveries/${id}`, {
    token: tokens.owner,
  });
  const d = r.body.data;
  return {
    status_id: d.status_id,
    acceptor: d.acceptor?.name ?? null,
    payout: d.payout?.status ?? null,
    archived: d.isArchived,
  };
}

beforeAll(async () => {
  t = await createTestApp({ clock });
  const db = t.deps.db;
  const company = await createCompany(db, { name: 'Covering Movers' });
  await createBranchAtZip(db, '90001', {
    companyId: company.id,
    name: 'Covering LA',
    isMain: true,
    serviceArea: 30,
  });
  const other = await createCompany(db, { name: 'Faraway Movers' });
  await createBranchAtZip(db, '94105', {
    companyId: other.id,
    name: 'Faraway SF',
    isMain: true,
    serviceArea: 10,
  });
  tokens.anonymous = undefined;
  tokens.owner = await tokenFor(db, (await createUser(db, { role: 'customer' })).id);
  tokens.otherCustomer = await tokenFor(db, (await createUser(db, { role: 'customer' })).id);
  tokens.staff = await tokenFor(db, (await createUser(db, { role: 'staff', companyId: company.id })).id);
  tokens.otherStaff = await tokenFor(db, (await createUser(db, { role: 'staff', companyId: other.id })).id);
  tokens.admin = await tokenFor(db, (await createUser(db, { role: 'admin' })).id);
  tokens.bidder = await laborAt(34.0073, -118.2587, '90011');
  tokens.secondBidder = await laborAt(34.0224, -118.2851, '90007');
  tokens.farLabor = await laborAt(37.7898, -122.3942, '94105');

  // One open for bidding, one held by the bidder today, one held and submitted for payout.
  openId = (await book('2026-11-27')).id;
  heldId = (await book('2026-11-25')).id;
  reviewId = (await book('2026-11-25')).id;
  for (const id of [heldId, reviewId]) {
    const r = await call(t.app, 'POST', `/api/dashboard/deliveries/${id}/accept`, { token: tokens.bidder });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  }
  clock.set(new Date('2026-11-25T18:00:00Z'));
  expect(await statusOf('bidder', 'POST', `/api/dashboard/deliveries/${reviewId}/complete`)).toBe(200);
});
afterAll(() => t.close());

/** Expected answer per role; a role left out is allowed (not checked here). */
type TRow = {
  call: string;
  method: 'GET' | 'POST';
  url: () => string;
  body?: unknown;
  refused: Partial<Record<TRole, number>>;
};

const helperSide = { anonymous: 401, owner: 403, otherCustomer: 403, admin: 403 } as const;
const customerSide = {
  anonymous: 401,
  bidder: 403,
  secondBidder: 403,
  farLabor: 403,
  staff: 403,
  otherStaff: 403,
  admin: 403,
} as const;
const adminSide = {
  anonymous: 401,
  owner: 403,
  otherCustomer: 403,
  bidder: 403,
  secondBidder: 403,
  farLabor: 403,
  staff: 403,
  otherStaff: 403,
} as const;
const notOffered = { farLabor: 404, otherStaff: 404 } as const;

const ROWS: TRow[] = [
  { call: 'helper list', method: 'GET', url: () => '/api/dashboard/deliveries?tab=new', refused: helperSide },
  {
    call: 'helper details',
    method: 'GET',
    url: () => `/api/dashboard/deliveries/${openId}`,
    refused: { ...helperSide, ...notOffered },
  },
  {
    call: 'accept',
    method: 'POST',
    url: () => `/api/dashboard/deliveries/${openId}/accept`,
    refused: { ...helperSide, ...notOffered },
  },
  {
    call: 'reject',
    method: 'POST',
    url: () => `/api/dashboard/deliveries/${openId}/reject`,
    refused: { ...helperSide, ...notOffered },
  },
  // Held by the bidder: nobody else may give it back, get paid for it, print or archive it.
  {
    call: 'cancel a held one',
    method: 'POST',
    url: () => `/api/dashboard/deliveries/${heldId}/cancel`,
    body: { reason: REASON },
    refused: { ...helperSide, ...notOffered, secondBidder: 404, staff: 404 },
  },
  {
    call: 'Get Paid on a held one',
    method: 'POST',
    url: () => `/api/dashboard/deliveries/${heldId}/complete`,
    refused: { ...helperSide, ...notOffered, secondBidder: 404, staff: 404 },
  },
  {
    call: 'the letter of a held one',
    method: 'GET',
    url: () => `/api/dashboard/deliveries/${heldId}/letter`,
    refused: { ...helperSide, ...notOffered, secondBidder: 404, staff: 404 },
  },
  {
    call: 'archive a held one',
    method: 'POST',
    url: () => `/api/dashboard/deliveries/${heldId}/archive`,
    refused: { ...helperSide, ...notOffered, secondBidder: 404, staff: 404 },
  },
  // Staff read their own company's payouts there (the same ledger, payee the company).
  {
    call: 'labor earnings',
    method: 'GET',
    url: () => '/api/dashboard/payouts',
    refused: { anonymous: 401, owner: 403, otherCustomer: 403, admin: 403 },
  },
  {
    call: 'customer list',
    method: 'GET',
    url: () => '/api/dashboard/customer/deliveries',
    refused: customerSide,
  },
  {
    call: 'customer details',
    method: 'GET',
    url: () => `/api/dashboard/customer/deliveries/${heldId}`,
    refused: { ...customerSide, otherCustomer: 404 },
  },
  {
    call: 'customer cancel',
    method: 'POST',
    url: () => `/api/dashboard/customer/deliveries/${openId}/cancel`,
    body: { reason: REASON },
    refused: { ...customerSide, otherCustomer: 404 },
  },
  {
    call: 'customer confirm',
    method: 'POST',
    url: () => `/api/dashboard/customer/deliveries/${reviewId}/complete`,
    refused: { ...customerSide, otherCustomer: 404 },
  },
  {
    call: 'customer archive',
    method: 'POST',
    url: () => `/api/dashboard/customer/deliveries/${heldId}/archive`,
    refused: { ...customerSide, otherCustomer: 404 },
  },
  { call: 'payout queue', method: 'GET', url: () => '/api/admin/payouts', refused: adminSide },
  { call: 'one payout', method: 'GET', url: () => `/api/admin/payouts/${payoutId}`, refused: adminSide },
  {
    call: 'approve a payout',
    method: 'POST',
    url: () => `/api/admin/payouts/${payoutId}/approve`,
    refused: adminSide,
  },
  {
    call: 'reject a payout',
    method: 'POST',
    url: () => `/api/admin/payouts/${payoutId}/reject`,
    body: { reason: REASON },
    refused: adminSide,
  },
];

let payoutId = 0;

describe('the delivery permission matrix', () => {
  it('refuses every role that may not make a call, and a refused call changes nothing', async () => {
    const queue = await call<{ data: TPayoutReviewItem[] }>(t.app, 'GET', '/api/admin/payouts', {
      token: tokens.admin,
    });
    payoutId = queue.body.data.find((x) => x.delivery_id === reviewId)?.id ?? 0;
    expect(payoutId).toBeGreaterThan(0);
    const before = {
      open: await snapshot(openId),
      held: await snapshot(heldId),
      review: await snapshot(reviewId),
    };

    const wrong: string[] = [];
    for (const row of ROWS) {
      for (const role of ROLES) {
        const expected = row.refused[role];
        if (expected === undefined) continue;
        const got = await statusOf(role, row.method, row.url(), row.body);
        if (got !== expected) wrong.push(`${row.call} as ${role}: ${got}, expected ${expected}`);
      }
    }
    expect(wrong).toEqual([]);

    expect({
      open: await snapshot(openId),
      held: await snapshot(heldId),
      review: await snapshot(reviewId),
    }).toEqual(before);
    // The open one is still offered to both bidders and the covering company.
    for (const role of ['bidder', 'secondBidder', 'staff'] as const) {
      const list = await call<{ data: TDeliveryView[] }>(t.app, 'GET', '/api/dashboard/deliveries?tab=new', {
        token: tokens[role],
      });
      expect(
        list.body.data.map((d) => d.id),
        role,
      ).toContain(openId);
    }
  });

  it('shows each side only its own deliveries in its lists', async () => {
    const other = await call<{ data: TDeliveryView[] }>(t.app, 'GET', '/api/dashboard/customer/deliveries', {
      token: tokens.otherCustomer,
    });
    expect(other.body.data).toEqual([]);
    for (const role of ['farLabor', 'otherStaff'] as const) {
      for (const tab of ['new', 'accepted']) {
        const list = await call<{ data: TDeliveryView[] }>(
          t.app,
          'GET',
          `/api/dashboard/deliveries?tab=${tab}`,
          { token: tokens[role] },
        );
        expect(list.status).toBe(200);
        expect(list.body.data, `${role} ${tab}`).toEqual([]);
      }
    }
    const second = await call<{ data: TDeliveryView[] }>(
      t.app,
      'GET',
      '/api/dashboard/deliveries?tab=accepted',
      { token: tokens.secondBidder },
    );
    expect(second.body.data).toEqual([]);
    const held = await call<{ data: TDeliveryView[] }>(
      t.app,
      'GET',
      '/api/dashboard/deliveries?tab=accepted',
      { token: tokens.bidder },
    );
    expect(held.body.data.map((d) => d.id).sort()).toEqual([heldId, reviewId].sort());
  });
});
