import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importCycles, importGraph } from '../../../scripts/source-imports.ts';

describe('shared package', () => {
  it('has no import cycle', () => {
    const graph = importGraph(path.dirname(fileURLToPath(import.meta.url)));
    expect(graph.size).toBeGreaterThan(20);
    expect(importCycles(graph)).toEqual([]);
  });
});
