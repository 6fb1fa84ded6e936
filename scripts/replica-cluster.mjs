// The deployment of docs/deploy.md on one machine, for scripts/replica-check.mjs and
// scripts/bench-replicas.mjs: the production build of the API (built when stale), a fresh
// PostgreSQL database, the S3 test double (scripts/s3-test-server.mjs), N API processes (each its
// own DATA_DIR, the shared settings of docs/deploy.md, INSTANCE_ID api-1..api-N) and nginx
// (Debian's package) in the foreground with deploy/nginx.conf, its replica ports, listen port and
// pid/log/temp paths replaced. Loopback only. Ports: BASE_PORT (nginx, then S3, then the
// replicas) when set, otherwise free ports from the system.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const NGINX = process.env.NGINX_BIN || '/usr/sbin/nginx';
const START_TIMEOUT_MS = 180_000;
const API_BUNDLE = path.join(root, 'apps/api/dist/server.mjs');

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Clusters started and not yet closed (also while starting), for closeAll(). */
const open = new Set();
/** Stops everything started so far: for a watchdog or a signal. */
export async function closeAll() {
  await Promise.all([...open].map((c) => c.close().catch(() => {})));
}

function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

async function admin(url, sql) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await c.query(sql);
  } finally {
    await c.end();
  }
}

/** A child process whose output is kept (the last lines) for a failure report. */
function child(name, cmd, args, opts) {
  const proc = spawn(cmd, args, { ...opts, stdio: ['ignore', 'pipe', 'pipe'] });
  const c = { name, proc, tail: [], exit: null, firstLine: null };
  const onLine = (line) => {
    c.tail.push(line.slice(0, 400));
    if (c.tail.length > 30) c.tail.shift();
  };
  createInterface({ input: proc.stdout }).on('line', (line) => {
    c.firstLine ??= line;
    onLine(line);
  });
  createInterface({ input: proc.stderr }).on('line', onLine);
  proc.on('exit', (code, signal) => {
    c.exit = { code, signal };
  });
  return c;
}

async function stopChild(c, signal = 'SIGTERM', graceMs = 5000) {
  if (!c || c.exit) return;
  c.proc.kill(signal);
  await Promise.race([new Promise((r) => c.proc.once('exit', r)), sleep(graceMs)]);
  if (!c.exit) {
    c.proc.kill('SIGKILL');
    await new Promise((r) => c.proc.once('exit', r));
  }
}

/**
 * deploy/nginx.conf for this run: the replicas' upstream lines, the listen port and every path
 * (pid, logs, temp) in `dir`; the rest exactly as deployed. Throws if a marked line is missing.
 */
export function nginxConfig(template, { dir, listenPort, replicaPorts }) {
  let text = template;
  const swap = (re, by) => {
    if (!re.test(text)) throw new Error(`deploy/nginx.conf: no line matches ${re}`);
    text = text.replace(re, by);
  };
  const servers = replicaPorts
    .map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=5s;`)
    .join('\n');
  swap(/# replicas:begin[^\n]*\n[\s\S]*?# replicas:end/, `# replicas (replica-cluster.mjs)\n${servers}\n`);
  swap(/listen 80;/, `listen 127.0.0.1:${listenPort};`);
  swap(/pid \/run\/nginx\.pid;/, `pid ${dir}/nginx.pid;`);
  swap(/error_log \/var\/log\/nginx\/error\.log warn;/, `error_log ${dir}/error.log warn;`);
  swap(/access_log \/var\/log\/nginx\/access\.log;/, 'access_log off;');
  for (const kind of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) {
    const name = kind === 'client_body' ? 'body' : kind;
    swap(new RegExp(`${kind}_temp_path /var/lib/nginx/${name};`), `${kind}_temp_path ${dir}/${name};`);
  }
  // Workers run as www-data when nginx starts as root (Debian's user); otherwise as the caller.
  if (process.getuid?.() !== 0) swap(/^user www-data;.*$/m, '');
  return text;
}

