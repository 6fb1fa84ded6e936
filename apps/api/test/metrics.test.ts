import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type TBuiltApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { createUser } from '../src/db/seed/factories.ts';
import { insertOutboxMail } from '../src/mail/outbox.repository.ts';
import { createStripeProvider } from '../src/payments/stripe-provider.ts';
import { insertSms } from '../src/sms/outbox.repository.ts';
import { tokenFor } from './helpers/sessions.ts';
import { openStream, type TSseStream } from './helpers/sse-client.ts';
import { createTestClock, openTestDatabase } from './helpers/test-app.ts';

/*
 * Issue 31, item 3: Prometheus metrics on a listener of their own (METRICS_PORT on loopback),
 * never on the public port; the series a dashboard needs, with route patterns as labels.
 */

let built: TBuiltApp;
let database: Awaited<ReturnType<typeof openTestDatabase>>;
let publicBase: string;
let metricsBase: string;
let stream: TSseStream | null = null;

beforeAll(async () => {
  database = await openTestDatabase();
  // A web build, so that /metrics would be a page of the app if the public port had no rule for it.
  const web = mkdtempSync(path.join(tmpdir(), 'haulpro-metrics-web-'));
  writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>Haulpro</title>');
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'haulpro-metrics-')),
    PUBLIC_URL: 'http://haulpro.test',
    WEB_DIST: web,
    METRICS_PORT: '9464',
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
  });
  expect(config.metrics).toEqual({ port: 9464, host: '127.0.0.1' });
  built = await buildApp({
    // Any free loopback port (the setting itself refuses 0).
    config: { ...config, metrics: { port: 0, host: '127.0.0.1' } },
    database,
    clock: createTestClock(new Date()),
    logger: false,
    payments: createStripeProvider({
      secretKey: 'sk_test_metrics',
      webhookSecret: 'whsec_test_metrics',
      apiUrl: 'http://127.0.0.1:9',
    }),
  });
  publicBase = await built.app.listen({ port: 0, host: '127.0.0.1' });
  const at = built.metrics?.server.address();
  expect(at?.address).toBe('127.0.0.1');
  metricsBase = `http://127.0.0.1:${at?.port}`;
});

afterAll(async () => {
  stream?.close();
  await built.app.close();
  await database.close();
});

