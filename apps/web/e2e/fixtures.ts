import { appendFileSync, closeSync, mkdirSync, openSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page, type Request } from '@playwright/test';

export type TDemoRole = 'staff' | 'customer' | 'labor' | 'admin';

export const DEMO_PASSWORD = 'demo-password';

/** The seeded demo accounts (apps/api/src/db/seed/demo.ts) and where each lands. */
export const DEMO: Record<TDemoRole, { email: string; name: string; home: string }> = {
  staff: { email: 'staff@demo.test', name: 'Sam Staff', home: '/deliveries' },
  customer: { email: 'customer@demo.test', name: 'Casey Customer', home: '/user-dashboard' },
  labor: { email: 'labor@demo.test', name: 'Lee Labor', home: '/labor-dashboard' },
  admin: { email: 'admin@demo.test', name: 'Ada Admin', home: '/admin' },
};

/** Menus written out from the spec (section 2 "Menus"), not from the code under test. */
export const EXPECTED_MENU: Record<TDemoRole, string[]> = {
  customer: ['My Orders', 'Account settings', 'Invite a friend', 'Reviews', 'Log out'],
  labor: ['Orders', 'Today', 'Settings', 'Log out'],
  staff: [
    'Active Orders',
    // Today's jobs on the crew's phone (issue 28).
    'Today',
    'Calendar',
    'Order History',
    'Payouts',
    'Pricing',
    'Profile',
    'Teams',
    'Invite a friend',
    'Reviews',
    // The staff profile menu also has Locations (and Options, which has no other entry point).
    'Locations',
    'Options',
    'Log out',
  ],
  admin: ['Payout reviews', 'Log out'],
};

const here = path.dirname(fileURLToPath(import.meta.url));
export const SCREENSHOT_DIR = path.resolve(here, '../../../artifacts/screenshots');

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 340, height: 720 };

type TAxeHit = { url: string; width: number; rule: string; impact: string; targets: string[] };

/**
 * The (path, width) pairs axe has checked in this run, shared by the workers through a folder
 * (playwright.config.ts): creating a pair's file claims it, so one worker checks it. A check that
 * found a violation gives its claim back, so the test's retry (in a fresh worker) checks again.
 */
const AXE_SEEN = {
  claim(key: string): boolean {
    const dir = process.env.HAULPRO_E2E_AXE_DIR;
    if (!dir) return true;
    try {
      closeSync(openSync(path.join(dir, encodeURIComponent(key)), 'wx'));
      return true;
    } catch {
      return false;
    }
  },
  release(key: string): void {
    const dir = process.env.HAULPRO_E2E_AXE_DIR;
    if (dir) rmSync(path.join(dir, encodeURIComponent(key)), { force: true });
  },
};

/**
 * Runs axe on the page as it is, at 1280 and at 340 px (the viewport is restored after), and
 * records serious and critical violations. A (path, width) pair is checked once per run: the
 * suite visits /login and the dashboards dozens of times, and one check of each is the point (a
 * check of the customer dashboard takes 2-12 s).
 */
async function axeBothWidths(page: Page, hits: TAxeHit[]): Promise<void> {
  if (page.isClosed() || !page.url().startsWith('http')) return;
  const original = page.viewportSize() ?? DESKTOP;
  // One check per route, not per record: /teams/1/7 and /teams/2/9 are the same page.
  const route = new URL(page.url()).pathname.replace(/\/\d+(?=\/|$)/g, '/:id');
  const sizes = [original, original.width === PHONE.width ? DESKTOP : PHONE].filter((size) =>
    AXE_SEEN.claim(`${route}@${size.width}`),
  );
  if (sizes.length === 0) return;
  // A claimed width left unchecked (the page closed or moved on) is given back: another visit checks it.
  const unchecked = new Set(sizes.map((size) => `${route}@${size.width}`));
  try {
    await axeSizes(page, route, sizes, hits, unchecked);
  } finally {
    for (const key of unchecked) AXE_SEEN.release(key);
  }
  if (page.viewportSize()?.width !== original.width) await page.setViewportSize(original);
}

