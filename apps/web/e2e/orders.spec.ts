import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import { apiToken, bookDemoOrder } from './demo-booking.ts';
import { DESKTOP, expect, loginAs, PHONE, snap, type TDemoRole, test } from './fixtures.ts';
import { findCompanyOrderCard } from './order-cards.ts';

/*
 * Orders on the company dashboard, the customer dashboard and the orders page, against the
 * seeded demo orders (apps/api/src/db/seed/demo.ts: 13 orders of customer@demo.test in every
 * status). Other spec files never touch orders, but the tests here change them, so each picks
 * its order by what it needs (status, date) rather than by a fixed id.
 */

/** A day on the demo's calendar (the seed dates orders in Los Angeles time). */
function laDay(offset: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles' }).format(new Date());
  return new Date(Date.parse(`${today}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
}

const cards = (page: Page) => page.getByTestId('order-card');
const card = (page: Page, id: string) => page.locator(`[data-testid="order-card"][data-order-id="${id}"]`);
const byStatus = (page: Page, status: string) =>
  page.locator(`[data-testid="order-card"][data-status="${status}"]`);

async function ids(list: Locator): Promise<number[]> {
  const values = await list.evaluateAll((els) => els.map((el) => Number(el.getAttribute('data-order-id'))));
  return values.sort((a, b) => a - b);
}

async function signedIn(browser: Browser, role: TDemoRole, viewport = DESKTOP): Promise<Page> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await loginAs(page, role);
  return page;
}

async function noSidewaysOverflow(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'page is wider than the viewport').toBeLessThanOrEqual(0);
}

test.describe('orders', () => {
  // Several sign-ins per test on a shared machine: give them room.
  test.slow();

  test('staff: Moving lists active orders with a count; accepting a New order makes it Accepted', async ({
    page,
  }) => {
    await loginAs(page, 'staff');
    await page.getByRole('tab', { name: /Moving/ }).click();
    await expect(page).toHaveURL('/movings');
    await expect(page.getByRole('tab', { name: /^Moving - \d+$/ })).toBeVisible();
    await expect(cards(page).first()).toBeVisible();
    const active = ['New', 'Accepted', 'Waiting For Payment', 'Being Rescheduled', 'Being Completed'];
    for (const status of await cards(page).evaluateAll((els) =>
      els.map((e) => e.getAttribute('data-status')),
    )) {
      expect(active).toContain(status);
    }
    const [first] = await ids(byStatus(page, 'New'));
    expect(first).toBeDefined();
    const target = card(page, String(first));
    // A New order shows its countdown and a masked phone; Accepted ones never show a countdown.
    await expect(target.getByTestId('order-countdown')).toBeVisible();
    await expect(target.getByTestId('order-phone')).toContainText('****');
    await expect(byStatus(page, 'Accepted').getByTestId('order-countdown')).toHaveCount(0);

    // All Branches offers the nearest-branch variant.
    await target.getByRole('button', { name: 'More accept options' }).click();
    await expect(page.getByRole('menuitem', { name: 'Accept with nearest branch' })).toBeVisible();
    await page.keyboard.press('Escape');

    await target.getByRole('button', { name: 'Accept', exact: true }).click();
    await expect(page.getByText('Order accepted')).toBeVisible();
    await expect(target).toHaveAttribute('data-status', 'Accepted');
    await expect(target.getByTestId('order-status')).toHaveText('Accepted');
    await expect(target.getByTestId('order-countdown')).toHaveCount(0);
    await expect(target.getByTestId('order-phone')).not.toContainText('****');
  });

  test('customer: cancelling needs a reason of at least 20 characters; then archive', async ({ page }) => {
    await loginAs(page, 'customer');
    await expect(page.getByRole('tab', { name: /^Active - \d+$/ })).toBeVisible();
    await expect(cards(page).first()).toBeVisible();
    // Customers never see the countdown.
    await expect(page.getByTestId('order-countdown')).toHaveCount(0);
    const newIds = await ids(byStatus(page, 'New'));
    const id = String(newIds[newIds.length - 1]);
    const target = card(page, id);

    await target.getByRole('button', { name: 'Cancel order' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel order' });
    await dialog.getByRole('button', { name: 'Cancel order' }).click();
    await expect(dialog.getByText('This field is required.')).toBeVisible();
    await dialog.getByLabel('Reason').fill('Too early.');
    await dialog.getByRole('button', { name: 'Cancel order' }).click();
    await expect(dialog.getByText('Minimum 20 characters required.')).toBeVisible();
    await dialog.getByLabel('Reason').fill('We found another date with our family helping.');
    await dialog.getByRole('button', { name: 'Cancel order' }).click();
    await expect(dialog).toBeHidden();
    await expect(target).toHaveAttribute('data-status', 'Cancelled');

    await target.getByRole('button', { name: 'Archive' }).click();
    await expect(target).toHaveCount(0);
    await page.getByRole('tab', { name: /Archive/ }).click();
    await expect(card(page, id)).toBeVisible();
  });

  test('customer asks to reschedule an Accepted order; staff approves and the new price shows', async ({
    browser,
  }) => {
    const customer = await signedIn(browser, 'customer');
    await expect(cards(customer).first()).toBeVisible();
    const today = laDay(0);
    const accepted = await byStatus(customer, 'Accepted').evaluateAll((els) =>
      els.map((el) => ({
        id: el.getAttribute('data-order-id') ?? '',
        date: el.getAttribute('data-arrival-date'),
      })),
    );
    const pick = accepted.filter((o) => o.date !== today).sort((a, b) => Number(b.id) - Number(a.id))[0];
    expect(pick).toBeDefined();
    const id = pick?.id ?? '';
    await card(customer, id).getByRole('button', { name: 'Reschedule' }).click();
    const dialog = customer.getByRole('dialog');
    await expect(dialog.getByRole('combobox', { name: 'Show-up time' })).toHaveValue(
      'Arrival between 8 am - 9 am',
    );
    // Customers cannot reschedule instantly.
    await expect(dialog.getByText('Reschedule approved')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Send Request' }).click();
    await expect(dialog.getByText('Note is required!')).toBeVisible();
    await expect(dialog.getByTestId('reschedule-new-price')).toBeVisible();
    const newPrice = ((await dialog.getByTestId('reschedule-new-price').textContent()) ?? '').trim();
    await dialog.getByLabel('Note').fill('Our lease starts a bit later.');
    await dialog.getByRole('button', { name: 'Send Request' }).click();
    await expect(dialog).toBeHidden();
    await expect(card(customer, id)).toHaveAttribute('data-status', 'Being Rescheduled');
    await expect(card(customer, id).getByTestId('order-reschedule')).toContainText(newPrice);
    await customer.context().close();

    const staff = await signedIn(browser, 'staff');
    // The order may be on a later page of the company's active orders (they are listed by date).
    const target = await findCompanyOrderCard(staff, id);
    await expect(target.getByTestId('order-reschedule')).toContainText('Our lease starts a bit later.');
    await target.getByRole('button', { name: 'Approve reschedule' }).click();
    await expect(target).toHaveAttribute('data-status', 'Accepted');
    await expect(target.getByTestId('order-reschedule')).toHaveCount(0);
    await expect(target.getByTestId('order-price')).toContainText(newPrice);
    await staff.context().close();
  });

  test("staff completes today's order; the customer confirms yesterday's", async ({ browser }) => {
    const staff = await signedIn(browser, 'staff');
    await staff.goto('/movings');
    // Today's accepted order from 3 pm, which the move-day specs leave alone (they take the earlier
    // ones, and a job under way has no Complete: its job page finishes it).
    const todays = staff.locator(
      `[data-testid="order-card"][data-status="Accepted"][data-arrival-date="${laDay(0)}"][data-arrival-time="3-6"]`,
    );
    await expect(todays).toHaveCount(1);
    const id = (await todays.getAttribute('data-order-id')) ?? '';
    await todays.getByRole('button', { name: 'Complete' }).click();
    await expect(card(staff, id)).toHaveAttribute('data-status', 'Being Completed');
    await staff.context().close();

    const customer = await signedIn(browser, 'customer');
    const yesterdays = customer.locator(
      `[data-testid="order-card"][data-status="Being Completed"][data-arrival-date="${laDay(-1)}"]`,
    );
    await expect(yesterdays).toHaveCount(1);
    const yid = (await yesterdays.getAttribute('data-order-id')) ?? '';
    await yesterdays.getByRole('button', { name: 'Complete' }).click();
    // The confirm step offers a tip: percents of the price, or an amount up to the price.
    const tip = customer.getByRole('dialog', { name: `Confirm order #${yid} is done` });
    await expect(tip.getByTestId('tip-summary')).toHaveText('Tip: $0 — 100 % goes to your crew');
    await tip.getByText('15 %', { exact: true }).click();
    await expect(tip.getByTestId('tip-summary')).toContainText(/^Tip: \$\d/);
    await tip.getByText('Other amount', { exact: true }).click();
    await tip.getByLabel('Tip amount').fill('999999');
    await expect(tip.getByText('Tip can be at most the price of the job.')).toBeVisible();
    // The open dialog, checked by axe at both widths (the fixture checks pages, not dialogs).
    for (const size of [DESKTOP, PHONE]) {
      await customer.setViewportSize(size);
      const overflow = await customer.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(overflow, `the tip step is wider than ${size.width} px`).toBeLessThanOrEqual(0);
      const axe = await new AxeBuilder({ page: customer })
        .include('[role="dialog"]')
        .setLegacyMode(true)
        .analyze();
      const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(
        serious.map(
          (v) =>
            `${v.id} at ${size.width} px: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.failureSummary}`).join(' | ')}`,
        ),
      ).toEqual([]);
    }
    await customer.setViewportSize(DESKTOP);
    // No tip here (the tip's own tests are the API's and lib/tip.test.ts).
    await tip.getByText('None', { exact: true }).click();
    await tip.getByRole('button', { name: 'Confirm completion' }).click();
    await expect(card(customer, yid)).toHaveAttribute('data-status', 'Completed');
    await customer.context().close();
  });

  test('?order_id= opens the order modal with the invoice', async ({ page }) => {
    await loginAs(page, 'customer');
    await expect(cards(page).first()).toBeVisible();
    const id = await cards(page).first().getAttribute('data-order-id');
    await page.goto(`/user-dashboard?order_id=${id}`);
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText(`Order #${id}`)).toBeVisible();
    await expect(dialog.getByTestId('order-invoice')).toContainText('Service fee');
    await expect(dialog.getByTestId('order-invoice')).toContainText('Total');
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL('/user-dashboard');
  });

  test('orders page: overview counts, status filter and the detail modal', async ({ page }) => {
    await loginAs(page, 'staff');
    await page.goto('/orders');
    await expect(page.getByRole('heading', { level: 1, name: 'Order History' })).toBeVisible();
    await expect(page.getByTestId('overview-orders-value')).toHaveText(/^\d+$/);
    await page.getByTestId('overview-range').click();
    await page.getByRole('option', { name: 'Last 30 days' }).click();
    await expect(page.getByTestId('overview-orders-value')).toHaveText(/^\d+$/);
    await expect(page.getByTestId('orders-row').first()).toBeVisible();

    await page.getByTestId('orders-status-filter').click();
    await page.getByRole('option', { name: 'Rejected', exact: true }).click();
    await expect(page.getByTestId('orders-row').first().getByTestId('order-status')).toHaveText('Rejected');
    for (const status of await page.getByTestId('orders-row').getByTestId('order-status').allTextContents()) {
      expect(status).toBe('Rejected');
    }
    await page.getByTestId('orders-row').first().getByRole('button').click();
    await expect(page).toHaveURL(/order_id=\d+/);
    await expect(page.getByRole('dialog').getByTestId('order-invoice')).toBeVisible();
    await page.keyboard.press('Escape');

    // The Delivery tab: every delivery the company accepted, finished ones too; a row opens it.
    await page.getByRole('tab', { name: 'Delivery' }).click();
    await expect(page).toHaveURL(/tab=delivery/);
    const done = page.locator('[data-testid="delivery-history-row"][data-items="Dining table"]');
    await expect(done.getByTestId('delivery-status')).toHaveText('Completed');
    const id = await done.getAttribute('data-delivery-id');
    await done.getByRole('button', { name: `Open delivery #${id}` }).click();
    const dialog = page.getByRole('dialog', { name: `Delivery #${id}` });
    await expect(dialog.getByTestId('delivery-invoice')).toContainText('Total Payout');
    await page.keyboard.press('Escape');
  });

  for (const [label, viewport] of [
    ['1280', DESKTOP],
    ['340', PHONE],
  ] as const) {
    test(`staff screenshots at ${label} px`, async ({ browser }) => {
      const staff = await signedIn(browser, 'staff', viewport);
      await staff.goto('/movings');
      await expect(cards(staff).first()).toBeVisible();
      await noSidewaysOverflow(staff);
      await snap(staff, `orders-company-dashboard-${label}`);
      await cards(staff).first().getByRole('button', { name: 'Show details' }).click();
      await expect(cards(staff).first().getByTestId('order-details')).toBeVisible();
      await noSidewaysOverflow(staff);
      await snap(staff, `orders-company-card-expanded-${label}`);
      await cards(staff).getByRole('button', { name: 'Reschedule' }).first().click();
      const dialog = staff.getByRole('dialog');
      await expect(dialog.getByTestId('reschedule-new-price')).toBeVisible();
      await dialog.getByText('Reschedule approved').click();
      await expect(dialog.getByRole('button', { name: 'Ok' })).toBeVisible();
      await snap(staff, `orders-reschedule-modal-${label}`);
      await staff.keyboard.press('Escape');
      await staff.goto('/orders');
      await expect(staff.getByTestId('orders-row').first()).toBeVisible();
      await noSidewaysOverflow(staff);
      await snap(staff, `orders-page-${label}`);
      const id = await staff.getByTestId('orders-row').first().getAttribute('data-order-id');
      await staff.goto(`/orders?order_id=${id}`);
      await expect(staff.getByRole('dialog').getByTestId('order-invoice')).toBeVisible();
      await snap(staff, `orders-detail-modal-${label}`);
      await staff.context().close();
    });

    test(`customer screenshot at ${label} px`, async ({ browser }) => {
      const customer = await signedIn(browser, 'customer', viewport);
      await expect(cards(customer).first()).toBeVisible();
      await noSidewaysOverflow(customer);
      await snap(customer, `orders-customer-dashboard-${label}`);
      await customer.context().close();
    });
  }
});

