// CI (PostgreSQL pass): restarts PostgreSQL under a bounded write load and checks that the API
// process survives, answers only 2xx or 503 meanwhile, is healthy again within 5 s, and lost no
// acknowledged write. Loopback only; every loop is bounded in count and time.
//
// Needs: DATABASE_URL (a server where it may create a database), PGBIN and PGDATA (to run
// `pg_ctl restart` as the postgres user). RESTARTS (default 3) sets how many restarts.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { DATABASE_URL, PGBIN, PGDATA } = process.env;
if (!DATABASE_URL || !PGBIN || !PGDATA) {
  console.error('db-restart-check: set DATABASE_URL, PGBIN and PGDATA');
  process.exit(2);
}
const RESTARTS = Number(process.env.RESTARTS ?? 3);
const WORKERS = 8;
const HEALTHY_WITHIN_MS = 5000;
const LOAD_BEFORE_MS = 1500;
const LOAD_AFTER_MS = 3000;
const REQUEST_TIMEOUT_MS = 10_000;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const freePort = () =>
  new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });

async function admin(sql) {
  const c = new pg.Client({ connectionString: DATABASE_URL });
  await c.connect();
  try {
    return await c.query(sql);
  } finally {
    await c.end();
  }
}

const dbName = `haulpro_restart_${randomBytes(4).toString('hex')}`;
await admin(`create database ${dbName}`);
const url = new URL(DATABASE_URL);
url.pathname = `/${dbName}`;
const port = await freePort();
const dataDir = mkdtempSync(path.join(tmpdir(), 'haulpro-restart-'));
const base = `http://127.0.0.1:${port}`;

const server = spawn(path.join(root, 'node_modules/.bin/tsx'), ['apps/api/src/server.ts'], {
  cwd: root,
  env: {
    ...process.env,
    NODE_ENV: 'production',
    DATABASE_URL: url.toString(),
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    WEB_DIST: path.join(root, 'nonexistent-web-dist'),
    DATA_DIR: dataDir,
  },
  stdio: ['ignore', 'ignore', 'pipe'],
});
let serverLog = '';
server.stderr.on('data', (d) => {
  serverLog += d;
});
let serverExit = null;
server.on('exit', (code, signal) => {
  serverExit = { code, signal };
});

