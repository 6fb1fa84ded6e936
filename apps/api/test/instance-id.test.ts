import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { createTestApp, type TTestApp } from './helpers/test-app.ts';

/** Issue 31: behind a load balancer, each answer says which replica served it when INSTANCE_ID is set. */

describe('INSTANCE_ID is parsed strictly', () => {
  it('is off when unset or empty', () => {
    expect(loadConfig({}).instanceId).toBeNull();
    expect(loadConfig({ INSTANCE_ID: '' }).instanceId).toBeNull();
  });

  it.each(['api-1', 'replica_2', 'host.example.3', ' api-4 '])('takes %j', (value) => {
    expect(loadConfig({ INSTANCE_ID: value }).instanceId).toBe(value.trim());
  });

  it.each(['api 1', 'a/b', 'x'.repeat(65), 'api\r\nset-cookie: x=1', 'é'])('refuses %j', (value) => {
    expect(() => loadConfig({ INSTANCE_ID: value })).toThrow(/INSTANCE_ID must be/);
  });
});

describe('the X-Served-By header', () => {
  let named: TTestApp;
  let plain: TTestApp;
  beforeAll(async () => {
    named = await createTestApp({ env: { INSTANCE_ID: 'api-2' } });
    plain = await createTestApp({ database: named.database, clock: named.clock });
  });
  afterAll(async () => {
    await plain?.close();
    await named?.close();
  });

  it('names the replica on answers of every kind', async () => {
    const health = await named.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.headers['x-served-by']).toBe('api-2');
    const missing = await named.app.inject({ method: 'GET', url: '/api/no-such-route' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['x-served-by']).toBe('api-2');
    const refused = await named.app.inject({ method: 'GET', url: '/api/dashboard/auth/check' });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['x-served-by']).toBe('api-2');
  });

  it('is absent without INSTANCE_ID (the default)', async () => {
    const health = await plain.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.headers['x-served-by']).toBeUndefined();
  });
});