test.describe('item photos in the order details', () => {
  test.slow();

  /** A customer's order of its own, booked through the API with two photos drawn in the browser. */
  async function orderWithPhotos(page: Page, request: APIRequestContext): Promise<number> {
    const photos = await page.evaluate(() =>
      ['image/jpeg', 'image/png'].map((type, n) => {
        const c = document.createElement('canvas');
        c.width = 640;
        c.height = 480;
        const g = c.getContext('2d') as CanvasRenderingContext2D;
        g.fillStyle = n === 0 ? '#dbe4ff' : '#fff3bf';
        g.fillRect(0, 0, 640, 480);
        g.fillStyle = '#343a40'; // a piano, more or less
        g.fillRect(140, 150, 360, 200);
        g.fillStyle = '#f8f9fa';
        for (let k = 0; k < 12; k++) g.fillRect(150 + k * 29, 290, 26, 50);
        return c.toDataURL(type, 0.8);
      }),
    );
    const order = await bookDemoOrder(request, {
      token: await apiToken(request, 'customer'),
      date: laDay(9),
      idempotencyKey: `e2e-photos-${Date.now()}`,
      extra: { unique_items: 'An upright piano (about 500 lbs) and a glass cabinet', item_photos: photos },
    });
    return order.id;
  }

  async function photosLoad(page: Page) {
    const thumbs = page.getByRole('dialog').getByTestId('order-item-photos').getByRole('img');
    await expect(thumbs).toHaveCount(2);
    await expect(thumbs.first()).toHaveAttribute('alt', 'Item photo 1 of 2');
    await expect
      .poll(() => thumbs.evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).naturalWidth)))
      .toEqual([640, 640]);
  }

  for (const [label, viewport] of [
    ['1280', DESKTOP],
    ['340', PHONE],
  ] as const) {
    test(`the customer and the staff see thumbnails that open full size at ${label} px`, async ({
      browser,
      request,
    }) => {
      const customer = await signedIn(browser, 'customer', viewport);
      const id = await orderWithPhotos(customer, request);
      await customer.goto(`/user-dashboard?order_id=${id}`);
      await photosLoad(customer);
      await noSidewaysOverflow(customer);
      await snap(customer, `orders-item-photos-customer-${label}`);
      await customer.getByRole('button', { name: 'Open item photo 2 of 2 full size' }).click();
      const full = customer.getByRole('dialog', { name: 'Item photo 2 of 2' });
      await expect(full.getByRole('img', { name: 'Item photo 2 of 2' })).toBeVisible();
      await expect(full.getByRole('link', { name: 'Open in a new tab' })).toHaveAttribute(
        'href',
        /^\/api\/files\/items\//,
      );
      await snap(customer, `orders-item-photo-full-${label}`);
      // Escape closes the photo only, however soon it is pressed.
      await customer.keyboard.press('Escape');
      await expect(full).toBeHidden();
      await expect(customer.getByRole('dialog', { name: `Order #${id}` })).toBeVisible();
      await customer.getByRole('button', { name: 'Open item photo 1 of 2 full size' }).click();
      await customer.keyboard.press('Escape');
      await expect(customer.getByRole('dialog', { name: 'Item photo 1 of 2' })).toBeHidden();
      await expect(customer.getByRole('dialog', { name: `Order #${id}` })).toBeVisible();
      await customer.context().close();

      const staff = await signedIn(browser, 'staff', viewport);
      await staff.goto(`/orders?order_id=${id}`);
      await photosLoad(staff);
      await staff.context().close();
    });
  }
});