async function scrape(): Promise<string> {
  const res = await fetch(`${metricsBase}/metrics`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/plain; version=0.0.4');
  return res.text();
}

/** The value of one series, by its name and labels exactly as exposed; undefined when absent. */
function value(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('metrics', () => {
  it('are not served on the public port, even with a web build that serves every page address', async () => {
    const res = await fetch(`${publicBase}/metrics`);
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('haulpro_');
    // A page address still gets the app: the rule is for /metrics only.
    expect((await fetch(`${publicBase}/sign-up`)).status).toBe(200);
  });

  it('answer only GET /metrics on their own listener', async () => {
    expect((await fetch(`${metricsBase}/`)).status).toBe(404);
    expect((await fetch(`${metricsBase}/metrics`, { method: 'POST' })).status).toBe(404);
  });

  it('time requests by route pattern, method and status, never by URL', async () => {
    for (let i = 0; i < 3; i++) expect((await fetch(`${publicBase}/api/health`)).status).toBe(200);
    expect((await fetch(`${publicBase}/api/public/branches/no-such-branch-1`)).status).toBe(404);
    expect((await fetch(`${publicBase}/api/public/branches/no-such-branch-2`)).status).toBe(404);
    expect((await fetch(`${publicBase}/api/nothing/here`)).status).toBe(404);
    const text = await scrape();
    expect(
      value(
        text,
        'haulpro_http_request_duration_seconds_count{route="/api/health",method="GET",status="200"}',
      ),
    ).toBe(3);
    expect(
      value(
        text,
        'haulpro_http_request_duration_seconds_bucket{le="+Inf",route="/api/health",method="GET",status="200"}',
      ),
    ).toBe(3);
    const companyRoute = text
      .split('\n')
      .find((l) => l.startsWith('haulpro_http_request_duration_seconds_count{route="/api/public/branches/'));
    expect(companyRoute, 'the pattern, with its parameter').toMatch(/\/:[a-zA-Z_]+".*status="404"} 2$/);
    expect(text).not.toContain('no-such-branch');
    expect(text).not.toContain('/api/nothing/here');
    expect(
      value(text, 'haulpro_http_request_duration_seconds_count{route="unmatched",method="GET",status="404"}'),
    ).toBeGreaterThanOrEqual(1);
  });

  it('count failed payment webhooks by status', async () => {
    const before = value(await scrape(), 'haulpro_payment_webhook_failures_total{status="400"}') ?? 0;
    const res = await fetch(`${publicBase}/api/public/payments/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=forged' },
      body: '{"id":"evt_forged","type":"checkout.session.completed"}',
    });
    expect(res.status).toBe(400);
    expect(value(await scrape(), 'haulpro_payment_webhook_failures_total{status="400"}')).toBe(before + 1);
  });

  it('read the mail outbox and the text queue when scraped', async () => {
    const before = await scrape();
    expect(value(before, 'haulpro_queue_unsent{queue="mail"}')).toBe(0);
    expect(value(before, 'haulpro_queue_oldest_unsent_seconds{queue="mail"}')).toBe(0);
    const mail = { to: 'someone@example.com', subject: 'Hi', text: 'Hello' };
    await insertOutboxMail(database.db, [mail, mail], 'queued');
    // Stored mail (no SMTP) is not waiting for anything: not counted.
    await insertOutboxMail(database.db, [mail], 'stored');
    const user = await createUser(database.db, { firstName: 'Texter' });
    await insertSms(database.db, { userId: user.id, to: '+14155550100', body: 'Hi', status: 'queued' });
    await new Promise((r) => setTimeout(r, 1100));
    const after = await scrape();
    expect(value(after, 'haulpro_queue_unsent{queue="mail"}')).toBe(2);
    expect(value(after, 'haulpro_queue_unsent{queue="sms"}')).toBe(1);
    expect(value(after, 'haulpro_queue_oldest_unsent_seconds{queue="mail"}')).toBeGreaterThan(0);
    expect(value(after, 'haulpro_queue_oldest_unsent_seconds{queue="sms"}')).toBeLessThan(60);
  });

  it('show the database connections and, on PostgreSQL, how long checkouts waited', async () => {
    const text = await scrape();
    expect(value(text, 'haulpro_db_pool_connections{state="in_use"}')).toBeGreaterThanOrEqual(0);
    expect(value(text, 'haulpro_db_pool_connections{state="idle"}')).toBeGreaterThanOrEqual(0);
    expect(value(text, 'haulpro_db_pool_waiting')).toBe(0);
    const acquired = value(text, 'haulpro_db_pool_acquire_seconds_count') ?? 0;
    if (database.kind === 'postgres') expect(acquired).toBeGreaterThan(0);
    else expect(value(text, 'haulpro_db_pool_connections{state="idle"}')).toBe(1);
  });

  it('show how late the periodic jobs are, and their failures', async () => {
    expect(value(await scrape(), 'haulpro_job_lag_seconds'), 'no pass yet').toBe(0);
    const jobPass = built.metrics?.jobPass;
    jobPass?.({ startedAt: Date.now() - 90_000, everyMs: 30_000, ok: true });
    jobPass?.({ startedAt: Date.now(), everyMs: 30_000, ok: false });
    const text = await scrape();
    expect(value(text, 'haulpro_job_lag_seconds')).toBeGreaterThanOrEqual(59);
    expect(value(text, 'haulpro_job_lag_seconds')).toBeLessThan(70);
    expect(value(text, 'haulpro_job_failures_total')).toBe(1);
    jobPass?.({ startedAt: Date.now(), everyMs: 30_000, ok: true });
    expect(value(await scrape(), 'haulpro_job_lag_seconds')).toBe(0);
  });

  it('count the open event streams', async () => {
    expect(value(await scrape(), 'haulpro_live_streams_open')).toBe(0);
    const user = await createUser(database.db, { firstName: 'Listener' });
    stream = await openStream(publicBase, await tokenFor(database.db, user.id));
    await stream.next((e) => e.event === 'ready');
    // The stream writes its own head (hijacked): it still says its request id.
    expect(stream.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(value(await scrape(), 'haulpro_live_streams_open')).toBe(1);
  });

  it("include Node's process metrics", async () => {
    const text = await scrape();
    for (const name of [
      'process_cpu_user_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_seconds',
    ])
      expect(text).toMatch(new RegExp(`^${name} `, 'm'));
  });
});

describe('METRICS_PORT and METRICS_HOST', () => {
  const base = { DATA_DIR: tmpdir() };
  it('are off by default', () => {
    expect(loadConfig(base).metrics).toBeNull();
    expect(loadConfig({ ...base, METRICS_PORT: '' }).metrics).toBeNull();
  });

  it('read a port and an address, loopback by default', () => {
    expect(loadConfig({ ...base, METRICS_PORT: '9464' }).metrics).toEqual({ port: 9464, host: '127.0.0.1' });
    expect(loadConfig({ ...base, METRICS_PORT: '9464', METRICS_HOST: '10.0.0.5' }).metrics).toEqual({
      port: 9464,
      host: '10.0.0.5',
    });
  });

  it.each(['0', '65536', 'abc', '0x10', '9464.5', ' 1e3'])('refuse METRICS_PORT=%j', (v) => {
    expect(() => loadConfig({ ...base, METRICS_PORT: v })).toThrow(/METRICS_PORT must be a port number/);
  });

  it('refuse a METRICS_HOST that is not an address', () => {
    expect(() => loadConfig({ ...base, METRICS_PORT: '9464', METRICS_HOST: 'metrics.example' })).toThrow(
      /METRICS_HOST must be an IP address/,
    );
  });
});
