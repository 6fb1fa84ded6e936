/**
 * Debian's Chromium for the benchmarks that time a page (the calendar's month, the customer
 * dashboard): launched with the suite's flags and signed in through the login page, as a user
 * would. Null when the web app is not built or Chromium is missing, so the API rows still run.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from '@playwright/test';
import chromiumFlags from '../../../scripts/chromium-flags.json' with { type: 'json' };
import { DEMO_PASSWORD } from '../src/db/seed/demo.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export type TSignedIn = { browser: Browser; page: Page };

export async function openSignedIn(
  base: string,
  email: string,
  viewport = { width: 1280, height: 900 },
): Promise<TSignedIn | null> {
  const executablePath = process.env.CHROMIUM_PATH ?? chromiumFlags.defaultPath;
  if (!existsSync(path.join(root, 'apps/web/dist/index.html')) || !existsSync(executablePath)) return null;
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.launch({ executablePath, args: chromiumFlags.flags });
  try {
    const page = await browser.newPage({ viewport });
    await page.goto(`${base}/login`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL((u) => !u.pathname.startsWith('/login'));
    return { browser, page };
  } catch (err) {
    await browser.close();
    throw err;
  }
}
