import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * The web app's layers (docs/architecture.md): a feature never imports another feature, and the
 * shared layers (components/, lib/) import no feature and not app/. What several features use
 * lives in components/ or lib/; pages that combine features are composed in app/ (the route
 * table and app/routes/). Biome's noRestrictedImports cannot say "another feature", so this
 * test reads every import of every source file.
 */

const src = path.dirname(fileURLToPath(import.meta.url));
const SOURCE = /\.(ts|tsx|css)$/;
// Static imports, re-exports, side-effect imports, dynamic import() and CSS @import.
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|@import\s+)['"]([^'"]+)['"]/g;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(full);
    return SOURCE.test(entry.name) && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** Every relative import of a file, as a path from src/ (e.g. 'features/orders/api/get-order.ts'). */
function importsOf(file: string): { specifier: string; target: string }[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(SPECIFIER)]
    .map((m) => m[1] ?? '')
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) => ({
      specifier,
      target: path
        .relative(src, path.resolve(path.dirname(file), specifier))
        .split(path.sep)
        .join('/'),
    }));
}

/** The top folder of src/ a path is in, and for features/ the feature ('features/orders'). */
function area(relative: string): string {
  const [top = '', second = ''] = relative.split('/');
  return top === 'features' ? `features/${second}` : top;
}

/** "from -> specifier" for every import of files under `dir` that `forbidden` refuses. */
function offenders(dir: string, forbidden: (from: string, to: string) => boolean): string[] {
  return filesUnder(path.join(src, dir)).flatMap((file) => {
    const from = path.relative(src, file).split(path.sep).join('/');
    return importsOf(file)
      .filter(({ target }) => forbidden(area(from), area(target)))
      .map(({ specifier }) => `${from} -> ${specifier}`);
  });
}

describe('web layers', () => {
  it('finds the imports it checks', () => {
    // A guard on the guard: were the pattern broken, every list below would be empty.
    const imports = filesUnder(path.join(src, 'features')).flatMap(importsOf);
    expect(imports.length).toBeGreaterThan(100);
    expect(imports.some(({ target }) => target.startsWith('lib/'))).toBe(true);
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
