import { expect, loginAs, test } from './fixtures.ts';

test.describe('route guards', () => {
  test('a customer cannot open staff pages', async ({ page }) => {
    await loginAs(page, 'customer');
    for (const path of ['/pricing', '/calendar', '/teams/1', '/labor-dashboard', '/admin']) {
      await page.goto(path);
      await expect(page).toHaveURL('/user-dashboard');
    }
  });

  test('customers and labor opening the company dashboard go to their own', async ({ browser }) => {
    for (const [role, home] of [
      ['customer', '/user-dashboard'],
      ['labor', '/labor-dashboard'],
    ] as const) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await loginAs(page, role);
      for (const path of ['/', '/deliveries', '/movings']) {
        await page.goto(path);
        await expect(page).toHaveURL(home);
      }
      await context.close();
    }
  });

  test('staff: / opens the deliveries tab; tabs switch between Delivery and Moving', async ({ page }) => {
    await loginAs(page, 'staff');
    await page.goto('/');
    await expect(page).toHaveURL('/deliveries');
    await expect(page.getByRole('tab', { name: 'Delivery' })).toHaveAttribute('aria-selected', 'true');
    await page.getByRole('tab', { name: 'Moving' }).click();
    await expect(page).toHaveURL('/movings');
    await expect(page.getByTestId('order-card').first()).toBeVisible();
    await page.goto('/user-dashboard');
    await expect(page).toHaveURL('/deliveries');
  });

  test('labor pages: the earnings page (beyond the spec placeholder, issue 13); staff pages send labor home', async ({
    page,
  }) => {
    await loginAs(page, 'labor');
    await page.goto('/labor-earnings');
    await expect(page.getByRole('heading', { level: 1, name: 'Earnings' })).toBeVisible();
    await page.goto('/pricing');
    await expect(page).toHaveURL('/labor-dashboard');
  });

  test('every staff page of the route table renders', async ({ page }) => {
    // It opens a dozen pages, each checked by axe at two widths the first time.
    test.slow();
    await loginAs(page, 'staff');
    // Every page of the route table is built (each feature's spec covers it in depth).
    const built: [string, string][] = [
      ['/calendar', 'Calendar'],
      ['/locations', 'Locations'],
      ['/choose-branch', 'Choose a branch'],
      ['/pricing', 'Pricing & Services'],
      ['/options', 'Options'],
      ['/orders', 'Order History'],
      ['/payouts', 'Payouts'],
      ['/profile', 'Company profile'],
      ['/profile/demo-movers-los-angeles', 'Demo Movers'],
      ['/teams', 'Team'],
      ['/teams/1/new', 'New team member'],
      ['/reviews', 'Reviews'],
      ['/invite-friends', 'Invite a friend'],
    ];
    for (const [path, title] of built) {
      await page.goto(path);
      await expect(page).toHaveURL(path);
      await expect(page.getByRole('heading', { level: 1, name: title, exact: true })).toBeVisible();
      await expect(page.getByText('This page is being built')).toHaveCount(0);
    }
  });

  test('signed out: protected pages go to sign in, public ones open', async ({ page }) => {
    // It opens a dozen pages, each checked by axe at two widths the first time.
    test.slow();
    for (const path of ['/', '/deliveries', '/user-dashboard', '/labor-settings', '/admin', '/profile']) {
      await page.goto(path);
      await expect(page).toHaveURL('/login');
    }
    await page.goto('/profile/demo-movers-los-angeles');
    await expect(page.getByRole('heading', { level: 1, name: 'Demo Movers' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
    // The booking site is open to everyone too.
    for (const path of ['/helper-list', '/delivery']) {
      await page.goto(path);
      await expect(page).toHaveURL(path);
    }
  });

  test('an unknown address shows the not-found page', async ({ page }) => {
    await page.goto('/no-such-page');
    await expect(page.getByText('Page not found')).toBeVisible();
    await loginAs(page, 'customer');
    await page.goto('/no/such/page');
    await expect(page.getByText('Page not found')).toBeVisible();
    await page.getByRole('link', { name: 'Go to your dashboard' }).click();
    await expect(page).toHaveURL('/user-dashboard');
  });

  test('the navbar is hidden on the sign-in pages and shown elsewhere', async ({ page }) => {
    for (const path of ['/login', '/forgot-password', '/sign-up']) {
      await page.goto(path);
      await expect(page.getByRole('button', { name: 'Notifications' })).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Back' })).toHaveCount(0);
    }
    await loginAs(page, 'staff');
    await expect(page.getByRole('button', { name: /Notifications/ })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Back' })).toBeVisible();
  });
});
