import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importCycles, importGraph } from '../../../scripts/source-imports.ts';

/*
 * The web app's layers (docs/architecture.md): a feature never imports another feature, and the
 * shared layers (components/, lib/) import no feature and not app/. What several features use
 * lives in components/ or lib/; pages that combine features are composed in app/ (the route
 * table and app/routes/). Biome's noRestrictedImports cannot say "another feature", so this
 * test reads every import of every source file.
 */

const src = path.dirname(fileURLToPath(import.meta.url));
const graph = importGraph(src);

/** The top folder of src/ a path is in, and for features/ the feature ('features/orders'). */
function area(relative: string): string {
  const [top = '', second = ''] = relative.split('/');
  return top === 'features' ? `features/${second}` : top;
}

/** "from -> specifier" for every import of files under `dir` that `forbidden` refuses. */
function offenders(dir: string, forbidden: (from: string, to: string) => boolean): string[] {
  return [...graph]
    .filter(([from]) => from.startsWith(`${dir}/`))
    .flatMap(([from, imports]) =>
      imports
        .filter(({ target }) => forbidden(area(from), area(target)))
        .map(({ specifier }) => `${from} -> ${specifier}`),
    );
}

describe('web layers', () => {
  it('finds the imports it checks', () => {
    // A guard on the guard: were the pattern broken, every list below would be empty.
    const imports = [...graph].filter(([from]) => from.startsWith('features/')).flatMap(([, i]) => i);
    expect(imports.length).toBeGreaterThan(100);
    expect(imports.some(({ target }) => target.startsWith('lib/'))).toBe(true);
  });

  it('has no import cycle', () => {
    expect(importCycles(graph)).toEqual([]);
  });

  it('no feature imports another feature', () => {
    const found = offenders('features', (from, to) => to.startsWith('features/') && to !== from);
    expect(found, 'move what several features use to components/ or lib/, or compose in app/').toEqual([]);
  });

  it('components/ and lib/ import no feature and not app/', () => {
    const up = (_from: string, to: string) => to.startsWith('features/') || to === 'app';
    expect([...offenders('components', up), ...offenders('lib', up)]).toEqual([]);
  });
});

/** Every source file under `dir` (relative to src/), tests left out. */
function sources(dir: string): string[] {
  return readdirSync(path.join(src, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
    .map((f) => path.join(dir, f));
}

describe('shared resources', () => {
  it('a resource in lib/api has one query key, declared there and written nowhere else', () => {
    const declared = new Set<string>();
    for (const file of sources('lib/api')) {
      const text = readFileSync(path.join(src, file), 'utf8');
      for (const m of text.matchAll(/(?:=>|queryKey:|all:)\s*\[\s*'([a-z][a-z-]*)'/g))
        declared.add(m[1] ?? '');
    }
    // A guard on the guard: the company's settings and a branch's crews live there.
    expect([...declared]).toEqual(expect.arrayContaining(['company-settings', 'branch-crews']));
    const elsewhere = ['features', 'components', 'app'].flatMap(sources).flatMap((file) => {
      const text = readFileSync(path.join(src, file), 'utf8');
      return [...declared].filter((key) => text.includes(`['${key}'`)).map((key) => `${file}: '${key}'`);
    });
    expect(elsewhere, 'use the key (and the hook) from lib/api').toEqual([]);
  });
});
