import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import chromium from '../../scripts/chromium-flags.json' with { type: 'json' };
import { CARD_BASE_URL, CARD_PORT, CARD_WEBHOOK_URL, STRIPE_ENV, STRIPE_PORT } from './e2e/card-server.ts';
import { SMTP_URL } from './e2e/mailbox.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../..');
// E2E_PORT and E2E_SMTP_PORT let two suites (say, a clean-clone CI run and a developer's) share a machine.
const PORT = Number(process.env.E2E_PORT ?? 3210);
const baseURL = `http://127.0.0.1:${PORT}`;

// The config is evaluated by the runner and by every worker: create the database folder once
// and hand it to the workers through the environment.
process.env.HAULPRO_E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'haulpro-e2e-'));
process.env.HAULPRO_E2E_CARD_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'haulpro-e2e-card-'));
// The routes axe has checked, shared by the workers (e2e/fixtures.ts).
process.env.HAULPRO_E2E_AXE_DIR ??= mkdtempSync(path.join(tmpdir(), 'haulpro-e2e-axe-'));
for (const [name, port] of [
  ['E2E_CARD_PORT', CARD_PORT],
  ['E2E_STRIPE_PORT', STRIPE_PORT],
] as const) {
  if (port === PORT) throw new Error(`${name} (${port}) must differ from E2E_PORT`);
}

const SERVER_COMMAND =
  'node scripts/build-api.mjs --if-stale && node --enable-source-maps apps/api/dist/server.mjs';

/**
 * Browser tests against the production build (apps/web/dist, built beforehand) served by
 * the real API on a fresh database, driving Debian's Chromium (never a downloaded browser).
 */
export default defineConfig({
  testDir: 'e2e',
  // A local SMTP server catches the API's mail, so e-mailed links are followed for real.
  globalSetup: './e2e/global-setup.ts',
  outputDir: 'test-results',
  fullyParallel: false,
  workers: 2,
  // On CI a failed test runs once more; one that then passes is reported as flaky by name (the
  // list reporter and scripts/test.mjs), so the race behind it is found and fixed, not hidden.
  // Locally a failure is a failure.
  retries: process.env.CI ? 1 : 0,
  // Every visit also runs axe at 1280 and 340 px (e2e/fixtures.ts); a test that opens many pages pays for it.
  // Two workers on a two-core CI machine: under that load a dashboard's first cards have taken
  // over 7 s to appear (never the API: it answers in tens of milliseconds). Waiting longer costs
  // nothing when the page is quick; only a real failure waits the whole time.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  forbidOnly: !!process.env.CI,
  // `npm test` reads the JSON report to print one closing "N passed, N failed" line.
  reporter: [
    ['list'],
    ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? 'test-results/report.json' }],
  ],
  use: {
    baseURL,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? chromium.defaultPath,
      // Debian's Chromium on a closed network (the same flags as npm run bench:web).
      args: ['--headless', ...chromium.flags],
    },
  },
  // The API as `npm start` runs it: its production bundle (built by `npm run build`, or here if
  // stale). Then, for the specs that pay by card (e2e/card-server.ts), the loopback Stripe double
  // and a second server on its own database with Stripe pointed at the double. Playwright starts
  // them in this order, so the bundle is built (if stale) once, by the first.
  webServer: [
    {
      command: SERVER_COMMAND,
      cwd: repoRoot,
      url: `${baseURL}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(PORT),
        HOST: '127.0.0.1',
        DATA_DIR: process.env.HAULPRO_E2E_DATA_DIR,
        LOGIN_LIMIT_PER_IP: '1000',
        LOGIN_LIMIT_PER_EMAIL: '1000',
        LOG_LEVEL: 'warn',
        PUBLIC_URL: baseURL,
        SMTP_URL,
      },
    },
    {
      command: 'npx tsx apps/api/test/helpers/loopback-stripe-cli.ts',
      cwd: repoRoot,
      url: `http://127.0.0.1:${STRIPE_PORT}/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        LOOPBACK_STRIPE_PORT: String(STRIPE_PORT),
        LOOPBACK_STRIPE_WEBHOOK_URL: CARD_WEBHOOK_URL,
        // The demo's connected accounts (db/seed/payouts-seed.ts) exist in this Stripe too.
        LOOPBACK_STRIPE_ACCOUNTS: 'acct_demo_movers,acct_demo_lee_labor',
        STRIPE_WEBHOOK_SECRET: STRIPE_ENV.STRIPE_WEBHOOK_SECRET,
        STRIPE_CONNECT_WEBHOOK_SECRET: STRIPE_ENV.STRIPE_CONNECT_WEBHOOK_SECRET,
      },
    },
    {
      command: SERVER_COMMAND,
      cwd: repoRoot,
      url: `${CARD_BASE_URL}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(CARD_PORT),
        HOST: '127.0.0.1',
        DATA_DIR: process.env.HAULPRO_E2E_CARD_DATA_DIR,
        LOGIN_LIMIT_PER_IP: '1000',
        LOGIN_LIMIT_PER_EMAIL: '1000',
        LOG_LEVEL: 'warn',
        PUBLIC_URL: CARD_BASE_URL,
        SMTP_URL,
        ...STRIPE_ENV,
      },
    },
  ],
});
