import { expect, loginAs, signInFreshCustomer, test } from './fixtures.ts';

test.describe('session', () => {
  test('logout revokes the token, clears it everywhere and protects pages again', async ({
    page,
    context,
  }) => {
    await loginAs(page, 'staff', { remember: true });
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('haulpro.token') ?? '{}').token);
    expect(token).toBeTruthy();

    await page.getByTestId('user-menu-button').click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await expect(page).toHaveURL('/login');

    const left = await page.evaluate(() => ({
      session: sessionStorage.getItem('haulpro.token'),
      local: localStorage.getItem('haulpro.token'),
    }));
    expect(left).toEqual({ session: null, local: null });
    expect((await context.cookies()).find((c) => c.name === 'haulpro_token')).toBeUndefined();

    // The server forgot it too.
    const check = await page.request.get('/api/dashboard/auth/check', {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(check.status()).toBe(401);

    await page.goto('/deliveries');
    await expect(page).toHaveURL('/login');
  });

  test('a token the server no longer accepts counts as signed out', async ({ page }) => {
    await page.addInitScript(() => {
      if (!sessionStorage.getItem('seeded')) {
        sessionStorage.setItem('seeded', '1');
        sessionStorage.setItem('haulpro.token', 'revoked-or-made-up-token-0123456789');
      }
    });
    await page.goto('/orders?tab=2');
    await expect(page).toHaveURL('/login');
    expect(await page.evaluate(() => sessionStorage.getItem('haulpro.token'))).toBeNull();
  });

  test('a 401 during use ends the session and keeps the address for after sign-in', async ({ page }) => {
    await page.clock.install();
    await loginAs(page, 'staff');
    await page.goto('/pricing');
    await expect(page.getByRole('heading', { name: 'Pricing & Services' })).toBeVisible();
    // Revoke the token behind the app's back; the next notification poll meets a 401.
    const token = await page.evaluate(() => sessionStorage.getItem('haulpro.token'));
    await page.request.post('/api/dashboard/auth/logout', { headers: { Authorization: `Bearer ${token}` } });
    await page.clock.fastForward(11_000);
    await expect(page).toHaveURL('/login');
    await expect(page.getByText('Your session has ended. Please sign in again.')).toBeVisible();
    await page.getByLabel('Email').fill('staff@demo.test');
    await page.getByLabel('Password', { exact: true }).fill('demo-password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL('/pricing');
  });
  test('a start-up check that gets no answer (a reload cancelled it, a network blip) asks again', async ({
    page,
  }) => {
    await signInFreshCustomer(page, 'check-again');
    let checks = 0;
    await page.route('**/api/dashboard/auth/check', async (route) => {
      checks += 1;
      if (checks === 1) await route.abort('aborted');
      else await route.continue();
    });
    await page.reload();
    await expect.poll(() => checks).toBe(2);
    await expect(page).toHaveURL('/user-dashboard');
    await expect(page.getByTestId('user-menu-button')).toContainText('Dana');
    expect(await page.evaluate(() => sessionStorage.getItem('haulpro.token'))).toBeTruthy();
  });

  test('a start-up check that gets no answer twice counts as signed out', async ({ page }) => {
    await signInFreshCustomer(page, 'check-twice');
    let checks = 0;
    await page.route('**/api/dashboard/auth/check', async (route) => {
      checks += 1;
      await route.abort('failed');
    });
    await page.reload();
    await expect(page).toHaveURL('/login');
    expect(checks).toBe(2);
    expect(await page.evaluate(() => sessionStorage.getItem('haulpro.token'))).toBeNull();
  });
});
