import type { TPayoutsView, TReconciliation } from '@haulpro/shared/payouts';
import type { APIRequestContext, Page } from '@playwright/test';
import { apiToken } from './demo-booking.ts';
import { DESKTOP, expect, loginAs, PHONE, snap, type TDemoRole, test } from './fixtures.ts';

/*
 * Money that reaches the providers (decision 028) on the normal e2e server, where Stripe is not
 * configured: the payout account says card payouts are off, and the ledger holds the demo seed's
 * payout rows of Demo Movers and of the demo helper. Other files finish deliveries of the demo
 * helper meanwhile, so the page and the API are compared once they agree on the count.
 */

const CARD_PAYOUTS_OFF =
  'Card payouts are off on this Haulpro. Cash jobs go on as today: you collect from the customer.';

const USD = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
/** The app's formatMoney, written out: "$1,012.50", whole amounts without cents. */
const money = (n: number) => (Number.isInteger(n) ? USD.format(n).replace(/\.00$/, '') : USD.format(n));

async function payoutsOf(request: APIRequestContext, role: TDemoRole, period: 'week' | 'month') {
  const token = await apiToken(request, role);
  const res = await request.get(`/api/dashboard/payouts?period=${period}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status(), 'GET /api/dashboard/payouts answers').toBe(200);
  return (await res.json()) as TPayoutsView;
}

async function noSidewaysOverflow(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'page is wider than the viewport').toBeLessThanOrEqual(0);
}

/** Opens `path` until the page shows the API's job count, and returns that answer. */
async function openMatching(page: Page, role: TDemoRole, path: string): Promise<TPayoutsView> {
  let view = await payoutsOf(page.request, role, 'week');
  await expect(async () => {
    view = await payoutsOf(page.request, role, 'week');
    await page.goto(path);
    await expect(page.getByTestId('payout-jobs-table').getByTestId('payout-job')).toHaveCount(
      view.data.length,
      { timeout: 3_000 },
    );
  }).toPass({ timeout: 30_000 });
  return view;
}

/** Totals, week and month sums, the jobs, and the CSV file: the same on both pages. */
async function checkLedger(page: Page, role: TDemoRole, view: TPayoutsView, name: string) {
  expect(view.totals.count, 'the demo seed has payout rows').toBeGreaterThan(0);
  await expect(page.getByTestId('payouts-net-value')).toHaveText(money(view.totals.net));
  await expect(page.getByTestId('payouts-paid-out-value')).toHaveText(money(view.totals.paid_out));
  await expect(page.getByTestId('payouts-pending-value')).toHaveText(money(view.totals.pending));
  await expect(page.getByTestId('payouts-tips-value')).toHaveText(money(view.totals.tips));
  await expect(page.getByTestId('payouts-platform-fees-value')).toHaveText(money(view.totals.platform_fee));
  await expect(page.getByTestId('payouts-fee-owed')).toHaveCount(view.totals.platform_fee_owed > 0 ? 1 : 0);

  const periods = page.getByTestId('payout-periods');
  await expect(page.getByRole('heading', { name: 'By week' })).toBeVisible();
  await expect(periods.getByTestId('period-net')).toHaveText(view.periods.map((p) => money(p.net)));

  // Each job: its net and its status in words.
  const table = page.getByTestId('payout-jobs-table');
  for (const r of view.data) {
    const row = table.locator(`[data-kind="${r.kind}"][data-job-id="${r.order_id ?? r.delivery_id}"]`);
    await expect(row.getByTestId('payout-net')).toHaveText(money(r.net));
    await expect(row.getByTestId('payout-status')).toHaveText(r.status_label);
  }
  await snap(page, `payouts-${name}-desktop`);

  const month = await payoutsOf(page.request, role, 'month');
  await page.getByText('Month', { exact: true }).click();
  await expect(page.getByRole('heading', { name: 'By month' })).toBeVisible();
  await expect(periods.getByRole('columnheader').first()).toHaveText('Month');
  await expect(periods.getByTestId('period-net')).toHaveText(month.periods.map((p) => money(p.net)));

  // The CSV: built in the browser from the rows on screen.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^haulpro-payouts-\d{4}-\d{2}-\d{2}\.csv$/);
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  const lines = Buffer.concat(chunks)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .split('\r\n');
  expect(lines[0]).toBe(
    'Job,Date,Method,Gross,Platform fee,Tip,Cancellation fee,Net,Status,Transferred,Paid out',
  );
  expect(lines.filter(Boolean)).toHaveLength(month.data.length + 1);

  // A phone: cards instead of the table, nothing wider than the screen.
  await page.setViewportSize(PHONE);
  await expect(page.getByTestId('payout-job-card')).toHaveCount(month.data.length);
  await expect(page.getByTestId('payout-jobs-table')).toBeHidden();
  await noSidewaysOverflow(page);
  await snap(page, `payouts-${name}-phone`);
  await page.setViewportSize(DESKTOP);
}

test.describe('company payouts', () => {
  test('Profile → Get paid says card payouts are off', async ({ page }) => {
    await loginAs(page, 'staff');
    await page.goto('/profile');
    await page.getByRole('tab', { name: 'Get paid' }).click();
    await expect(page).toHaveURL(/[?&]tab=get-paid/);
    const panel = page.getByTestId('payout-account');
    await expect(panel.getByText(CARD_PAYOUTS_OFF)).toBeVisible();
    await expect(panel.getByRole('button', { name: /Stripe|Connect/ })).toHaveCount(0);
    await snap(page, 'get-paid-off-desktop');
    // Stripe sends people back here: the tab opens from the address.
    await page.goto('/profile?tab=get-paid&connect=return');
    await expect(page.getByRole('tab', { name: 'Get paid' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText(CARD_PAYOUTS_OFF)).toBeVisible();
  });

  test('/payouts: totals, weeks and months, the jobs and the CSV', async ({ page }) => {
    await loginAs(page, 'staff');
    await page.getByTestId('user-menu-button').click();
    await page.getByRole('menuitem', { name: 'Payouts' }).click();
    await expect(page).toHaveURL('/payouts');
    await expect(page.getByRole('heading', { level: 1, name: 'Payouts' })).toBeVisible();
    await expect(page).toHaveTitle('Payouts | Haulpro');
    await expect(page.getByTestId('payout-account-banner')).toHaveText(CARD_PAYOUTS_OFF);
    const view = await openMatching(page, 'staff', '/payouts');
    await checkLedger(page, 'staff', view, 'company');
  });
});

test.describe('helper earnings', () => {
  test('/labor-earnings shows the ledger with real dates', async ({ page }) => {
    await loginAs(page, 'labor');
    const view = await openMatching(page, 'labor', '/labor-earnings');
    await expect(page.getByRole('heading', { level: 1, name: 'Earnings' })).toBeVisible();
    await expect(page.getByText('Pending settlement')).toHaveCount(0);
    await checkLedger(page, 'labor', view, 'labor');
  });

  test('Labor settings → Payouts says card payouts are off', async ({ page }) => {
    await loginAs(page, 'labor');
    await page.goto('/labor-settings');
    await page.getByRole('tab', { name: 'Payouts' }).click();
    await expect(page).toHaveURL(/[?&]tab=payouts/);
    await expect(page.getByTestId('payout-account').getByText(CARD_PAYOUTS_OFF)).toBeVisible();
    await page.setViewportSize(PHONE);
    await noSidewaysOverflow(page);
    await snap(page, 'labor-settings-payouts-phone');
  });

  test('a new helper sees the empty state; a failed load offers Try again', async ({ page }) => {
    await loginAs(page, 'labor');
    // The account is ready: only the ledger's failure is on screen (and in a toast).
    await page.route('**/api/dashboard/payout-account', (route) =>
      route.fulfill({ json: { data: { status: 'active', requirements: [], card_payouts: true } } }),
    );
    let fail = false;
    await page.route('**/api/dashboard/payouts?**', (route) =>
      fail
        ? route.fulfill({ status: 500, json: { message: 'The payouts service is down.' } })
        : route.fulfill({
            json: {
              data: [],
              totals: {
                count: 0,
                gross: 0,
                platform_fee: 0,
                tips: 0,
                cancellation_fees: 0,
                net: 0,
                paid_out: 0,
                pending: 0,
                platform_fee_owed: 0,
              },
              period: 'week',
              periods: [],
            } satisfies TPayoutsView,
          }),
    );
    await page.goto('/labor-earnings');
    const empty = page.getByTestId('payouts-empty');
    await expect(empty).toBeVisible();
    // The failure comes by a reload, not a visit: axe checks visits, and the error toast's grey text
    // (Mantine's default) is the toasts' matter, not this page's.
    fail = true;
    await page.reload();
    const alert = page.getByRole('alert', { name: "We couldn't load your payouts" });
    await expect(alert.getByText('The payouts service is down.')).toBeVisible();
    fail = false;
    await alert.getByRole('button', { name: 'Try again' }).click();
    await expect(
      empty.getByText('No payouts yet. Finished jobs appear here with what reaches your bank and when.'),
    ).toBeVisible();
    // The toast has gone before the next page is checked.
    await expect(page.getByText('The payouts service is down.')).toHaveCount(0);
    await empty.getByRole('link', { name: 'Find deliveries' }).click();
    await expect(page).toHaveURL('/labor-dashboard');
  });
});

test.describe('admin reconciliation', () => {
  test('the second tab: the last 30 days, totals, days and the balance check', async ({ page }) => {
    await loginAs(page, 'admin');
    await expect(page.getByRole('tab', { name: 'Payout reviews' })).toHaveAttribute('aria-selected', 'true');
    await page.getByRole('tab', { name: 'Reconciliation' }).click();
    await expect(page).toHaveURL('/admin?tab=reconciliation');
    await expect(page.getByRole('heading', { level: 1, name: 'Reconciliation' })).toBeVisible();
    const from = await page.getByLabel('From').inputValue();
    const to = await page.getByLabel('To').inputValue();
    expect(Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000)).toBe(29);

    const token = await apiToken(page.request, 'admin');
    const res = await page.request.get(`/api/admin/reconciliation?from=${from}&to=${to}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status()).toBe(200);
    const books = ((await res.json()) as { data: TReconciliation }).data;
    const totals = page.getByTestId('reconciliation-totals');
    await expect(totals).toContainText(money(books.totals.charges));
    await expect(totals).toContainText(money(books.totals.platform_fees));
    if (books.discrepancies.length === 0)
      await expect(page.getByTestId('books-balance')).toHaveText(
        "Books balance: every job's charges equal transfers + refunds + platform fee.",
      );
    else await expect(page.getByTestId('discrepancy')).toHaveCount(books.discrepancies.length);
    await snap(page, 'admin-reconciliation-desktop');

    // Opened from the address, on a phone.
    await page.setViewportSize(PHONE);
    await page.goto('/admin?tab=reconciliation');
    await expect(page.getByRole('tab', { name: 'Reconciliation' })).toHaveAttribute('aria-selected', 'true');
    await noSidewaysOverflow(page);
    await snap(page, 'admin-reconciliation-phone');
  });
});
