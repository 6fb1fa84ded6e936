import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { deliveryCard, FIRST_LOAD, findDeliveryCard } from './delivery-cards.ts';
import { apiToken } from './demo-booking.ts';
import {
  DESKTOP,
  expect,
  loginAs,
  PHONE,
  SCREENSHOT_DIR,
  signInFreshCustomer,
  snap,
  test,
} from './fixtures.ts';

/*
 * The customer's side of deliveries on /user-dashboard (spec: Customer screens, Customer-side
 * actions, Expired delivery and payout). Of the demo deliveries (apps/api/src/db/seed/
 * delivery-seed.ts, all of customer@demo.test) this file changes only the expired one (cancel),
 * the one whose payout the admin approved (confirm, archive) and the cancelled Bicycle (archive);
 * it picks each by what the API says about it, never by a fixed id. Everything else it needs it
 * books for a customer of its own.
 */

/** The spec's words, written out here rather than imported from the code under test. */
const EXPIRED_LABEL = 'Expired – No Company Accepted';
const EXPIRED_TOOLTIP =
  'No company accepted your delivery. Please press the Cancel button to cancel the order and receive a full refund automatically';
const REVIEW_LABEL = 'Payment Review in Progress';
const CONFIRM_LINE =
  'Your helper submitted the signed delivery letter. Confirm the delivery to release their payout.';
const REASON = 'Nobody took it in time, so we will carry it ourselves.';
/** The spec's delivery status ids (Delivery status ids), named here as the spec names them. */
const STATUS = { customerCancelled: 3, waitingForComplete: 4, completed: 5 } as const;

type TDelivery = {
  id: number;
  items_name: string;
  status: string;
  status_id: number;
  is_expired: boolean;
  notes: string | null;
  canCustomerComplete: boolean;
  canCustomerArchive: boolean;
  acceptor: { kind: 'labor' | 'company'; name: string; phone: string | null; slug: string | null } | null;
  destination: { full_address: string };
  invoice: { total_price: number };
  items: { name: string }[];
};
type TCounts = { active_count: number; archive_count: number };

