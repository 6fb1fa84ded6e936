import { statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { entryPageFiles } from '../../../scripts/entry-manifest.mjs';
import entryRoutes from '../entry-routes.json' with { type: 'json' };

/**
 * The JavaScript a browser downloads before the first paint of each public entry page
 * (apps/web/entry-routes.json), read from the build manifest: the entry chunk and its static
 * imports, plus the route's layout and page and theirs. Sizes are of the brotli files the
 * server sends. Budget: 150 KB per page; and few enough files that a phone on a slow network
 * does not wait on request after request.
 */
const BUDGET_KB = 150;
const MAX_FILES = 12;
const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');

function brotliBytes(file: string): number {
  const p = path.join(dist, file);
  try {
    return statSync(`${p}.br`).size;
  } catch {
    return statSync(p).size; // too small to be worth compressing
  }
}

test.describe('bundle budget', () => {
  for (const route of entryRoutes.routes) {
    test(`${route.name}: at most ${BUDGET_KB} KB of compressed JavaScript before the first paint`, () => {
      const { entry, route: own } = entryPageFiles(dist, route.modules);
      const files = [...new Set([...entry.js, ...own.js])];
      const sizes = files.map((f) => [f, brotliBytes(f)] as const).sort((a, b) => b[1] - a[1]);
      const kb = sizes.reduce((sum, [, b]) => sum + b, 0) / 1024;
      const list = sizes.map(([f, b]) => `${f} ${(b / 1024).toFixed(1)} KB`);
      console.info(`${route.name}: ${kb.toFixed(1)} KB in ${files.length} files: ${list.join(', ')}`);
      expect(kb, list.join('\n')).toBeLessThanOrEqual(BUDGET_KB);
      expect(files.length, list.join('\n')).toBeLessThanOrEqual(MAX_FILES);
    });
  }
});
