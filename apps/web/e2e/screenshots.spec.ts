import { DESKTOP, expect, loginAs, PHONE, snap, submitLogin, test, uniqueEmail } from './fixtures.ts';

/*
 * Full-page pictures of the main screens at the spec's widest (lg 1280) and narrowest (xs 340)
 * breakpoints, saved to artifacts/screenshots for review. Each also checks that nothing
 * overflows sideways.
 */

async function expectNoHorizontalOverflow(page: import('@playwright/test').Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'page is wider than the viewport').toBeLessThanOrEqual(0);
}

for (const [label, viewport] of [
  ['1280', DESKTOP],
  ['340', PHONE],
] as const) {
  test.describe(`screens at ${label} px`, () => {
    test.use({ viewport });

    test('sign-in pages', async ({ page }) => {
      await page.goto('/login');
      await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
      await expectNoHorizontalOverflow(page);
      await snap(page, `login-${label}`);

      await page.getByRole('button', { name: 'Sign Up' }).click();
      await expect(page.getByRole('button', { name: 'Register as a Mover' })).toBeVisible();
      await snap(page, `login-sign-up-modal-${label}`);
      await page.keyboard.press('Escape');

      await page.goto('/sign-up?referral_code=ABC');
      await page.getByRole('button', { name: 'Register now' }).click();
      await expect(page.getByText('Invalid first name')).toBeVisible();
      await expectNoHorizontalOverflow(page);
      await snap(page, `sign-up-errors-${label}`);

      await page.goto('/forgot-password');
      await expect(page.getByRole('button', { name: 'Reset password' })).toBeVisible();
      await snap(page, `forgot-password-${label}`);
      await page.getByLabel('Email').fill('customer@demo.test');
      await page.getByRole('button', { name: 'Reset password' }).click();
      await expect(page.getByTestId('reset-link-sent')).toBeVisible();
      await expectNoHorizontalOverflow(page);
      await snap(page, `forgot-password-sent-${label}`);
    });

    test('staff dashboard with the notification menu', async ({ page }) => {
      await loginAs(page, 'staff');
      await expect(page.getByTestId('delivery-card').first()).toBeVisible();
      await expectNoHorizontalOverflow(page);
      await snap(page, `staff-dashboard-${label}`);
      await page.getByRole('button', { name: /Notifications/ }).click();
      await expect(page.getByTestId('notification-menu').getByRole('menuitem').first()).toBeVisible();
      await snap(page, `staff-dashboard-notifications-${label}`);
      await page.keyboard.press('Escape');

      if (label === '340') {
        await page.getByRole('button', { name: 'Open menu' }).click();
        await expect(page.getByTestId('mobile-nav')).toBeVisible();
        await snap(page, `staff-mobile-drawer-${label}`);
        await page.getByTestId('mobile-nav').getByRole('link', { name: 'Calendar' }).click();
        await expect(page).toHaveURL('/calendar');
        await expect(page.getByTestId('mobile-nav')).toBeHidden();
      } else {
        await page.getByTestId('user-menu-button').click();
        await expect(page.getByTestId('user-menu')).toBeVisible();
        await snap(page, `staff-user-menu-${label}`);
      }
    });

    test('customer dashboard with the verify-email modal, then the menu', async ({ page }) => {
      const email = uniqueEmail('shot');
      const res = await page.request.post('/api/dashboard/auth/register', {
        data: { first_name: 'Morgan', last_name: 'Newcomer', email, password: 'a-good-password' },
      });
      expect(res.ok()).toBe(true);
      await page.goto('/login');
      await submitLogin(page, email, 'a-good-password');
      await expect(page).toHaveURL('/user-dashboard');
      await expect(page.getByRole('dialog').getByText('Please verify your email')).toBeVisible();
      await snap(page, `customer-dashboard-verify-modal-${label}`);
      await page.getByRole('dialog').getByRole('button', { name: 'Close', exact: true }).first().click();
      await expect(page.getByRole('dialog')).toBeHidden();
      await expectNoHorizontalOverflow(page);
      await snap(page, `customer-dashboard-${label}`);

      if (label === '340') {
        await page.getByRole('button', { name: 'Open menu' }).click();
        await expect(page.getByTestId('mobile-nav')).toBeVisible();
        await snap(page, `customer-mobile-drawer-${label}`);
      } else {
        await page.getByTestId('user-menu-button').click();
        await expect(page.getByTestId('user-menu')).toBeVisible();
        await snap(page, `customer-dashboard-menu-${label}`);
      }
    });

    test('labor dashboard and admin home', async ({ browser }) => {
      for (const role of ['labor', 'admin'] as const) {
        const context = await browser.newContext({ viewport });
        const page = await context.newPage();
        await loginAs(page, role);
        // Each lands on its built home: the helper dashboard, the payout review queue.
        await expect(
          page.getByRole('heading', { level: 1, name: role === 'labor' ? /^Welcome, / : 'Payout reviews' }),
        ).toBeVisible();
        await expectNoHorizontalOverflow(page);
        await snap(page, `${role}-home-${label}`);
        await context.close();
      }
    });
  });
}
