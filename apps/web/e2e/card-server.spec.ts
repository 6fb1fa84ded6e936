import type { Locator, Page } from '@playwright/test';
import { CARD_BASE_URL, STRIPE_DOUBLE_URL } from './card-server.ts';
import { expect, loginAs, test } from './fixtures.ts';

/*
 * The second server of the suite (e2e/card-server.ts): card payments on, Stripe played by the
 * loopback double. A customer books a move paying by card, pays on the double's Checkout page,
 * comes back to the dashboard, and the signed webhook the double sent has made the order New.
 */

test.use({ baseURL: CARD_BASE_URL });

function dayFromToday(offset: number): string {
  const d = new Date();
  d.setDate(d.getDate() + offset);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

async function fillAddress(page: Page, card: Locator, street: string, city: string) {
  await card.getByLabel('Street address').fill(street);
  await card.getByLabel('City').fill(city);
  await card.getByLabel('State').fill('CA');
  await card.getByRole('combobox', { name: 'Property type' }).click();
  await page.getByRole('option', { name: 'Home', exact: true }).click();
}

const DAY = dayFromToday(8);
const LIST = `/helper-list?from_zip=90001&from_date=${DAY}&to_zip=90210&to_date=${DAY}&type_service=2&type_moving=1`;

test('a customer books a move by card, pays on the Stripe double and the order is New', async ({ page }) => {
  test.slow();
  await loginAs(page, 'customer');
  await page.goto(LIST);
  // Card payments are on here (and only here).
  await expect(page.getByText('Pay by card or cash').first()).toBeVisible();
  await page
    .getByTestId('helper-card')
    .filter({ hasText: 'Demo Movers Los Angeles' })
    .getByRole('link', { name: 'Book' })
    .click();
  await expect(page.getByTestId('live-total')).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await fillAddress(page, page.getByTestId('pickups-0'), '10 Card St', 'Los Angeles');
  await fillAddress(page, page.getByTestId('destinations-0'), '20 Card St', 'Beverly Hills');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByLabel('Full name')).toHaveValue('Casey Customer');
  if (!(await page.getByTestId('contact-phone').inputValue()))
    await page.getByTestId('contact-phone').fill('2135550102');
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByTestId('cash-only-note')).toHaveCount(0);
  await page.getByTestId('pay-electronic').click();
  const total = ((await page.getByTestId('live-total').textContent()) ?? '').replace(/,/g, '');
  expect(total).toMatch(/^\$\d+\.\d{2}$/);
  await page.getByTestId('book-now').click();

  // The double's Checkout page, for the server's total.
  await expect(page).toHaveURL(new RegExp(`^${STRIPE_DOUBLE_URL}/checkout/cs_test_[0-9a-f]+$`));
  // Visited again through goto so that axe checks the page too.
  await page.goto(page.url());
  await expect(page.getByRole('heading', { name: 'Haulpro test checkout' })).toBeVisible();
  await expect(page.getByTestId('amount')).toHaveText(total);
  await page.getByRole('button', { name: `Pay ${total}` }).click();

  // Back on the dashboard; the webhook has moved the order from Waiting For Payment to New.
  await expect(page).toHaveURL(new RegExp(`^${CARD_BASE_URL}/user-dashboard\\?order_id=\\d+&paid=1$`));
  const orderId = new URL(page.url()).searchParams.get('order_id') ?? '';
  const card = page.locator(`[data-testid="order-card"][data-order-id="${orderId}"]`);
  await expect(async () => {
    await page.reload();
    // The dashboard draws its cards first (a slow machine takes seconds), then the status is read.
    await expect(card).toBeVisible();
    await expect(card).toHaveAttribute('data-status', 'New', { timeout: 3_000 });
  }).toPass({ timeout: 60_000 });
});
