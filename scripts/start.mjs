// npm start: build the web app if it is missing or older than its sources, then serve web + API on one port.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Log lines shaped like the server's (pino): one JSON object a line on stdout. */
function log(level, msg, fields = {}) {
  process.stdout.write(
    `${JSON.stringify({ level, time: Date.now(), pid: process.pid, hostname: hostname(), ...fields, msg })}\n`,
  );
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'apps/web/dist/index.html');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

const sources = ['apps/web/src', 'apps/web/index.html', 'apps/web/vite.config.ts', 'packages/shared/src'].map(
  (p) => path.join(root, p),
);
const stale =
  !existsSync(dist) ||
  sources.some(
    (p) =>
      existsSync(p) &&
      (statSync(p).isDirectory() ? newestMtime(p) : statSync(p).mtimeMs) > statSync(dist).mtimeMs,
  );

if (stale) {
  log(30, 'building the web app');
  const started = Date.now();
  // The build's own output is not JSON: it is kept, and logged (its end) only if the build fails.
  const r = spawnSync('npm', ['run', 'build', '-w', '@haulpro/web'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (r.status !== 0) {
    const output = `${r.stdout ?? ''}${r.stderr ?? ''}${r.error ? String(r.error) : ''}`;
    log(60, 'the web app build failed', { status: r.status, output: output.slice(-4000) });
    process.exit(r.status ?? 1);
  }
  log(30, 'built the web app', { ms: Date.now() - started });
}

const tsx = path.join(root, 'node_modules/.bin/tsx');
let child = null;
let stopping = false;
let quickFailures = 0;

/**
 * Runs the server, and starts it again if it ever dies on its own (it exits on an error it cannot
 * recover from, never on a database outage). Five quick deaths in a row (a bad configuration,
 * a port in use) end `npm start` with the server's exit code.
 */
function run() {
  const started = Date.now();
  child = spawn(tsx, ['apps/api/src/server.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { NODE_ENV: 'production', ...process.env },
  });
  child.on('exit', (code, signal) => {
    if (stopping) process.exit(code ?? 0);
    quickFailures = Date.now() - started < 10_000 ? quickFailures + 1 : 0;
    if (quickFailures >= 5) {
      log(60, 'the server keeps failing at start; giving up', { code, signal });
      process.exit(code ?? 1);
    }
    const delay = Math.min(1000 * 2 ** quickFailures, 30_000);
    log(50, `the server exited (${signal ?? code}); starting it again in ${delay} ms`, { code, signal });
    setTimeout(run, delay);
  });
}

for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, () => {
    stopping = true;
    if (child && child.exitCode === null) child.kill(sig);
    else process.exit(0);
  });
}
run();
