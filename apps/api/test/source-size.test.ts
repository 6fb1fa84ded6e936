import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from '../../../scripts/source-imports.ts';

/*
 * Every source file of the product stays under 400 lines (docs/architecture.md): a use case, a
 * page or a repository that grows past it is split into parts named for what they do. Tests and
 * the demo seed (data, not logic) are not counted.
 */
const LIMIT = 400;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const trees = ['apps/api/src', 'apps/web/src', 'packages/shared/src'];

const lineCount = (file: string) => readFileSync(file, 'utf8').split('\n').length - 1;

describe('source file size', () => {
  const files = trees
    .flatMap((t) => sourceFiles(path.join(root, t)))
    .map((f) => path.relative(root, f).split(path.sep).join('/'))
    .filter((f) => /\.tsx?$/.test(f) && !f.startsWith('apps/api/src/db/seed/'));

  it('reads the tree it checks', () => {
    expect(files.length).toBeGreaterThan(300);
  });

  it(`keeps every source file under ${LIMIT} lines`, () => {
    const over = files
      .map((f) => ({ f, n: lineCount(path.join(root, f)) }))
      .filter(({ n }) => n >= LIMIT)
      .map(({ f, n }) => `${f}: ${n}`);
    expect(over, 'split it into parts named for what they do').toEqual([]);
  });
});
