import { DEMO, expect, loginAs, submitLogin, test } from './fixtures.ts';

test.describe('API client behaviour', () => {
  test('every call carries X-Timezone, and the bearer token once signed in', async ({ page }) => {
    const zone = await (async () => {
      await page.goto('/login');
      return page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    })();
    const loginCall = page.waitForRequest((r) => r.url().endsWith('/api/dashboard/auth/login'));
    const pollCall = page.waitForRequest((r) => r.url().includes('/api/dashboard/notifications'));
    await submitLogin(page, DEMO.staff.email, 'demo-password');
    const login = await loginCall;
    expect(login.headers()['x-timezone']).toBe(zone);
    expect(login.headers().authorization).toBeUndefined();

    const poll = await pollCall;
    expect(poll.headers()['x-timezone']).toBe(zone);
    expect(poll.headers().authorization).toMatch(/^Bearer [A-Za-z0-9_-]{16,}$/);
  });

  test('a rate-limited sign-in shows the server message', async ({ page }) => {
    await page.route('**/api/dashboard/auth/login', (route) =>
      route.fulfill({
        status: 429,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'Too many sign-in attempts. Please wait a minute and try again.' }),
      }),
    );
    await page.goto('/login');
    await submitLogin(page, DEMO.staff.email, 'demo-password');
    await expect(page.getByRole('alert')).toHaveText(
      'Too many sign-in attempts. Please wait a minute and try again.',
    );
    await expect(page).toHaveURL('/login');
  });

  test('a call with no answer after 15 seconds is abandoned with a message', async ({ page }) => {
    await page.clock.install();
    await page.route('**/api/dashboard/auth/reset-password/**', () => {
      // Never answered.
    });
    await page.goto('/forgot-password');
    await page.getByLabel('Email').fill(DEMO.customer.email);
    const request = page.waitForRequest((r) => r.url().includes('/auth/reset-password/'));
    await page.getByRole('button', { name: 'Reset password' }).click();
    await request;
    await page.clock.fastForward(14_000);
    await expect(page.getByText('The server took too long to answer. Please try again.')).toHaveCount(0);
    await page.clock.fastForward(1_500);
    await expect(page.getByText('The server took too long to answer. Please try again.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Reset password' })).toBeEnabled();
  });

  test('a success message is toasted (top right) and the data returned', async ({ page }) => {
    await loginAs(page, 'customer');
    await page.getByTestId('user-menu-button').click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await expect(page).toHaveURL('/login');
    const toast = page.locator('.mantine-Notification-root', { hasText: 'Logged out' });
    await expect(toast).toBeVisible();
    const box = await toast.boundingBox();
    const width = page.viewportSize()?.width ?? 0;
    expect(box && box.x + box.width).toBeGreaterThan(width - 40);
    expect(box?.y).toBeLessThan(80);
    // Toasts close after 3 seconds.
    await expect(toast).toBeHidden({ timeout: 6_000 });
  });
});
