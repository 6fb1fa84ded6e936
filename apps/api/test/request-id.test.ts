import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp, type TBuiltApp } from '../src/app.ts';
import { loadConfig, parseTrustProxy } from '../src/config.ts';
import { createUser } from '../src/db/seed/factories.ts';
import { loggerOptions } from '../src/http/log-options.ts';
import { trustsPeer } from '../src/http/request-id.ts';
import { createTestClock, openTestDatabase } from './helpers/test-app.ts';

/*
 * Issue 31, item 3: every answer says its request id (X-Request-Id) and every log line of the
 * request carries it. An incoming id is kept only from a proxy TRUST_PROXY trusts, and only in a
 * safe form; anyone else gets a new one.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const open: { built: TBuiltApp; close(): Promise<void> }[] = [];
afterAll(async () => {
  for (const o of open) await o.close();
});

const apps = new Map<string, ReturnType<typeof startApp>>();
/** One app per TRUST_PROXY value, shared by the tests that need it. */
function appWith(trustProxy: string) {
  const found = apps.get(trustProxy);
  if (found) return found;
  const started = startApp(trustProxy);
  apps.set(trustProxy, started);
  return started;
}

async function startApp(trustProxy: string) {
  const database = await openTestDatabase();
  const lines: Record<string, unknown>[] = [];
  const raw: string[] = [];
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'haulpro-request-id-')),
    PUBLIC_URL: 'http://haulpro.test',
    TRUST_PROXY: trustProxy,
  });
  const options = loggerOptions('info') as Exclude<ReturnType<typeof loggerOptions>, boolean | undefined>;
  const built = await buildApp({
    config: { ...config, smtpUrl: null },
    database,
    clock: createTestClock(new Date()),
    logger: {
      ...options,
      stream: {
        write: (l: string) => {
          raw.push(l);
          lines.push(JSON.parse(l));
        },
      },
    },
  });
  await built.app.ready();
  const o = {
    built,
    lines,
    raw,
    async close() {
      await built.app.close();
      await database.close();
    },
  };
  open.push(o);
  return o;
}

const health = (built: TBuiltApp, headers: Record<string, string>, remoteAddress = '127.0.0.1') =>
  built.app.inject({ method: 'GET', url: '/api/health', headers, remoteAddress });

describe('request ids without a trusted proxy (the default)', () => {
  it('make a new id for every request and ignore the one a client sends', async () => {
    const { built } = await appWith('false');
    const a = await health(built, { 'x-request-id': 'client-chosen-id' });
    const b = await health(built, {});
    expect(a.statusCode).toBe(200);
    expect(a.headers['x-request-id']).toMatch(UUID);
    expect(b.headers['x-request-id']).toMatch(UUID);
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
  });

  it('are on every answer: errors, unknown addresses, refused URLs', async () => {
    const { built } = await appWith('false');
    for (const url of ['/api/nothing/here', '/api/dashboard/me', '/api/public/branches/%E0%A4%A']) {
      const r = await built.app.inject({ method: 'GET', url });
      expect(r.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(r.headers['x-request-id'], url).toMatch(UUID);
    }
  });

  it("are in every log line of a request, also lines logged through the app's logger", async () => {
    const { built, lines, raw } = await appWith('false');
    const u = await createUser(built.deps.db, { firstName: 'Logan' });
    const r = await built.app.inject({
      method: 'GET',
      url: `/api/dashboard/auth/reset-password/${encodeURIComponent(u.email)}`,
    });
    expect(r.statusCode).toBe(200);
    const id = r.headers['x-request-id'];
    expect(id).toMatch(UUID);
    const mine = lines.filter((l) => l.reqId === id);
    const messages = mine.map((l) => l.msg);
    expect(messages).toContain('incoming request');
    expect(messages).toContain('request completed');
    // The mailer logs through the app's logger, not the request's: the id still comes along.
    expect(messages.some((m) => typeof m === 'string' && m.includes('mail stored in outbox'))).toBe(true);
    // Each line names the id once (the request's own lines bind it; the mixin adds it to the others).
    const rawLines = raw.filter((l) => l.includes(`"${id}"`));
    expect(rawLines).toHaveLength(mine.length);
    for (const l of rawLines) expect(l.split('"reqId"').length - 1, l).toBe(1);
  });
});

describe('request ids behind a trusted proxy', () => {
  it("keep the proxy's id when it is safe", async () => {
    const { built, lines } = await appWith('loopback');
    const r = await health(built, { 'x-request-id': 'nginx-4f2a.b_9-1' });
    expect(r.headers['x-request-id']).toBe('nginx-4f2a.b_9-1');
    expect(lines.some((l) => l.reqId === 'nginx-4f2a.b_9-1' && l.msg === 'request completed')).toBe(true);
  });

  it.each([
    ['a space', 'two words'],
    ['a quote', 'id"injected'],
    ['a slash', '../../etc'],
    ['too long', 'x'.repeat(129)],
    ['an empty value', ''],
  ])('replace an id with %s', async (_what, given) => {
    const { built } = await appWith('loopback');
    const r = await health(built, { 'x-request-id': given });
    expect(r.headers['x-request-id']).toMatch(UUID);
  });

  it('replace the id of a peer that is not the trusted proxy', async () => {
    const { built } = await appWith('10.0.0.0/8');
    const fromProxy = await health(built, { 'x-request-id': 'from-the-proxy' }, '10.1.2.3');
    expect(fromProxy.headers['x-request-id']).toBe('from-the-proxy');
    const direct = await health(built, { 'x-request-id': 'from-the-proxy' }, '203.0.113.9');
    expect(direct.headers['x-request-id']).toMatch(UUID);
  });
});

describe('trustsPeer', () => {
  it('applies TRUST_PROXY to the connection itself', () => {
    const peer = (value: string, address: string) => trustsPeer(parseTrustProxy(value))(address);
    expect(peer('false', '127.0.0.1')).toBe(false);
    expect(peer('true', '203.0.113.9')).toBe(true);
    expect(peer('1', '203.0.113.9')).toBe(true);
    expect(peer('loopback', '::1')).toBe(true);
    expect(peer('loopback', '::ffff:127.0.0.1')).toBe(true);
    expect(peer('uniquelocal', '192.168.1.20')).toBe(true);
    expect(peer('uniquelocal', 'fd12::1')).toBe(true);
    expect(peer('linklocal', '169.254.10.1')).toBe(true);
    expect(peer('10.0.0.0/8,::1', '10.255.0.1')).toBe(true);
    expect(peer('10.0.0.0/8,::1', '11.0.0.1')).toBe(false);
    expect(peer('192.0.2.7', '192.0.2.7')).toBe(true);
    expect(peer('192.0.2.7', '192.0.2.8')).toBe(false);
    expect(peer('loopback', 'not-an-address')).toBe(false);
  });
});
