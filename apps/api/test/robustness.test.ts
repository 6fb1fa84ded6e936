import { ROLES } from '@haulpro/shared/user';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENTS_OFF } from '../src/modules/payouts/payouts.service.ts';
import { documentWalkApp } from './helpers/document-walk-app.ts';
import {
  alternatives,
  firstType,
  injectForWalk,
  isEventStream,
  looksLikeBoolean,
  looksLikeDate,
  looksLikeNumber,
  plausible as plausibleFor,
  type TDoc,
  type TOperation,
  type TSchema,
} from './helpers/openapi-walk.ts';
import { tokenFor, type usersOfEveryRole } from './helpers/sessions.ts';
import type { TTestApp } from './helpers/test-app.ts';

/**
 * Walks the OpenAPI document and throws bad input at every operation, as every role and with no
 * token: nasty values in every body field, query parameter and path id (NUL and other control
 * characters, lone surrogates, impossible dates, hex/exponent/space/negative/huge ids,
 * boolean-looking strings, 100 kB strings), wrong content types and broken JSON. Nothing may
 * answer 5xx. Routes added later are covered without touching this file.
 *
 * The choice of nasty values per field is random but seeded: the seed is printed, and
 * `FUZZ_SEED=<n> npx vitest run apps/api/test/robustness.test.ts` replays a run.
 */

type TRequest = {
  method: string;
  url: string;
  contentType?: string;
  payload?: string;
  /** Documented header parameters (Idempotency-Key, Last-Event-ID), sent nasty. */
  headers?: Record<string, string>;
  what: string;
};

/** What HTTP lets a header value be (visible Latin-1, spaces inside): other nasties cannot be sent. */
const SENDABLE_HEADER = /^[\x20-\x7e\xa0-\xff]{1,8000}$/;

const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const BIG = 'x'.repeat(100 * 1024);
const SKIP_PREFIXES = ['/api/docs'];
/** Nasty values tried per field; the sample per field and role is drawn from the seed. */
const PER_FIELD = 4;

const TEXT_NASTIES: unknown[] = [
  'a\u0000b',
  '\u0000',
  'bell\u0007',
  'esc\u001b[2J',
  'del\u007f',
  'lone \ud800 high',
  'lone \udc00 low',
  BIG,
  '2027-02-30',
  '2027-13-01',
  '9999-99-99',
  '0000-00-00',
  'false',
  '0x10',
  ' 1',
  '',
  '   ',
  '<script>alert(1)</script>',
  "' or 1=1 --",
  '../../../etc/passwd',
  '%00',
  '🚚'.repeat(2000),
  12345,
  null,
  [],
  {},
];
const NUMBER_NASTIES: unknown[] = [
  '0x10',
  '%20%201',
  '1e400',
  '1e3',
  ' 1',
  '1 ',
  '+1',
  '-1',
  '01',
  0,
  -1,
  1.5,
  2147483648,
  -2147483649,
  1e308,
  'NaN',
  'Infinity',
  '99999999999999999999',
  '',
  null,
  true,
  'a\u0000',
];
const BOOLEAN_NASTIES: unknown[] = [
  'false',
  'no',
  'off',
  'yes',
  'True',
  '',
  ' 1',
  2,
  -1,
  null,
  [],
  'a\u0000',
];
const DATE_NASTIES: unknown[] = [
  '2027-02-30',
  '2027-02-29',
  '2027-13-01',
  '2027-00-10',
  '9999-99-99',
  '0000-01-01',
  '2027-1-1',
  '2027-01-01T00:00:00Z',
  '2027-01-01\u0000',
  '',
  20270101,
];
const ID_PATH_VARIANTS = [
  '999999',
  '0',
  '-1',
  '0x10',
  '%20%201',
  '1e3',
  '01',
  '2147483648',
  '99999999999999999999',
  'abc',
  'null',
  '%00',
  '%ED%A0%80',
  '%C0%AF',
  '%F0%9F%9A%9A',
  'A'.repeat(300),
];
const RAW_BODIES: { what: string; contentType: string; payload: string }[] = [
  { what: 'malformed JSON', contentType: 'application/json', payload: '{"a": ' },
  { what: 'trailing garbage', contentType: 'application/json', payload: '{"a":1}garbage' },
  { what: 'NUL as JSON', contentType: 'application/json', payload: '\u0000' },
  {
    what: 'deep nesting',
    contentType: 'application/json',
    payload: `${'['.repeat(5000)}${']'.repeat(5000)}`,
  },
  { what: 'array body', contentType: 'application/json', payload: '[1,2,3]' },
  { what: 'string body', contentType: 'application/json', payload: '"text"' },
  {
    what: 'prototype pollution',
    contentType: 'application/json',
    payload: '{"__proto__":{"admin":true},"constructor":{"prototype":{"role":"admin"}}}',
  },
  { what: 'plain text', contentType: 'text/plain', payload: 'hello' },
  { what: 'form body', contentType: 'application/x-www-form-urlencoded', payload: 'a=1&b=%00' },
  { what: 'multipart junk', contentType: 'multipart/form-data; boundary=x', payload: '--x\r\njunk' },
  { what: 'UTF-16 JSON', contentType: 'application/json; charset=utf-16', payload: '{"a":1}' },
];

