// npm start: build the web app and the API (scripts/build-api.mjs) if either is missing or older
// than its sources, then serve web + API on one port from the API's bundle, plain JavaScript
// (no TypeScript transpiler at run time; `npm run dev` runs the sources through tsx).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_BUNDLE, apiBuildIsStale } from './build-api.mjs';

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

const sources = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/entry-routes.json',
  'apps/web/entry-chunks.ts',
  'scripts/build-web.mjs',
  'scripts/route-pages.mjs',
  'packages/shared/src',
].map((p) => path.join(root, p));
const stale =
  !existsSync(dist) ||
  sources.some(
    (p) =>
      existsSync(p) &&
      (statSync(p).isDirectory() ? newestMtime(p) : statSync(p).mtimeMs) > statSync(dist).mtimeMs,
  );

/** Runs a build step; its own output is not JSON: it is kept, and logged (its end) only if it fails. */
function build(what, args) {
  log(30, `building the ${what}`);
  const started = Date.now();
  const r = spawnSync(args[0], args.slice(1), {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (r.status !== 0) {
    const output = `${r.stdout ?? ''}${r.stderr ?? ''}${r.error ? String(r.error) : ''}`;
    log(60, `the ${what} build failed`, { status: r.status, output: output.slice(-4000) });
    process.exit(r.status ?? 1);
  }
  log(30, `built the ${what}`, { ms: Date.now() - started });
}

if (stale) build('web app', ['npm', 'run', 'build', '-w', '@haulpro/web']);
// apps/api/dist/server.mjs: missing, or older than apps/api/src, packages/shared/src or the build script.
if (apiBuildIsStale()) build('API', [process.execPath, path.join(root, 'scripts/build-api.mjs')]);

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
  child = spawn(process.execPath, ['--enable-source-maps', API_BUNDLE], {
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
