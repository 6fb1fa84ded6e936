import type { Browser, Locator, Page } from '@playwright/test';
import {
  DEMO_PASSWORD,
  DESKTOP,
  expect,
  loginAs,
  PHONE,
  snap,
  submitLogin,
  test,
  uniqueEmail,
} from './fixtures.ts';
import { findCompanyOrderCard } from './order-cards.ts';

/*
 * The marketplace front door: Start New Order (tiles and search form), the public helper
 * list, the booking wizard with sign-up mid-flow, and the company accepting the new order.
 * Runs against the seeded demo marketplace (Los Angeles branches; 90001 -> 90210).
 */

/** A day `offset` days from today on the browser's calendar, as YYYY-MM-DD. */
function dayFromToday(offset: number): string {
  const d = new Date();
  d.setDate(d.getDate() + offset);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** Picks a day in a Mantine date picker through its calendar (its days are labelled "28 November 2026"). */
async function pickDate(page: Page, input: Locator, iso: string) {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const month = new Date(Date.UTC(y, m - 1, 1)).toLocaleString('en-US', { month: 'long', timeZone: 'UTC' });
  const day = page.getByRole('button', { name: `${d} ${month} ${y}`, exact: true });
  const next = page.locator('button[data-direction="next"]:visible');
  await input.click();
  // The calendar downloads when the field is first reached for: wait until it is open.
  await expect(next).toBeVisible();
  if (!(await day.isVisible())) await next.click();
  await day.click();
}

/** Picks an option of a Mantine Select, or of a native select (the search form's fields). */
async function chooseOption(page: Page, combobox: Locator, option: string) {
  if ((await combobox.evaluate((el) => el.tagName)) === 'SELECT') {
    await combobox.selectOption({ label: option });
    return;
  }
  await combobox.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Fills one address card of the wizard (city and state typed, not waited for from the ZIP). */
async function fillAddress(page: Page, card: Locator, street: string, city: string, property: string) {
  await card.getByLabel('Street address').fill(street);
  await card.getByLabel('City').fill(city);
  await card.getByLabel('State').fill('CA');
  await chooseOption(page, card.getByRole('combobox', { name: 'Property type' }), property);
}

const pageErrors = new WeakMap<Page, Error[]>();

/** A page in a fresh context (its own session); uncaught errors are collected for closePage. */
async function newPage(browser: Browser, viewport = DESKTOP): Promise<Page> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const errors: Error[] = [];
  page.on('pageerror', (error) => errors.push(error));
  pageErrors.set(page, errors);
  return page;
}

async function closePage(page: Page) {
  expect(pageErrors.get(page) ?? [], 'uncaught errors in the page').toEqual([]);
  await page.context().close();
}

const WEEK_AHEAD = dayFromToday(7);
/** A 1x1 PNG. */
const PNG_1PX =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const LIST = `/helper-list?from_zip=90001&from_date=${WEEK_AHEAD}&to_zip=90210&to_date=${WEEK_AHEAD}&type_service=2&type_moving=1`;

test.describe('start new order', () => {
  test('a delivery tile goes to /delivery; Labor Only preselects helpers only, Small Business commercial', async ({
    page,
  }) => {
    await loginAs(page, 'customer');
    const slider = page.getByTestId('start-new-order-slider');
    await expect(slider.locator('[data-testid^="order-tile-"]')).toHaveCount(9);
    await slider.getByTestId('order-tile-store_delivery').click();
    // The tile travels with the link: the delivery page preselects it.
    await expect(page).toHaveURL('/delivery?type=store_delivery');
    await expect(page.getByRole('heading', { level: 1, name: 'Book a delivery' })).toBeVisible();

    await page.goto('/user-dashboard');
    await page.getByRole('button', { name: 'Start New Order' }).click();
    const modal = page.getByRole('dialog', { name: 'Start New Order' });
    for (const label of [
      'Apartment Moves',
      'Store Delivery',
      'Move a Few Items',
      'Labor Only',
      'Declutter Items',
      'Used Item Delivery',
      'Small Business Moves',
      'Storage Moves',
      'Junk Removal',
    ]) {
      await expect(modal.getByRole('button', { name: new RegExp(`^${label}`) })).toBeVisible();
    }
    await snap(page, 'booking-tiles-modal-1280');
    await modal.getByTestId('order-tile-labor_only').click();
    const form = page.getByRole('dialog', { name: 'Labor Only' });
    // Native selects (a phone's own picker): the chosen option is the one shown.
    await expect(form.getByRole('combobox', { name: 'Service' }).locator('option:checked')).toHaveText(
      'Helpers only',
    );
    await expect(form.getByRole('combobox', { name: 'Type of move' }).locator('option:checked')).toHaveText(
      'Residential',
    );

    await form.getByRole('button', { name: 'Back to all services' }).click();
    await page.getByRole('dialog').getByTestId('order-tile-small_business').click();
    const business = page.getByRole('dialog', { name: 'Small Business Moves' });
    await expect(
      business.getByRole('combobox', { name: 'Type of move' }).locator('option:checked'),
    ).toHaveText('Commercial');
    await expect(business.getByRole('combobox', { name: 'Service' })).toHaveValue('');

    // A delivery tile in the modal also goes to /delivery.
    await business.getByRole('button', { name: 'Back to all services' }).click();
    await page.getByRole('dialog').getByTestId('order-tile-used_item').click();
    await expect(page).toHaveURL('/delivery?type=used_item');
  });

  test('the tiles scroll sideways: an arrow shows at each end that has more', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await loginAs(page, 'customer');
    const slider = page.getByTestId('start-new-order-slider');
    const left = slider.getByRole('button', { name: 'Scroll left' });
    const right = slider.getByRole('button', { name: 'Scroll right' });
    const first = slider.getByTestId('order-tile-apartment');
    // At the start: only the way on; the hidden arrow is out of the tab order.
    await expect(right).not.toHaveAttribute('data-hidden');
    await expect(left).toHaveAttribute('data-hidden', 'true');
    await expect(left).toHaveAttribute('tabindex', '-1');
    await expect(first).toBeInViewport({ ratio: 0.9 });
    await right.click();
    await expect(left).not.toHaveAttribute('data-hidden');
    await expect(first).not.toBeInViewport({ ratio: 0.9 });
    // All the way along: only the way back.
    await slider.getByTestId('order-tile-junk_removal').scrollIntoViewIfNeeded();
    await expect(right).toHaveAttribute('data-hidden', 'true');
    await expect(left).not.toHaveAttribute('data-hidden');
    await left.click();
    await expect(right).not.toHaveAttribute('data-hidden');
    await expect(right).toHaveAttribute('tabindex', '0');
  });

  test('the search form: "Invalid zip code" for 00000, "Date is required", "Required"; then it searches', async ({
    page,
  }) => {
    await loginAs(page, 'customer');
    await page.getByRole('button', { name: 'Start New Order' }).click();
    await page.getByRole('dialog').getByTestId('order-tile-apartment').click();
    const form = page.getByRole('dialog', { name: 'Apartment Moves' });
    // The server is asked as soon as the ZIP has five digits.
    await form.getByLabel('Pickup ZIP').fill('00000');
    await expect(form.getByText('Invalid zip code')).toBeVisible();
    await form.getByRole('button', { name: 'Find helpers' }).click();
    await expect(form.getByText('Date is required')).toBeVisible();
    await expect(form.getByText('Required', { exact: true })).toBeVisible();
    await expect(form.getByText('Invalid zip code')).toHaveCount(2);
    await snap(page, 'booking-search-errors-1280');

    await form.getByLabel('Pickup ZIP').fill('90001');
    await form.getByLabel('Drop-off ZIP').fill('90210');
    await expect(form.getByText('Invalid zip code')).toHaveCount(0);
    await pickDate(page, form.getByRole('button', { name: 'Pickup date' }), WEEK_AHEAD);
    // An empty unloading date takes the loading date.
    await expect(form.getByRole('button', { name: 'Drop-off date' })).not.toHaveText('');
    await chooseOption(page, form.getByRole('combobox', { name: 'Service' }), 'Helpers and trucks');
    await form.getByRole('button', { name: 'Find helpers' }).click();
    await expect(page).toHaveURL(
      `/helper-list?from_zip=90001&from_date=${WEEK_AHEAD}&to_zip=90210&to_date=${WEEK_AHEAD}&type_service=2&type_moving=1`,
    );
    await expect(page.getByTestId('helper-card').first()).toBeVisible();
  });
});