let t: TTestApp;
let doc: TDoc;
let roleUsers: Awaited<ReturnType<typeof usersOfEveryRole>>;
let knownIds: number[];

beforeAll(async () => {
  const walk = await documentWalkApp();
  ({ t, doc } = walk);
  roleUsers = walk.users;
  // Real rows of every kind the paths name, so handlers run past "not found".
  knownIds = [roleUsers.customer.id, walk.branchId, walk.orderId];
  console.info(`robustness: FUZZ_SEED=${SEED}`);
});
afterAll(() => t.close());

/** A value the schema would probably accept, so the other fields reach the handler. */
const plausible = (name: string, schema: TSchema | undefined) => plausibleFor(name, schema, knownIds);

function nastiesFor(name: string, schema: TSchema | undefined): unknown[] {
  if (looksLikeDate(name, schema)) return DATE_NASTIES;
  if (looksLikeBoolean(schema)) return BOOLEAN_NASTIES;
  if (looksLikeNumber(name, schema)) return NUMBER_NASTIES;
  if (firstType(schema) === 'array')
    return [[...Array(500)].map(() => BIG.slice(0, 200)), 'not an array', [null]];
  if (firstType(schema) === 'object') return [['not', 'an', 'object'], 'x', null];
  return TEXT_NASTIES;
}

/** The first nasty of each list (NUL, a hex id, "false", 2027-02-30) always, plus a seeded sample of the rest. */
function pick<T>(list: readonly T[], count: number, seed: number): T[] {
  const [first, ...rest] = list;
  if (list.length <= count) return [...list];
  const sample = fc.sample(fc.shuffledSubarray(rest, { minLength: count - 1, maxLength: count - 1 }), {
    numRuns: 1,
    seed,
  })[0] as T[];
  return [first as T, ...sample];
}

function hash(text: string): number {
  let h = SEED;
  for (let i = 0; i < text.length; i++) h = (Math.imul(h, 31) + text.charCodeAt(i)) | 0;
  return h;
}

/** Percent-encodes; a lone surrogate has no UTF-8 form, so it goes as the invalid bytes ED A0 80. */
function enc(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return `${encodeURIComponent(text.replace(/[\ud800-\udfff]/g, ''))}%ED%A0%80`;
  }
}

