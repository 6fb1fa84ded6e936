import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { authHeaders, createTestBranch, deleteTestBranch, suffix } from './branch-api.ts';
import { DESKTOP, expect, loginAs, PHONE, SCREENSHOT_DIR, test } from './fixtures.ts';

/*
 * The public company page (/profile/{slug}): open to everyone, signed in or not. Runs against
 * the seeded demo marketplace (Demo Movers Los Angeles, ZIP 90001, with published reviews).
 */

const SLUG = 'demo-movers-los-angeles';
const SHOTS = process.env.SHOTS_DIR ?? SCREENSHOT_DIR;

type TWire = {
  data: {
    branch_id: number;
    slug: string;
    company_name: string;
    branch_name: string;
    rating: number;
    reviews_count: number;
    about_us: string | null;
    is_checked: boolean;
    photos: { id: number }[];
    selected_service: { service: string }[];
    answers: { question: string; answer: string }[];
    payment_methods: { name: string }[];
  };
};

/** A day `offset` days from today on the browser's calendar, as YYYY-MM-DD. */
function dayFromToday(offset: number): string {
  const d = new Date();
  d.setDate(d.getDate() + offset);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.waitForTimeout(350);
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

async function expectNoHorizontalOverflow(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'page is wider than the viewport').toBeLessThanOrEqual(0);
}

