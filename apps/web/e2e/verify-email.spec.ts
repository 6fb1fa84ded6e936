import type { APIRequestContext } from '@playwright/test';
import { expect, submitLogin, test, uniqueEmail } from './fixtures.ts';

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
});