/** A day on the Los Angeles calendar (the demo's time zone). */
function laDay(offset: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles' }).format(new Date());
  return new Date(Date.parse(`${today}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
}

const usd = (n: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(n).replace(/\.00$/, '');

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

async function getJson<T>(request: APIRequestContext, token: string, path: string): Promise<T> {
  const res = await request.get(`/api/dashboard/${path}`, { headers: auth(token) });
  expect(res.ok(), `${path}: ${res.status()}`).toBe(true);
  return (await res.json()) as T;
}

/** Every delivery of the customer in one tab (all pages). */
async function allDeliveries(
  request: APIRequestContext,
  token: string,
  tab: 'active' | 'archive' = 'active',
): Promise<TDelivery[]> {
  const out: TDelivery[] = [];
  for (let page = 1; ; page++) {
    const body = await getJson<{ data: TDelivery[]; meta: { last_page: number } }>(
      request,
      token,
      `customer/deliveries?tab=${tab}&page=${page}`,
    );
    out.push(...body.data);
    if (page >= body.meta.last_page) return out;
  }
}

async function counts(request: APIRequestContext, token: string) {
  const orders = await getJson<{ meta: TCounts }>(request, token, 'customer/orders?tab=active');
  const deliveries = await getJson<{ meta: TCounts }>(request, token, 'customer/deliveries?tab=active');
  return { orders: orders.meta, deliveries: deliveries.meta };
}

async function post(request: APIRequestContext, token: string, path: string, data: unknown = {}) {
  const res = await request.post(`/api/dashboard/${path}`, { headers: auth(token), data });
  expect(res.ok(), `${path}: ${res.status()} ${await res.text()}`).toBe(true);
  return ((await res.json()) as { data: unknown }).data;
}

/** A 1x1 PNG. */
const PNG_1PX =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/** Books a cash delivery for a customer (bodies as apps/api/test/deliveries.test.ts). */
async function bookDelivery(
  request: APIRequestContext,
  token: string,
  patch: Record<string, unknown> = {},
): Promise<TDelivery> {
  const place = (zip: string, street: string) => ({
    address: street,
    city_or_town: 'Los Angeles',
    state: 'CA',
    zip_code: zip,
    type_property: 'Home',
    flights_of_stairs: 0,
  });
  const data = (await post(request, token, 'customer/deliveries', {
    items: [
      { name: 'Sofa', count: 1, weight: 120, height: 3, width: 7, length: 3 },
      { name: 'Boxes', count: 4, weight: 20, height: 1.5, width: 1.5, length: 2 },
    ],
    vehicle_type: 3,
    pickup: place('90011', '742 E 49th St'),
    destination: place('90007', '2000 S Figueroa St'),
    arrival_date: laDay(4),
    arrival_time: '9-10',
    payment_method: 'cash',
    phone: '+1 (213) - 555 - 0177',
    tip: 10,
    ...patch,
  })) as { delivery: TDelivery };
  return data.delivery;
}

const toast = (page: Page, text: string) => page.locator('.mantine-Notifications-root').getByText(text);
const findCard = findDeliveryCard;

/** What is on screen (a dialog over the page), where snap() takes the whole page. */
async function shot(page: Page, name: string) {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.waitForTimeout(350);
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) });
}

async function noSidewaysOverflow(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'page is wider than the viewport').toBeLessThanOrEqual(0);
}

test.describe('customer deliveries', () => {
  test.describe.configure({ timeout: 120_000 });

  test('the tab counts add deliveries to moving orders, and each tab has a Deliveries section', async ({
    page,
  }) => {
    const token = await apiToken(page.request, 'customer');
    await loginAs(page, 'customer');
    await expect(page.getByTestId('delivery-card').first()).toBeVisible({ timeout: FIRST_LOAD });
    const c = await counts(page.request, token);
    expect(c.deliveries.active_count).toBeGreaterThan(0);
    await expect(page.getByRole('tab', { name: 'Active' })).toHaveText(
      `Active - ${c.orders.active_count + c.deliveries.active_count}`,
    );
    await expect(page.getByRole('tab', { name: 'Archive' })).toHaveText(
      `Archive - ${c.orders.archive_count + c.deliveries.archive_count}`,
    );
    // Both kinds, each under its own heading with its own count, and a way to jump between them.
    await expect(page.getByRole('heading', { level: 2, name: 'Moving orders' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Deliveries' })).toBeVisible();
    await expect(page.getByTestId('deliveries-count')).toHaveText(String(c.deliveries.active_count));
    await expect(page.getByTestId('moving-orders-count')).toHaveText(String(c.orders.active_count));
    await expect(
      page.getByTestId('dashboard-jump').getByRole('link', { name: /Deliveries/ }),
    ).toHaveAttribute('href', '#deliveries');
    // Customers see what they pay: invoice.total_price.
    const first = (await allDeliveries(page.request, token))[0] as TDelivery;
    const card = deliveryCard(page, first.id);
    await expect(card.getByTestId('delivery-price')).toHaveText(usd(first.invoice.total_price));
    await expect(card.getByTestId('delivery-items-name')).toHaveText(first.items_name);
    await snap(page, 'deliveries-customer-dashboard-desktop');
    // The Deliveries section pages on its own (15 a page).
    if (c.deliveries.active_count > 15) {
      await expect(page.getByTestId('delivery-card')).toHaveCount(15);
      await page.getByRole('button', { name: 'Next page of deliveries' }).click();
      await expect(page.getByTestId('delivery-card')).toHaveCount(
        Math.min(15, c.deliveries.active_count - 15),
      );
      await expect(card).toHaveCount(0);
    }
    await page.goto('/user-dashboard');
    await expect(page.getByTestId('delivery-card').first()).toBeVisible();
    await page.setViewportSize(PHONE);
    await page.evaluate(() => window.scrollTo(0, 0));
    await noSidewaysOverflow(page);
    await snap(page, 'deliveries-customer-dashboard-phone');
  });

  test('a new customer: the empty state, then deliveries alone with their own counts', async ({ page }) => {
    const token = await signInFreshCustomer(page, 'deliveries');
    await expect(page.getByTestId('orders-empty')).toContainText('Get a professional help for your move');
    await expect(page.getByRole('tab', { name: 'Active' })).toHaveText('Active - 0');
    await expect(page.getByRole('tab', { name: 'Archive' })).toHaveText('Archive - 0');

    const open = await bookDelivery(page.request, token, { notes: 'Gate code 1234, ring twice.' });
    const done = await bookDelivery(page.request, token, {
      items: [{ name: 'Bookcase', count: 1, weight: 70, height: 6, width: 3, length: 1.5 }],
      item_photos: [`data:image/png;base64,${PNG_1PX}`],
    });
    await post(page.request, token, `customer/deliveries/${done.id}/cancel`, { reason: REASON });
    await post(page.request, token, `customer/deliveries/${done.id}/archive`);

    await page.reload();
    await expect(page.getByRole('tab', { name: 'Active' })).toHaveText('Active - 1');
    await expect(page.getByRole('tab', { name: 'Archive' })).toHaveText('Archive - 1');
    // No moving orders: that section is hidden while Deliveries has cards.
    await expect(page.getByRole('heading', { level: 2, name: 'Deliveries' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Moving orders' })).toHaveCount(0);
    await expect(page.getByTestId('orders-empty')).toHaveCount(0);
    const card = deliveryCard(page, open.id);
    await expect(card.getByTestId('delivery-mover')).toHaveText('Waiting for a helper to accept');
    await expect(card.getByTestId('delivery-status')).toHaveText('New');
    await expect(card).toContainText('Pickup');
    await expect(card).toContainText('742 E 49th St, Los Angeles, CA 90011');
    await expect(card).toContainText('2000 S Figueroa St, Los Angeles, CA 90007');
    await expect(card).toContainText('9:00 AM - 10:00 AM');
    await expect(card.getByTestId('delivery-price')).toHaveText(usd(open.invoice.total_price));
    // A New delivery may be cancelled; nothing else is allowed yet.
    await expect(card.getByRole('button', { name: 'Cancel delivery' })).toBeVisible();
    await expect(card.getByRole('button', { name: 'Archive' })).toHaveCount(0);
    await expect(card.getByRole('button', { name: 'Confirm delivery' })).toHaveCount(0);

    // The details: notes, items, and a copy button for the destination.
    await card.getByRole('button', { name: 'View details' }).click();
    const dialog = page.getByRole('dialog', { name: `Delivery #${open.id}` });
    await expect(dialog.getByTestId('delivery-details-notes')).toContainText('Gate code 1234, ring twice.');
    await expect(dialog.getByTestId('delivery-items')).toContainText('Sofa');
    await expect(dialog.getByTestId('delivery-items')).toContainText('Boxes');
    await expect(dialog.getByTestId('delivery-details-mover')).toContainText(
      'Waiting for a helper to accept',
    );
    await expect(dialog.getByTestId('delivery-invoice')).toContainText('Base Price');
    await expect(dialog.getByTestId('delivery-invoice')).toContainText(usd(open.invoice.total_price));
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL('/user-dashboard');

    // Archive: the archived one, what happened to the money, no notes, its photo, Hire a new helper.
    await page.getByRole('tab', { name: /Archive/ }).click();
    const archived = deliveryCard(page, done.id);
    await expect(archived.getByTestId('delivery-status')).toHaveText('Customer Cancelled');
    await expect(archived.getByTestId('delivery-refund')).toHaveText('Nothing was charged');
    await expect(archived.getByRole('link', { name: 'Hire a new helper' })).toHaveAttribute(
      'href',
      '/delivery',
    );
    await expect(archived.getByRole('button', { name: 'Cancel delivery' })).toHaveCount(0);
    await archived.getByRole('button', { name: 'View details' }).click();
    const details = page.getByRole('dialog', { name: `Delivery #${done.id}` });
    await expect(details.getByTestId('delivery-details-notes')).toContainText('There is no notes!');
    await expect(details.getByTestId('delivery-details-cancellation')).toContainText(REASON);
    await expect(details.getByRole('img', { name: 'Item photo 1 of 1' })).toBeVisible();
    await expect(details.getByRole('link', { name: 'Hire a new helper' })).toBeVisible();
    await shot(page, 'deliveries-customer-details-cancelled');
    // The photo opens full size; an Escape pressed at once closes the photo, not the delivery.
    await details.getByRole('button', { name: 'Open item photo 1 of 1 full size' }).click();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Item photo 1 of 1' })).toBeHidden();
    await expect(details).toBeVisible();
  });

  test('the expired delivery explains itself; cancelling needs 20+ characters and says nothing was charged', async ({
    page,
  }) => {
    const token = await apiToken(page.request, 'customer');
    const expired = (await allDeliveries(page.request, token)).find((d) => d.is_expired);
    expect(expired, 'the demo has an expired delivery').toBeDefined();
    const id = (expired as TDelivery).id;
    await loginAs(page, 'customer');
    const card = await findCard(page, id);
    const badge = card.getByTestId('delivery-status');
    await expect(badge).toHaveText(EXPIRED_LABEL);
    await expect(card.getByTestId('delivery-mover')).toHaveText('No helper');
    await badge.hover();
    await expect(page.getByRole('tooltip')).toHaveText(EXPIRED_TOOLTIP);
    await page.mouse.move(0, 0);
    await expect(page.getByRole('tooltip')).toHaveCount(0);
    // Keyboard users reach it too (the tooltip opens on keyboard focus, not on a script's focus()).
    await badge.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    await expect(badge).toBeFocused();
    await expect(page.getByRole('tooltip')).toHaveText(EXPIRED_TOOLTIP);
    await page.keyboard.press('Tab');
    await expect(page.getByRole('tooltip')).toHaveCount(0);

    // The details say it in full, and cancel from there too (the reason replaces the details).
    await card.getByRole('button', { name: 'View details' }).click();
    const details = page.getByRole('dialog', { name: `Delivery #${id}` });
    await expect(details.getByTestId('delivery-expired-note')).toHaveText(EXPIRED_TOOLTIP);
    await details.getByRole('button', { name: 'Cancel delivery' }).click();
    await expect(details).toBeHidden();
    const dialog = page.getByRole('dialog', { name: 'Cancel delivery' });
    await dialog.getByRole('button', { name: 'Cancel delivery' }).click();
    await expect(dialog.getByText('This field is required.')).toBeVisible();
    await dialog.getByLabel('Reason').fill('Too late now.');
    await dialog.getByRole('button', { name: 'Cancel delivery' }).click();
    await expect(dialog.getByText('Minimum 20 characters required.')).toBeVisible();
    await shot(page, 'deliveries-customer-cancel-modal');
    await dialog.getByLabel('Reason').fill(REASON);
    await dialog.getByRole('button', { name: 'Cancel delivery' }).click();
    await expect(dialog).toBeHidden();
    // The demo delivery was cash: the toast and the card say nothing was charged.
    await expect(toast(page, 'Delivery cancelled')).toBeVisible();
    await expect(toast(page, 'Nothing was charged')).toBeVisible();
    await expect(card.getByTestId('delivery-status')).toHaveText('Customer Cancelled');
    await expect(card.getByTestId('delivery-refund')).toHaveText('Nothing was charged');
    await expect(card.getByRole('button', { name: 'Cancel delivery' })).toHaveCount(0);
    await expect(card.getByRole('button', { name: 'Archive' })).toBeVisible();
    const after = await getJson<{ data: TDelivery & { refund: unknown } }>(
      page.request,
      token,
      `customer/deliveries/${id}`,
    );
    expect(after.data.refund).toEqual({ status: 'nothing_to_refund', amount: 0 });
  });

  test('the approved payout is confirmed (Completed), archived and found in Archive; the cancelled Bicycle too', async ({
    page,
  }) => {
    const token = await apiToken(page.request, 'customer');
    const active = await allDeliveries(page.request, token);
    // Other files approve payouts of their own meanwhile: this one is the demo's approved 'TV 65"'.
    const approved = active.find(
      (d) => d.status_id === STATUS.waitingForComplete && d.canCustomerComplete && d.items_name === 'TV 65"',
    );
    const inReview = active.find((d) => d.status_id === STATUS.waitingForComplete && !d.canCustomerComplete);
    const bicycle = active.find(
      (d) => d.status_id === STATUS.customerCancelled && d.items_name === 'Bicycle' && d.canCustomerArchive,
    );
    expect(approved?.items_name).toBe('TV 65"');
    expect(bicycle).toBeDefined();
    const before = await counts(page.request, token);
    await loginAs(page, 'customer');

    // Still under review: the label, the explanation, nothing to press.
    if (inReview) {
      const reviewing = await findCard(page, inReview.id);
      await expect(reviewing.getByTestId('delivery-status')).toHaveText(REVIEW_LABEL);
      await expect(reviewing.getByTestId('delivery-note')).toContainText('We are checking it');
      await expect(reviewing.getByRole('button', { name: 'Confirm delivery' })).toHaveCount(0);
      await page.goto('/user-dashboard');
    }

    const id = (approved as TDelivery).id;
    const card = await findCard(page, id);
    await expect(card.getByTestId('delivery-status')).toHaveText(REVIEW_LABEL);
    await expect(card.getByTestId('delivery-note')).toHaveText(CONFIRM_LINE);
    await expect(card.getByTestId('delivery-mover')).toContainText('Lee Labor');
    await card.getByRole('button', { name: 'Confirm delivery' }).click();
    const confirm = page.getByRole('dialog', { name: `Confirm delivery #${id} is done` });
    await expect(confirm.getByTestId('tip-summary')).toHaveText('Tip: $0 — 100 % goes to your crew');
    await confirm.getByRole('button', { name: 'Confirm completion' }).click();
    await expect(toast(page, 'Delivery completed')).toBeVisible();
    await expect(card.getByTestId('delivery-status')).toHaveText('Completed');
    await expect(card.getByRole('button', { name: 'Confirm delivery' })).toHaveCount(0);
    await card.getByRole('button', { name: 'Archive' }).click();
    await expect(toast(page, 'Delivery removed').first()).toBeVisible();
    await expect(deliveryCard(page, id)).toHaveCount(0);

    const bike = await findCard(page, (bicycle as TDelivery).id);
    await expect(bike.getByTestId('delivery-refund')).toHaveText('Nothing was charged');
    await bike.getByRole('button', { name: 'Archive' }).click();
    await expect(deliveryCard(page, (bicycle as TDelivery).id)).toHaveCount(0);

    const total = (c: typeof before) => ({
      active: c.orders.active_count + c.deliveries.active_count,
      archive: c.orders.archive_count + c.deliveries.archive_count,
    });
    const now = total(await counts(page.request, token));
    expect(now.archive).toBe(total(before).archive + 2);
    await expect(page.getByRole('tab', { name: 'Active' })).toHaveText(`Active - ${now.active}`);
    await page.getByRole('tab', { name: 'Archive' }).click();
    await expect(page.getByRole('tab', { name: 'Archive' })).toHaveText(`Archive - ${now.archive}`);
    const archived = await findCard(page, id);
    await expect(archived.getByTestId('delivery-status')).toHaveText('Completed');
    await expect(archived.getByRole('link', { name: 'Hire a new helper' })).toHaveAttribute(
      'href',
      '/delivery',
    );
    await expect(archived.getByRole('button', { name: 'Archive' })).toHaveCount(0);
    await expect(deliveryCard(page, (bicycle as TDelivery).id)).toBeVisible();
  });

  test('details modal: mover, copy the destination, items, invoice; full screen and no overflow at 340 px', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const token = await apiToken(page.request, 'customer');
    const list = await allDeliveries(page.request, token);
    // Completed ones never change (no other test touches them): one by a labor user, one by a company.
    const byLabor = list.find(
      (d) => d.status_id === STATUS.completed && d.acceptor?.kind === 'labor',
    ) as TDelivery;
    const byCompany = list.find(
      (d) => d.status_id === STATUS.completed && d.acceptor?.kind === 'company',
    ) as TDelivery;
    expect(byLabor && byCompany).toBeTruthy();
    await loginAs(page, 'customer');

    await (await findCard(page, byLabor.id)).getByRole('button', { name: 'View details' }).click();
    const dialog = page.getByRole('dialog', { name: `Delivery #${byLabor.id}` });
    await expect(page).toHaveURL(`/user-dashboard?delivery_id=${byLabor.id}`);
    const mover = dialog.getByTestId('delivery-details-mover');
    await expect(mover).toContainText(byLabor.acceptor?.name ?? '');
    await expect(mover.getByRole('link', { name: byLabor.acceptor?.phone ?? '' })).toHaveAttribute(
      'href',
      /^tel:\+1\d{10}$/,
    );
    await expect(dialog.getByTestId('delivery-details-notes')).toContainText(
      byLabor.notes ?? 'There is no notes!',
    );
    for (const item of byLabor.items)
      await expect(dialog.getByTestId('delivery-items')).toContainText(item.name);
    await expect(dialog.getByTestId('delivery-details-other')).toContainText('Cash');
    await expect(dialog.getByTestId('delivery-invoice')).toContainText('Total');
    await expect(dialog.getByTestId('delivery-invoice')).not.toContainText('Processing Fee');

    await dialog.getByRole('button', { name: 'Copy destination address' }).click();
    await expect(toast(page, 'Copied successfully')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(byLabor.destination.full_address);
    // A browser that refuses the clipboard gets the spec's failure message.
    await page.evaluate(() => {
      navigator.clipboard.writeText = () => Promise.reject(new Error('denied'));
    });
    await dialog.getByRole('button', { name: 'Copy destination address' }).click();
    await expect(toast(page, 'Error while is copying')).toBeVisible();
    await shot(page, 'deliveries-customer-details-desktop');

    // A company's delivery links to its public page.
    await page.goto(`/user-dashboard?delivery_id=${byCompany.id}`);
    const company = page.getByRole('dialog', { name: `Delivery #${byCompany.id}` });
    await expect(company.getByTestId('delivery-details-mover')).toContainText(byCompany.acceptor?.name ?? '');
    await expect(company.getByRole('link', { name: /View company page/ })).toHaveAttribute(
      'href',
      `/profile/${byCompany.acceptor?.slug}`,
    );

    // Phones: the modal fills the screen and nothing scrolls sideways.
    await page.setViewportSize(PHONE);
    await expect(company).toBeVisible();
    const box = await company.boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(PHONE.width - 1);
    await noSidewaysOverflow(page);
    // Nothing inside it is wider than the phone either (the items table scrolls in its own box)...
    const inside = await page.evaluate(() => {
      const content = document.querySelector('.mantine-Modal-content') as HTMLElement;
      return content.scrollWidth - content.clientWidth;
    });
    expect(inside, 'the dialog is wider than the phone').toBeLessThanOrEqual(0);
    // ...and the page header does not cover its close button.
    const covered = await page.evaluate(() => {
      const close = document.querySelector('.mantine-Modal-close') as HTMLElement;
      const r = close.getBoundingClientRect();
      const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return !(top && close.contains(top));
    });
    expect(covered, 'the close button is hidden under the page header').toBe(false);
    await shot(page, 'deliveries-customer-details-phone');
    await page.keyboard.press('Escape');
    await expect(company).toBeHidden();
    await noSidewaysOverflow(page);
    await page.setViewportSize(DESKTOP);
  });
});
