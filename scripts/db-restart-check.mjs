// CI (PostgreSQL pass): restarts PostgreSQL under a bounded write load and checks that the API
// process survives, answers only 2xx or 503 (with Retry-After) meanwhile, is healthy again within
// 5 s of each restart, lost no acknowledged write, and logged only JSON lines without secrets,
// with the read cache's change feed going down and coming back once per restart (decision 012).
// Loopback only; every loop is bounded in count and time, and the whole run by a watchdog.
//
// Needs: DATABASE_URL (a server where it may create a database), PGBIN and PGDATA (to run
// `pg_ctl restart` as the postgres user). RESTARTS (1-20, default 3) sets how many restarts.
import { spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { DATABASE_URL, PGBIN, PGDATA } = process.env;
if (!DATABASE_URL || !PGBIN || !PGDATA) {
  console.error('db-restart-check: set DATABASE_URL, PGBIN and PGDATA');
  process.exit(2);
}
const restartsEnv = process.env.RESTARTS ?? '3';
if (!/^[1-9][0-9]?$/.test(restartsEnv) || Number(restartsEnv) > 20) {
  console.error('db-restart-check: RESTARTS must be 1-20');
  process.exit(2);
}
const RESTARTS = Number(restartsEnv);
const WORKERS = 8;
const HEALTHY_WITHIN_MS = 5000;
const LOAD_BEFORE_MS = 1500;
const LOAD_AFTER_MS = 3000;
const REQUEST_TIMEOUT_MS = 10_000;
const START_TIMEOUT_MS = 180_000;
/** The whole run, start-up included; past it the check fails and cleans up. */
const WATCHDOG_MS = START_TIMEOUT_MS + RESTARTS * 60_000;

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

// The server runs from the production bundle, as under `npm start`: build it when missing or stale.
const built = spawnSync(process.execPath, [path.join(root, 'scripts/build-api.mjs'), '--if-stale'], {
  cwd: root,
  stdio: 'inherit',
});
if (built.status !== 0) {
  console.error('db-restart-check: the API build failed');
  process.exit(1);
}

const dbName = `haulpro_restart_${randomBytes(4).toString('hex')}`;
await admin(`create database ${dbName}`);
const url = new URL(DATABASE_URL);
url.pathname = `/${dbName}`;
const port = await freePort();
const dataDir = mkdtempSync(path.join(tmpdir(), 'haulpro-restart-'));
const base = `http://127.0.0.1:${port}`;

// The server as `npm start` runs it (the production bundle, built above), on its own database and
// a loopback port, without a web build (the API serves without one).
const bundle = path.join(root, 'apps/api/dist/server.mjs');
const server = spawn(process.execPath, ['--enable-source-maps', bundle], {
  cwd: root,
  env: {
    ...process.env,
    NODE_ENV: 'production',
    DATABASE_URL: url.toString(),
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    SEED_DEMO: 'auto',
    WEB_DIST: path.join(root, 'nonexistent-web-dist'),
    DATA_DIR: dataDir,
  },
  stdio: ['ignore', 'pipe', 'pipe'],
});
let serverExit = null;
server.on('exit', (code, signal) => {
  serverExit = { code, signal };
});

/** What the server logged (stdout and stderr), checked line by line as it arrives. */
const logs = { lines: 0, notJson: [], secrets: [], safetyNet: [], feedDown: 0, feedUp: 0, tail: [] };
/** Strings that must never be in a log line (the session token and its stored hash, once known). */
const secrets = [];
function onLogLine(line) {
  if (!line) return;
  logs.lines++;
  logs.tail.push(line);
  if (logs.tail.length > 40) logs.tail.shift();
  let entry;
  try {
    entry = JSON.parse(line);
  } catch {
    logs.notJson.push(line.slice(0, 200));
    return;
  }
  if (/params:/.test(line) || secrets.some((s) => line.includes(s))) logs.secrets.push(line.slice(0, 300));
  const msg = String(entry.msg ?? '');
  if (/^(uncaught exception|unhandled rejection)/.test(msg)) logs.safetyNet.push(msg);
  if (msg.startsWith('read cache off')) logs.feedDown++;
  if (msg.startsWith('read cache on')) logs.feedUp++;
}
for (const stream of [server.stdout, server.stderr]) createInterface({ input: stream }).on('line', onLogLine);

async function request(method, p, { token, body } = {}) {
  const res = await fetch(`${base}${p}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const text = await res.text();
  let json = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = text.slice(0, 200);
  }
  return { status: res.status, retryAfter: res.headers.get('retry-after'), json };
}

async function waitHealthy(timeoutMs) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (serverExit) return null;
    try {
      if ((await request('GET', '/api/health')).status === 200) return Date.now() - started;
    } catch {}
    await sleep(25);
  }
  return null;
}

const problems = [];
const statuses = {};
const acknowledged = [];
const rounds = [];
let ok = false;
const watchdog = setTimeout(() => {
  console.error(`db-restart-check FAILED: still running after ${WATCHDOG_MS} ms`);
  server.kill('SIGKILL');
  admin(`drop database if exists ${dbName} with (force)`)
    .catch(() => undefined)
    .finally(() => process.exit(1));
}, WATCHDOG_MS);
watchdog.unref();

try {
  if ((await waitHealthy(START_TIMEOUT_MS)) === null)
    throw new Error(`the API did not start:\n${logs.tail.join('\n')}`);
  const login = await request('POST', '/api/dashboard/auth/login', {
    body: { email: 'staff@demo.test', password: 'demo-password' },
  });
  if (login.status !== 200) throw new Error(`demo staff login failed: ${login.status}`);
  const token = login.json.data.token;
  secrets.push(token, createHash('sha256').update(token).digest('hex'));
  const check = await request('GET', '/api/dashboard/auth/check', { token });
  const branchId = check.json.data.branches[0].id;
  // A branch like the demo one: creating it runs a multi-statement transaction (lock, count,
  // slug, insert, counties), so connections are often checked out between statements when
  // PostgreSQL ends them, which is what used to crash the process.
  const b = (await request('GET', `/api/dashboard/branches/${branchId}`, { token })).json.data;
  const branchBody = (name) => ({
    name,
    address: b.address,
    state_id: b.state_id,
    city_id: b.city_id,
    zip_code: b.zip_code,
    latitude: b.latitude,
    longitude: b.longitude,
    service_area: b.service_area,
    primary_phone: b.primary_phone,
    county_ids: b.counties.map((c) => c.id),
    time_zone: b.time_zone,
  });

  let running = true;
  let seq = 0;
  /** When this round's first and last 503 were answered. */
  let window = { first: 0, last: 0 };
  /** One client, in turn: a service price (one statement), a branch (a transaction), a read. */
  async function worker(w) {
    while (running) {
      const n = seq++;
      const kind = ['service', 'branch', 'read'][n % 3];
      const name = `restart-${w}-${n}`;
      try {
        const r =
          kind === 'service'
            ? await request('POST', `/api/dashboard/branches/${branchId}/services`, {
                token,
                body: { name, employees_count: 2, minimum_hours: 2, base_hourly_rate: 90, service_type: 1 },
              })
            : kind === 'branch'
              ? await request('POST', '/api/dashboard/branches', { token, body: branchBody(name) })
              : await request('GET', '/api/dashboard/orders?filter=active', { token });
        statuses[r.status] = (statuses[r.status] ?? 0) + 1;
        if (r.status >= 200 && r.status < 300) {
          if (kind !== 'read') acknowledged.push({ kind, name });
        } else if (r.status === 503) {
          window.first ||= Date.now();
          window.last = Date.now();
          if (!r.retryAfter) problems.push('a 503 without Retry-After');
          await sleep(50);
        } else {
          problems.push(`${kind} answered ${r.status}: ${JSON.stringify(r.json).slice(0, 200)}`);
        }
      } catch (err) {
        statuses.network = (statuses.network ?? 0) + 1;
        problems.push(`request failed: ${err.message}`);
        await sleep(50);
      }
    }
  }

  for (let i = 0; i < RESTARTS; i++) {
    running = true;
    window = { first: 0, last: 0 };
    const workers = Array.from({ length: WORKERS }, (_, w) => worker(w));
    await sleep(LOAD_BEFORE_MS);
    // Asynchronously, so the load keeps going through the outage. -l: without a log file the
    // restarted server would keep pg_ctl's output open, and pg_ctl would never return.
    const restartStarted = Date.now();
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
    const restartMs = Date.now() - restartStarted;
    // "Healthy again" counts from the moment PostgreSQL accepts connections (pg_ctl -w returns).
    const back = await waitHealthy(HEALTHY_WITHIN_MS);
    const round = { restartMs, healthyAfterMs: back, answers503: null };
    if (back === null) problems.push(`restart ${i + 1}: not healthy within ${HEALTHY_WITHIN_MS} ms`);
    await sleep(LOAD_AFTER_MS);
    running = false;
    await Promise.all(workers);
    round.answers503 = window.first ? window.last - window.first : null;
    rounds.push(round);
    if (serverExit)
      throw new Error(`the API process died: ${JSON.stringify(serverExit)}\n${logs.tail.join('\n')}`);
  }

  const reader = new pg.Client({ connectionString: url.toString() });
  await reader.connect();
  const stored = { service: new Set(), branch: new Set() };
  for (const [kind, table] of [
    ['service', 'service_prices'],
    ['branch', 'branches'],
  ]) {
    const rows = (await reader.query(`select name from ${table} where name like 'restart-%'`)).rows;
    for (const row of rows) stored[kind].add(row.name);
  }
  await reader.end();
  const lost = acknowledged.filter((x) => !stored[x.kind].has(x.name));
  if (lost.length)
    problems.push(
      `${lost.length} acknowledged writes are missing: ${lost
        .slice(0, 5)
        .map((x) => `${x.kind} ${x.name}`)
        .join(', ')}`,
    );
  if (!statuses[503]) problems.push('no request met the outage (no 503): the check proved nothing');
  if (logs.notJson.length)
    problems.push(`log lines that are not JSON: ${logs.notJson.slice(0, 3).join(' | ')}`);
  if (logs.secrets.length)
    problems.push(
      `log lines with SQL parameters or the session token: ${logs.secrets.slice(0, 2).join(' | ')}`,
    );
  if (logs.safetyNet.length)
    problems.push(
      `a lost connection reached the process-level safety net (a client without an 'error' listener): ${logs.safetyNet[0]}`,
    );
  // The feed logs its state once known (up at start), then down and up again per restart.
  if (logs.feedDown !== RESTARTS || logs.feedUp !== RESTARTS + 1)
    problems.push(
      `read cache feed logged down ${logs.feedDown} and up ${logs.feedUp} times (expected ${RESTARTS} and ${RESTARTS + 1})`,
    );

  console.log(
    `db-restart-check: ${RESTARTS} restarts under ${WORKERS} clients; answers ${JSON.stringify(statuses)}; ` +
      `${acknowledged.length} acknowledged writes (${acknowledged.filter((x) => x.kind === 'branch').length} in transactions), ${lost.length} lost; pg_ctl restart took ${rounds
        .map((r) => `${r.restartMs} ms`)
        .join(', ')}; healthy again ${rounds
        .map((r) => (r.healthyAfterMs === null ? 'never' : `${r.healthyAfterMs} ms`))
        .join(', ')} after it returned; 503s during ${rounds
        .map((r) => (r.answers503 === null ? 'none' : `${r.answers503} ms`))
        .join(', ')}; ${logs.lines} log lines, feed down/up ${logs.feedDown}/${logs.feedUp}; ` +
      `API process ${serverExit ? 'DIED' : 'alive'}`,
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
  clearTimeout(watchdog);
}
if (!ok) {
  console.error(`db-restart-check FAILED:\n- ${[...new Set(problems)].slice(0, 20).join('\n- ')}`);
  process.exit(1);
}
console.log('db-restart-check: passed');
