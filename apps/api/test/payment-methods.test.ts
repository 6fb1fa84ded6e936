import { MSG } from '@haulpro/shared/messages';
import { FEE_TYPE_MSG } from '@haulpro/shared/pricing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createUser } from '../src/db/seed/factories.ts';
import { call } from './helpers/http.ts';
import { tokenFor } from './helpers/sessions.ts';
import { createTestApp, type TTestApp } from './helpers/test-app.ts';

type TSettings = {
  payment_methods: { uuid: string; name: string; is_active: boolean }[];
  payment_methods_fee: number;
  payment_methods_icon: '$' | '%';
  accept_in_period_of: number;
};

let t: TTestApp;
let token: string;
let url: string;

beforeAll(async () => {
  t = await createTestApp();
  const company = await createCompany(t.deps.db);
  url = `/api/dashboard/companies/${company.id}`;
  token = await tokenFor(
    t.deps.db,
    (await createUser(t.deps.db, { role: 'staff', companyId: company.id })).id,
  );
});
afterAll(() => t.close());

const put = (body: unknown) => call<{ data: TSettings }>(t.app, 'PUT', url, { token, body });

describe('payment methods (spec: Payment methods validation)', () => {
  it('the fee type is $ until set', async () => {
    const r = await call<{ data: TSettings }>(t.app, 'GET', url, { token });
    expect(r.body.data).toMatchObject({
      payment_methods: [],
      payment_methods_fee: 0,
      payment_methods_icon: '$',
    });
  });

  it('a name is required and at most 30 characters; the fee is positive only', async () => {
    const r = await put({
      payment_methods: [{ is_active: true }, { name: null }, { name: 'x'.repeat(31) }, { name: 'Zelle' }],
      payment_methods_fee: -1,
    });
    expect(r.status).toBe(422);
    expect(r.body.errors).toEqual({
      'payment_methods.0.name': [MSG.paymentMethodRequired],
      'payment_methods.1.name': [MSG.paymentMethodRequired],
      'payment_methods.2.name': [MSG.maxLength30],
      payment_methods_fee: [MSG.onlyPositive],
    });
    expect(MSG.paymentMethodRequired).toBe('Payment method field is required');
    expect(MSG.maxLength30).toBe('Max length is 30 character');
    expect(MSG.onlyPositive).toBe('Only positive numbers');
    for (const fee of ['abc', '1e3', '', null, '-0.5']) {
      expect((await put({ payment_methods_fee: fee })).body.errors).toEqual({
        payment_methods_fee: [MSG.onlyPositive],
      });
    }
    expect((await put({ payment_methods_icon: '€' })).body.errors).toEqual({
      payment_methods_icon: [FEE_TYPE_MSG],
    });
    // 30 characters exactly is fine.
    expect((await put({ payment_methods: [{ name: 'y'.repeat(30) }] })).status).toBe(200);
  });

  it('drops methods with an empty name, keeps uuids, saves the fee and its type', async () => {
    const r = await put({
      payment_methods: [
        { name: ' Visa ', is_active: 1 },
        { name: '', is_active: true },
        { name: '   ', is_active: false },
        { name: 'Venmo', is_active: 0 },
      ],
      payment_methods_fee: 2.5,
      payment_methods_icon: '%',
    });
    expect(r.status).toBe(200);
    expect(r.body.data.payment_methods).toEqual([
      { uuid: expect.any(String), name: 'Visa', is_active: true },
      { uuid: expect.any(String), name: 'Venmo', is_active: false },
    ]);
    expect(r.body.data).toMatchObject({ payment_methods_fee: 2.5, payment_methods_icon: '%' });
    const [visa] = r.body.data.payment_methods;
    const again = await put({ payment_methods: [{ uuid: visa!.uuid, name: 'Visa', is_active: false }] });
    expect(again.body.data.payment_methods).toEqual([{ uuid: visa!.uuid, name: 'Visa', is_active: false }]);
  });

  it('a save that leaves the fee type out keeps it; null means $', async () => {
    await put({ payment_methods_icon: '%' });
    const window = await put({ accept_in_period_of: 30, accept_next_day_move: true });
    expect(window.body.data.payment_methods_icon).toBe('%');
    expect((await put({ payment_methods_icon: null })).body.data.payment_methods_icon).toBe('$');
    // An empty save changes nothing.
    const empty = await put({});
    expect(empty.status).toBe(200);
    expect(empty.body.data.accept_in_period_of).toBe(30);
  });
});
