import type { APIRequestContext } from '@playwright/test';
import { expect, submitLogin, test, uniqueEmail } from './fixtures.ts';
import { linkIn, waitForMail } from './mailbox.ts';

const PASSWORD = 'a-good-password';

async function registerCustomer(request: APIRequestContext): Promise<string> {
  const email = uniqueEmail('unverified');
  const res = await request.post('/api/dashboard/auth/register', {
    data: { first_name: 'Uma', last_name: 'Unverified', email, password: PASSWORD },
  });
  expect(res.status()).toBe(200);
  return email;
}

test.describe('email verification', () => {
  test('an unverified customer is told once per session to check their email', async ({ page }) => {
    const email = await registerCustomer(page.request);
    await page.goto('/login');
    await submitLogin(page, email, PASSWORD);
    await expect(page).toHaveURL('/user-dashboard');

    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('Please verify your email')).toBeVisible();
    await expect(dialog).toContainText(email);

    // Resend calls the API and shows its answer (here: too soon after registering).
    const resent = page.waitForResponse((r) => r.url().endsWith('/api/dashboard/auth/email/resend'));
    await dialog.getByRole('button', { name: 'Resend email' }).click();
    const answer = await resent;
    const { message } = (await answer.json()) as { message: string };
    await expect(page.getByText(message)).toBeVisible();

    await dialog.getByRole('button', { name: 'Close', exact: true }).first().click();
    await expect(dialog).toBeHidden();

    // Not again on navigation or reload in the same session.
    await page.goto('/reviews');
    await page.goto('/user-dashboard');
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Welcome, Uma!' })).toBeVisible();
    await expect(page.getByText('Please verify your email')).toHaveCount(0);
  });

  test('a verified customer is not asked', async ({ page }) => {
    await page.goto('/login');
    await submitLogin(page, 'customer@demo.test', 'demo-password');
    await expect(page).toHaveURL('/user-dashboard');
    await expect(page.getByRole('heading', { name: 'Welcome, Casey!' })).toBeVisible();
    await expect(page.getByText('Please verify your email')).toHaveCount(0);
  });

  test('a bad verification link shows the server message', async ({ page }) => {
    await page.goto('/verify-email?token=not-a-real-token-but-long-enough');
    await expect(page.getByText('This verification link is invalid or has expired.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
  });

  test('sign-up e-mails a verification link that verifies the address (real mail, real token)', async ({
    page,
  }) => {
    const email = uniqueEmail('verify');
    await page.goto('/sign-up');
    await page.getByLabel('First name').fill('Vera');
    await page.getByLabel('Last name').fill('Verified');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Register now' }).click();
    await expect(page).toHaveURL('/login');

    const mail = await waitForMail(email, 'Verify your Haulpro email');
    const link = linkIn(mail, '/verify-email');
    expect(link).toMatch(/^\/verify-email\?token=[\w%-]{16,}$/);

    await page.goto(link);
    await expect(page.getByTestId('verify-email-result')).toContainText('Your email has been verified.');
    await page.getByRole('link', { name: 'Sign in' }).click();
    await expect(page).toHaveURL('/login');
    await submitLogin(page, email, PASSWORD);
    await expect(page).toHaveURL('/user-dashboard');
    await expect(page.getByRole('heading', { name: 'Welcome, Vera!' })).toBeVisible();
    await expect(page.getByText('Please verify your email')).toHaveCount(0);
  });
});
