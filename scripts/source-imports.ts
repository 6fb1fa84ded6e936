import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/*
 * The import graph of a source tree, read from the text of its files: what the layer checks
 * (apps/api/src/import-layers.test.ts, apps/web/src/feature-boundaries.test.ts) walk. Type-only
 * imports count too: a type cycle is still a cycle to whoever reads the code.
 */

const SOURCE = /\.(ts|tsx|css)$/;
// Static imports, re-exports, side-effect imports, dynamic import() and CSS @import.
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|@import\s+)['"]([^'"]+)['"]/g;

/** Every source file under `dir` (tests excluded), as an absolute path. */
export function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return SOURCE.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const posix = (p: string) => p.split(path.sep).join('/');

export type TImport = { specifier: string; target: string; typeOnly: boolean };

/** Every relative import of `file`, its target as a path from `root` (e.g. 'modules/orders/orders.service.ts'). */
export function importsOf(file: string, root: string): TImport[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(SPECIFIER)]
    .filter((m) => (m[1] ?? '').startsWith('.'))
    .map((m) => {
      const specifier = m[1] ?? '';
      const statementStart = text.lastIndexOf('\n', m.index) + 1;
      return {
        specifier,
        target: posix(path.relative(root, path.resolve(path.dirname(file), specifier))),
        typeOnly: /^(import|export)\s+type\b/.test(text.slice(statementStart, m.index)),
      };
    });
}

/** The graph of `root`: each file (path from root) to the files it imports. */
export function importGraph(root: string): Map<string, TImport[]> {
  return new Map(sourceFiles(root).map((f) => [posix(path.relative(root, f)), importsOf(f, root)]));
}

/** Every import cycle (strongly connected set of two or more files, or a file importing itself), sorted. */
export function importCycles(graph: Map<string, TImport[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  // Tarjan's algorithm, iterative so a deep tree cannot overflow the call stack.
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work: { node: string; edge: number }[] = [{ node: start, edge: 0 }];
    index.set(start, next);
    low.set(start, next++);
    stack.push(start);
    onStack.add(start);
    while (work.length) {
      const frame = work[work.length - 1]!;
      const edges = (graph.get(frame.node) ?? []).filter((e) => graph.has(e.target));
      if (frame.edge < edges.length) {
        const to = edges[frame.edge++]!.target;
        if (!index.has(to)) {
          index.set(to, next);
          low.set(to, next++);
          stack.push(to);
          onStack.add(to);
          work.push({ node: to, edge: 0 });
        } else if (onStack.has(to)) {
          low.set(frame.node, Math.min(low.get(frame.node)!, index.get(to)!));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) !== index.get(frame.node)) continue;
      const members: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        members.push(member);
      } while (member !== frame.node);
      const selfImport = (graph.get(frame.node) ?? []).some((e) => e.target === frame.node);
      if (members.length > 1 || selfImport) cycles.push(members.sort());
    }
  }
  return cycles;
}

/** The module folder of a path from the API's src ('modules/orders/x.ts' -> 'orders'), or null. */
export function moduleOf(p: string): string | null {
  const parts = p.split('/');
  return parts[0] === 'modules' && parts.length > 2 ? (parts[1] ?? null) : null;
}

/** The graph between module folders: 'orders' imports 'reviews' when one of its files imports one of the other's. */
export function folderGraph(graph: Map<string, TImport[]>): Map<string, TImport[]> {
  const folders = new Map<string, TImport[]>();
  for (const [from, imports] of graph) {
    const m = moduleOf(from);
    if (m === null) continue;
    const edges = folders.get(m) ?? [];
    folders.set(m, edges);
    for (const i of imports) {
      const n = moduleOf(i.target);
      if (n !== null && n !== m && !edges.some((e) => e.target === n)) edges.push({ ...i, target: n });
    }
  }
  return folders;
}

/**
 * The arrows that run against the layers of a module tree, counted so that a change can give a
 * before and an after: `npx tsx scripts/source-imports.ts apps/api/src`.
 */
export function layerReport(graph: Map<string, TImport[]>) {
  const arrows = [...graph].flatMap(([from, imports]) => imports.map((i) => ({ from, ...i })));
  const crossModule = arrows.filter((a) => {
    const m = moduleOf(a.from);
    const n = moduleOf(a.target);
    return m !== null && n !== null && m !== n;
  });
  return {
    routesImportingTheServicesBag: arrows.filter(
      (a) => a.from.endsWith('.routes.ts') && a.target === 'modules/services.ts',
    ).length,
    crossModuleValueImports: crossModule.filter((a) => !a.typeOnly).length,
    crossModuleImportsOfNonServiceFiles: crossModule.filter((a) => !a.target.endsWith('.service.ts')).length,
    moduleFolderCycles: importCycles(folderGraph(graph)),
  };
}

if (process.argv[1] && import.meta.url.endsWith(posix(path.relative(process.cwd(), process.argv[1])))) {
  const root = path.resolve(process.argv[2] ?? 'apps/api/src');
  console.log(JSON.stringify(layerReport(importGraph(root)), null, 2));
}
