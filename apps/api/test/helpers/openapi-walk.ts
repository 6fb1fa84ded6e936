import type { InjectOptions } from 'fastify';
import type { TApp } from '../../src/http/types.ts';

/**
 * Reading the OpenAPI document for the tests that walk it (robustness, contract messages): the
 * shapes they look at and a value each field would probably accept, so the other fields of a
 * body reach the check being tested.
 */

export type TSchema = {
  type?: string | string[];
  properties?: Record<string, TSchema>;
  required?: string[];
  items?: TSchema;
  anyOf?: TSchema[];
  oneOf?: TSchema[];
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
};
export type TParameter = { in: string; name: string; schema?: TSchema };
export type TOperation = {
  operationId?: string;
  parameters?: TParameter[];
  requestBody?: { content?: Record<string, { schema?: TSchema }> };
  responses?: Record<string, { content?: Record<string, unknown> }>;
};
export type TDoc = { paths: Record<string, Record<string, TOperation>> };

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

export function alternatives(schema: TSchema | undefined): TSchema[] {
  if (!schema) return [];
  return schema.anyOf ?? schema.oneOf ?? [schema];
}
export function firstType(schema: TSchema | undefined): string | undefined {
  const s = alternatives(schema)[0];
  return Array.isArray(s?.type) ? s?.type[0] : s?.type;
}
export const looksLikeDate = (name: string, s?: TSchema) =>
  s?.format === 'date' || /date|_from$|_to$|^from$|^to$/.test(name);
export const looksLikeBoolean = (s?: TSchema) =>
  alternatives(s).some((a) => a.type === 'boolean') || firstType(s) === 'boolean';
export const looksLikeNumber = (name: string, s?: TSchema) =>
  ['number', 'integer'].includes(firstType(s) ?? '') || /(^|_)id$/.test(name);

/** A value the schema would probably accept; `ids` are real rows for fields named `*_id`. */
export function plausible(
  name: string,
  schema: TSchema | undefined,
  ids: readonly number[],
  depth = 0,
): unknown {
  const s = alternatives(schema)[0] ?? {};
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return s.enum[0];
  if (s.default !== undefined) return s.default;
  if (looksLikeDate(name, s) && firstType(s) === 'string') return '2026-12-15';
  switch (firstType(s)) {
    case 'string':
      if (s.pattern?.includes('\\d{5}')) return '90001';
      if (/email/.test(name)) return 'fuzz@example.com';
      if (/phone/.test(name)) return '+1 (213) - 555 - 0100';
      return 'A plausible text value for the fuzzer'.slice(0, s.maxLength ?? 60);
    case 'number':
    case 'integer':
      return /(^|_)id$/.test(name) ? ids[0] : (s.minimum ?? 1);
    case 'boolean':
      return true;
    case 'array':
      return depth > 3 ? [] : [plausible(name, s.items, ids, depth + 1)];
    case 'object':
      return depth > 3
        ? {}
        : Object.fromEntries(
            Object.entries(s.properties ?? {}).map(([k, v]) => [k, plausible(k, v, ids, depth + 1)]),
          );
    default:
      return null;
  }
}

/** Every documented operation, in document order, with its upper-case method. */
export function operationsOf(doc: TDoc, skipPrefixes: readonly string[]) {
  const out: { path: string; method: (typeof HTTP_METHODS)[number]; op: TOperation }[] = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    if (skipPrefixes.some((p) => path.startsWith(p))) continue;
    for (const [method, op] of Object.entries(ops)) {
      const upper = method.toUpperCase() as (typeof HTTP_METHODS)[number];
      if (HTTP_METHODS.includes(upper)) out.push({ path, method: upper, op });
    }
  }
  return out;
}

/** An operation whose success is an endless stream (server-sent events, GET /api/dashboard/events). */
export function isEventStream(op: TOperation): boolean {
  return Object.values(op.responses ?? {}).some(
    (r) => r.content !== undefined && 'text/event-stream' in r.content,
  );
}

/**
 * One request of a walk, answered as status and body text. An event stream never ends by itself,
 * so for one the walk reads the status and the headers and hangs up (as a client that goes away
 * does); its refusals (401, 422...) are read whole like any answer.
 */
export async function injectForWalk(
  app: TApp,
  opts: InjectOptions,
  eventStream: boolean,
): Promise<{ statusCode: number; body: string }> {
  if (!eventStream) {
    const res = await app.inject(opts);
    return { statusCode: res.statusCode, body: res.body };
  }
  const res = await app.inject({ ...opts, payloadAsStream: true });
  if (res.statusCode === 200 && String(res.headers['content-type']).startsWith('text/event-stream')) {
    res.raw.res.destroy();
    return { statusCode: res.statusCode, body: '' };
  }
  const chunks: Buffer[] = [];
  for await (const chunk of res.stream()) chunks.push(chunk as Buffer);
  return { statusCode: res.statusCode, body: Buffer.concat(chunks).toString('utf8') };
}
