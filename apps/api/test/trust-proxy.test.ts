import { MSG } from '@haulpro/shared/messages';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig, parseTrustProxy } from '../src/config.ts';
import { call } from './helpers/http.ts';
import { createTestApp, type TTestApp } from './helpers/test-app.ts';

/** Issue 10, point 5: X-Forwarded-For is believed only when TRUST_PROXY says whose (decision 012). */

const open: TTestApp[] = [];
afterAll(async () => {
  for (const t of open) await t.close();
});

describe('TRUST_PROXY is parsed strictly', () => {
  it.each([
    ['', false],
    ['false', false],
    ['FALSE', false],
    ['0', false],
    ['true', true],
    [' true ', true],
  ])('%j means %s', (value, expected) => {
    expect(parseTrustProxy(value)).toBe(expected);
  });

  it('reads addresses, CIDR ranges and range names as a list', () => {
    expect(parseTrustProxy('127.0.0.1, 10.0.0.0/8')).toEqual(['127.0.0.1', '10.0.0.0/8']);
    expect(parseTrustProxy('::1,fd00::/8,loopback,uniquelocal')).toEqual([
      '::1',
      'fd00::/8',
      'loopback',
      'uniquelocal',
    ]);
  });

  it('reads a hop count as "trust that many proxies"', () => {
    const two = parseTrustProxy('2') as (address: string, hop: number) => boolean;
    expect([0, 1, 2].map((hop) => two('198.51.100.1', hop))).toEqual([true, true, false]);
  });

  it.each([
    'yes',
    'on',
    'off',
    '01',
    '-1',
    '1.5',
    '100',
    '0x1',
    'true,127.0.0.1',
    '999.1.1.1',
    '1.2.3',
    '10.0.0.0/33',
    '10.0.0.0/08',
    '::1/129',
    '10.0.0.1,',
    'proxy.example.com',
  ])('refuses %j', (value) => {
    expect(() => parseTrustProxy(value)).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY/);
  });

  it('is off when unset', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
  });
});

describe('request.ip under each setting', () => {
  /** What a server built with this TRUST_PROXY takes for the client's address. */
  async function clientIp(trustProxy: string, remoteAddress: string, forwardedFor: string) {
    const app = Fastify({ logger: false, trustProxy: loadConfig({ TRUST_PROXY: trustProxy }).trustProxy });
    app.get('/ip', async (req) => ({ ip: req.ip }));
    const res = await app.inject({
      method: 'GET',
      url: '/ip',
      remoteAddress,
      headers: { 'x-forwarded-for': forwardedFor },
    });
    await app.close();
    return (res.json() as { ip: string }).ip;
  }
  // A client 198.51.100.7 behind two proxies; the nearest one (10.0.0.5) connects to us.
  const chain = '198.51.100.7, 203.0.113.9';

  it.each([
    ['false', '10.0.0.5', '10.0.0.5'],
    ['1', '10.0.0.5', '203.0.113.9'],
    ['2', '10.0.0.5', '198.51.100.7'],
    ['true', '10.0.0.5', '198.51.100.7'],
    ['10.0.0.0/8', '10.0.0.5', '203.0.113.9'],
    ['10.0.0.0/8, 203.0.113.9', '10.0.0.5', '198.51.100.7'],
    ['10.0.0.0/8', '192.0.2.1', '192.0.2.1'],
    ['loopback', '127.0.0.1', '203.0.113.9'],
  ])('TRUST_PROXY=%s, peer %s: request.ip is %s', async (setting, peer, expected) => {
    expect(await clientIp(setting, peer, chain)).toBe(expected);
  });
});

describe('the sign-in limit per address', () => {
  /** Failed sign-ins, each from a new forwarded address and for a new e-mail (so only the per-address budget counts). */
  async function badLogins(t: TTestApp, count: number) {
    const statuses: number[] = [];
    const messages = new Set<string>();
    for (let i = 0; i < count; i++) {
      const r = await call(t.app, 'POST', '/api/dashboard/auth/login', {
        body: { email: `nobody${i}@example.com`, password: 'wrong-password' },
        headers: { 'x-forwarded-for': `198.51.${100 + (i >> 8)}.${i & 255}` },
      });
      statuses.push(r.status);
      if (r.status === 429) messages.add(r.body.message ?? '');
    }
    return { statuses, messages };
  }

  it('with the default configuration, a rotating X-Forwarded-For does not change the address', async () => {
    const t = await createTestApp();
    open.push(t);
    expect(t.config.trustProxy).toBe(false);
    const limit = t.config.loginLimitPerIp;
    const { statuses, messages } = await badLogins(t, limit + 10);
    expect(statuses.slice(0, limit).every((s) => s === 422)).toBe(true);
    expect(statuses.slice(limit)).toEqual(Array(10).fill(429));
    expect([...messages]).toEqual([MSG.tooManyLogins]);
  });

  it('with TRUST_PROXY=1, the forwarded address is the client', async () => {
    const t = await createTestApp({ env: { TRUST_PROXY: '1' } });
    open.push(t);
    const { statuses } = await badLogins(t, t.config.loginLimitPerIp + 10);
    expect(new Set(statuses)).toEqual(new Set([422]));
  });
});