/** What the API says about the branch (other suites may add reviews to it). */
async function wire(page: Page, slug = SLUG): Promise<TWire['data']> {
  const res = await page.request.get(`/api/public/branches/${slug}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as TWire).data;
}

test.describe('public company page', () => {
  test('a logged-out visitor sees the company, its record, crews, hours and reviews', async ({ page }) => {
    const branch = await wire(page);
    await page.goto(`/profile/${SLUG}`);

    await expect(page.getByTestId('company-name')).toHaveText('Demo Movers');
    await expect(page.getByTestId('branch-name')).toHaveText('Demo Movers Los Angeles');
    await expect(page).toHaveTitle(
      'Demo Movers – Demo Movers Los Angeles: movers in Los Angeles, CA | Haulpro',
    );
    // Logged out: the navbar offers Sign in, and the page did not send us to /login.
    await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
    await expect(page).toHaveURL(`/profile/${SLUG}`);

    const rating = page.getByTestId('company-rating');
    await expect(rating).toContainText(branch.rating.toFixed(1));
    await expect(rating).toContainText(`(${branch.reviews_count} reviews)`);
    await expect(page.getByTestId('company-place')).toHaveText('Los Angeles, CA');

    // The record: six tiles; the background check follows the saved credentials.
    await expect(page.getByTestId('company-stats').getByTestId(/^stat-[a-z]+$/)).toHaveCount(6);
    await expect(page.getByTestId('stat-background-value')).toHaveText(
      branch.is_checked ? 'Checked' : 'Unchecked',
    );
    await expect(page.getByTestId('stat-acceptance-value')).toHaveText(/^(\d{1,3}%|—)$/);

    // Services: both tables with dollar prices.
    const services = page.getByTestId('section-services');
    await expect(services.getByRole('table', { name: 'Helpers only' })).toBeVisible();
    await expect(services.getByRole('table', { name: 'Helpers and trucks' })).toBeVisible();
    await expect(services.getByTestId('service-row').first()).toContainText(/\$\d[\d,.]*\/h/);

    // Working hours: seven days, Sunday first, hours like "7 am – 6 pm" or Closed.
    const hours = page.getByTestId('hours-row');
    await expect(hours).toHaveCount(7);
    await expect(hours.first()).toContainText('Sunday');
    await expect(hours.last()).toContainText('Saturday');
    for (const text of await hours.allInnerTexts()) {
      expect(text).toMatch(/(\d{1,2}(:\d{2})? [ap]m – \d{1,2}(:\d{2})? [ap]m|Closed|Open 24 hours)$/);
    }

    // Reviews: the summary and the cards.
    const reviews = page.getByTestId('section-reviews');
    await expect(reviews.getByTestId('review-average')).toHaveText(branch.rating.toFixed(1));
    await expect(reviews.getByTestId('review-card').first()).toBeVisible();

    // The map (drawn once its section scrolls into view).
    await page.getByTestId('section-area').scrollIntoViewIfNeeded();
    await expect(page.getByTestId('branch-map')).toBeVisible();

    // What the company filled in on /profile (the demo seed): the long introduction folds.
    const about = page.getByTestId('about-text');
    expect(branch.about_us?.length ?? 0).toBeGreaterThan(500);
    await expect(about).not.toHaveText(branch.about_us ?? '');
    await page.getByRole('button', { name: 'Read more' }).click();
    await expect(about).toHaveText(branch.about_us ?? '');
    await page.getByRole('button', { name: 'Show less' }).click();
    // Photos, pinned first: one opens full size.
    await expect(page.getByTestId('company-photo').first()).toBeVisible();
    await page.getByTestId('company-photo').first().click();
    await expect(page.getByTestId('company-photo-full')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('company-photo-full')).toHaveCount(0);
    // Services offered, credentials (no numbers), FAQ answers.
    await expect(page.getByTestId('offered-services').getByRole('listitem')).toHaveCount(
      branch.selected_service.length,
    );
    await expect(page.getByTestId('credentials')).toContainText('Valid through');
    const faq = page.getByTestId('faq');
    await faq.getByRole('button', { name: branch.answers[0]?.question ?? '' }).click();
    await expect(faq.getByText(branch.answers[0]?.answer ?? '')).toBeVisible();
    await expect(page.getByTestId('payment-options')).toContainText('Booked on Haulpro: Cash');
  });

  test('a company that has filled in nothing shows each empty state', async ({ page }) => {
    const branch = await wire(page, 'westside-hauling-beverly-hills');
    expect(branch.about_us).toBeNull();
    await page.goto('/profile/westside-hauling-beverly-hills');
    await expect(page.getByTestId('company-name')).toHaveText('Westside Hauling');
    await expect(page.getByTestId('section-about')).toContainText(
      'This company has not written an introduction yet.',
    );
    await expect(page.getByTestId('section-photos')).toContainText('No photos yet');
    await expect(page.getByTestId('section-offered')).toContainText(
      'This company has not listed its services yet.',
    );
    await expect(page.getByTestId('section-credentials')).toContainText('No credentials shared yet');
    await expect(page.getByTestId('section-faq')).toContainText('No questions answered yet');
    await expect(page.getByTestId('section-payments')).toContainText(
      'This company has not listed its payment methods yet.',
    );
    await expect(page.getByTestId('stat-background-value')).toHaveText('Unchecked');
  });

  test('what staff save on /profile is what a logged-out visitor sees; typed markup stays text', async ({
    page,
    request,
  }) => {
    const branch = await createTestBranch(request, { name: `Public Page ${suffix()}` });
    try {
      const headers = authHeaders(branch.token);
      const about =
        'Family movers since 2009. <img src=x onerror="window.__pwned=1"><script>window.__pwned=1</script>';
      const put = await request.put(`/api/dashboard/branches/${branch.id}`, {
        headers,
        data: { new_data: { about_us: about } },
      });
      expect(put.ok()).toBe(true);
      const info = await request.get(`/api/dashboard/branches/${branch.id}?section=branch_info`, { headers });
      const { slug } = ((await info.json()) as { data: { slug: string } }).data;
      await page.goto(`/profile/${slug}`);
      await expect(page.getByTestId('about-text')).toHaveText(about);
      expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
      // The server's HTML already names the company for link previews.
      const html = await (await request.get(`/profile/${slug}`)).text();
      expect(html).toContain('<meta name="description" content="Family movers since 2009. &lt;img');
    } finally {
      await deleteTestBranch(request, branch);
    }
  });

  test('"Get a price" searches helpers from the branch ZIP for tomorrow', async ({ page }) => {
    await page.goto(`/profile/${SLUG}`);
    await page.getByRole('link', { name: 'Get a price' }).click();
    await expect(page).toHaveURL(/\/helper-list\?/);
    const url = new URL(page.url());
    expect(url.searchParams.get('from_zip')).toBe('90001');
    expect(url.searchParams.get('to_zip')).toBe('90001');
    expect(url.searchParams.get('from_date')).toBe(dayFromToday(1));
    expect(url.searchParams.get('type_service')).toBe('2');
    expect(url.searchParams.get('type_moving')).toBe('1');
  });

  test('an unknown slug shows the not-found state with a way to search', async ({ page }) => {
    await page.goto('/profile/no-such-company-here');
    const notFound = page.getByTestId('company-not-found');
    await expect(notFound).toContainText('We could not find this company');
    await expect(page).toHaveTitle('Company not found | Haulpro');
    await notFound.getByRole('link', { name: 'Find movers near you' }).click();
    await expect(page).toHaveURL('/helper-list');
  });

  test('a signed-in customer sees the same page', async ({ page }) => {
    await loginAs(page, 'customer');
    await page.goto('/profile/westside-hauling-beverly-hills');
    await expect(page.getByTestId('company-name')).toHaveText('Westside Hauling');
    await expect(page.getByTestId('hours-row')).toHaveCount(7);
    await expect(page.getByRole('link', { name: 'Sign in' })).toHaveCount(0);
  });
});

for (const [label, viewport] of [
  ['1280', DESKTOP],
  ['340', PHONE],
] as const) {
  test.describe(`public company page at ${label} px`, () => {
    test.use({ viewport });

    test('looks right and does not overflow', async ({ page }) => {
      await page.goto(`/profile/${SLUG}`);
      await expect(page.getByTestId('company-name')).toBeVisible();
      await expect(page.getByTestId('review-card').first()).toBeVisible();
      await expectNoHorizontalOverflow(page);
      await shot(page, `public-company-${label}`);

      await page.goto('/profile/no-such-company-here');
      await expect(page.getByTestId('company-not-found')).toBeVisible();
      await expectNoHorizontalOverflow(page);
      await shot(page, `public-company-not-found-${label}`);
    });
  });
}
