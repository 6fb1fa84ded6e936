import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmdirSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { API_ROOT, REPO_ROOT } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';

/**
 * `npm start` runs the API from its esbuild bundle (scripts/build-api.mjs), not from the sources:
 * the bundle must start on its own, find its migrations from apps/api/dist, and answer.
 * The bundle is built into a folder of its own under apps/api/dist (inside the repository, so
 * its imports find node_modules), and runs on PGlite in a temporary data folder (in CI's
 * PostgreSQL pass, on a database copied from the suite's template instead).
 */

const distDir = path.join(API_ROOT, 'dist');
const madeDist = !existsSync(distDir);
mkdirSync(distDir, { recursive: true });
const outdir = mkdtempSync(path.join(distDir, '.build-test-'));
const dataDir = mkdtempSync(path.join(tmpdir(), 'haulpro-build-test-'));
let server: ChildProcess | null = null;
const adminUrl = process.env.DATABASE_URL;
const pgName = `haulpro_build_${randomBytes(6).toString('hex')}`;

async function admin(sql: string) {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

afterAll(async () => {
  if (server && server.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
  rmSync(outdir, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
  if (madeDist && readdirSync(distDir).length === 0) rmdirSync(distDir);
  if (adminUrl) await admin(`drop database if exists ${pgName} with (force)`);
});

/** Starts the bundle; resolves with its address once it logs that it listens. */
function startBundle(bundle: string, databaseUrl: string | null, lines: string[]): Promise<string> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    SEED_DEMO: 'never',
  };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  delete env.WEB_DIST;
  const child = spawn(process.execPath, ['--enable-source-maps', bundle], {
    // Not the repository: the bundle must find its files from its own location.
    cwd: dataDir,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server = child;
  return new Promise((resolve, reject) => {
    const onLine = (line: string) => {
      lines.push(line);
      const m = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(line);
      if (m?.[1]) resolve(m[1]);
    };
    createInterface({ input: child.stdout! }).on('line', onLine);
    createInterface({ input: child.stderr! }).on('line', onLine);
    child.on('exit', (code, signal) =>
      reject(new Error(`the bundle exited (${signal ?? code}):\n${lines.slice(-20).join('\n')}`)),
    );
  });
}

describe('the production build of the API', () => {
  // 14 s on a quiet machine, 53 s beside a browser suite: room for a loaded CI machine.
  it('bundles, starts and answers /api/health', { timeout: 120_000 }, async () => {
    const built = await promisify(execFile)(
      process.execPath,
      [path.join(REPO_ROOT, 'scripts/build-api.mjs'), '--outdir', outdir],
      { cwd: REPO_ROOT },
    );
    expect(built.stdout).toMatch(/built .*server\.mjs/);
    const bundle = path.join(outdir, 'server.mjs');
    expect(existsSync(`${bundle}.map`)).toBe(true);
    const code = await readFile(bundle, 'utf8');
    // The workspace package is bundled (it is TypeScript); npm packages stay imports.
    expect(code).not.toMatch(/from ["']@haulpro\/shared/);
    expect(code).toMatch(/from ["']fastify["']/);

    // A database with the migrations and geography already in (as every API test starts), so
    // the start is quick; the bundle still reads its migrations folder to check them.
    let databaseUrl: string | null = null;
    if (adminUrl) {
      await admin(`create database ${pgName} template ${inject('pgTemplate')}`);
      const u = new URL(adminUrl);
      u.pathname = `/${pgName}`;
      databaseUrl = u.toString();
    } else {
      const db = await openDatabase({
        kind: 'pglite',
        dir: path.join(dataDir, 'db'),
        loadDataDir: new Blob([await readFile(inject('pgliteDump'))]),
      });
      await db.close();
    }

    const lines: string[] = [];
    const base = await startBundle(bundle, databaseUrl, lines);
    const health = await fetch(`${base}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({
      data: { status: 'ok', database: adminUrl ? 'postgres' : 'pglite' },
    });
    // With a web build in the repository, the bundle finds it too (apps/web/dist).
    if (existsSync(path.join(REPO_ROOT, 'apps/web/dist/index.html'))) {
      const page = await fetch(`${base}/login`);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    }

    const exited = new Promise<number | null>((resolve) => server?.once('exit', (c) => resolve(c)));
    server?.kill('SIGTERM');
    expect(await exited).toBe(0);
    // Every log line is JSON, as under tsx.
    for (const line of lines.filter(Boolean)) expect(() => JSON.parse(line), line).not.toThrow();
  });
});