test.describe('helper list', () => {
  test('a ZIP nobody covers shows what to change, and Edit search goes to the form', async ({ page }) => {
    await page.goto(
      `/helper-list?from_zip=99501&from_date=${WEEK_AHEAD}&to_zip=99501&to_date=${WEEK_AHEAD}&type_service=2&type_moving=1`,
    );
    const empty = page.getByTestId('helper-list-empty');
    await expect(empty).toBeVisible();
    await expect(empty).toContainText('99501');
    await expect(empty).toContainText('Another date');
    await expect(empty).toContainText('Another show-up window');
    await expect(empty).toContainText('Helpers only');
    await expect(empty).toContainText('A nearby ZIP code');
    await expect(page.getByTestId('helper-card')).toHaveCount(0);
    await snap(page, 'booking-list-empty-1280');
    await empty.getByRole('button', { name: 'Try helpers only' }).click();
    await expect(page).toHaveURL(/type_service=1/);
    await expect(page.getByTestId('helper-list-empty')).toBeVisible();
    await page.getByTestId('helper-list-empty').getByRole('button', { name: 'Edit search' }).click();
    await expect(page.getByTestId('search-from-zip')).toBeFocused();
  });

  test('works on a phone: the search folds into a summary with Edit', async ({ browser }) => {
    const page = await newPage(browser, PHONE);
    await page.goto(LIST);
    await expect(page.getByTestId('helper-card').first()).toBeVisible();
    await expect(page.getByTestId('search-summary')).toContainText('90001 → 90210');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, 'page is wider than the viewport').toBeLessThanOrEqual(0);
    await snap(page, 'booking-list-340');
    await page.getByTestId('search-summary').getByRole('button', { name: 'Edit' }).click();
    await expect(page.getByTestId('search-from-zip')).toHaveValue('90001');

    // The wizard fits too, and shows the live price above its buttons.
    await page.getByTestId('helper-card').first().getByRole('link', { name: 'Book' }).click();
    await expect(page.getByTestId('mobile-total')).toContainText('$');
    const wizardOverflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(wizardOverflow, 'wizard is wider than the viewport').toBeLessThanOrEqual(0);
    await snap(page, 'booking-step-job-340');
    await closePage(page);
  });
});

