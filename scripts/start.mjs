// npm start: build the web app if it is missing or older than its sources, then serve web + API on one port.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

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
  console.log('Building the web app...');
  const r = spawnSync('npm', ['run', 'build', '-w', '@haulpro/web'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
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
      console.error(
        JSON.stringify({
          level: 60,
          time: Date.now(),
          msg: 'the server keeps failing at start; giving up',
          code,
        }),
      );
      process.exit(code ?? 1);
    }
    const delay = Math.min(1000 * 2 ** quickFailures, 30_000);
    console.error(
      JSON.stringify({
        level: 50,
        time: Date.now(),
        msg: `the server exited (${signal ?? code}); starting it again in ${delay} ms`,
      }),
    );
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
