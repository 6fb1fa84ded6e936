import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { apiToken, bookDemoOrder } from './demo-booking.ts';
import { DEMO, DESKTOP, expect, loginAs, PHONE, snap, test, uniqueEmail } from './fixtures.ts';
import { decodeQuotedPrintable, linkIn, waitForMail } from './mailbox.ts';

/*
 * Invite a friend (spec: Invite a friend, Referral, Referral and coupons; decision 022) against
 * the seeded demo: the customer (code DEMO123) has invitations (Morgan Responded, Jordan and
 * Riley Not Responded), credit and the open coupon DEMOCOUPON; staff (STAFF01) one invitation.
 * Other files sign up with DEMO123 too, so amounts are read from the API before they are checked.
 */

type TView = {
  referral_code: string;
  prices: { pending: number; available: number };
  coupon: string | null;
  emails: { pending: { referred_email: string }[]; approved: { referred_email: string }[] };
};

const toast = (page: Page, text: string) => page.locator('.mantine-Notifications-root').getByText(text);
const money = (n: number) => `$${n.toLocaleString('en-US')}`;

async function referrals(request: APIRequestContext, token: string): Promise<TView> {
  const res = await request.get('/api/dashboard/referrals', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { data: TView }).data;
}

async function noSidewaysOverflow(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'page is wider than the viewport').toBeLessThanOrEqual(0);
}