async function request(method, p, { token, body } = {}) {
  const ctrl = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  const res = await fetch(`${base}${p}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
    signal: ctrl,
  });
  const text = await res.text();
  return {
    status: res.status,
    retryAfter: res.headers.get('retry-after'),
    json: text ? JSON.parse(text) : null,
  };
}

async function waitHealthy(timeoutMs) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (serverExit) return null;
    try {
      if ((await request('GET', '/api/health')).status === 200) return Date.now() - started;
    } catch {}
    await sleep(50);
  }
  return null;
}

const problems = [];
const statuses = {};
const acknowledged = [];
let ok = false;
try {
  if ((await waitHealthy(180_000)) === null)
    throw new Error(`the API did not start:\n${serverLog.slice(-2000)}`);
  const login = await request('POST', '/api/dashboard/auth/login', {
    body: { email: 'staff@demo.test', password: 'demo-password' },
  });
  if (login.status !== 200) throw new Error(`demo staff login failed: ${login.status}`);
  const token = login.json.data.token;
  const check = await request('GET', '/api/dashboard/auth/check', { token });
  const branchId = check.json.data.branches[0].id;

  let running = true;
  let seq = 0;
  async function worker(w) {
    while (running) {
      const name = `restart-${w}-${seq++}`;
      const write = seq % 3 !== 0;
      try {
        const r = write
          ? await request('POST', `/api/dashboard/branches/${branchId}/services`, {
              token,
              body: { name, employees_count: 2, minimum_hours: 2, base_hourly_rate: 90, service_type: 1 },
            })
          : await request('GET', '/api/dashboard/orders?filter=active', { token });
        statuses[r.status] = (statuses[r.status] ?? 0) + 1;
        if (r.status >= 200 && r.status < 300) {
          if (write) acknowledged.push(name);
        } else if (r.status === 503) {
          if (!r.retryAfter) problems.push('a 503 without Retry-After');
          await sleep(50);
        } else {
          problems.push(
            `${write ? 'write' : 'read'} answered ${r.status}: ${JSON.stringify(r.json).slice(0, 200)}`,
          );
        }
      } catch (err) {
        statuses.network = (statuses.network ?? 0) + 1;
        problems.push(`request failed: ${err.message}`);
        await sleep(50);
      }
    }
  }

  const recoveries = [];
  for (let i = 0; i < RESTARTS; i++) {
    running = true;
    const workers = Array.from({ length: WORKERS }, (_, w) => worker(w));
    await sleep(LOAD_BEFORE_MS);
    // Asynchronously, so the load keeps going through the outage. -l: without a log file the
    // restarted server would keep pg_ctl's output open, and pg_ctl would never return.
    const restart = await new Promise((resolve) => {
      const p = spawn(
        'su',
        ['postgres', '-c', `${PGBIN}/pg_ctl -D ${PGDATA} -l ${PGDATA}/restart.log -m fast -w -t 30 restart`],
        { stdio: ['ignore', 'ignore', 'pipe'] },
      );
      let stderr = '';
      p.stderr.on('data', (d) => {
        stderr += d;
      });
      p.on('exit', (code) => resolve({ code, stderr }));
    });
    if (restart.code !== 0) throw new Error(`pg_ctl restart failed: ${restart.stderr}`);
    const back = await waitHealthy(HEALTHY_WITHIN_MS);
    recoveries.push(back);
    if (back === null) problems.push(`restart ${i + 1}: not healthy within ${HEALTHY_WITHIN_MS} ms`);
    await sleep(LOAD_AFTER_MS);
    running = false;
    await Promise.all(workers);
    if (serverExit)
      throw new Error(`the API process died: ${JSON.stringify(serverExit)}\n${serverLog.slice(-3000)}`);
  }

  const reader = new pg.Client({ connectionString: url.toString() });
  await reader.connect();
  const stored = new Set(
    (await reader.query(`select name from service_prices where name like 'restart-%'`)).rows.map(
      (x) => x.name,
    ),
  );
  await reader.end();
  const lost = acknowledged.filter((n) => !stored.has(n));
  if (lost.length)
    problems.push(`${lost.length} acknowledged writes are missing: ${lost.slice(0, 5).join(', ')}`);
  const outageLines = serverLog.split('\n').filter(Boolean);
  const notJson = outageLines.filter((l) => {
    try {
      JSON.parse(l);
      return false;
    } catch {
      return true;
    }
  });
  if (notJson.length) problems.push(`log lines that are not JSON: ${notJson.slice(0, 3).join(' | ')}`);
  if (/params:/.test(serverLog)) problems.push('the log carries SQL parameters');

  console.log(
    `db-restart-check: ${RESTARTS} restarts under ${WORKERS} clients; answers ${JSON.stringify(statuses)}; ` +
      `${acknowledged.length} acknowledged writes, ${lost.length} lost; healthy again after ${recoveries
        .map((ms) => (ms === null ? 'never' : `${ms} ms`))
        .join(', ')}; API process ${serverExit ? 'DIED' : 'alive'}`,
  );
  ok = problems.length === 0 && !serverExit;
} catch (err) {
  problems.push(err.message);
} finally {
  server.kill('SIGTERM');
  await Promise.race([new Promise((r) => server.once('exit', r)), sleep(5000)]);
  if (!serverExit) server.kill('SIGKILL');
  await admin(`drop database if exists ${dbName} with (force)`).catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
}
if (!ok) {
  console.error(`db-restart-check FAILED:\n- ${[...new Set(problems)].slice(0, 20).join('\n- ')}`);
  process.exit(1);
}
console.log('db-restart-check: passed');
