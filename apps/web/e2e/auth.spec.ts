import {
  DEMO,
  DEMO_PASSWORD,
  EXPECTED_MENU,
  expect,
  loginAs,
  menuItems,
  submitLogin,
  type TDemoRole,
  test,
  uniqueEmail,
} from './fixtures.ts';
import { linkIn, waitForMail } from './mailbox.ts';

const ROLES: TDemoRole[] = ['staff', 'customer', 'labor', 'admin'];

test.describe('sign in', () => {
  for (const role of ROLES) {
    test(`${role} lands on their dashboard with exactly their menu`, async ({ page }) => {
      await loginAs(page, role);
      await expect(page).toHaveURL(DEMO[role].home);
      expect(await menuItems(page)).toEqual(EXPECTED_MENU[role]);
    });
  }

  test('a deep link opened while signed out comes back after sign-in', async ({ page }) => {
    await page.goto('/pricing?x=1');
    await expect(page).toHaveURL('/login');
    await submitLogin(page, DEMO.staff.email, DEMO_PASSWORD);
    await expect(page).toHaveURL('/pricing?x=1');
    await expect(page.getByRole('heading', { name: 'Pricing & Services' })).toBeVisible();
  });

  test('the saved address is used once', async ({ page }) => {
    await page.goto('/calendar');
    await expect(page).toHaveURL('/login');
    await submitLogin(page, DEMO.staff.email, DEMO_PASSWORD);
    await expect(page).toHaveURL('/calendar');
    await page.goto('/login');
    await expect(page).toHaveURL('/deliveries');
  });

  test('a signed-in user visiting login, forgot-password or sign-up goes to their dashboard', async ({
    page,
  }) => {
    await loginAs(page, 'customer');
    for (const path of ['/login', '/forgot-password', '/sign-up', '/register', '/referral']) {
      await page.goto(path);
      await expect(page).toHaveURL('/user-dashboard');
    }
  });

  test('wrong password shows the server message under the email', async ({ page }) => {
    await page.goto('/login');
    await submitLogin(page, DEMO.staff.email, 'not-the-password');
    await expect(page.getByText('These credentials do not match our records.')).toBeVisible();
    await expect(page).toHaveURL('/login');
  });

  test('an invalid email is caught before sending', async ({ page }) => {
    let calls = 0;
    page.on('request', (r) => {
      if (r.url().includes('/auth/login')) calls += 1;
    });
    await page.goto('/login');
    await submitLogin(page, 'not-an-email', 'x');
    await expect(page.getByText('Invalid email')).toBeVisible();
    await expect(page.getByText('Invalid password')).toBeVisible();
    expect(calls).toBe(0);
  });

  test('remember me keeps the token in a cookie and localStorage; otherwise sessionStorage only', async ({
    page,
    context,
  }) => {
    await loginAs(page, 'labor');
    let stored = await page.evaluate(() => ({
      session: sessionStorage.getItem('haulpro.token'),
      local: localStorage.getItem('haulpro.token'),
    }));
    expect(stored.session).toBeTruthy();
    expect(stored.local).toBeNull();
    expect((await context.cookies()).find((c) => c.name === 'haulpro_token')).toBeUndefined();

    await page.goto('/user-logout');
    await expect(page).toHaveURL('/login');
    await submitLogin(page, DEMO.labor.email, DEMO_PASSWORD, true);
    await expect(page).toHaveURL('/labor-dashboard');
    stored = await page.evaluate(() => ({
      session: sessionStorage.getItem('haulpro.token'),
      local: localStorage.getItem('haulpro.token'),
    }));
    expect(stored.session).toBeNull();
    expect(stored.local).toBeTruthy();
    const cookie = (await context.cookies()).find((c) => c.name === 'haulpro_token');
    expect(cookie?.value).toBeTruthy();
    // Seven days, give or take the test's own duration.
    expect(cookie!.expires - Date.now() / 1000).toBeGreaterThan(7 * 86400 - 120);

    // A remembered session survives a new tab.
    const other = await context.newPage();
    await other.goto('/');
    await expect(other).toHaveURL('/labor-dashboard');
    await other.close();
  });

  test('the sign-up modal offers client and mover registration', async ({ page, context }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('button', { name: 'Register as a Client' })).toBeVisible();
    const popup = context.waitForEvent('page');
    await dialog.getByRole('button', { name: 'Register as a Mover' }).click();
    const mover = await popup;
    await mover.waitForLoadState();
    expect(new URL(mover.url()).pathname + new URL(mover.url()).search).toBe('/register?type=mover');
    // noopener: the new tab cannot reach back into this one.
    expect(await mover.evaluate(() => window.opener)).toBeNull();
    await mover.close();
    await dialog.getByRole('button', { name: 'Register as a Client' }).click();
    await expect(page).toHaveURL('/sign-up');
  });

  test('Google sign-in shows only when the server has GOOGLE_CLIENT_ID', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
    const providers = await page.request.get('/api/public/auth/providers');
    expect((await providers.json()).data).toEqual({ google_client_id: null });
    await expect(page.getByRole('button', { name: 'Continue with Google' })).toHaveCount(0);
  });
});