async function axeSizes(
  page: Page,
  route: string,
  sizes: { width: number; height: number }[],
  hits: TAxeHit[],
  unchecked: Set<string>,
): Promise<void> {
  for (const size of sizes) {
    const found = hits.length;
    if (size.width !== page.viewportSize()?.width) {
      await page.setViewportSize(size);
      await page.waitForTimeout(150);
    }
    await transitionsSettled(page);
    // Legacy mode runs axe.run in the page itself. The default (runPartial per frame, then
    // finishRun in a new blank page) exists for cross-origin iframes, which these pages do not
    // have (Stripe's fields load only when Stripe is configured, never in tests); measured on
    // the customer dashboard under load: 12.0 s -> 4.6 s a check, with the same results.
    await drawListCards(page, true);
    const result = await new AxeBuilder({ page })
      .withTags(AXE_TAGS)
      .setLegacyMode(true)
      .analyze()
      .finally(() => drawListCards(page, false));
    for (const v of result.violations) {
      if (v.impact !== 'serious' && v.impact !== 'critical') continue;
      hits.push({
        url: route,
        width: size.width,
        rule: v.id,
        impact: v.impact,
        targets: v.nodes
          .slice(0, 5)
          .map(
            (n) =>
              n.target.join(' ') +
              (process.env.AXE_DEBUG ? ` ${n.failureSummary} ${n.html.slice(0, 300)}` : ''),
          ),
      });
    }
    // Checked clean: the claim stands. A violation gives it back, so the test's retry checks again.
    if (hits.length === found) unchecked.delete(`${route}@${size.width}`);
  }
}

/**
 * Waits (at most a second) for the finite animations and transitions running now: a toast or
 * modal caught half faded in has the contrast of its half-way opacity, which is not what anyone
 * reads. Endless ones (spinners) are not waited for.
 */
async function transitionsSettled(page: Page): Promise<void> {
  await page
    .evaluate(() =>
      Promise.race([
        Promise.all(
          document
            .getAnimations()
            .filter(
              (a) => a.playState === 'running' && Number.isFinite(a.effect?.getComputedTiming().endTime),
            )
            .map((a) => a.finished.catch(() => undefined)),
        ),
        new Promise((resolve) => setTimeout(resolve, 1000)),
      ]),
    )
    .catch(() => undefined);
}

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/** The live stream (GET /api/dashboard/events): a signed-in page keeps it open for good. */
const LIVE_STREAM = /\/api\/dashboard\/events(\?|$)/;
const INFLIGHT = new WeakMap<Page, Set<Request>>();

/** Follows the page's requests in flight, the live stream left out (it never finishes). */
export function trackRequests(page: Page): Set<Request> {
  const known = INFLIGHT.get(page);
  if (known) return known;
  const inflight = new Set<Request>();
  INFLIGHT.set(page, inflight);
  page.on('request', (r) => {
    if (!LIVE_STREAM.test(r.url())) inflight.add(r);
  });
  const done = (r: Request) => inflight.delete(r);
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return inflight;
}

/**
 * What 'networkidle' means (loaded, then no request for 500 ms) for a page with the live stream
 * open: Playwright counts a streaming fetch as in flight until it ends, so its own 'networkidle'
 * would never come for a signed-in page. Gives up quietly after `timeoutMs`, as the old wait did.
 */
