// CI's smoke of `npm start` on the Node found first on PATH (.ci/run runs it with Node 24): starts
// the production server on a free loopback port with a fresh embedded database and the metrics
// listener on, waits for /api/health, fetches the home page and one API call, checks that the
// server runs on the expected Node (the metrics' nodejs_version_info), and stops it.
//
//   node scripts/start-smoke.mjs [--node-major 24]
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const wantMajor = args.includes('--node-major') ? args[args.indexOf('--node-major') + 1] : null;
const START_TIMEOUT_MS = 240_000;

/**
 * Ports no one listens on now, all different (the kernel's picks on 127.0.0.1): each is held
 * until all are picked, since a port closed before the next pick can be picked again, and the
 * server then cannot open its metrics listener on its own public port.
 */
async function freePorts(n) {
  const servers = await Promise.all(
    Array.from(
      { length: n },
      () =>
        new Promise((resolve, reject) => {
          const s = createServer();
          s.once('error', reject);
          s.listen(0, '127.0.0.1', () => resolve(s));
        }),
    ),
  );
  const ports = servers.map((s) => s.address().port);
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  return ports;
}

function fail(msg) {
  console.error(`start smoke: ${msg}`);
  process.exitCode = 1;
}

const [port, metricsPort] = await freePorts(2);
const dataDir = mkdtempSync(path.join(tmpdir(), 'haulpro-start-smoke-'));
const base = `http://127.0.0.1:${port}`;
let output = '';
// Its own process group, so that stopping it stops npm, scripts/start.mjs and the server.
const server = spawn('npm', ['start'], {
  cwd: root,
  detached: true,
  stdio: ['ignore', 'pipe', 'pipe'],
  env: {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SEED_DEMO: 'never',
    METRICS_PORT: String(metricsPort),
    LOG_LEVEL: 'warn',
  },
});
for (const s of [server.stdout, server.stderr]) s.on('data', (b) => (output = (output + b).slice(-8000)));
const exited = new Promise((resolve) => server.once('exit', (code, signal) => resolve({ code, signal })));
let gone = false;
void exited.then(() => (gone = true));

async function get(url, init) {
  const res = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
  return { status: res.status, type: res.headers.get('content-type') ?? '', text: await res.text(), res };
}

async function stop() {
  if (!gone) {
    process.kill(-server.pid, 'SIGTERM');
    const timer = setTimeout(() => !gone && process.kill(-server.pid, 'SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
  }
  rmSync(dataDir, { recursive: true, force: true });
}

const started = Date.now();
try {
  for (;;) {
    if (gone) throw new Error('the server exited before it answered /api/health');
    if (Date.now() - started > START_TIMEOUT_MS) throw new Error('no answer from /api/health in time');
    const r = await get(`${base}/api/health`).catch(() => null);
    if (r?.status === 200) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const upMs = Date.now() - started;
  const home = await get(`${base}/`);
  if (home.status !== 200 || !home.type.startsWith('text/html') || !home.text.includes('<div id="root">'))
    fail(`the home page answered ${home.status} ${home.type}`);
  const zip = await get(`${base}/api/validations/zip_code/90001`);
  if (zip.status !== 200 || !zip.text.includes('"valid":true'))
    fail(`GET /api/validations/zip_code/90001 answered ${zip.status}: ${zip.text.slice(0, 200)}`);
  if (!zip.res.headers.get('x-request-id')) fail('an answer without X-Request-Id');
  const metrics = await get(`http://127.0.0.1:${metricsPort}/metrics`);
  const version = /^nodejs_version_info\{version="v(\d+)\.[^"]*"/m.exec(metrics.text);
  if (metrics.status !== 200 || !version) fail(`the metrics listener answered ${metrics.status}`);
  else if (wantMajor && version[1] !== wantMajor)
    fail(`the server runs on Node ${version[1]}, not ${wantMajor}`);
  if ((await get(`${base}/metrics`)).status !== 404) fail('the public port serves /metrics');
  if (!process.exitCode)
    console.log(
      `start smoke: npm start answered in ${Math.round(upMs / 1000)} s on Node ${version?.[1]}; home page, API call and metrics ok`,
    );
} catch (err) {
  fail(err instanceof Error ? err.message : String(err));
} finally {
  await stop();
  if (process.exitCode) console.error(output);
}
