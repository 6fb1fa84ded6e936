import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importCycles, importGraph } from '../../../scripts/source-imports.ts';

/*
 * The API's layers (docs/architecture.md), checked on every test run:
 * - no import cycles, type-only ones included;
 * - a module reaches another module through its service (`*.service.ts`), never its repository;
 * - only repositories (and the database layer, the seeds and the jobs' own claims) import the
 *   table definitions as values: a service that needs a query asks its repository;
 * - domain/ holds pure rules: it imports no module, no HTTP and no database code;
 * - services take the caller from context.ts, not from http/.
 */

const src = path.dirname(fileURLToPath(import.meta.url));
const graph = importGraph(src);

/** "from -> target" for every import that `refused` refuses. */
function offenders(refused: (from: string, to: string, typeOnly: boolean) => boolean): string[] {
  return [...graph].flatMap(([from, imports]) =>
    imports.filter((i) => refused(from, i.target, i.typeOnly)).map((i) => `${from} -> ${i.target}`),
  );
}

const moduleOf = (p: string) => (p.startsWith('modules/') ? (p.split('/')[1] ?? '') : null);

describe('API layers', () => {
  it('reads the graph it checks', () => {
    expect(graph.size).toBeGreaterThan(80);
    expect(graph.get('modules/orders/orders.service.ts')?.length).toBeGreaterThan(5);
  });

  it('finds a cycle when there is one', () => {
    const edge = (target: string) => ({ specifier: '', target, typeOnly: true });
    const sample = new Map([
      ['a.ts', [edge('b.ts')]],
      ['b.ts', [edge('c.ts')]],
      ['c.ts', [edge('a.ts'), edge('d.ts')]],
      ['d.ts', [edge('d.ts')]],
      ['e.ts', [edge('a.ts')]],
    ]);
    expect(importCycles(sample)).toEqual([['d.ts'], ['a.ts', 'b.ts', 'c.ts']]);
  });

  it('has no import cycle', () => {
    expect(importCycles(graph)).toEqual([]);
  });

  it("no module imports another module's repository", () => {
    const found = offenders((from, to) => {
      const a = moduleOf(from);
      const b = moduleOf(to);
      return a !== null && b !== null && a !== b && to.endsWith('.repository.ts');
    });
    expect(found, "use the other module's service (an exported read or write there)").toEqual([]);
  });

  it('only repositories use the tables', () => {
    const found = offenders(
      (from, to, typeOnly) =>
        to === 'db/schema.ts' && !typeOnly && from.startsWith('modules/') && !from.endsWith('.repository.ts'),
    );
    expect(found, 'move the query into the module repository').toEqual([]);
  });

  it('domain rules are pure', () => {
    const found = offenders(
      (from, to) => from.startsWith('domain/') && /^(modules|http|db|jobs|mail|storage|payments)\//.test(to),
    );
    expect(found).toEqual([]);
  });

  it('services do not import the HTTP layer', () => {
    const found = offenders((from, to) => from.endsWith('.service.ts') && to.startsWith('http/'));
    expect(found, 'the caller type is in context.ts; pure helpers belong in domain/').toEqual([]);
  });
});
