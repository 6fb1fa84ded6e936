import { isMissing } from '@haulpro/shared/parse';
import { ROLES } from '@haulpro/shared/user';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentWalkApp } from './helpers/document-walk-app.ts';
import {
  alternatives,
  firstType,
  operationsOf,
  plausible,
  type TDoc,
  type TSchema,
} from './helpers/openapi-walk.ts';
import { tokenFor } from './helpers/sessions.ts';
import type { TTestApp } from './helpers/test-app.ts';

/**
 * Every 422 is in our words (ARCHITECTURE, "Every 422 is in our words"). Walks the OpenAPI
 * document and sends each body field, in turn, just past each of its documented limits
 * (`maxLength`, `minLength`, `maxItems`, `minItems`, `maximum`, `minimum`, `enum`) and of the
 * wrong type, plus an empty body, as the first role the operation lets in. Any message in a
 * validation library's default wording fails, and so does "Required" (or "... is required") for
 * a value that was sent: it must say what is wrong with it (a 1,001-character reason is too long).
 * Routes added later are covered without touching this file.
 */

/** Default wordings of zod (3 and 4), ajv and Fastify: none of them may reach a client. */
const LIBRARY_WORDING = [
  /too big/i,
  /too small/i,
  /invalid input/i,
  /invalid option/i,
  /invalid string/i,
  /invalid (element|key|union|discriminator|enum value)/i,
  /\bexpected\b/i,
  /\breceived\b/i,
  /unrecognized key/i,
  /must (not )?have (more|fewer) than/i,
  /must NOT have/,
  /must be (string|number|integer|array|object|boolean)$/,
  /^body\//,
  /String must contain/,
  /Number must be/,
  /Array must contain/,
];

type TProbe = { field: string; what: string; value: unknown };

/** Values just past each documented limit of one field, and one of the wrong type. */
function probesFor(field: string, schema: TSchema): TProbe[] {
  const out: TProbe[] = [];
  for (const s of alternatives(schema)) {
    const item = plausible(field, s.items, [1]);
    if (s.maxLength !== undefined)
      out.push({ field, what: `maxLength ${s.maxLength} + 1`, value: 'a'.repeat(s.maxLength + 1) });
    if (s.minLength)
      out.push({ field, what: `minLength ${s.minLength} - 1`, value: 'a'.repeat(s.minLength - 1) });
    if (s.maxItems !== undefined)
      out.push({ field, what: `maxItems ${s.maxItems} + 1`, value: Array(s.maxItems + 1).fill(item) });
    if (s.minItems)
      out.push({ field, what: `minItems ${s.minItems} - 1`, value: Array(s.minItems - 1).fill(item) });
    if (s.maximum !== undefined) out.push({ field, what: `maximum ${s.maximum} + 1`, value: s.maximum + 1 });
    if (s.exclusiveMaximum !== undefined)
      out.push({ field, what: `exclusiveMaximum ${s.exclusiveMaximum}`, value: s.exclusiveMaximum });
    if (s.minimum !== undefined) out.push({ field, what: `minimum ${s.minimum} - 1`, value: s.minimum - 1 });
    if (s.exclusiveMinimum !== undefined)
      out.push({ field, what: `exclusiveMinimum ${s.exclusiveMinimum}`, value: s.exclusiveMinimum });
    if (s.enum?.length) out.push({ field, what: 'outside the enum', value: 'not-a-choice' });
  }
  const wrongType: Record<string, unknown> = {
    string: 12345,
    number: 'abc',
    integer: 'abc',
    boolean: 'maybe',
    array: 'not a list',
    object: 'not an object',
  };
  const type = firstType(schema);
  if (type && type in wrongType) out.push({ field, what: 'the wrong type', value: wrongType[type] });
  return out;
}

/** The body fields to probe: top-level ones and those of nested objects ("new_data.about_us"). */
function fieldsOf(schema: TSchema | undefined, prefix = '', depth = 0): [string[], TSchema][] {
  const props = alternatives(schema)[0]?.properties ?? {};
  const out: [string[], TSchema][] = [];
  for (const [name, s] of Object.entries(props)) {
    const path = prefix ? [...prefix.split('.'), name] : [name];
    out.push([path, s]);
    if (firstType(s) === 'object' && depth < 2) out.push(...fieldsOf(s, path.join('.'), depth + 1));
  }
  return out;
}

