/**
 * npm run bench: latency of the hot authenticated paths over real HTTP on loopback, against
 * the embedded database (or DATABASE_URL). Bounded request counts; stops by itself.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoIfEmpty } from '../src/db/seed/demo.ts';
import { notify } from '../src/modules/notifications/notifications.service.ts';
import { findUserByEmail } from '../src/modules/users/users.repository.ts';

const config = loadConfig({
  ...process.env,
  DATA_DIR: mkdtempSync(path.join(tmpdir(), 'haulpro-bench-')),
  LOG_LEVEL: 'silent',
  LOGIN_LIMIT_PER_IP: '100000',
  LOGIN_LIMIT_PER_EMAIL: '100000',
});
const database = await openDatabase(
  config.database.kind === 'postgres'
    ? { kind: 'postgres', url: config.database.url }
    : { kind: 'pglite', dir: null },
);
await database.migrate();
await seedDemoIfEmpty(database.db);
const staff = await findUserByEmail(database.db, DEMO_ACCOUNTS.staff);
for (let i = 0; i < 2000; i += 1)
  await notify(database.db, staff!.id, { title: `Order #${i} was accepted`, link: `/orders?order_id=${i}` });

const { app } = await buildApp({ config, database, logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

async function login() {
  const r = await fetch(`${base}/api/dashboard/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO_ACCOUNTS.staff, password: DEMO_PASSWORD }),
  });
  return ((await r.json()) as { data: { token: string } }).data.token;
}

async function measure(name: string, total: number, concurrency: number, once: () => Promise<Response>) {
  const times: number[] = [];
  let next = 0;
  let errors = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        next += 1;
        const t0 = performance.now();
        const res = await once();
        await res.arrayBuffer();
        if (!res.ok) errors += 1;
        times.push(performance.now() - t0);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  const q = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!.toFixed(1);
  return {
    name,
    requests: total,
    concurrency,
    'req/s': Math.round(total / elapsed),
    'p50 ms': q(0.5),
    'p95 ms': q(0.95),
    'p99 ms': q(0.99),
    errors,
  };
}

const token = await login();
const auth = { authorization: `Bearer ${token}` };
const rows = [
  await measure('GET /api/health', 2000, 10, () => fetch(`${base}/api/health`)),
  await measure('GET auth/check', 2000, 10, () =>
    fetch(`${base}/api/dashboard/auth/check`, { headers: auth }),
  ),
  await measure('GET notifications (2000 rows, page 1)', 2000, 10, () =>
    fetch(`${base}/api/dashboard/notifications`, { headers: auth }),
  ),
  await measure('GET notifications page 100', 1000, 10, () =>
    fetch(`${base}/api/dashboard/notifications?page=100`, { headers: auth }),
  ),
  await measure('POST auth/login (scrypt)', 100, 4, () =>
    fetch(`${base}/api/dashboard/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEMO_ACCOUNTS.staff, password: DEMO_PASSWORD }),
    }),
  ),
];
console.log(`\nHaulpro API benchmark (${database.kind}, ${new Date().toISOString()})`);
console.table(rows);
await app.close();
await database.close();