function queryString(values: Record<string, unknown>): string {
  const q = Object.entries(values)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${enc(k)}=${enc(typeof v === 'string' ? v : JSON.stringify(v))}`)
    .join('&');
  return q ? `?${q}` : '';
}

/** Every request the fuzzer sends for one operation, as one role. */
function requestsFor(path: string, method: string, op: TOperation, role: string): TRequest[] {
  const seed = hash(`${method} ${path} ${role}`);
  const out: TRequest[] = [];
  const queryParams = (op.parameters ?? []).filter((p) => p.in === 'query');
  const baseQuery = Object.fromEntries(queryParams.map((p) => [p.name, plausible(p.name, p.schema)]));
  const bodySchema = op.requestBody?.content?.['application/json']?.schema;
  const hasBody = method !== 'GET' && method !== 'DELETE';
  const baseBody = hasBody ? (plausible('body', bodySchema) ?? {}) : undefined;
  const withPath = (id: string) => path.replace(/\{[^}]+\}/g, id);
  const urls = path.includes('{') ? knownIds.map((id) => withPath(String(id))) : [path];
  const json = (body: unknown) =>
    body === undefined ? {} : { contentType: 'application/json', payload: JSON.stringify(body) };

  for (const url of urls) {
    out.push({ method, url: url + queryString(baseQuery), ...json(baseBody), what: 'plausible input' });
  }
  const url = urls[0] as string;
  // Every path id variant, with otherwise plausible input.
  if (path.includes('{')) {
    for (const v of ID_PATH_VARIANTS)
      out.push({
        method,
        url: withPath(v) + queryString(baseQuery),
        ...json(baseBody),
        what: `path id ${v}`,
      });
  }
  // Each query parameter in turn, nasty.
  for (const [i, p] of queryParams.entries()) {
    for (const [j, v] of pick(nastiesFor(p.name, p.schema), PER_FIELD, seed + i * 101).entries()) {
      out.push({
        method,
        url: url + queryString({ ...baseQuery, [p.name]: v }),
        ...json(baseBody),
        what: `query ${p.name}=${JSON.stringify(v).slice(0, 40)} (#${j})`,
      });
    }
  }
  out.push({
    method,
    url: `${url}?page=abc&per_page=${BIG.slice(0, 5000)}&filter[]=1&%00=%00`,
    what: 'query junk',
  });
  // Each documented header in turn, nasty (those HTTP can carry at all).
  const headerParams = (op.parameters ?? []).filter((p) => p.in === 'header');
  for (const [i, p] of headerParams.entries()) {
    const values = nastiesFor(p.name, p.schema)
      .map((v) => (typeof v === 'string' ? v : JSON.stringify(v)))
      .filter((v) => SENDABLE_HEADER.test(v));
    for (const v of pick(values, PER_FIELD, seed + 3 + i * 97))
      out.push({
        method,
        url: url + queryString(baseQuery),
        ...json(baseBody),
        headers: { [p.name]: v },
        what: `header ${p.name}=${v.slice(0, 40)}`,
      });
  }
  if (!hasBody) return out;
  // Each body field in turn, nasty; then the structural breakages.
  const props = (alternatives(bodySchema)[0]?.properties ?? {}) as Record<string, TSchema>;
  for (const [i, [name, schema]] of Object.entries(props).entries()) {
    for (const v of pick(nastiesFor(name, schema), PER_FIELD, seed + 7 + i * 131)) {
      const body = { ...(baseBody as Record<string, unknown>), [name]: v };
      out.push({ method, url, ...json(body), what: `body ${name}=${JSON.stringify(v)?.slice(0, 40)}` });
    }
  }
  const keys = Object.keys(props);
  out.push({ method, url, ...json({}), what: 'empty object' });
  out.push({ method, url, ...json(Object.fromEntries(keys.map((k) => [k, null]))), what: 'all null' });
  out.push({ method, url, ...json(Object.fromEntries(keys.map((k) => [k, BIG]))), what: 'all 100 kB' });
  out.push({ method, url, ...json(Object.fromEntries(keys.map((k) => [k, 'a\u0000b']))), what: 'all NUL' });
  for (const [i, v] of fc.sample(fc.jsonValue({ maxDepth: 3 }), { numRuns: 2, seed }).entries())
    out.push({ method, url, ...json(v), what: `random JSON ${i}` });
  for (const raw of RAW_BODIES) out.push({ method, url, ...raw });
  out.push({ method, url, what: 'no body, no content type' });
  return out;
}

describe('every documented operation survives bad input', () => {
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
    let operations = 0;
    const statuses: Record<number, number> = {};
    for (const [path, ops] of Object.entries(doc.paths)) {
      if (SKIP_PREFIXES.some((p) => path.startsWith(p))) continue;
      for (const [method, op] of Object.entries(ops)) {
        const upper = method.toUpperCase();
        if (!['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(upper)) continue;
        operations += 1;
        for (const who of [null, ...ROLES]) {
          // Fresh sessions per operation: a route such as logout must not spoil the next one.
          const token = who ? await tokenFor(t.deps.db, roleUsers[who].id) : null;
          for (const r of requestsFor(path, upper, op, who ?? 'guest')) {
            const res = await injectForWalk(
              t.app,
              {
                method: upper as 'GET',
                url: r.url,
                headers: {
                  ...r.headers,
                  ...(token ? { authorization: `Bearer ${token}` } : {}),
                  ...(r.contentType ? { 'content-type': r.contentType } : {}),
                },
                ...(r.payload !== undefined ? { payload: r.payload } : {}),
              },
              isEventStream(op),
            );
            requests += 1;
            statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
            // Card payouts without Stripe configured: the documented 503 of a setting, not of input.
            const paymentsOff =
              res.statusCode === 503 &&
              (JSON.parse(res.body) as { message?: string }).message === PAYMENTS_OFF;
            if (res.statusCode >= 500 && !paymentsOff)
              failures.push(
                `${upper} ${r.url.slice(0, 120)} as ${who ?? 'guest'} with ${r.what}: ${res.statusCode} ${res.body.slice(0, 200)}`,
              );
          }
        }
      }
    }
    console.info(
      `robustness: ${requests} requests over ${operations} operations, FUZZ_SEED=${SEED}, statuses ${JSON.stringify(statuses)}`,
    );
    // Validation really ran (not just auth refusing everything), and some input got through.
    expect(statuses[422] ?? 0).toBeGreaterThan(1000);
    expect(statuses[200] ?? 0).toBeGreaterThan(50);
    expect(failures, `FUZZ_SEED=${SEED}`).toEqual([]);
    // Every event stream the walk opened was hung up on and let go.
    expect(t.services.live.openStreams()).toBe(0);
    expect(operations).toBeGreaterThan(70);
  }, 600_000);
});