test.describe('booking', () => {
  test.slow();

  test('a new visitor searches, sorts by rating, signs up mid-flow and books with cash; the company accepts', async ({
    browser,
  }) => {
    // 1. A new visitor, not signed in, searches from the public helper list.
    const visitor = await newPage(browser);
    await visitor.goto('/helper-list');
    await expect(visitor.getByRole('link', { name: 'Haulpro home' })).toBeVisible();
    await expect(visitor.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await visitor.getByLabel('Pickup ZIP').fill('90001');
    await visitor.getByLabel('Drop-off ZIP').fill('90210');
    await pickDate(visitor, visitor.getByRole('button', { name: 'Pickup date' }), WEEK_AHEAD);
    await chooseOption(visitor, visitor.getByRole('combobox', { name: 'Service' }), 'Helpers and trucks');
    await chooseOption(visitor, visitor.getByRole('combobox', { name: 'Type of move' }), 'Residential');
    await visitor.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(visitor).toHaveURL(/from_zip=90001/);

    // 2. Helpers with prices; price details; then sorted by rating.
    const cards = visitor.getByTestId('helper-card');
    await expect(cards.first()).toBeVisible();
    expect(await cards.count()).toBeGreaterThan(1);
    await expect(cards.first().getByTestId('helper-total')).toHaveText(/^\$\d{1,3}(,\d{3})*\.\d{2}$/);
    await expect(cards.first().getByTestId('helper-rating')).toContainText(/\d\.\d/);
    await expect(cards.first().getByRole('link', { name: 'View profile' })).toHaveAttribute(
      'href',
      /^\/profile\//,
    );
    const byPrice = await cards.evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-total'))));
    expect(byPrice).toEqual([...byPrice].sort((a, b) => a - b));
    await cards.first().getByRole('button', { name: 'Price details' }).click();
    await expect(cards.first().getByTestId('quote-breakdown')).toContainText('Service fee');
    await snap(visitor, 'booking-list-1280');

    await visitor.getByTestId('list-sort').getByText('Rating').click();
    await expect(visitor).toHaveURL(/sort=rating/);
    await expect
      .poll(async () => {
        const ratings = await cards.evaluateAll((els) =>
          els.map((e) => Number(e.getAttribute('data-rating'))),
        );
        return ratings.join(',') === [...ratings].sort((a, b) => b - a).join(',') && ratings.length > 1;
      })
      .toBe(true);

    // 3. Book the demo company's Los Angeles branch.
    const demo = cards.filter({ hasText: 'Demo Movers Los Angeles' });
    await expect(demo).toHaveCount(1);
    const listedTotal = (await demo.getByTestId('helper-total').textContent()) ?? '';
    await demo.getByRole('link', { name: 'Book' }).click();
    await expect(visitor).toHaveURL(/\/book\/\d+\?/);
    await expect(visitor.getByRole('heading', { name: 'Book Demo Movers' })).toBeVisible();
    await expect(visitor.getByTestId('live-total')).toHaveText(listedTotal);

    // Job: 2 bedrooms suggests 3 helpers; the live price follows.
    await chooseOption(visitor, visitor.getByRole('combobox', { name: 'Move size' }), '2 Bedrooms');
    await expect(visitor.getByRole('combobox', { name: 'Helpers' })).toHaveValue('3');
    await expect(visitor.getByTestId('live-total')).not.toHaveText(listedTotal);
    await visitor.getByText('9 am - 10 am', { exact: true }).click();
    await snap(visitor, 'booking-step-job-1280');
    await visitor.getByRole('button', { name: 'Continue' }).click();

    // Addresses: required fields are checked before moving on.
    await visitor.getByRole('button', { name: 'Continue' }).click();
    await expect(visitor.getByText('Address is required').first()).toBeVisible();
    await expect(visitor.getByText('Choose a property type').first()).toBeVisible();
    const pickup = visitor.getByTestId('pickups-0');
    const destination = visitor.getByTestId('destinations-0');
    await expect(pickup.getByLabel('ZIP')).toHaveValue('90001');
    await expect(destination.getByLabel('ZIP')).toHaveValue('90210');
    await fillAddress(visitor, pickup, '100 S Central Ave', 'Los Angeles', 'Apartment');
    await chooseOption(visitor, pickup.getByRole('combobox', { name: 'Flights of stairs' }), '2 flights');
    await fillAddress(visitor, destination, '9 Rodeo Dr', 'Beverly Hills', 'Home');
    await visitor.getByLabel('Items').fill('Upright piano');
    // Item photos: a text file is refused, a PNG is kept (and sent with the booking).
    const photoInput = visitor.locator('input[type="file"]');
    await photoInput.setInputFiles({
      name: 'list.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('piano'),
    });
    await expect(visitor.getByText('list.txt: Only png, jpg and jpeg images are accepted')).toBeVisible();
    await photoInput.setInputFiles({
      name: 'piano.png',
      mimeType: 'image/png',
      buffer: Buffer.from(PNG_1PX, 'base64'),
    });
    await expect(visitor.getByRole('img', { name: 'Item 1' })).toBeVisible();
    await snap(visitor, 'booking-step-addresses-1280');
    await visitor.getByRole('button', { name: 'Continue' }).click();

    // Contact.
    const email = uniqueEmail('booker');
    await visitor.getByLabel('Full name').fill('Pat Newcomer');
    await visitor.getByLabel('Email').fill(email);
    await visitor.getByTestId('contact-phone').fill('3105550142');
    await expect(visitor.getByTestId('contact-phone')).toHaveValue('+1 (310) - 555 - 0142');
    await snap(visitor, 'booking-step-contact-1280');
    await visitor.getByRole('button', { name: 'Continue' }).click();

    // Review: cash only (no card payments configured), and sign in or sign up to book.
    await expect(visitor.getByTestId('cash-only-note')).toHaveText(
      'Card payment is not available yet; you pay the crew in cash.',
    );
    await expect(visitor.getByTestId('pay-electronic')).toHaveCount(0);
    const gate = visitor.getByTestId('booking-auth-gate');
    await expect(gate.getByText('Sign in or create an account to book')).toBeVisible();
    await expect(visitor.getByTestId('book-now')).toHaveCount(0);
    await snap(visitor, 'booking-step-review-1280');

    // A reload keeps everything.
    await visitor.reload();
    await expect(visitor.getByTestId('booking-auth-gate')).toBeVisible();
    await expect(visitor.getByText('100 S Central Ave, Los Angeles, CA 90001')).toBeVisible();
    await expect(visitor.getByText('Items: Upright piano (1 photo)')).toBeVisible();

    // Sign up mid-flow: the names and e-mail come from the contact step.
    await expect(gate.getByLabel('First name')).toHaveValue('Pat');
    await expect(gate.getByLabel('Last name')).toHaveValue('Newcomer');
    await expect(gate.getByLabel('Email')).toHaveValue(email);
    await gate.getByLabel('Password', { exact: true }).fill('moving-day-2026');
    await gate.getByRole('button', { name: 'Create account' }).click();
    await expect(visitor.getByTestId('booking-auth-gate')).toHaveCount(0);
    await expect(visitor.getByRole('link', { name: 'My orders' })).toBeVisible();
    const bookNow = visitor.getByTestId('book-now');
    await expect(bookNow).toBeEnabled();
    await bookNow.click();

    // 4. The customer lands on their dashboard with the new order, New.
    await expect(visitor).toHaveURL(/\/user-dashboard\?order_id=\d+$/);
    const orderId = new URL(visitor.url()).searchParams.get('order_id') ?? '';
    const customerCard = visitor.locator(`[data-testid="order-card"][data-order-id="${orderId}"]`);
    await expect(customerCard).toHaveAttribute('data-status', 'New');
    await snap(visitor, 'booking-booked-1280');

    // 5. The company sees it New with a countdown, and accepts it.
    const staff = await newPage(browser);
    await loginAs(staff, 'staff');
    // The list is by arrival date: the other worker's bookings can put this one on page 2.
    const staffCard = await findCompanyOrderCard(staff, orderId);
    await expect(staffCard).toHaveAttribute('data-status', 'New');
    await expect(staffCard.getByTestId('order-countdown')).toBeVisible();
    await staffCard.getByRole('button', { name: 'Accept', exact: true }).click();
    await expect(staffCard).toHaveAttribute('data-status', 'Accepted');

    // 6. The customer sees it Accepted.
    await visitor.goto('/user-dashboard');
    await expect(visitor.locator(`[data-testid="order-card"][data-order-id="${orderId}"]`)).toHaveAttribute(
      'data-status',
      'Accepted',
    );
    await closePage(visitor);
    await closePage(staff);
  });

  test('a signed-in customer has the contact filled; staff are asked for a customer account', async ({
    browser,
  }) => {
    const customer = await newPage(browser);
    await loginAs(customer, 'customer');
    await customer.goto(LIST);
    await customer
      .getByTestId('helper-card')
      .filter({ hasText: 'Demo Movers Los Angeles' })
      .getByRole('link', { name: 'Book' })
      .click();
    await expect(customer.getByTestId('live-total')).toBeVisible();
    await customer.getByRole('button', { name: 'Continue' }).click();
    await fillAddress(customer, customer.getByTestId('pickups-0'), '1 Test St', 'Los Angeles', 'Home');
    await fillAddress(customer, customer.getByTestId('destinations-0'), '2 Test St', 'Beverly Hills', 'Home');
    await customer.getByRole('button', { name: 'Continue' }).click();
    await expect(customer.getByLabel('Full name')).toHaveValue('Casey Customer');
    await expect(customer.getByLabel('Email')).toHaveValue('customer@demo.test');
    if (!(await customer.getByTestId('contact-phone').inputValue()))
      await customer.getByTestId('contact-phone').fill('2135550102');
    await customer.getByRole('button', { name: 'Continue' }).click();

    // A 422 from the server lands on the field it names, on its step (the answer is staged here:
    // the wizard's own checks and the live price catch every such ZIP before the request).
    await customer.route('**/api/dashboard/customer/orders', (route) =>
      route.fulfill({
        status: 422,
        contentType: 'application/json',
        body: JSON.stringify({
          message: 'Invalid zip code',
          errors: { 'pickups.0.zip_code': ['This ZIP is outside the service area'] },
        }),
      }),
    );
    await customer.getByTestId('book-now').click();
    await expect(customer.getByTestId('wizard-addresses')).toBeVisible();
    await expect(customer.getByTestId('pickups-0')).toContainText('This ZIP is outside the service area');
    await customer.unroute('**/api/dashboard/customer/orders');
    await closePage(customer);

    const staff = await newPage(browser);
    await loginAs(staff, 'staff');
    await staff.goto(LIST);
    await staff.getByTestId('helper-card').first().getByRole('link', { name: 'Book' }).click();
    await expect(staff.getByTestId('live-total')).toBeVisible();
    await staff.getByRole('button', { name: 'Continue' }).click();
    await fillAddress(staff, staff.getByTestId('pickups-0'), '1 Test St', 'Los Angeles', 'Office');
    await fillAddress(staff, staff.getByTestId('destinations-0'), '2 Test St', 'Beverly Hills', 'Office');
    await staff.getByRole('button', { name: 'Continue' }).click();
    await staff.getByLabel('Full name').fill('Sam Staff');
    await staff.getByLabel('Email').fill('staff@demo.test');
    await staff.getByTestId('contact-phone').fill('2135550100');
    await staff.getByRole('button', { name: 'Continue' }).click();
    await expect(staff.getByTestId('not-customer')).toContainText('Sign in with a customer account to book');
    await expect(staff.getByTestId('book-now')).toHaveCount(0);
    await closePage(staff);
  });
  test('a detour through the sign-in page comes back to the same booking, still filled', async ({
    browser,
  }) => {
    const page = await newPage(browser);
    await page.goto(LIST);
    await page
      .getByTestId('helper-card')
      .filter({ hasText: 'Demo Movers Pasadena' })
      .getByRole('link', { name: 'Book' })
      .click();
    await expect(page.getByTestId('live-total')).toBeVisible();
    const bookUrl = page.url().replace(/^https?:\/\/[^/]+/, '');
    await page.getByRole('button', { name: 'Continue' }).click();
    await fillAddress(page, page.getByTestId('pickups-0'), '77 Detour Ave', 'Los Angeles', 'Condo');
    await fillAddress(page, page.getByTestId('destinations-0'), '9 Rodeo Dr', 'Beverly Hills', 'Home');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('Full name').fill('Casey Customer');
    await page.getByLabel('Email').fill('customer@demo.test');
    await page.getByTestId('contact-phone').fill('2135550102');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByTestId('booking-auth-gate')).toBeVisible();

    // The header's Sign in saves the address; signing in brings the visitor back.
    await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL('/login');
    await submitLogin(page, 'customer@demo.test', DEMO_PASSWORD);
    await expect(page).toHaveURL(bookUrl);
    await expect(page.getByText('77 Detour Ave, Los Angeles, CA 90001')).toBeVisible();
    await expect(page.getByTestId('book-now')).toBeEnabled();
    await closePage(page);
  });
});
