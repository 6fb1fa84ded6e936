import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // PGlite is single-threaded WASM: two workers on two cores is the sweet spot.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'shared',
          include: ['packages/shared/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          // Checks of the web app's source that need no browser (e.g. its import layers).
          name: 'web',
          include: ['apps/web/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.test.ts', 'apps/api/test/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/api/test/global-setup.ts'],
          // A test that opens a database copy or starts an app takes 5-10 s on a quiet machine
          // and 25-30 s on a loaded one (measured under a busy loop): 30 s failed them there.
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
