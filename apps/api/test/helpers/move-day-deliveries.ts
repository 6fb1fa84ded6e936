import type { TDeliveryView } from '@haulpro/shared/delivery-view';
import { expect } from 'vitest';
import { laborProfiles } from '../../src/db/schema.ts';
import { createUser } from '../../src/db/seed/factories.ts';
import { call } from './http.ts';
import { tokenFor } from './sessions.ts';
import type { TTestApp } from './test-app.ts';
import { PDF_BYTES } from './upload-fixtures.ts';

/** The calls of a delivery's move day, for the tests (delivery-move-day.test.ts, delivery-today.test.ts). */

const address = (zip: string) => ({
  address: '100 Main St',
  city_or_town: 'Los Angeles',
  state: 'CA',
  zip_code: zip,
  type_property: 'Home',
  flights_of_stairs: 0,
});

/** A cash delivery in Los Angeles, booked by `customer`. */
export async function bookDelivery(t: TTestApp, customer: string, window: string, date: string) {
  const r = await call<{ data: { delivery: TDeliveryView } }>(
    t.app,
    'POST',
    '/api/dashboard/customer/deliveries',
    {
      token: customer,
      body: {
        items: [{ name: 'Sofa', count: 1, weight: 120, height: 3, width: 7, length: 3 }],
        vehicle_type: 3,
        pickup: address('90011'),
        destination: address('90007'),
        arrival_date: date,
        arrival_time: window,
        payment_method: 'cash',
        phone: '+1 (213) - 555 - 0177',
      },
    },
  );
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.data.delivery.id;
}

export async function acceptDelivery(t: TTestApp, id: number, token: string) {
  const r = await call(t.app, 'POST', `/api/dashboard/deliveries/${id}/accept`, { token });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
}

/** A JSON step: on-my-way, arrived. */
export const moveDayStep = (t: TTestApp, token: string, id: number, step: string, body?: unknown) =>
  call<{ data: TDeliveryView; message?: string }>(t.app, 'POST', `/api/dashboard/deliveries/${id}/${step}`, {
    token,
    ...(body !== undefined ? { body } : {}),
  });

function multipart(field: string, name: string, type: string, bytes: Buffer) {
  const boundary = '----haulpromoveday';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** POST …/pickup-photo or …/dropoff-photo with one file named `name` (whatever its bytes are). */
export async function uploadMoveDayPhoto(
  t: TTestApp,
  token: string,
  id: number,
  which: 'pickup-photo' | 'dropoff-photo',
  bytes: Buffer,
  name = 'p.png',
) {
  const f = multipart('photo', name, 'image/png', bytes);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/dashboard/deliveries/${id}/${which}`,
    headers: { authorization: `Bearer ${token}`, ...f.headers },
    payload: f.payload,
  });
  return { status: res.statusCode, body: JSON.parse(res.body) as { data: TDeliveryView; message: string } };
}

/** Get Paid with one PDF. */
export function getPaid(t: TTestApp, token: string, id: number) {
  const f = multipart('files[]', 'letter.pdf', 'application/pdf', PDF_BYTES);
  return t.app.inject({
    method: 'POST',
    url: `/api/dashboard/deliveries/${id}/complete`,
    headers: { authorization: `Bearer ${token}`, ...f.headers },
    payload: f.payload,
  });
}

/** A labor user whose service area covers the pickup. */
export async function laborAt(t: TTestApp, lat: number, lng: number, zip: string, firstName: string) {
  const u = await createUser(t.deps.db, { role: 'labor', firstName, lastName: 'Helper' });
  await t.deps.db
    .insert(laborProfiles)
    .values({ userId: u.id, zipCode: zip, latitude: lat, longitude: lng, serviceArea: 40 });
  return { id: u.id, token: await tokenFor(t.deps.db, u.id) };
}
