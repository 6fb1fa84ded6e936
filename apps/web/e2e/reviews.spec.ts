import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import { apiToken, bookDemoOrder } from './demo-booking.ts';
import { DESKTOP, expect, loginAs, PHONE, SCREENSHOT_DIR, type TDemoRole, test } from './fixtures.ts';

/*
 * Order reviews (spec: Reviews; Company dashboard and orders): the review modal on order cards
 * and in the order modal, the order reviews list, ?review-order=, the order's own reviews, the
 * overview's revenue and "Hire a new helper". The seed has two Completed orders, each
 * reviewable once by each side; orders.spec.ts may complete more while this file runs, so
 * tests pick orders by what the server says about them (the Review button), never by id.
 */

const SHOTS = process.env.E2E_SHOTS_DIR ?? SCREENSHOT_DIR;

/** A PNG in E2E_SHOTS_DIR (default artifacts/screenshots); modals are shot as the viewport shows them. */
async function shot(page: Page, name: string, fullPage = false) {
  mkdirSync(SHOTS, { recursive: true });
  await page.waitForTimeout(350);
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage });
}

const cards = (page: Page) => page.getByTestId('order-card');
const card = (page: Page, id: string) => page.locator(`[data-testid="order-card"][data-order-id="${id}"]`);

/** Clicks the n-th star the way a user does: on its label (the radio inputs are visually hidden). */
async function chooseStars(dialog: Locator, n: number) {
  const input = dialog.getByRole('radio', { name: `${n} star${n === 1 ? '' : 's'}` });
  const id = await input.getAttribute('id');
  await dialog.locator(`label[for="${id}"]`).click();
  await expect(input).toBeChecked();
}

async function signedIn(browser: Browser, role: TDemoRole, viewport = DESKTOP): Promise<Page> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await loginAs(page, role);
  return page;
}

type TWireOrder = { id: number; helperCanReview: boolean; customerCanReview: boolean };

/** A Completed order the company can still review, found through the API (the dashboard lists active orders only). */
async function staffReviewableOrder(request: APIRequestContext): Promise<number> {
  const token = await apiToken(request, 'staff');
  const res = await request.get('/api/dashboard/orders?filter=completed&paginate=50', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.ok()).toBe(true);
  const orders = ((await res.json()) as { data: TWireOrder[] }).data;
  const order = orders.find((o) => o.helperCanReview);
  expect(order, 'a Completed order the company has not reviewed').toBeDefined();
  return order?.id ?? 0;
}