function withValue(body: unknown, path: string[], value: unknown): unknown {
  const [head, ...rest] = path as [string, ...string[]];
  const base = body !== null && typeof body === 'object' && !Array.isArray(body) ? body : {};
  return {
    ...base,
    [head]: rest.length ? withValue((base as Record<string, unknown>)[head], rest, value) : value,
  };
}

function messagesOf(json: unknown): string[] {
  const body = json as { message?: unknown; errors?: Record<string, unknown> };
  const out = typeof body.message === 'string' ? [body.message] : [];
  for (const list of Object.values(body.errors ?? {})) if (Array.isArray(list)) out.push(...list.map(String));
  return out;
}

let t: TTestApp;
let doc: TDoc;
let tokens: Record<string, string>;
let knownIds: number[];

beforeAll(async () => {
  const walk = await documentWalkApp();
  ({ t, doc } = walk);
  knownIds = [walk.branchId, walk.orderId];
  tokens = {};
  for (const role of ROLES) tokens[role] = await tokenFor(t.deps.db, walk.users[role].id);
});
afterAll(() => t.close());

describe('every 422 answers in our words', () => {
  it('no field just past its limit, of the wrong type or missing gets a library default message', async () => {
    const failures: string[] = [];
    let probes = 0;
    let answered422 = 0;
    for (const { path, method, op } of operationsOf(doc, ['/api/docs'])) {
      if (method === 'GET' || method === 'DELETE') continue;
      const bodySchema = op.requestBody?.content?.['application/json']?.schema;
      if (!bodySchema) continue;
      const url = path.replace(/\{[^}]+\}/g, String(knownIds[0]));
      const base = plausible('body', bodySchema, knownIds) ?? {};
      const send = async (token: string | null, body: unknown) =>
        t.app.inject({
          method,
          url,
          headers: token ? { authorization: `Bearer ${token}` } : {},
          payload: body as Record<string, unknown>,
        });
      // The first role (or a guest) the operation lets in with an empty body: it gets to validation.
      let token: string | null = null;
      for (const candidate of [null, ...ROLES.map((r) => tokens[r] as string)]) {
        const res = await send(candidate, {});
        if (res.statusCode !== 401 && res.statusCode !== 403) {
          token = candidate;
          break;
        }
      }
      const cases: TProbe[] = [{ field: '(body)', what: 'an empty body', value: undefined }];
      for (const [fieldPath, schema] of fieldsOf(bodySchema))
        for (const p of probesFor(fieldPath.join('.'), schema)) cases.push(p);
      for (const probe of cases) {
        const body = probe.value === undefined ? {} : withValue(base, probe.field.split('.'), probe.value);
        const res = await send(token, body);
        probes += 1;
        if (res.statusCode !== 422) continue;
        answered422 += 1;
        const json = res.json() as { errors?: Record<string, string[]> };
        const sentSomething =
          probe.value !== undefined && !isMissing(probe.value) && probe.what !== 'the wrong type';
        for (const m of messagesOf(json)) {
          if (LIBRARY_WORDING.some((re) => re.test(m)))
            failures.push(`${method} ${path} ${probe.field} ${probe.what}: "${m}"`);
        }
        // "Required" (or "... is required") for a value that was sent is false: it must say what is wrong.
        for (const m of json.errors?.[probe.field] ?? []) {
          if (sentSomething && /^required$|is required/i.test(m))
            failures.push(`${method} ${path} ${probe.field} ${probe.what}: "${m}" (the value was sent)`);
        }
      }
    }
    console.info(
      `contract messages: ${probes} probes, ${answered422} answered 422, ${failures.length} failures`,
    );
    expect(answered422).toBeGreaterThan(300);
    expect([...new Set(failures)]).toEqual([]);
  }, 300_000);
});