export async function networkQuiet(page: Page, timeoutMs = 30_000): Promise<void> {
  const inflight = trackRequests(page);
  const deadline = Date.now() + timeoutMs;
  try {
    await page.waitForLoadState('load', { timeout: timeoutMs });
    let quietSince = Date.now();
    let url = page.url();
    while (Date.now() < deadline && !page.isClosed()) {
      if (inflight.size > 0 || page.url() !== url) {
        quietSince = Date.now();
        url = page.url();
      } else if (Date.now() - quietSince >= 500) {
        // Quiet, and the page's main thread has nothing queued: on a loaded machine the app's
        // first render (and the requests its effects send, and a guard's redirect) can come more
        // than 500 ms after 'load', and a check then would see a page about to change.
        await page
          .evaluate(
            () => new Promise<void>((resolve) => requestIdleCallback(() => resolve(), { timeout: 2000 })),
          )
          .catch(() => undefined); // a navigation under way: the loop sees the new address
        if (inflight.size === 0 && page.url() === url) return;
        continue;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } catch {
    // Closed or navigated away: nothing left to wait for.
  }
}
const AXE_REPORT = process.env.AXE_REPORT;

/**
 * Uncaught errors in the page fail the test; so does a serious or critical axe violation on any
 * page the test opened with `page.goto` or ended on, at 1280 or 340 px.
 */
export const test = base.extend<{ pageErrors: Error[]; axe: undefined }>({
  pageErrors: [
    async ({ page }, use) => {
      const errors: Error[] = [];
      page.on('pageerror', (error) => errors.push(error));
      await use(errors);
      expect(errors, 'uncaught errors in the page').toEqual([]);
    },
    { auto: true },
  ],
  axe: [
    async ({ page }, use, testInfo) => {
      const hits: TAxeHit[] = [];
      trackRequests(page);
      const goto = page.goto.bind(page);
      page.goto = async (url, options) => {
        const response = await goto(url, options);
        // Every visit waits for the network to go quiet, axe or not: a test's next goto while the
        // page still loads what a client-side redirect asked for can wait for 'load' forever.
        await networkQuiet(page);
        await axeBothWidths(page, hits);
        return response;
      };
      await use(undefined);
      if (testInfo.status === 'passed') {
        await networkQuiet(page);
        await axeBothWidths(page, hits).catch(() => undefined);
      }
      if (AXE_REPORT) {
        if (hits.length) appendFileSync(AXE_REPORT, `${JSON.stringify({ test: testInfo.title, hits })}\n`);
        return;
      }
      const lines = hits.map(
        (h) => `${h.impact} ${h.rule} on ${h.url} at ${h.width} px: ${h.targets.join(' | ')}`,
      );
      expect(lines, 'serious or critical accessibility violations (axe)').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** Fills and submits the real sign-in form. */
export async function submitLogin(page: Page, email: string, password: string, remember = false) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  if (remember) await page.getByLabel('Remember me').check();
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Signs in as a demo role through the login form and waits for that role's dashboard. */
export async function loginAs(page: Page, role: TDemoRole, opts: { remember?: boolean } = {}) {
  await page.goto('/login');
  await submitLogin(page, DEMO[role].email, DEMO_PASSWORD, opts.remember);
  await expect(page).toHaveURL(DEMO[role].home);
}

/** Opens the account menu (desktop) and returns its item labels in order. */
export async function menuItems(page: Page): Promise<string[]> {
  await page.getByTestId('user-menu-button').click();
  const menu = page.getByTestId('user-menu');
  await expect(menu).toBeVisible();
  return (await menu.getByRole('menuitem').allInnerTexts()).map((t) => t.trim());
}

/** A full-page PNG in artifacts/screenshots (git-ignored). */

/** The cards of the dashboards' long lists (order and delivery cards). */
const LIST_CARDS = '[data-testid="order-card"], [data-testid="delivery-card"]';

/**
 * The list cards skip their style, layout and paint while off screen (`content-visibility: auto`,
 * card-parts.module.css), and a skipped card is neither drawn in a full-page picture nor seen
 * by axe as a user who scrolls to it would. So axe and the pictures have them drawn: as an inline
 * style (the page's Content-Security-Policy allows no new <style> element), given back after.
 */
async function drawListCards(page: Page, all: boolean): Promise<void> {
  await page
    .evaluate(
      ({ selector, value }) => {
        for (const card of document.querySelectorAll<HTMLElement>(selector))
          card.style.contentVisibility = value;
      },
      { selector: LIST_CARDS, value: all ? 'visible' : '' },
    )
    .catch(() => undefined);
}

export async function snap(page: Page, name: string) {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  // Let enter transitions (menus, modals, toasts) finish before the picture.
  await page.waitForTimeout(350);
  await page.screenshot({
    path: path.join(SCREENSHOT_DIR, `${name}.png`),
    fullPage: true,
    // The whole page as a user who scrolls sees it (see drawListCards).
    style: `${LIST_CARDS} { content-visibility: visible !important; }`,
  });
}

/** A unique address for accounts created by a test run. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

/** A customer of this test alone, signed in through the form (their verify-email notice closed). */
export async function signInFreshCustomer(page: Page, prefix: string): Promise<string> {
  const email = uniqueEmail(prefix);
  const password = 'a-good-password';
  const registered = await page.request.post('/api/dashboard/auth/register', {
    data: { first_name: 'Dana', last_name: 'Delivery', email, password },
  });
  expect(registered.ok()).toBe(true);
  const login = await page.request.post('/api/dashboard/auth/login', { data: { email, password } });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  await page.goto('/login');
  await submitLogin(page, email, password);
  await expect(page).toHaveURL('/user-dashboard');
  const notice = page.getByRole('dialog').filter({ hasText: 'Please verify your email' });
  await notice.getByRole('button', { name: 'Close', exact: true }).first().click();
  await expect(notice).toBeHidden();
  return token;
}
