import type { Page } from '@playwright/test';
import entryRoutes from '../entry-routes.json' with { type: 'json' };
import { expect, networkQuiet, test } from './fixtures.ts';

/**
 * Every public entry page (apps/web/entry-routes.json) loads, and is then used a little, without
 * a console error or a Content-Security-Policy violation. The API's CSP (apps/api/src/app.ts)
 * refuses eval, and a refusal the page's code catches still shows in the browser: zod 4 used to
 * probe `new Function` on /delivery and /register (see apps/web/src/lib/zod-jitless.ts).
 * Violations are read from the `securitypolicyviolation` event, not only the console, since a
 * caught eval refusal writes nothing there.
 */

function dayFromToday(days: number): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return d.toISOString().slice(0, 10);
}
const WEEK_AHEAD = dayFromToday(7);

type TVisit = {
  /** The entry-routes.json name. */
  route: string;
  path: string;
  /** What a visitor does first: the lazily loaded code (the schemas with zod) runs only then. */
  use?: (page: Page) => Promise<void>;
};

/** Submitting an empty form runs the page's schema checks. */
const submitEmpty = (button: RegExp) => async (page: Page) => {
  await page.getByRole('textbox').first().click();
  await page.getByRole('button', { name: button }).click();
  await expect(page.getByText(/required|at least|valid/i).first()).toBeVisible();
};

const VISITS: TVisit[] = [
  { route: 'login', path: '/login', use: submitEmpty(/^Sign in$/) },
  { route: 'sign-up', path: '/sign-up', use: submitEmpty(/^Register now$/) },
  { route: 'sign-up', path: '/referral' },
  { route: 'register', path: '/register', use: submitEmpty(/^Register company$/) },
  { route: 'register', path: '/register?type=labor', use: submitEmpty(/^Register as helper$/) },
  {
    route: 'delivery',
    path: '/delivery?type=store_delivery',
    use: async (page) => {
      // The form arrives after the first paint and prices the load with the shared schema.
      await expect(page.getByTestId('section-items')).toBeVisible();
      await page.getByTestId('book-delivery').click();
      await expect(page.getByText('Item name is required').first()).toBeVisible();
    },
  },
  { route: 'delivery', path: '/delivery' },
  {
    route: 'helper-list',
    path: `/helper-list?from_zip=90001&from_date=${WEEK_AHEAD}&to_zip=90210&to_date=${WEEK_AHEAD}&type_service=2&type_moving=1`,
  },
  { route: 'company-page', path: '/profile/demo-movers-los-angeles' },
];

/** Collects console errors and CSP violations from the page's start (set before its first script). */
async function watch(page: Page): Promise<{ consoleErrors: string[]; violations: () => Promise<string[]> }> {
  const consoleErrors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') consoleErrors.push(`${m.text()} (${m.location().url})`);
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) => {
      seen.push(`${e.violatedDirective} ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  return {
    consoleErrors,
    violations: () =>
      page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []),
  };
}

test.describe('entry pages: no console error, no CSP violation', () => {
  test('every entry page is listed here', () => {
    const covered = new Set(VISITS.map((v) => v.route));
    expect(entryRoutes.routes.map((r) => r.name).filter((n) => !covered.has(n))).toEqual([]);
  });

  for (const visit of VISITS) {
    test(`${visit.path.split('?')[0]}${visit.use ? ' used' : ''} (${visit.path.includes('?') ? 'with a query' : 'bare'})`, async ({
      page,
    }) => {
      const { consoleErrors, violations } = await watch(page);
      const response = await page.goto(visit.path);
      expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
      await visit.use?.(page);
      await networkQuiet(page);
      expect(await violations(), 'CSP violations').toEqual([]);
      expect(consoleErrors, 'console errors').toEqual([]);
    });
  }
});
