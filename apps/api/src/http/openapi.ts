/**
 * The finishing touches of the generated OpenAPI document, so a client generated from it gets
 * real names and a linter (Redocly's recommended rules) finds no error: a stable operationId for
 * every operation and a `type` beside every `nullable`.
 */

type TJson = { [key: string]: unknown };
type TDocument = { paths?: Record<string, Record<string, TJson> | undefined>; components?: unknown };

const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

const pascal = (text: string) =>
  text
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0]?.toUpperCase() + w.slice(1))
    .join('');

/**
 * `PATCH /api/dashboard/branches/{id}/crews/{crew_id}` -> `patchDashboardBranchesByIdCrewsByCrewId`:
 * derived from the method and the route only, so it stays the same from run to run and a
 * client's method names change only when the route does.
 */
export function operationIdFor(method: string, path: string): string {
  const segments = path
    .replace(/^\/api(?=\/|$)/, '')
    .split('/')
    .filter(Boolean)
    .map((s) => (/^\{.+\}$/.test(s) ? `By${pascal(s.slice(1, -1))}` : pascal(s)));
  return method.toLowerCase() + segments.join('');
}

/**
 * OpenAPI 3.0 wants a `type` beside `nullable`; zod's nullable union comes out as
 * `{ anyOf: [...], nullable: true }`. The null moves into each alternative instead.
 */
function typeBesideNullable(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) typeBesideNullable(item);
    return;
  }
  if (node === null || typeof node !== 'object') return;
  const schema = node as TJson;
  if (schema.nullable === true && schema.type === undefined) {
    const alternatives = (schema.anyOf ?? schema.oneOf) as TJson[] | undefined;
    if (alternatives) {
      delete schema.nullable;
      for (const alt of alternatives) alt.nullable = true;
    }
  }
  for (const value of Object.values(schema)) typeBesideNullable(value);
}

/** Names every operation and fixes `nullable`; throws when two routes would share a name. */
export function finishOpenApiDocument<T extends object>(document: T): T {
  // The generator's types are a union of three OpenAPI versions; the walk needs only this much.
  const doc = document as TDocument;
  const seen = new Map<string, string>();
  for (const [path, operations] of Object.entries(doc.paths ?? {})) {
    for (const [method, operation] of Object.entries(operations ?? {})) {
      if (!METHODS.has(method)) continue;
      const id = (operation.operationId as string | undefined) ?? operationIdFor(method, path);
      const other = seen.get(id);
      if (other) throw new Error(`operationId ${id} names both ${other} and ${method} ${path}`);
      seen.set(id, `${method} ${path}`);
      operation.operationId = id;
    }
  }
  typeBesideNullable(doc.paths);
  typeBesideNullable(doc.components);
  return document;
}
