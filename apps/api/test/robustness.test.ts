import { ROLES } from '@haulpro/shared/user';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenFor, usersOfEveryRole } from './helpers/sessions.ts';
import { createTestApp, type TTestApp } from './helpers/test-app.ts';

/**
 * Walks the OpenAPI document and throws bad input at every route, as every role and with
 * no token. Nothing may answer 5xx. Routes added later are covered without touching this file.
 */

type TSchema = {
  type?: string | string[];
  properties?: Record<string, TSchema>;
  required?: string[];
  items?: TSchema;
};
type TOperation = { requestBody?: { content?: Record<string, { schema?: TSchema }> } };
type TDoc = { paths: Record<string, Record<string, TOperation>> };

const BIG = 'x'.repeat(100 * 1024);
const ID_VARIANTS = ['999999', '0', '-1', 'abc', '1e400', 'A'.repeat(300), '%F0%9F%9A%9A', 'null'];
const SKIP_PREFIXES = ['/api/docs'];

let t: TTestApp;
let doc: TDoc;
let roleUsers: Awaited<ReturnType<typeof usersOfEveryRole>>;

beforeAll(async () => {
  t = await createTestApp({ env: { LOGIN_LIMIT_PER_IP: '100000', LOGIN_LIMIT_PER_EMAIL: '100000' } });
  roleUsers = await usersOfEveryRole(t.deps.db);
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  doc = res.json() as TDoc;
});
afterAll(() => t.close());

function wrongValue(schema: TSchema | undefined): unknown {
  const type = Array.isArray(schema?.type) ? schema?.type[0] : schema?.type;
  switch (type) {
    case 'string':
      return 12345;
    case 'number':
    case 'integer':
      return 'not-a-number';
    case 'boolean':
      return 'yes';
    case 'array':
      return { not: 'an array' };
    case 'object':
      return ['not', 'an', 'object'];
    default:
      return { unexpected: true };
  }
}

function bodyVariants(schema: TSchema | undefined): { name: string; payload: string }[] {
  const props = schema?.properties ?? {};
  const keys = Object.keys(props);
  const wrongTypes = Object.fromEntries(keys.map((k) => [k, wrongValue(props[k])]));
  const bigStrings = Object.fromEntries(keys.map((k) => [k, BIG]));
  const nulls = Object.fromEntries(keys.map((k) => [k, null]));
  const random = fc.sample(fc.jsonValue({ maxDepth: 3 }), { numRuns: 3, seed: 42 });
  return [
    { name: 'malformed JSON', payload: '{"a": ' },
    { name: 'missing fields', payload: '{}' },
    { name: 'wrong types', payload: JSON.stringify(wrongTypes) },
    { name: '100 KB strings', payload: JSON.stringify(bigStrings) },
    { name: 'nulls', payload: JSON.stringify(nulls) },
    { name: 'array body', payload: '[1,2,3]' },
    { name: 'prototype pollution', payload: '{"__proto__":{"admin":true},"constructor":{"prototype":{}}}' },
    ...random.map((v, i) => ({ name: `random ${i}`, payload: JSON.stringify(v) ?? 'null' })),
  ];
}

function concretePaths(path: string): string[] {
  if (!path.includes('{')) return [path];
  const known = path.replace(/\{[^}]+\}/g, String(roleUsers.customer.id));
  return [known, ...ID_VARIANTS.map((v) => path.replace(/\{[^}]+\}/g, v))];
}

describe('every documented route survives bad input', () => {
  it('lists the foundation routes in the OpenAPI document', () => {
    const paths = Object.keys(doc.paths);
    for (const p of [
      '/api/dashboard/auth/login',
      '/api/dashboard/auth/check',
      '/api/dashboard/users/{id}',
      '/api/dashboard/notifications',
      '/api/health',
    ]) {
      expect(paths).toContain(p);
    }
  });

  it('never answers 5xx, whoever calls and whatever they send', async () => {
    const failures: string[] = [];
    let requests = 0;
    const statuses: Record<number, number> = {};
    for (const [path, ops] of Object.entries(doc.paths)) {
      if (SKIP_PREFIXES.some((p) => path.startsWith(p))) continue;
      for (const [method, op] of Object.entries(ops)) {
        const upper = method.toUpperCase();
        if (!['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(upper)) continue;
        const schema = op.requestBody?.content?.['application/json']?.schema;
        const hasBody = upper !== 'GET' && upper !== 'DELETE';
        for (const who of [null, ...ROLES]) {
          // Fresh sessions per route: a route such as logout must not spoil the next one.
          const token = who ? await tokenFor(t.deps.db, roleUsers[who].id) : null;
          for (const url of concretePaths(path)) {
            const variants = hasBody ? bodyVariants(schema) : [{ name: 'query junk', payload: '' }];
            for (const v of variants) {
              const res = await t.app.inject({
                method: upper as 'GET',
                url: hasBody ? url : `${url}?page=abc&per_page=${BIG.slice(0, 5000)}&filter[]=1`,
                headers: {
                  ...(token ? { authorization: `Bearer ${token}` } : {}),
                  ...(hasBody ? { 'content-type': 'application/json' } : {}),
                },
                ...(hasBody ? { payload: v.payload } : {}),
              });
              requests += 1;
              statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
              if (res.statusCode >= 500)
                failures.push(
                  `${upper} ${url} as ${who ?? 'guest'} with ${v.name}: ${res.statusCode} ${res.body.slice(0, 200)}`,
                );
            }
          }
        }
      }
    }
    // Validation really ran (not just auth refusing everything).
    expect(statuses[422] ?? 0).toBeGreaterThan(50);
    expect(failures).toEqual([]);
    expect(requests).toBeGreaterThan(100);
  }, 240_000);
});
