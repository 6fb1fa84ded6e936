import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/app.ts';
import { operationIdFor } from '../src/http/openapi.ts';
import { operationsOf, type TDoc } from './helpers/openapi-walk.ts';
import { createTestApp, type TTestApp } from './helpers/test-app.ts';

/**
 * The generated OpenAPI document passes Redocly's recommended rules with 0 errors (a client
 * generated from it gets names, not ones made up from paths), and every operation has a stable,
 * unique operationId. Runs with `npm test`, so CI lints the document the server really serves.
 */

type TLintProblem = { ruleId: string; severity: string; message: string; location?: { pointer?: string }[] };

let t: TTestApp;
let doc: TDoc & { servers?: unknown[] };
let raw: string;
let dir: string;

beforeAll(async () => {
  t = await createTestApp();
  raw = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).body;
  doc = JSON.parse(raw);
  dir = mkdtempSync(path.join(tmpdir(), 'haulpro-openapi-'));
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await t.close();
});

describe('the OpenAPI document', () => {
  it('names every operation, uniquely, from its method and route', () => {
    const ops = operationsOf(doc, []);
    expect(ops.length).toBeGreaterThan(100);
    const ids = ops.map((o) => o.op.operationId);
    for (const { path: p, method, op } of ops) expect(op.operationId).toBe(operationIdFor(method, p));
    expect(new Set(ids).size).toBe(ids.length);
    expect(operationIdFor('POST', '/api/dashboard/auth/login')).toBe('postDashboardAuthLogin');
    expect(operationIdFor('PATCH', '/api/dashboard/branches/{id}/crews/{crew_id}')).toBe(
      'patchDashboardBranchesByIdCrewsByCrewId',
    );
    expect(operationIdFor('GET', '/api/health')).toBe('getHealth');
  });

  it('says where it is served', () => {
    expect(doc.servers).toEqual([{ url: t.config.publicUrl, description: 'This deployment' }]);
  });

  it("passes Redocly's recommended rules with 0 errors", () => {
    const file = path.join(dir, 'openapi.json');
    writeFileSync(file, raw);
    const run = spawnSync(
      path.join(REPO_ROOT, 'node_modules/.bin/redocly'),
      ['lint', file, '--format=json', '--max-problems=10000'],
      {
        encoding: 'utf8',
        // No telemetry and no update check: a test never calls the internet.
        env: {
          ...process.env,
          REDOCLY_TELEMETRY: 'off',
          REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
          NO_UPDATE_NOTIFIER: '1',
        },
        timeout: 120_000,
      },
    );
    const report = JSON.parse(run.stdout) as { problems: TLintProblem[] };
    const errors = report.problems
      .filter((p) => p.severity === 'error')
      .map((p) => `${p.ruleId}: ${p.message} at ${p.location?.[0]?.pointer ?? '?'}`);
    const warnings = report.problems.filter((p) => p.severity === 'warn').length;
    console.info(`redocly lint: ${errors.length} errors, ${warnings} warnings`);
    expect(errors).toEqual([]);
    expect(report.problems.filter((p) => p.ruleId === 'operation-operationId')).toEqual([]);
  }, 150_000);
});
