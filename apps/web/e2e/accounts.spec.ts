import type { Page } from '@playwright/test';
import { DESKTOP, expect, loginAs, PHONE, snap, submitLogin, test, uniqueEmail } from './fixtures.ts';

/*
 * Accounts (issue 18): the customer's /user-account, the helper's /labor-settings, and /register
 * for movers and helpers. Other files share the database: every test makes its own accounts.
 */

async function noSidewaysOverflow(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'page is wider than the viewport').toBeLessThanOrEqual(0);
}

test.describe('accounts', () => {
  test('a customer changes their name and password, then signs in with the new one', async ({ page }) => {
    const email = uniqueEmail('acct-customer');
    const res = await page.request.post('/api/dashboard/auth/register', {
      data: { first_name: 'Carla', last_name: 'Client', email, password: 'first-pass-1' },
    });
    expect(res.ok(), await res.text()).toBe(true);
    await page.goto('/login');
    await submitLogin(page, email, 'first-pass-1');
    await expect(page).toHaveURL('/user-dashboard');
    const notice = page.getByRole('dialog').filter({ hasText: 'Please verify your email' });
    await notice.getByRole('button', { name: 'Close', exact: true }).first().click();
    await expect(notice).toBeHidden();

    await page.goto('/user-account');
    await expect(page.getByRole('heading', { level: 1, name: 'Account settings' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(email);
    await page.getByLabel('First name').fill('Carlotta');
    await page.getByLabel('Phone').pressSequentially('3105550123');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Profile updated successfully')).toBeVisible();
    await expect(page.getByTestId('user-menu-button')).toContainText('Carlotta');

    // Save is enabled only with the old password and a matching confirmation (spec).
    const save = page.getByRole('button', { name: 'Save password' });
    await expect(save).toBeDisabled();
    await page.getByLabel('Old password').fill('first-pass-1');
    await page.getByLabel(/^New password/).fill('second-pass-2');
    await page.getByLabel('Confirm new password').fill('second-pass-X');
    await expect(save).toBeDisabled();
    await snap(page, 'account-settings-1280');
    await page.getByLabel('Confirm new password').fill('second-pass-2');
    await expect(save).toBeEnabled();
    // A wrong old password is refused under its field.
    await page.getByLabel('Old password').fill('not-my-pass');
    await save.click();
    await expect(page.getByText('The old password is incorrect')).toBeVisible();
    await page.getByLabel('Old password').fill('first-pass-1');
    await save.click();
    await expect(page.getByText('Password updated successfully')).toBeVisible();

    await page.setViewportSize(PHONE);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Account settings' })).toBeVisible();
    await noSidewaysOverflow(page);
    await snap(page, 'account-settings-340');
    await page.setViewportSize(DESKTOP);

    await page.goto('/user-logout');
    await expect(page).toHaveURL('/login');
    await submitLogin(page, email, 'first-pass-1');
    await expect(page.getByText('These credentials do not match our records.')).toBeVisible();
    await submitLogin(page, email, 'second-pass-2');
    await expect(page).toHaveURL('/user-dashboard');
    await expect(page.getByTestId('user-menu-button')).toContainText('Carlotta');
  });

  test('a helper fills in personal info, chooses e-mails and deletes the account', async ({ page }) => {
    const email = uniqueEmail('acct-helper');
    const res = await page.request.post('/api/public/register/labor', {
      data: {
        first_name: 'Hana',
        last_name: 'Helper',
        email,
        password: 'helper-pass-1',
        phone: '+1 (213) - 555 - 0190',
        zip_code: '90011',
      },
    });
    expect(res.ok(), await res.text()).toBe(true);
    await page.goto('/login');
    await submitLogin(page, email, 'helper-pass-1');
    await expect(page).toHaveURL('/labor-dashboard');

    await page.goto('/labor-settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    for (const tab of ['Personal info', 'Reset password', 'Notifications', 'Payouts', 'Danger zone'])
      await expect(page.getByRole('tab', { name: tab })).toBeVisible();
    // The ZIP given at registration fills in the state and city.
    await expect(page.getByLabel('City')).toHaveValue('Los Angeles');

    await page.getByLabel('Last name').fill('Helpwell');
    await page.getByLabel('Street address').fill('4100 S Central Ave');
    await page.getByLabel('Apt / unit').fill('Unit 7');
    await page.getByLabel('I have a vehicle').check();
    await page.getByLabel('Vehicle type').first().click();
    await page.getByRole('option', { name: 'Pickup' }).click();
    await page.getByLabel('Make').fill('Ford');
    await page.getByLabel('Model').fill('Ranger');
    // The year mask takes four digits; three are refused.
    await page.getByLabel('Year').fill('201');
    await page.getByLabel('Social security number').fill('1234567');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Year must be 4 digits')).toBeVisible();
    await expect(page.getByText('Social security number must be 9 digits')).toBeVisible();
    await snap(page, 'labor-settings-errors-1280');
    await page.getByLabel('Year').fill('2019');
    await page.getByLabel('Social security number').fill('123456789');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Profile updated successfully')).toBeVisible();
    // Only the last four digits come back.
    await expect(page.getByLabel('Social security number')).toHaveAttribute('placeholder', '•••-••-6789');
    await page.reload();
    await expect(page.getByLabel('Last name')).toHaveValue('Helpwell');
    await expect(page.getByLabel('Year')).toHaveValue('2019');
    await snap(page, 'labor-settings-personal-1280');

    await page.getByRole('tab', { name: 'Notifications' }).click();
    const updates = page.getByRole('switch', { name: 'Changes to my deliveries' });
    await expect(updates).toBeChecked();
    await updates.uncheck();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Notification settings saved')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('switch', { name: 'Changes to my deliveries' })).not.toBeChecked();
    await expect(page.getByRole('switch', { name: 'New deliveries near me' })).toBeChecked();

    await page.setViewportSize(PHONE);
    await page.getByRole('tab', { name: 'Personal info' }).click();
    await expect(page.getByLabel('Last name')).toHaveValue('Helpwell');
    await noSidewaysOverflow(page);
    await snap(page, 'labor-settings-personal-340');
    await page.setViewportSize(DESKTOP);

    await page.getByRole('tab', { name: 'Danger zone' }).click();
    await page.getByRole('button', { name: 'Delete account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    const remove = dialog.getByRole('button', { name: 'Delete', exact: true });
    await expect(remove).toBeDisabled();
    await dialog.getByLabel('Confirmation').fill('delet');
    await expect(remove).toBeDisabled();
    await dialog.getByLabel('Confirmation').fill('delete');
    await expect(remove).toBeEnabled();
    await snap(page, 'labor-delete-account-1280');
    await remove.click();
    await expect(page.getByText('Account deleted successfully')).toBeVisible();
    await expect(page).toHaveURL('/login');
    await submitLogin(page, email, 'helper-pass-1');
    await expect(page.getByText('These credentials do not match our records.')).toBeVisible();
  });

  test('a new mover registers a company and lands on the dashboard', async ({ page }) => {
    const email = uniqueEmail('acct-mover');
    await page.goto('/register?type=mover&referral_code=NOSUCH1');
    await expect(page.getByRole('button', { name: 'Register company' })).toBeVisible();
    await page.getByRole('button', { name: 'Register company' }).click();
    await expect(page.getByText('Company name is required')).toBeVisible();
    await expect(page.getByText('Invalid first name')).toBeVisible();
    await snap(page, 'register-mover-errors-1280');

    await page.getByLabel('Company name').fill('Brightside Movers');
    await page.getByLabel('First name').fill('Bo');
    await page.getByLabel('Last name').fill('Bright');
    await page.getByLabel('Email').fill(email);
    await page.locator('input[type="password"]').fill('mover-pass-1');
    await page.getByLabel('Company phone').pressSequentially('2135550144');
    await page.getByLabel('Main location zip code').fill('90011');
    await expect(page.getByText('Los Angeles, CA')).toBeVisible();
    await page.getByLabel('Main location address').fill('4100 S Central Ave');
    // The referral code from the link is checked like the customer sign-up's.
    await page.getByRole('button', { name: 'Register company' }).click();
    await expect(page.getByText("Referral code doesn't exist")).toBeVisible();
    await page.getByLabel('Referral code').fill('');

    await page.setViewportSize(PHONE);
    await noSidewaysOverflow(page);
    await snap(page, 'register-mover-340');
    await page.setViewportSize(DESKTOP);

    await page.getByRole('button', { name: 'Register company' }).click();
    await expect(page).toHaveURL('/deliveries');
    await expect(page.getByText('Welcome to Haulpro! Your company is ready.')).toBeVisible();
    await page.goto('/locations');
    await expect(page.getByText('Brightside Movers').first()).toBeVisible();
    await snap(page, 'register-mover-locations-1280');
  });

  test('a helper registers from /register and lands on their dashboard', async ({ page }) => {
    await page.goto('/register');
    await page.getByText('Helper', { exact: true }).click();
    await expect(page).toHaveURL(/type=labor/);
    await page.getByLabel('First name').fill('Ivy');
    await page.getByLabel('Last name').fill('Independent');
    await page.getByLabel('Email').fill(uniqueEmail('acct-labor'));
    await page.locator('input[type="password"]').fill('helper-pass-1');
    await page.getByLabel('Phone').pressSequentially('2135550155');
    await page.getByLabel('Zip code you work around').fill('90011');
    await snap(page, 'register-labor-1280');
    await page.getByRole('button', { name: 'Register as helper' }).click();
    await expect(page).toHaveURL('/labor-dashboard');
  });

  test('the demo helper sees their seeded profile', async ({ page }) => {
    await loginAs(page, 'labor');
    await page.goto('/labor-settings');
    await expect(page.getByLabel('Make')).toHaveValue('Ford');
    await expect(page.getByLabel('Apt / unit')).toHaveValue('Unit 12');
    await page.getByRole('tab', { name: 'Notifications' }).click();
    await expect(page.getByRole('switch', { name: 'Changes to my deliveries' })).not.toBeChecked();
  });
});
