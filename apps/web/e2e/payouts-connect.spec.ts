import type { Page } from '@playwright/test';
import { CARD_BASE_URL, STRIPE_DOUBLE_URL } from './card-server.ts';
import { DEMO_PASSWORD, expect, submitLogin, test } from './fixtures.ts';

/*
 * Money reaches the people who do the work (issue 27), in the browser, on the card server (Stripe
 * played by the loopback double): a provider connects a payout account through Stripe's
 * onboarding, the state follows Stripe's webhook (not the return URL), and the finished card job
 * that waited for the account is transferred and shown on the way to the bank.
 */

test.use({ baseURL: CARD_BASE_URL });

async function signIn(page: Page, email: string) {
  await page.goto('/login');
  await submitLogin(page, email, DEMO_PASSWORD);
  await expect(page).not.toHaveURL(/\/login/);
}

/** Connect a payout account → Stripe's onboarding (the double's page) → back, Active once Stripe says so. */
async function connect(page: Page) {
  const panel = page.getByTestId('payout-account');
  await expect(panel).toHaveAttribute('data-status', 'not_connected');
  await page.getByRole('button', { name: 'Connect a payout account' }).click();
  await expect(page).toHaveURL(new RegExp(`^${STRIPE_DOUBLE_URL}/connect/onboard/acct_`));
  // Visited again so that axe checks the double's page too.
  await page.goto(page.url());
  await expect(page.getByRole('heading', { name: 'Haulpro test onboarding' })).toBeVisible();
  await page.getByRole('button', { name: 'Finish onboarding' }).click();
  await expect(page).toHaveURL(/connect=return/);
  await expect(page.getByTestId('payout-account')).toHaveAttribute('data-status', 'active', {
    timeout: 30_000,
  });
  await expect(page.getByText('Payouts go to your bank account')).toBeVisible();
}

test('a helper connects a payout account and the delivery that waited goes to the bank', async ({ page }) => {
  test.slow();
  await signIn(page, 'newhelper@demo.test');
  await page.goto('/labor-earnings');
  const row = page.getByTestId('payout-job').first();
  await expect(row.getByTestId('payout-status')).toHaveText('Waiting for your payout account');
  await page.goto('/labor-settings?tab=payouts');
  await connect(page);
  await expect(async () => {
    await page.goto('/labor-earnings');
    await expect(page.getByTestId('payout-job').first().getByTestId('payout-status')).toHaveText(
      'On its way to your bank',
      { timeout: 3_000 },
    );
  }).toPass({ timeout: 60_000 });
});

test('a company connects its payout account and its finished move is transferred', async ({ page }) => {
  test.slow();
  await signIn(page, 'staff@westsidehauling.demo.test');
  await page.goto('/payouts');
  await expect(page.getByTestId('payout-job').first().getByTestId('payout-status')).toHaveText(
    'Waiting for your payout account',
  );
  await page.goto('/profile?tab=get-paid');
  await connect(page);
  await expect(async () => {
    await page.goto('/payouts');
    await expect(page.getByTestId('payout-job').first().getByTestId('payout-status')).toHaveText(
      'On its way to your bank',
      { timeout: 3_000 },
    );
  }).toPass({ timeout: 60_000 });
  // The transfer shows in the totals as on its way, and the CSV carries the row.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  expect((await download).suggestedFilename()).toMatch(/^haulpro-payouts-\d{4}-\d{2}-\d{2}\.csv$/);
});
