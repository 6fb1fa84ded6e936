import { readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { plannedGroups, recordChunks } from './entry-chunks.ts';

const API_URL = process.env.HAULPRO_API_URL ?? 'http://localhost:3000';
// Set by scripts/build-web.mjs: the first build records its chunks, the second follows the plan.
const RECORD = process.env.HAULPRO_CHUNKS_RECORD;
const PLAN = process.env.HAULPRO_CHUNKS_PLAN;
// Set by scripts/build-web.mjs for the second build: the Mantine styles the entry pages draw.
const CRITICAL_STYLES = process.env.HAULPRO_CRITICAL_STYLES;

/**
 * `virtual:mantine-critical-styles` (imported by main.tsx): the Mantine styles every first view
 * needs, from the build's list; everywhere else (the dev server, the first build) all of them.
 * Either way in the `mantine` cascade layer, so the app's own styles win whatever loads later.
 */
function mantineCriticalStyles(): Plugin {
  const id = 'virtual:mantine-critical-styles';
  return {
    name: 'haulpro-mantine-critical-styles',
    resolveId: (source) => (source === id ? `\0${id}` : undefined),
    load(loaded) {
      if (loaded !== `\0${id}`) return undefined;
      const files: string[] = CRITICAL_STYLES
        ? JSON.parse(readFileSync(CRITICAL_STYLES, 'utf8'))
        : ['@mantine/core/styles.layer.css'];
      return files.map((f) => `import '${f}';`).join('\n');
    },
  };
}

export default defineConfig({
  plugins: [react(), mantineCriticalStyles(), ...(RECORD ? [recordChunks(RECORD)] : [])],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: API_URL, changeOrigin: true },
      '/uploads': { target: API_URL, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // dist/.vite/manifest.json: the bundle budget test walks it (e2e/bundle-budget.spec.ts).
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // React and the router change rarely: their own chunk stays cached across releases.
          groups: [
            {
              name: 'react-vendor',
              priority: 100,
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
            },
            { name: 'zod', priority: 100, test: /node_modules[\\/]zod[\\/]/ },
            { name: 'floating-ui', priority: 100, test: /node_modules[\\/]@floating-ui[\\/]/ },
            // Everything the entry imports statically loads on every page anyway: one file, not forty.
            { name: 'app-shell', priority: 90, tags: ['$initial'] },
            // The entry pages' chunks (below the groups above, which keep their modules).
            ...(PLAN ? plannedGroups(PLAN, 0) : []),
          ],
        },
      },
    },
  },
});
