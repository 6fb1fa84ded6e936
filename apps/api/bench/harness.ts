import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase, type TDatabase } from '../src/db/client.ts';
import { DEMO_PASSWORD, seedDemoIfEmpty } from '../src/db/seed/demo.ts';
import { ensureGeography } from '../src/db/seed/geography.ts';

/**
 * A migrated, seeded database and the API on a loopback port: embedded PGlite on disk in a
 * temporary DATA_DIR, as `npm start` runs it (in memory, Emscripten's file system copied a growing
 * table's whole file each time it grew by an eighth: stalls of 100-400 ms that the server on disk
 * never has; decision 045), or DATABASE_URL.
 */
export async function startBenchServer(prepare?: (database: TDatabase) => Promise<void>) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'haulpro-bench-'));
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    LOGIN_LIMIT_PER_IP: '1000000',
    LOGIN_LIMIT_PER_EMAIL: '1000000',
  });
  // On PostgreSQL every run gets its own database, dropped at the end, so runs never mix.
  let dropDatabase = async () => {};
  // As the server runs it: on disk, on a thread of its own unless PGLITE_THREAD=off (decision 036).
  let target: Parameters<typeof openDatabase>[0] = {
    kind: 'pglite',
    dir: config.database.kind === 'pglite' ? config.database.dir : null,
    thread: config.database.kind === 'pglite' && config.database.thread,
  };
  if (config.database.kind === 'postgres') {
    const url = config.database.url;
    const name = `haulpro_bench_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
    await admin.end();
    const u = new URL(url);
    u.pathname = `/${name}`;
    target = { kind: 'postgres', url: u.toString(), max: 20 };
    dropDatabase = async () => {
      const a = new pg.Client({ connectionString: url });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
    };
  }
  const database = await openDatabase(target);
  await database.migrate();
  await ensureGeography(database.db);
  await seedDemoIfEmpty(database.db);
  if (prepare) await prepare(database);
  const { app } = await buildApp({ config, database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return {
    base,
    app,
    database,
    async stop() {
      await app.close();
      await database.close();
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type TScenario = {
  name: string;
  /** Fixed request count, so a run always ends by itself. */
  amount: number;
  connections: number;
  /** Open-loop load: requests per second across all connections (latency without self-made queueing). */
  overallRate?: number;
  method?: 'GET' | 'POST';
  /** Requests cycle through these paths. */
  paths: string[];
  headers?: Record<string, string>;
  /** Extra headers per path (same index), e.g. each path with another caller's token. */
  pathHeaders?: Record<string, string>[];
  /** Requests sent first and not measured, so the server's code is warm (JIT) like in production. */
  warmup?: number;
  /**
   * A write's warm-up needs rows of its own (an accepted order cannot be accepted again): when
   * given, the warm-up requests go to these paths instead.
   */
  warmupPaths?: string[];
  warmupPathHeaders?: Record<string, string>[];
  body?: string;
};

export type TResultRow = {
  scenario: string;
  requests: number;
  connections: number;
  'req/s': number;
  'p50 ms': number;
  'p90 ms': number;
  'p99 ms': number;
  'max ms': number;
  non2xx: number;
};

type TWorkerResult = {
  cpuMs: number;
  /** Measured answers; `sent` counts the warm-up's too. */
  total: number;
  sent: number;
  average: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  non2xx: number;
};

export async function runScenario(base: string, s: TScenario): Promise<TResultRow> {
  const before = cpuOf();
  const profiling = process.env.BENCH_PROFILE && s.name.includes(process.env.BENCH_PROFILE);
  const session = profiling ? await startProfile() : null;
  const timeline = timelineFile(s.name);
  const r = await runLoad(base, s, timeline);
  if (session) await stopProfile(session, s.name);
  if (timeline) console.log(`timeline of ${s.name}: ${timeline}`);
  if (process.env.BENCH_CPU === '1') {
    const after = cpuOf();
    // Over every request sent, the warm-up's included: they ran in the same window (load-worker.mjs).
    const per = (ms: number) => (ms / Math.max(1, r.sent)).toFixed(2);
    console.log(
      `cpu ms per request, ${s.name}: server ${per(after.server - before.server)}, ` +
        `postgres ${per(after.postgres - before.postgres)}, load ${per(r.cpuMs)}`,
    );
  }
  return {
    scenario: s.name,
    requests: r.total,
    connections: s.connections,
    'req/s': Math.round(r.average),
    'p50 ms': r.p50,
    'p90 ms': r.p90,
    'p99 ms': r.p99,
    'max ms': r.max,
    non2xx: r.non2xx,
  };
}

/**
 * BENCH_TIMELINE=<folder>: each measured scenario's answers as [ms since its start, latency ms]
 * in a JSON file there. A stall that holds every request in flight shows as a column of equal
 * latencies at one moment: ten of them are a 10-connection run's p99 (decision 045).
 */
function timelineFile(name: string): string | undefined {
  const folder = process.env.BENCH_TIMELINE;
  return folder ? path.resolve(folder, `${name.replace(/[^a-z0-9]+/gi, '-')}.json`) : undefined;
}

async function runLoad(base: string, s: TScenario, timeline?: string): Promise<TWorkerResult> {
  const job = JSON.stringify({
    timeline,
    url: base,
    amount: s.amount,
    warmup: s.warmup ?? 0,
    warmupPaths: s.warmupPaths,
    warmupPathHeaders: s.warmupPathHeaders,
    connections: s.connections,
    overallRate: s.overallRate,
    method: s.method ?? 'GET',
    paths: s.paths,
    headers: s.headers ?? {},
    pathHeaders: s.pathHeaders,
    body: s.body,
  });
  const script = fileURLToPath(new URL('./load-worker.mjs', import.meta.url));
  const jobFile = path.join(mkdtempSync(path.join(tmpdir(), 'haulpro-load-')), 'job.json');
  writeFileSync(jobFile, job);
  const stdout = await new Promise<string>((resolve, reject) =>
    execFile(process.execPath, [script, jobFile], { maxBuffer: 1 << 20 }, (err, out) =>
      err ? reject(err) : resolve(out),
    ),
  );
  return JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as TWorkerResult;
}

/** BENCH_PROFILE=<part of a scenario's name>: a CPU profile of the API while that scenario runs. */
async function startProfile(): Promise<Session> {
  const session = new Session();
  session.connect();
  const post = (method: string, params?: object) =>
    new Promise<void>((resolve, reject) =>
      session.post(method, params, (err) => (err ? reject(err) : resolve())),
    );
  await post('Profiler.enable');
  await post('Profiler.setSamplingInterval', { interval: 200 });
  await post('Profiler.start');
  return session;
}

async function stopProfile(session: Session, name: string): Promise<void> {
  const profile = await new Promise<object>((resolve, reject) =>
    session.post('Profiler.stop', (err, r) => (err ? reject(err) : resolve(r.profile))),
  );
  session.disconnect();
  const file = path.join(tmpdir(), `haulpro-bench-${name.replace(/[^a-z0-9]+/gi, '-')}.cpuprofile`);
  writeFileSync(file, JSON.stringify(profile));
  console.log(`cpu profile of ${name}: ${file}`);
}

/**
 * CPU time used so far by this process (the API, PGlite's thread included) and by every process
 * named postgres on the machine (Linux /proc; zero elsewhere), for BENCH_CPU=1: where a
 * scenario's CPU goes, per request.
 */
function cpuOf(): { server: number; postgres: number } {
  const usage = process.cpuUsage();
  let postgres = 0;
  try {
    const tick = 10; // ms per clock tick (USER_HZ 100 on Linux)
    for (const pid of readdirSync('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        if (!stat.includes('(postgres)')) continue;
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        // utime and stime, plus cutime and cstime: a backend that ends (a pool closing an idle
        // connection) takes its time with it, and the postmaster that reaps it gains it there,
        // so the sum never falls during a scenario.
        postgres += fields.slice(11, 15).reduce((sum, f) => sum + Number(f), 0) * tick;
      } catch {
        // The process ended between the listing and the read.
      }
    }
  } catch {
    // No /proc here.
  }
  return { server: (usage.user + usage.system) / 1000, postgres };
}

/** Deterministic pseudo-random numbers (mulberry32), so runs are comparable. */
export function seededRandom(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * What a browser sends with every poll of a dashboard: it takes compressed answers, and the
 * server keeps the compressed copy of a kept answer (decision 032). The polled scenarios send it.
 */
export const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br, zstd' } as const;

/** A bare Fastify route on this machine: the floor each scenario is judged against, measured in the same run. */
export async function startBareRoute() {
  const { default: Fastify } = await import('fastify');
  const bare = Fastify();
  bare.get('/bare', async () => ({ data: { ok: true } }));
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const address = bare.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return {
    base,
    /** The bare route under the same load shape as the scenario it is compared with. */
    measure: (connections: number, amount = 20_000) =>
      runScenario(base, {
        name: `bare Fastify route, ${connections} conns`,
        amount,
        warmup: 2000,
        connections,
        paths: ['/bare'],
      }),
    close: () => bare.close(),
  };
}

/** One target of issue 30 and whether this run met it. */
export type TTarget = { target: string; measured: string; met: boolean };

/** p99 under `ms` (and, when given, at least `minRate` req/s, or `share` of the bare route's req/s). */
export function judge(
  target: string,
  row: TResultRow,
  limits: { p99Below?: number; minRate?: number; bare?: TResultRow; share?: number },
): TTarget {
  const parts: string[] = [`p99 ${row['p99 ms']} ms`, `${row['req/s']} req/s`];
  let met = row.non2xx === 0;
  if (row.non2xx) parts.push(`${row.non2xx} non-2xx`);
  if (limits.p99Below !== undefined) met &&= row['p99 ms'] < limits.p99Below;
  if (limits.minRate !== undefined) met &&= row['req/s'] >= limits.minRate;
  if (limits.bare && limits.share !== undefined) {
    const share = row['req/s'] / Math.max(1, limits.bare['req/s']);
    parts.push(`${Math.round(share * 100)} % of bare (${limits.bare['req/s']} req/s)`);
    met &&= share >= limits.share;
  }
  return { target, measured: parts.join(', '), met };
}

/** Signs a demo account in through the API; the bearer header of its session. */
export async function benchLogin(base: string, email: string): Promise<{ authorization: string }> {
  const r = await fetch(`${base}/api/dashboard/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  return { authorization: `Bearer ${((await r.json()) as { data: { token: string } }).data.token}` };
}