/**
 * Starts the whole deployment with `replicas` API processes; answers its addresses, the replicas
 * (each: id, port, base, child) and close(). Everything started is stopped by close().
 */
export async function startCluster({ replicas = 3, log = () => {} } = {}) {
  const { DATABASE_URL } = process.env;
  if (!DATABASE_URL)
    throw new Error('set DATABASE_URL (a PostgreSQL server where a database may be created)');
  if (!existsSync(NGINX)) throw new Error(`no nginx at ${NGINX} (apt-get install -y nginx-light)`);
  const built = spawnSync(process.execPath, [path.join(root, 'scripts/build-api.mjs'), '--if-stale'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (built.status !== 0) throw new Error('the API build failed');

  const base = process.env.BASE_PORT ? Number(process.env.BASE_PORT) : null;
  const port = async (i) => (base ? base + i : freePort());
  const tmp = mkdtempSync(path.join(tmpdir(), 'haulpro-replicas-'));
  // nginx's workers (www-data) must reach their temp folders.
  chmodSync(tmp, 0o755);
  const children = [];
  const dbName = `haulpro_replicas_${randomBytes(4).toString('hex')}`;
  let dbCreated = false;
  const cluster = {
    tmp,
    replicas: [],
    dbUrl: '',
    nginx: null,
    async close() {
      open.delete(cluster);
      for (const c of [...children].reverse()) await stopChild(c);
      if (dbCreated)
        await admin(DATABASE_URL, `drop database if exists ${dbName} with (force)`).catch(() => {});
      rmSync(tmp, { recursive: true, force: true });
    },
    /** What nginx logged at warn and above, by kind ("connect() failed (111...)": count). */
    nginxErrors() {
      const file = path.join(tmp, 'nginx', 'error.log');
      const kinds = {};
      if (!existsSync(file)) return kinds;
      for (const line of readFileSync(file, 'utf8').split('\n')) {
        const m = /\[(\w+)\] \d+#\d+: (?:\*\d+ )?([^,]*)/.exec(line);
        if (m) kinds[`${m[1]}: ${m[2]}`] = (kinds[`${m[1]}: ${m[2]}`] ?? 0) + 1;
      }
      return kinds;
    },
    /** The last lines of every process, for a failure report. */
    tails() {
      const nginxLog = path.join(tmp, 'nginx', 'error.log');
      const errors = existsSync(nginxLog) ? readFileSync(nginxLog, 'utf8').split('\n').slice(-10) : [];
      return [
        ...children.map((c) => `--- ${c.name} ${JSON.stringify(c.exit)}\n${c.tail.slice(-8).join('\n')}`),
        `--- nginx error.log\n${errors.join('\n')}`,
      ].join('\n');
    },
  };
  open.add(cluster);
  try {
    await admin(DATABASE_URL, `create database ${dbName}`);
    dbCreated = true;
    const url = new URL(DATABASE_URL);
    url.pathname = `/${dbName}`;
    cluster.dbUrl = url.toString();

    const nginxPort = await port(0);
    const s3Port = await port(1);
    const s3 = child('s3', process.execPath, [
      path.join(root, 'scripts/s3-test-server.mjs'),
      '--port',
      String(s3Port),
      '--dir',
      path.join(tmp, 's3'),
    ]);
    children.push(s3);
    const s3Started = Date.now();
    while (!s3.firstLine && !s3.exit && Date.now() - s3Started < 30_000) await sleep(50);
    if (!s3.firstLine) throw new Error(`the S3 test server did not start\n${s3.tail.join('\n')}`);
    const s3Env = JSON.parse(s3.firstLine).env;

    // The settings every replica shares (docs/deploy.md), and each one's own port, DATA_DIR, name.
    const shared = {
      ...s3Env,
      NODE_ENV: 'production',
      DATABASE_URL: cluster.dbUrl,
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${nginxPort}`,
      FILE_URL_SECRET: randomBytes(24).toString('base64url'),
      SSN_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
      TRUST_PROXY: 'loopback',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'auto',
      WEB_DIST: path.join(tmp, 'no-web-build'),
    };
    for (let i = 1; i <= replicas; i++) {
      const p = await port(1 + i);
      const dataDir = path.join(tmp, `api-${i}`);
      mkdirSync(dataDir);
      const env = { ...process.env, ...shared, PORT: String(p), DATA_DIR: dataDir, INSTANCE_ID: `api-${i}` };
      const r = { id: `api-${i}`, port: p, base: `http://127.0.0.1:${p}`, child: null };
      /** Starts (again) this replica's process, as systemd does (Restart=always, or a restart). */
      r.start = () => {
        r.child = child(r.id, process.execPath, ['--enable-source-maps', API_BUNDLE], { cwd: root, env });
        children.push(r.child);
      };
      r.start();
      cluster.replicas.push(r);
    }
    // All at once, as systemd starts them: one migrates and seeds, the others wait (deploy.md).
    const started = Date.now();
    for (const r of cluster.replicas) await waitHealthy(r, started);
    log(`${replicas} replicas healthy after ${Date.now() - started} ms`);

    const nginxDir = path.join(tmp, 'nginx');
    mkdirSync(nginxDir);
    chmodSync(nginxDir, 0o755);
    const conf = nginxConfig(readFileSync(path.join(root, 'deploy/nginx.conf'), 'utf8'), {
      dir: nginxDir,
      listenPort: nginxPort,
      replicaPorts: cluster.replicas.map((r) => r.port),
    });
    writeFileSync(path.join(nginxDir, 'nginx.conf'), conf);
    const nginx = child('nginx', NGINX, [
      '-p',
      nginxDir,
      '-c',
      path.join(nginxDir, 'nginx.conf'),
      '-g',
      'daemon off;',
    ]);
    children.push(nginx);
    cluster.nginx = { base: `http://127.0.0.1:${nginxPort}`, child: nginx };
    const nginxStarted = Date.now();
    for (;;) {
      if (nginx.exit) throw new Error(`nginx exited at start\n${nginx.tail.join('\n')}`);
      if (Date.now() - nginxStarted > 10_000) throw new Error('nginx did not answer');
      const ok = await fetch(`${cluster.nginx.base}/api/health`, { signal: AbortSignal.timeout(2000) })
        .then((res) => res.status === 200)
        .catch(() => false);
      if (ok) break;
      await sleep(50);
    }
    return cluster;
  } catch (err) {
    const tails = cluster.tails();
    await cluster.close();
    throw new Error(`${err.message}\n${tails}`);
  }
}

/** Waits until the replica's own port answers /api/health (its process must stay up). */
export async function waitHealthy(r, since = Date.now()) {
  for (;;) {
    if (r.child.exit) throw new Error(`${r.id} exited at start`);
    if (Date.now() - since > START_TIMEOUT_MS) throw new Error(`${r.id} did not start`);
    const ok = await fetch(`${r.base}/api/health`, { signal: AbortSignal.timeout(2000) })
      .then((res) => res.status === 200)
      .catch(() => false);
    if (ok) return Date.now() - since;
    await sleep(100);
  }
}

/**
 * Stops a replica as systemd does: SIGTERM (it finishes what it serves, then exits), SIGKILL
 * after 30 s (TimeoutStopSec). Answers how it exited, how long it took, and whether it was killed.
 */
export async function stopReplica(r) {
  const t = Date.now();
  let killed = false;
  const c = r.child;
  if (!c.exit) {
    c.proc.kill('SIGTERM');
    await Promise.race([new Promise((res) => c.proc.once('exit', res)), sleep(30_000)]);
    if (!c.exit) {
      killed = true;
      await stopChild(c, 'SIGKILL');
    }
  }
  return { ...c.exit, ms: Date.now() - t, killed };
}

/** Kills a replica at once (SIGKILL), as a crash or a lost machine would. */
export function killReplica(r) {
  r.child.proc.kill('SIGKILL');
}
