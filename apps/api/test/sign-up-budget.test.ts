import { MSG } from '@haulpro/shared/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGN_UPS_PER_MINUTE } from '../src/modules/auth/sign-up-limit.ts';
import { call } from './helpers/http.ts';
import { laborBody, moverBody, type TPlace } from './helpers/sign-up-bodies.ts';
import { createTestApp, type TTestApp } from './helpers/test-app.ts';

/*
 * One sign-up budget per address over the customer, helper and mover registrations (issue 26:
 * three budgets of 20 let one address open 60 accounts a minute).
 */
let t: TTestApp;
let la: TPlace;
let n = 0;
function email(who: string) {
  n += 1;
  return `${who}-${n}@budget.test`;
}

beforeAll(async () => {
  t = await createTestApp();
  la = (await call<{ data: TPlace }>(t.app, 'GET', '/api/dashboard/latLng/90011')).body.data;
});
afterAll(() => t.close());

const routes = {
  customer: () => ({
    url: '/api/dashboard/auth/register',
    body: { first_name: 'Nora', last_name: 'Lee', email: email('nora'), password: 'long-enough' },
  }),
  labor: () => ({ url: '/api/public/register/labor', body: laborBody() }),
  mover: () => ({ url: '/api/public/register/mover', body: moverBody(la) }),
};
const kinds = ['customer', 'labor', 'mover'] as const;

function signUp(kind: (typeof kinds)[number], ip: string) {
  const { url, body } = routes[kind]();
  return call(t.app, 'POST', url, { body, ip });
}

describe('sign-up budget', () => {
  it('the 21st account in a minute from one address, over the three routes, is refused with 429', async () => {
    expect(SIGN_UPS_PER_MINUTE).toBe(20);
    for (let i = 0; i < SIGN_UPS_PER_MINUTE; i += 1) {
      const r = await signUp(kinds[i % 3]!, '203.0.113.7');
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    }
    for (const kind of kinds) {
      const refused = await signUp(kind, '203.0.113.7');
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({ message: MSG.tooManyRequests });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    // Another address has its own budget.
    expect((await signUp('customer', '203.0.113.8')).status).toBe(200);
  });

  it('a refused form opens no account and spends none of the budget', async () => {
    for (let i = 0; i < 5; i += 1) {
      const r = await call(t.app, 'POST', '/api/dashboard/auth/register', {
        body: { first_name: 'Nora', last_name: 'Lee', email: 'not-an-email', password: 'long-enough' },
        ip: '203.0.113.9',
      });
      expect(r.status).toBe(422);
    }
    expect((await signUp('mover', '203.0.113.9')).status).toBe(200);
  });
});
