import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { plannedGroups, recordChunks } from './entry-chunks.ts';

const API_URL = process.env.HAULPRO_API_URL ?? 'http://localhost:3000';
// Set by scripts/build-web.mjs: the first build records its chunks, the second follows the plan.
const RECORD = process.env.HAULPRO_CHUNKS_RECORD;
const PLAN = process.env.HAULPRO_CHUNKS_PLAN;

export default defineConfig({
  plugins: [react(), ...(RECORD ? [recordChunks(RECORD)] : [])],
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