test.describe('sign up', () => {
  test('?referral_code= prefills the code; registering goes to sign in with the message', async ({
    page,
  }) => {
    await page.goto('/sign-up?referral_code=DEMO123');
    await expect(page.getByLabel('Referral code')).toHaveValue('DEMO123');
    await page.getByLabel('First name').fill('  Robin ');
    await page.getByLabel('Last name').fill('Referred');
    await page.getByLabel('Email').fill(uniqueEmail('referred'));
    await page.getByLabel('Password', { exact: true }).fill('a-good-password');
    await page.getByRole('button', { name: 'Register now' }).click();
    await expect(page).toHaveURL('/login');
    await expect(
      page.getByText('Registration successful. Please check your email to verify your account.'),
    ).toBeVisible();
  });

  test('/referral is the sign-up page and /register the mover registration; both keep the code', async ({
    page,
  }) => {
    await page.goto('/register?referral_code=STAFF01');
    await expect(page.getByLabel('Referral code')).toHaveValue('STAFF01');
    await expect(page.getByRole('button', { name: 'Register company' })).toBeVisible();
    await page.goto('/referral?referral_code=LABOR01');
    await expect(page.getByLabel('Referral code')).toHaveValue('LABOR01');
    await expect(page.getByRole('button', { name: 'Register now' })).toBeVisible();
  });

  test('client-side messages, then server field errors', async ({ page }) => {
    await page.goto('/sign-up');
    await page.getByLabel('Referral code').fill('ABC');
    await page.getByRole('button', { name: 'Register now' }).click();
    await expect(page.getByText('Invalid first name')).toBeVisible();
    await expect(page.getByText('Invalid last name')).toBeVisible();
    await expect(page.getByText('Invalid email')).toBeVisible();
    await expect(page.getByText('Invalid password')).toBeVisible();
    await expect(page.getByText("Referral code doesn't exist")).toBeVisible();

    // Well-formed but unknown code: the server's field error shows under the field.
    await page.getByLabel('First name').fill('Ann');
    await page.getByLabel('Last name').fill('Other');
    await page.getByLabel('Email').fill(uniqueEmail('nocode'));
    await page.getByLabel('Password', { exact: true }).fill('a-good-password');
    await page.getByLabel('Referral code').fill('ZZZZZZZ');
    await page.getByRole('button', { name: 'Register now' }).click();
    await expect(page.getByText("Referral code doesn't exist")).toBeVisible();
    await expect(page).toHaveURL('/sign-up');

    // An address that is already registered.
    await page.getByLabel('Referral code').fill('');
    await page.getByLabel('Email').fill(DEMO.customer.email);
    await page.getByRole('button', { name: 'Register now' }).click();
    await expect(page.getByText('This email is already registered')).toBeVisible();
  });
});

test.describe('passwords', () => {
  test('forgot password shows the server message', async ({ page }) => {
    await page.goto('/forgot-password');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect(page.getByText('Invalid email')).toBeVisible();
    await page.getByLabel('Email').fill(DEMO.customer.email);
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect(
      page.getByText('If an account exists for this email, we have sent a link to reset the password.'),
    ).toBeVisible();
  });

  test('a bad reset link shows the server message and a way to ask for a new one', async ({ page }) => {
    await page.goto('/reset-password?token=this-token-does-not-exist-anywhere');
    await page.getByLabel('New password', { exact: true }).fill('another-password');
    await page.getByLabel('Confirm new password').fill('another-passwrd');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await expect(page.getByText('Passwords do not match')).toBeVisible();
    await page.getByLabel('Confirm new password').fill('another-password');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await expect(page.getByText('This password reset link is invalid or has expired.')).toBeVisible();
    await page.getByRole('link', { name: 'Request a new link' }).click();
    await expect(page).toHaveURL('/forgot-password');
  });

  test('a reset link without a token says so', async ({ page }) => {
    await page.goto('/reset-password');
    await expect(page.getByText('This password reset link is invalid or has expired.')).toBeVisible();
  });

  test('the e-mailed reset link sets a new password that signs in (real mail, real token)', async ({
    page,
  }) => {
    // A fresh customer: the demo accounts are shared by other tests running alongside.
    const email = uniqueEmail('reset');
    const registered = await page.request.post('/api/dashboard/auth/register', {
      data: { first_name: 'Reese', last_name: 'Reset', email, password: 'the-old-password' },
    });
    expect(registered.ok()).toBe(true);

    await page.goto('/forgot-password');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect(page.getByTestId('reset-link-sent')).toBeVisible();

    const mail = await waitForMail(email, 'Reset your Haulpro password');
    const link = linkIn(mail, '/reset-password');
    expect(link).toMatch(/^\/reset-password\?token=[\w%-]{16,}$/);

    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill('short');
    await page.getByLabel('Confirm new password').fill('short');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
    await page.getByLabel('New password', { exact: true }).fill('a-brand-new-password');
    await page.getByLabel('Confirm new password').fill('a-brand-new-password');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await expect(page).toHaveURL('/login');
    await expect(page.getByText('Your password has been reset. You can sign in now.')).toBeVisible();

    // The old password no longer works; the new one does.
    await submitLogin(page, email, 'the-old-password');
    await expect(page.getByText('These credentials do not match our records.')).toBeVisible();
    await page.getByLabel('Password', { exact: true }).fill('a-brand-new-password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL('/user-dashboard');

    // The link works once.
    await page.goto('/user-logout');
    await expect(page).toHaveURL('/login');
    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill('yet-another-password');
    await page.getByLabel('Confirm new password').fill('yet-another-password');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await expect(page.getByText('This password reset link is invalid or has expired.')).toBeVisible();
  });
});
