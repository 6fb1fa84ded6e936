import { createServer } from 'node:http';
import { MSG } from '@haulpro/shared/messages';
import { REASON_MSG } from '@haulpro/shared/order';
import helmet from 'helmet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECURITY_HEADER_OPTIONS } from '../src/http/security-headers.ts';
import { tokenFor, usersOfEveryRole } from './helpers/sessions.ts';
import { createTestApp, type TTestApp } from './helpers/test-app.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('HTTP basics', () => {
  it('health checks the database', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: { status: 'ok', database: t.database.kind === 'pglite' ? 'pglite' : 'postgres' },
    });
  });

  it('unknown API paths answer 404 in the envelope', async () => {
    for (const url of ['/api/nope', '/api/dashboard/nope', '/api/dashboard/users']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: MSG.notFound });
    }
  });

  it('serves the OpenAPI document and its UI', async () => {
    const json = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(json.statusCode).toBe(200);
    const docPaths = Object.keys((json.json() as { paths: Record<string, unknown> }).paths);
    expect(docPaths.length).toBeGreaterThanOrEqual(10);
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
  });

  it('a body over the limit is a 413, a wrong content type is a 415, never a 500', async () => {
    const big = await t.app.inject({
      method: 'POST',
      url: '/api/dashboard/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ message: MSG.bodyTooLarge });
    const xml = await t.app.inject({
      method: 'POST',
      url: '/api/dashboard/auth/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(xml.statusCode).toBe(415);
    expect(xml.json()).toEqual({ message: MSG.unsupportedMediaType });
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/dashboard/auth/login',
      headers: { 'content-type': 'text/plain' },
      payload: 'hi',
    });
    expect(text.statusCode).toBe(422);
  });

  it('an upload route over its limit speaks of the file (spec: File cannot be larger than 10M)', async () => {
    const big = await t.app.inject({
      method: 'PUT',
      url: '/api/dashboard/users/1',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ image: 'x'.repeat(16 * 1024 * 1024) }),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ message: MSG.fileTooLarge });
  });

  it("an address that cannot be decoded (400) or is too long (414) answers in our envelope, not Fastify's", async () => {
    for (const url of ['/api/dashboard/orders/%C0%80', '/api/dashboard/orders/%E0%A4%A', '/api/health/%FF']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual({ message: MSG.badUrl });
    }
    const long = await t.app.inject({ method: 'GET', url: `/api/dashboard/orders/${'A'.repeat(300)}` });
    expect(long.statusCode).toBe(414);
    expect(long.json()).toEqual({ message: MSG.urlTooLong });
  });

  it('a 1,001-character cancel reason is told the limit, not that it is required', async () => {
    const users = await usersOfEveryRole(t.deps.db);
    const token = await tokenFor(t.deps.db, users.customer.id);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/dashboard/customer/orders/1/cancel',
      headers: { authorization: `Bearer ${token}` },
      payload: { reason: 'x'.repeat(1001) },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: REASON_MSG.max, errors: { reason: [REASON_MSG.max] } });
    expect(REASON_MSG.max).toBe('The reason must be at most 1000 characters');
  });

  it('sends security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('sends exactly the headers helmet writes for the policy, on answers, errors and pages', async () => {
    // Helmet's own middleware on a real response, beside the headers worked out once at start.
    const expected = await new Promise<Record<string, unknown>>((resolve) => {
      const server = createServer((req, res) => {
        res.setHeader('X-Powered-By', 'x');
        helmet(SECURITY_HEADER_OPTIONS)(req, res, () => {
          resolve(res.getHeaders());
          res.end();
          server.close();
        });
      }).listen(0, '127.0.0.1', () => {
        const a = server.address();
        void fetch(`http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}/`);
      });
    });
    expect(Object.keys(expected).length).toBeGreaterThan(10);
    expect(expected['x-powered-by']).toBeUndefined();
    for (const url of ['/api/health', '/api/nope', '/api/dashboard/orders', '/login']) {
      const res = await t.app.inject({ method: 'GET', url });
      for (const [name, value] of Object.entries(expected))
        expect(res.headers[name], `${url} ${name}`).toBe(value);
      expect(res.headers['content-security-policy']).toContain("worker-src 'self'");
    }
  });
});