function laDay(offset: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles' }).format(new Date());
  return new Date(Date.parse(`${today}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
}

const place = (zip: string, city: string) => ({
  address: '1200 E Florence Ave',
  city_or_town: city,
  state: 'CA',
  zip_code: zip,
  type_property: 'Apartment',
  flights_of_stairs: 0,
});

/** The booking bookDemoOrder makes (Demo Movers Los Angeles, the crew the helper list offers), as a body. */
async function demoBookingBody(request: APIRequestContext, date: string) {
  const search = await request.get(
    `/api/public/helpers?from_zip=90001&to_zip=90210&from_date=${date}&type_service=2&type_moving=1`,
  );
  type THelper = { branch_id: number; branch_name: string; helpers_count: number; hours_count: number };
  const helper = ((await search.json()) as { data: THelper[] }).data.find(
    (h) => h.branch_name === 'Demo Movers Los Angeles',
  ) as THelper;
  return {
    branch_id: helper.branch_id,
    type_service: 2,
    type_moving: 1,
    type_help: 3,
    bedrooms_count: 1,
    helpers_count: helper.helpers_count,
    hours_count: helper.hours_count,
    arrival_date: date,
    arrival_time: '8-9',
    payment_method: 'cash',
    name: 'Casey Customer',
    email: 'customer@demo.test',
    phone: '+1 (213) - 555 - 0102',
    pickups: [place('90001', 'Los Angeles')],
    destinations: [place('90210', 'Beverly Hills')],
  };
}

/** Fills one address card of the booking wizard (as booking.spec.ts does). */
async function fillAddress(page: Page, card: Locator, street: string, city: string) {
  await card.getByLabel('Street address').fill(street);
  await card.getByLabel('City').fill(city);
  await card.getByLabel('State').fill('CA');
  await card.getByRole('combobox', { name: 'Property type' }).click();
  await page.getByRole('option', { name: 'Home', exact: true }).click();
}

test.describe('invite a friend', () => {
  test('customer: code, links and share, the slider, credit, invitations and history; 340 px', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const before = await referrals(page.request, await apiToken(page.request, 'customer'));
    await loginAs(page, 'customer');
    await page.goto('/invite-friends');
    await expect(page.getByRole('heading', { level: 1, name: 'Invite a friend' })).toBeVisible();
    await expect(page.getByTestId('start-new-order-slider')).toBeVisible();
    await expect(page.getByTestId('referral-code')).toHaveText('DEMO123');
    await expect(page.getByTestId('credit-pending')).toHaveText(money(before.prices.pending));
    await expect(page.getByTestId('credit-available')).toHaveText(money(before.prices.available));
    const rows = page.getByTestId('invite-row');
    await expect(rows.filter({ hasText: 'morgan.friend@demo.test' })).toContainText('Responded');
    await expect(rows.filter({ hasText: 'jordan@example.com' })).toContainText('Not Responded');
    // Responded invitations cannot be deleted; Not Responded ones can.
    await expect(rows.filter({ hasText: 'morgan.friend@demo.test' }).getByRole('button')).toHaveCount(0);
    await expect(
      page.getByRole('button', { name: 'Delete the invitation of jordan@example.com' }),
    ).toBeVisible();
    await expect(page.getByTestId('credit-history')).toContainText('Referral credit');
    await expect(page.getByTestId('credit-history')).toContainText('morgan.friend@demo.test');

    await page.getByRole('button', { name: 'Copy code' }).click();
    await expect(toast(page, 'Referral code is copied successfully')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('DEMO123');
    await page.getByRole('button', { name: 'Copy link for Clients' }).click();
    await expect(toast(page, 'Invite link is copied successfully for Clients')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(
      /\/referral\?referral_code=DEMO123$/,
    );
    await page.getByRole('button', { name: 'Copy link for Movers' }).click();
    await expect(toast(page, 'Invite link is copied successfully for Movers')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(
      /\/register\?referral_code=DEMO123$/,
    );
    await expect(page.getByRole('link', { name: 'Share by email' })).toHaveAttribute(
      'href',
      /^mailto:\?subject=/,
    );
    await page.evaluate(() => {
      navigator.clipboard.writeText = () => Promise.reject(new Error('denied'));
    });
    await page.getByRole('button', { name: 'Copy code' }).click();
    await expect(toast(page, 'Error while is copying')).toBeVisible();
    await noSidewaysOverflow(page);
    await snap(page, 'invite-friends-customer-1280');

    await page.setViewportSize(PHONE);
    await page.reload();
    await expect(page.getByTestId('referral-code')).toHaveText('DEMO123');
    await expect(page.getByTestId('invite-row').first()).toBeVisible();
    await noSidewaysOverflow(page);
    await snap(page, 'invite-friends-customer-340');
    await page.setViewportSize(DESKTOP);
  });

  test('invitations: only valid e-mails kept, sent by mail, Responded after sign-up with the code; delete asks first', async ({
    page,
    browser,
  }) => {
    const friend = uniqueEmail('invited');
    const other = uniqueEmail('other');
    const token = await apiToken(page.request, 'customer');
    const before = await referrals(page.request, token);
    await loginAs(page, 'customer');
    await page.goto('/invite-friends');
    const input = page.getByRole('combobox', { name: 'Emails' });
    await input.pressSequentially(`${friend},not-an-email,${other},`);
    await expect(page.getByText('Only valid emails are kept.')).toBeVisible();
    await page.getByRole('button', { name: 'Send invitations' }).click();
    await expect(toast(page, 'Invitations sent successfully')).toBeVisible();
    const row = page.getByTestId('invite-row').filter({ hasText: friend });
    await expect(row).toContainText('Not Responded');
    // Inviting the same person again is refused, naming the e-mail.
    await input.pressSequentially(`${friend},`);
    await page.getByRole('button', { name: 'Send invitations' }).click();
    await expect(page.getByText(`${friend}: This email is already invited`)).toBeVisible();

    // The friend follows the e-mailed link and signs up with the code.
    const mail = await waitForMail(friend, 'invited you to Haulpro');
    expect(decodeQuotedPrintable(mail.raw)).toContain('DEMO123');
    const link = linkIn(mail, '/referral');
    const guest = await browser.newPage();
    await guest.goto(link);
    await expect(guest.getByLabel('Referral code')).toHaveValue('DEMO123');
    await guest.getByLabel('First name').fill('Ivy');
    await guest.getByLabel('Last name').fill('Invited');
    await guest.getByLabel('Email').fill(friend);
    await guest.getByLabel('Password', { exact: true }).fill('a-good-password');
    await guest.getByRole('button', { name: 'Register now' }).click();
    await expect(guest).toHaveURL('/login');
    await guest.close();

    await page.reload();
    await expect(page.getByTestId('invite-row').filter({ hasText: friend })).toContainText('Responded');
    await expect(page.getByTestId('invite-row').filter({ hasText: friend })).not.toContainText(
      'Not Responded',
    );
    const after = await referrals(page.request, token);
    expect(after.prices.pending).toBe(before.prices.pending + 25);
    await expect(page.getByTestId('credit-pending')).toHaveText(money(after.prices.pending));

    // Delete the one who never answered: it asks first.
    await page.getByRole('button', { name: `Delete the invitation of ${other}` }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('Do you want to delete this referral?')).toBeVisible();
    await snap(page, 'invite-friends-delete-confirm');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Referral deleted successfully')).toBeVisible();
    await expect(page.getByTestId('invite-row').filter({ hasText: other })).toHaveCount(0);
  });

  test('coupon generator and gift coupon: the amount rules, the messages, the e-mail; the coupon lowers a booking once', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const token = await apiToken(page.request, 'customer');
    const before = await referrals(page.request, token);
    expect(before.prices.available).toBeGreaterThanOrEqual(10);
    await loginAs(page, 'customer');
    await page.goto('/invite-friends');
    const amount = page.getByLabel('Coupon amount ($)');
    const activate = page.getByRole('button', { name: 'Activate' });
    for (const bad of ['0', '2.5', String(before.prices.available + 1), 'ten']) {
      await amount.fill(bad);
      await expect(page.getByTestId('credit-card').getByText('Please enter a valid amount')).toBeVisible();
      await expect(activate).toBeDisabled();
    }
    await amount.fill('4');
    await expect(activate).toBeEnabled();
    await activate.click();
    await expect(toast(page, 'Coupon code is copied and activated successfully')).toBeVisible();
    await expect(page.getByTestId('credit-available')).toHaveText(money(before.prices.available - 4));
    const coupon = (await page.getByTestId('coupon-code').textContent())?.trim() ?? '';
    expect(coupon).toMatch(/^[A-Z]{10}$/);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(coupon);

    // Gift: not to yourself; 5 to 25; sent by e-mail.
    const gift = page.getByTestId('gift-card');
    await gift.getByLabel("Friend's email").fill(DEMO.customer.email);
    await expect(gift.getByText("You can't send the gift coupon code to yourself")).toBeVisible();
    await expect(gift.getByRole('button', { name: 'Send gift coupon' })).toBeDisabled();
    const to = uniqueEmail('gift');
    await gift.getByLabel("Friend's email").fill(to);
    await gift.getByText('$5', { exact: true }).click();
    await gift.getByRole('button', { name: 'Send gift coupon' }).click();
    await expect(toast(page, 'Gift coupon code send successfully to emails')).toBeVisible();
    await expect(page.getByTestId('credit-available')).toHaveText(money(before.prices.available - 9));
    const mail = await waitForMail(to, 'Haulpro gift coupon');
    expect(decodeQuotedPrintable(mail.raw)).toMatch(/Your coupon code: [A-Z]{10}/);
    await expect(page.getByTestId('credit-history')).toContainText('Gift coupon');
    await snap(page, 'invite-friends-coupons');

    // The coupon comes off a booking once, through the booking checkout.
    const plain = await bookDemoOrder<{ id: number; order_price: number }>(page.request, {
      token,
      date: laDay(20),
    });
    const used = await bookDemoOrder<{
      id: number;
      order_price: number;
      invoice: { coupon_discount: number };
    }>(page.request, { token, date: laDay(20), extra: { coupon } });
    expect(used.invoice.coupon_discount).toBe(4);
    expect(used.order_price).toBeLessThanOrEqual(plain.order_price - 4);
    // The order's invoice shows it.
    await page.goto(`/user-dashboard?order_id=${used.id}`);
    await expect(page.getByTestId('order-invoice-coupon')).toContainText('$4');
    await snap(page, 'invite-friends-coupon-invoice');
    const again = await page.request.post('/api/dashboard/customer/orders', {
      headers: { authorization: `Bearer ${token}` },
      data: { ...(await demoBookingBody(page.request, laDay(20))), coupon },
    });
    expect(again.status()).toBe(422);
    expect(await again.json()).toMatchObject({
      errors: { coupon: ['This coupon code is invalid or has already been used'] },
    });
  });

  test('the booking wizard takes a coupon in its last step; the invoice shows it', async ({ page }) => {
    const token = await apiToken(page.request, 'customer');
    const made = await page.request.post('/api/dashboard/customer/promos/generate', {
      headers: { authorization: `Bearer ${token}` },
      data: { amount: 1 },
    });
    expect(made.status(), await made.text()).toBe(200);
    const coupon = ((await made.json()) as { data: { coupon: string } }).data.coupon;
    await loginAs(page, 'customer');
    const date = laDay(9);
    await page.goto(
      `/helper-list?from_zip=90001&from_date=${date}&to_zip=90210&to_date=${date}&type_service=2&type_moving=1`,
    );
    await page
      .getByTestId('helper-card')
      .filter({ hasText: 'Demo Movers Los Angeles' })
      .getByRole('link', { name: 'Book' })
      .click();
    await expect(page.getByTestId('live-total')).toBeVisible();
    await page.getByRole('button', { name: 'Continue' }).click();
    await fillAddress(page, page.getByTestId('pickups-0'), '1 Coupon St', 'Los Angeles');
    await fillAddress(page, page.getByTestId('destinations-0'), '2 Coupon St', 'Beverly Hills');
    await page.getByRole('button', { name: 'Continue' }).click();
    if (!(await page.getByTestId('contact-phone').inputValue()))
      await page.getByTestId('contact-phone').fill('2135550102');
    await page.getByRole('button', { name: 'Continue' }).click();
    // Before booking: an unknown or used code is refused in booking's words; a good one shows
    // what it takes off and what is left to pay, on the button too.
    const bookNow = page.getByTestId('book-now');
    const total = Number(((await bookNow.textContent()) ?? '').replace(/[^\d.]/g, ''));
    expect(total).toBeGreaterThan(1);
    await page.getByLabel('Coupon code').fill('nosuchcode');
    await expect(page.getByText('This coupon code is invalid or has already been used')).toBeVisible();
    await expect(bookNow).toHaveText('Book now');
    await page.getByLabel('Coupon code').fill(coupon.toLowerCase());
    await expect(page.getByTestId('coupon-discount')).toHaveText('−$1.00');
    const left = (Math.round(total * 100 - 100) / 100).toLocaleString('en-US', {
      style: 'currency',
      currency: 'USD',
    });
    await expect(page.getByTestId('coupon-total')).toHaveText(left);
    await expect(bookNow).toHaveText(`Book now · ${left}`);
    await snap(page, 'booking-step-review-coupon');
    await page.setViewportSize(PHONE);
    await expect(page.getByTestId('coupon-total')).toHaveText(left);
    await snap(page, 'booking-step-review-coupon-340');
    await page.setViewportSize(DESKTOP);
    await page.getByTestId('book-now').click();
    await expect(page).toHaveURL(/\/user-dashboard\?order_id=\d+/);
    await expect(page.getByTestId('order-invoice-coupon')).toContainText('$1');
    expect((await referrals(page.request, token)).coupon).not.toBe(coupon);
  });

  test('staff: the same page without the slider; no credit yet keeps Activate and the gift disabled; 340 px', async ({
    page,
  }) => {
    await loginAs(page, 'staff');
    await page.goto('/invite-friends');
    await expect(page.getByRole('heading', { level: 1, name: 'Invite a friend' })).toBeVisible();
    await expect(page.getByTestId('referral-code')).toHaveText('STAFF01');
    await expect(page.getByTestId('start-new-order-slider')).toHaveCount(0);
    await expect(page.getByTestId('invite-row').filter({ hasText: 'new.client@example.com' })).toContainText(
      'Not Responded',
    );
    await expect(page.getByTestId('credit-available')).toHaveText('$0');
    await expect(page.getByTestId('credit-history-empty')).toBeVisible();
    await page.getByLabel('Coupon amount ($)').fill('5');
    await expect(page.getByRole('button', { name: 'Activate' })).toBeDisabled();
    await page.getByTestId('gift-card').getByLabel("Friend's email").fill('someone@example.com');
    await expect(page.getByTestId('gift-card').getByText('Please enter a valid amount')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send gift coupon' })).toBeDisabled();
    await noSidewaysOverflow(page);
    await snap(page, 'invite-friends-staff-1280');
    await page.setViewportSize(PHONE);
    await page.reload();
    await expect(page.getByTestId('referral-code')).toHaveText('STAFF01');
    await noSidewaysOverflow(page);
    await snap(page, 'invite-friends-staff-340');
  });
});