/** Date as the app writes YYYY-MM-DD for tomorrow on the browser's calendar (the test runs in the same zone). */
function tomorrowLocal(): string {
  const d = new Date();
  d.setDate(d.getDate() + 1);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

test.describe('reviews', () => {
  test.slow();

  test('customer reviews a completed order: submit waits for a valid form, then the button goes', async ({
    page,
  }) => {
    await loginAs(page, 'customer');
    await expect(cards(page).first()).toBeVisible();
    const reviewable = cards(page).filter({ has: page.getByRole('button', { name: 'Review', exact: true }) });
    await expect(reviewable.first()).toBeVisible();
    const id = (await reviewable.first().getAttribute('data-order-id')) ?? '';
    const target = card(page, id);
    await expect(target).toHaveAttribute('data-status', 'Completed');

    await target.getByRole('button', { name: 'Review', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: /^Review / });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Only you can see this review for now');
    await expect(dialog).toContainText('10 days');
    const submit = dialog.getByRole('button', { name: 'Submit review' });
    await expect(submit).toBeDisabled();

    // A comment without stars: still disabled, and the star is asked for.
    await dialog.getByLabel('Comment').fill('The crew was careful with every box.');
    await expect(submit).toBeDisabled();
    await expect(dialog.getByText('Please choose a rating')).toBeVisible();

    await chooseStars(dialog, 4);
    await expect(submit).toBeEnabled();

    // 9 characters (after trimming) are too few.
    await dialog.getByLabel('Comment').fill('  Good job  ');
    await expect(dialog.getByTestId('review-comment-counter')).toContainText('8 / 1500');
    await dialog.getByLabel('Comment').fill('Great job');
    await expect(dialog.getByTestId('review-comment-counter')).toContainText('9 / 1500');
    await expect(dialog.getByText('Comment must be more than 10 characters')).toBeVisible();
    await expect(submit).toBeDisabled();

    await dialog.getByLabel('Comment').fill('   ');
    await expect(dialog.getByText('Comment is required')).toBeVisible();
    await expect(submit).toBeDisabled();

    const comment = 'On time, friendly and nothing broke. Would hire again.';
    await dialog.getByLabel('Comment').fill(comment);
    await expect(submit).toBeEnabled();
    await submit.click();
    await expect(page.getByText('Review saved')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(target.getByRole('button', { name: 'Review', exact: true })).toHaveCount(0);

    // The order modal shows the review written on it, still private.
    await page.goto(`/user-dashboard?order_id=${id}`);
    const section = page.getByRole('dialog').getByTestId('order-reviews-section');
    await expect(section.getByTestId('review-comment')).toHaveText(comment);
    await expect(section).toContainText('Private');
    await expect(section.getByTestId('review-sender')).toHaveText(/\S/);
  });

  test("the server's field messages (422) show under the fields and go once the field changes", async ({
    page,
  }) => {
    await page.route('**/api/dashboard/customer/orders/*/reviews', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 422,
            contentType: 'application/json',
            body: JSON.stringify({
              message: 'The given data was invalid.',
              errors: { comment: ['Please keep reviews about the move itself'] },
            }),
          })
        : route.fallback(),
    );
    // Other tests may have reviewed the demo's completed orders already; this one only needs a
    // Review button (the POST above never reaches the server), so the first card offers one.
    await page.route('**/api/dashboard/customer/orders?*', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { data: Record<string, unknown>[] };
      if (body.data[0]) body.data[0].customerCanReview = true;
      await route.fulfill({ response, json: body });
    });
    await loginAs(page, 'customer');
    await expect(cards(page).first()).toBeVisible();
    const reviewButton = page.getByRole('button', { name: 'Review', exact: true });
    await reviewButton.first().click();
    const dialog = page.getByRole('dialog', { name: /^Review / });
    await chooseStars(dialog, 2);
    await dialog.getByLabel('Comment').fill('A perfectly long comment.');
    await dialog.getByRole('button', { name: 'Submit review' }).click();
    await expect(dialog.getByText('Please keep reviews about the move itself')).toBeVisible();
    // Shown under the field, not toasted as well.
    await expect(page.getByText('The given data was invalid.')).toHaveCount(0);
    await dialog.getByLabel('Comment').fill('A perfectly long comment, edited.');
    await expect(dialog.getByText('Please keep reviews about the move itself')).toHaveCount(0);
  });

  test('staff opens the order reviews list from a card', async ({ page }) => {
    await loginAs(page, 'staff');
    await page.goto('/movings');
    const first = cards(page).first();
    await expect(first).toBeVisible();
    const link = first.getByTestId('order-reviews-link');
    const name = ((await link.textContent()) ?? '').split('—')[0]?.trim() ?? '';
    await link.click();
    const dialog = page.getByRole('dialog', { name: /^Reviews of / });
    await expect(dialog).toBeVisible();
    // Either the list with its summary or the empty state, never a spinner or an error.
    await expect(
      dialog.getByTestId('review-summary').or(dialog.getByTestId('order-reviews-empty')),
    ).toBeVisible();
    if (await dialog.getByTestId('order-reviews-empty').isVisible()) {
      await expect(dialog.getByText('No reviews yet')).toBeVisible();
    } else {
      await expect(dialog.getByTestId('review-count')).toHaveText(/^\d+ active reviews?$/);
      await expect(dialog.getByTestId('review-average')).toHaveText(/^\d\.\d$/);
      const count = Number(((await dialog.getByTestId('review-count').textContent()) ?? '').split(' ')[0]);
      await expect(dialog.getByTestId('review-card')).toHaveCount(count);
    }
    expect(name.length).toBeGreaterThan(0);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test('?review-order= selects the Moving tab and opens the review modal; once reviewed it says so', async ({
    page,
    request,
  }) => {
    const id = await staffReviewableOrder(request);
    await loginAs(page, 'staff');
    await page.goto(`/deliveries?review-order=${id}`);
    await expect(page).toHaveURL(`/movings?review-order=${id}`);
    await expect(page.getByRole('tab', { name: /Moving/, selected: true })).toBeVisible();
    const dialog = page.getByRole('dialog', { name: /^Review / });
    await expect(dialog).toBeVisible();
    await chooseStars(dialog, 5);
    await dialog.getByLabel('Comment').fill('Clear instructions and ready on time.');
    await dialog.getByRole('button', { name: 'Submit review' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL('/movings');
    // No spurious "nothing to review" after our own review refreshed the order.
    await expect(page.getByText(/has no review to write/)).toHaveCount(0);

    await page.goto(`/movings?review-order=${id}`);
    await expect(page.getByText(`Order #${id} has no review to write`)).toBeVisible();
    await expect(page).toHaveURL('/movings');
    await expect(page.getByRole('dialog', { name: /^Review / })).toHaveCount(0);

    // The order modal on /orders shows the company's own review and no Review button.
    await page.goto(`/orders?order_id=${id}`);
    const modal = page.getByRole('dialog', { name: `Order #${id}` });
    await expect(modal.getByTestId('order-reviews-section')).toContainText(
      'Clear instructions and ready on time.',
    );
    await expect(modal.getByRole('button', { name: 'Review', exact: true })).toHaveCount(0);
    await modal.getByTestId('order-reviews-section').scrollIntoViewIfNeeded();
    await shot(page, 'order-modal-reviews-section-1280');
  });

  test('/orders overview shows orders and revenue against the same range a month earlier', async ({
    page,
    request,
  }) => {
    await loginAs(page, 'staff');
    await page.goto('/orders');
    const overview = page.getByTestId('orders-overview');
    await expect(overview.getByTestId('overview-orders-value')).toHaveText(/^\d+$/);
    await expect(overview.getByTestId('overview-revenue-value')).toHaveText(/^\$\d{1,3}(,\d{3})*(\.\d{2})?$/);
    await expect(overview.getByTestId('overview-revenue-change')).toHaveText(
      /^([+−]?\$\d{1,3}(,\d{3})*(\.\d{2})?)( \([+−]?\d+%\))?$/,
    );
    await expect(overview.getByTestId('overview-orders-change')).toHaveText(/^[+−]?\d+( \([+−]?\d+%\))?$/);

    // The figure is the API's revenue for the range (dollars), written as money.
    const token = await apiToken(request, 'staff');
    await page.getByTestId('overview-range').click();
    await page.getByRole('option', { name: 'Last 30 days' }).click();
    const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    const res = await request.get('/api/dashboard/orders/counts?arrival_date_in=last_30_days', {
      headers: { authorization: `Bearer ${token}`, 'x-timezone': zone },
    });
    const { revenue } = ((await res.json()) as { data: { revenue: number } }).data;
    const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })
      .format(revenue)
      .replace(/\.00$/, '');
    await expect(overview.getByTestId('overview-revenue-value')).toHaveText(money);
    await expect(overview.getByTestId('overview-period')).toContainText('against');
  });

  test('Hire a new helper goes to the helper list for the same move from tomorrow', async ({
    page,
    request,
  }) => {
    // An order of its own: booked with cash, then declined by the company, so it offers
    // "Hire a new helper" whatever other tests did to the demo orders.
    const token = await apiToken(request, 'customer');
    const staffToken = await apiToken(request, 'staff');
    const date = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    type TCustomerOrder = {
      id: number;
      pickups: { zip_code: string }[];
      destinations: { zip_code: string }[];
      helpers_count: number;
    };
    const order = await bookDemoOrder<TCustomerOrder>(request, { token, date });
    const rejected = await request.post(`/api/dashboard/orders/${order.id}/reject`, {
      headers: { authorization: `Bearer ${staffToken}` },
      data: {},
    });
    expect(rejected.status()).toBe(200);

    await loginAs(page, 'customer');
    const hire = card(page, String(order.id)).getByRole('link', { name: 'Hire a new helper' });
    await expect(hire).toBeVisible();
    const href = (await hire.getAttribute('href')) ?? '';
    const url = new URL(href, 'http://x');
    expect(url.pathname).toBe('/helper-list');
    expect(url.searchParams.get('from_zip')).toBe(order.pickups[0]?.zip_code);
    expect(url.searchParams.get('to_zip')).toBe(
      order.destinations[0]?.zip_code ?? order.pickups[0]?.zip_code,
    );
    expect(url.searchParams.get('from_date')).toBe(tomorrowLocal());
    expect(url.searchParams.get('helpers_count')).toBe(String(order.helpers_count));
    expect(['1', '2']).toContain(url.searchParams.get('type_moving'));
    expect(['1', '2']).toContain(url.searchParams.get('type_service'));
  });

  for (const [label, viewport] of [
    ['1280', DESKTOP],
    ['340', PHONE],
  ] as const) {
    test(`screenshots at ${label} px: review modal, reviews list, overview`, async ({ browser }) => {
      const customer = await signedIn(browser, 'customer', viewport);
      await expect(cards(customer).first()).toBeVisible();
      // The order modal offers Review too; the review modal opens over it and closes back to it.
      const reviewable = cards(customer).filter({
        has: customer.getByRole('button', { name: 'Review', exact: true }),
      });
      if ((await reviewable.count()) > 0) {
        const id = (await reviewable.first().getAttribute('data-order-id')) ?? '';
        await customer.goto(`/user-dashboard?order_id=${id}`);
        const detail = customer.getByRole('dialog', { name: `Order #${id}` });
        await expect(detail.getByRole('button', { name: 'Review', exact: true })).toBeVisible();
        await shot(customer, `order-modal-review-button-${label}`);
        await detail.getByRole('button', { name: 'Review', exact: true }).click();
        const dialog = customer.getByRole('dialog', { name: /^Review / });
        await chooseStars(dialog, 3);
        await dialog.getByLabel('Comment').fill('Too short');
        await expect(dialog.getByText('Comment must be more than 10 characters')).toBeVisible();
        await shot(customer, `review-modal-${label}`);
        await dialog.getByRole('button', { name: 'Cancel' }).click();
        await expect(dialog).toBeHidden();
        await expect(detail).toBeVisible();
        await customer.keyboard.press('Escape');
        await expect(detail).toBeHidden();
      }
      await cards(customer).first().getByTestId('order-reviews-link').click();
      const list = customer.getByRole('dialog', { name: /^Reviews of / });
      await expect(
        list.getByTestId('review-summary').or(list.getByTestId('order-reviews-empty')),
      ).toBeVisible();
      await shot(customer, `reviews-list-modal-customer-${label}`);
      await customer.context().close();

      const staff = await signedIn(browser, 'staff', viewport);
      await staff.goto('/movings');
      await expect(cards(staff).first()).toBeVisible();
      await cards(staff).first().getByTestId('order-reviews-link').click();
      const staffList = staff.getByRole('dialog', { name: /^Reviews of / });
      await expect(
        staffList.getByTestId('review-summary').or(staffList.getByTestId('order-reviews-empty')),
      ).toBeVisible();
      await shot(staff, `reviews-list-modal-staff-${label}`);
      await staff.keyboard.press('Escape');
      await staff.goto('/orders');
      await expect(staff.getByTestId('overview-revenue-value')).toBeVisible();
      await expect(staff.getByTestId('overview-revenue-change')).toBeVisible();
      const overflow = await staff.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, 'page is wider than the viewport').toBeLessThanOrEqual(0);
      await shot(staff, `orders-overview-${label}`, true);
      await staff.context().close();
    });
  }
});
