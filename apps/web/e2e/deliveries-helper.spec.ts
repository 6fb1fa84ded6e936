import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { TDeliveryView } from '@haulpro/shared/delivery-view';
import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import { chooseBranch, expectNoHorizontalOverflow } from './branch-api.ts';
import { apiToken } from './demo-booking.ts';
import {
  DESKTOP,
  expect,
  loginAs,
  menuItems,
  PHONE,
  SCREENSHOT_DIR,
  type TDemoRole,
  test,
  uniqueEmail,
} from './fixtures.ts';

/*
 * The helper side of deliveries (spec: Helper (delivery) dashboard, Delivery actions, Expired
 * delivery and payout): a labor user's /labor-dashboard and the company dashboard's Delivery tab.
 * Demo records this file may change: the labor user's 'Sofa, Moving boxes ×6' and 'Bookcase'
 * deliveries due today (Get Paid) and the company's 'Washing machine' (the letter). Accept,
 * reject and the lost race run on deliveries booked here by customers of the test's own; the
 * demo's own New deliveries stay open for the other spec files.
 */

const SHOTS = path.join(SCREENSHOT_DIR, 'deliveries-helper');
mkdirSync(SHOTS, { recursive: true });

/** A screenshot to look at: the whole page, or only the viewport (modals). */
async function shot(page: Page, name: string, fullPage = true) {
  await page.waitForTimeout(350);
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage });
}

/** A day on the demo's calendar (Los Angeles). */
function laDay(offset: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles' }).format(new Date());
  return new Date(Date.parse(`${today}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
}

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** A customer of the test's own, signed up through the API; answers their token and e-mail. */
async function freshCustomer(request: APIRequestContext): Promise<{ token: string; email: string }> {
  const email = uniqueEmail('deliveries-a');
  const password = 'deliveries-password-1';
  const registered = await request.post('/api/dashboard/auth/register', {
    data: { first_name: 'Dana', last_name: 'Delivery', email, password },
  });
  expect(registered.ok(), await registered.text()).toBe(true);
  const login = await request.post('/api/dashboard/auth/login', { data: { email, password } });
  expect(login.ok()).toBe(true);
  return { token: ((await login.json()) as { data: { token: string } }).data.token, email };
}

const place = (zip: string, street: string) => ({
  address: street,
  city_or_town: 'Los Angeles',
  state: 'CA',
  zip_code: zip,
  type_property: 'Home',
  flights_of_stairs: 1,
});

/**
 * A fresh customer books a cash delivery from 90011 (inside the labor user's and both demo
 * branches' service areas) three days ahead: it is New for all of them.
 */
async function bookDelivery(
  request: APIRequestContext,
  itemName: string,
): Promise<{ delivery: TDeliveryView; email: string }> {
  const customer = await freshCustomer(request);
  const res = await request.post('/api/dashboard/customer/deliveries', {
    headers: auth(customer.token),
    data: {
      items: [{ name: itemName, count: 1, weight: 60, height: 3, width: 2, length: 4 }],
      vehicle_type: 3,
      pickup: place('90011', '742 E 49th St'),
      destination: place('90007', '2000 S Figueroa St'),
      arrival_date: laDay(3),
      arrival_time: '10-11',
      payment_method: 'cash',
      phone: '+1 (213) - 555 - 0199',
      notes: 'Side door, ring twice.',
      tip: 5,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return {
    delivery: ((await res.json()) as { data: { delivery: TDeliveryView } }).data.delivery,
    email: customer.email,
  };
}

async function signedIn(
  browser: Browser,
  role: TDemoRole,
  viewport = DESKTOP,
  { live = true }: { live?: boolean } = {},
): Promise<Page> {
  const context = await browser.newContext({ viewport });
  // Without its live stream (a proxy that drops it, a lost connection) a page shows what it loaded.
  if (!live) await context.route('**/api/dashboard/events*', (route) => route.abort());
  const page = await context.newPage();
  await loginAs(page, role);
  return page;
}

const cards = (page: Page) => page.getByTestId('delivery-card');
const cardById = (page: Page, id: number) =>
  page.locator(`[data-testid="delivery-card"][data-delivery-id="${id}"]`);
const cardByItems = (page: Page, items: string) =>
  page.locator(`[data-testid="delivery-card"][data-items=${JSON.stringify(items)}]`);

async function tabCount(page: Page, name: 'New bidding' | 'Accepted'): Promise<number> {
  const tab = page.getByRole('tab', { name: new RegExp(`^${name} - \\d+$`) });
  await expect(tab).toBeVisible();
  return Number(((await tab.textContent()) ?? '').split(' - ')[1]);
}

async function openTab(page: Page, name: 'New bidding' | 'Accepted') {
  await page.getByRole('tab', { name: new RegExp(`^${name}`) }).click();
  await expect(page.getByRole('tab', { name: new RegExp(`^${name}`) })).toHaveAttribute(
    'aria-selected',
    'true',
  );
}

/** Walks the pages of the current tab until the card is there. */
async function findCard(page: Page, card: Locator): Promise<Locator> {
  await expect(cards(page).first()).toBeVisible();
  for (let i = 0; i < 10; i += 1) {
    if (await card.count()) return card;
    const next = page.getByRole('button', { name: 'Next page' });
    if (!(await next.count()) || (await next.isDisabled())) break;
    await next.click();
    await page.waitForTimeout(300);
  }
  await expect(card).toBeVisible();
  return card;
}

/** A modal scrolls on its own: nothing inside it may be wider than it either. */
async function expectNoOverflowIn(box: Locator) {
  const overflow = await box.evaluate((el) =>
    Math.max(el.scrollWidth - el.clientWidth, el.getBoundingClientRect().right - window.innerWidth),
  );
  expect(overflow, 'content is wider than its box or the screen').toBeLessThanOrEqual(0);
}

/** A PNG drawn by Chromium (24x16) and a one-page PDF stub: both pass the server's byte check. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABgAAAAQCAYAAAAMJL+VAAAARElEQVR4AeSSwQkAIAwDS9ZxBKEDOpbgWuoK9+nDWLhfoOSI2shTiaL4DB8szSBQs4aKaHWaM1TUdwbhY0W0Os29v6ILAAD//+8nwK4AAAAGSURBVAMAff9M0Ty3xYkAAAAASUVORK5CYII=',
  'base64',
);
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);

test.describe('deliveries: the helper side', () => {
  // Several sign-ins per test on a shared machine.
  test.slow();

  test('labor sees both tabs with counts, the Earnings button and a New delivery with its contact blurred', async ({
    page,
  }) => {
    await loginAs(page, 'labor');
    expect(await menuItems(page)).toEqual(['Orders', 'Today', 'Settings', 'Log out']);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('link', { name: 'Earnings' })).toHaveAttribute('href', '/labor-earnings');

    const token = await apiToken(page.request, 'labor');
    const answer = (await (
      await page.request.get('/api/dashboard/deliveries?tab=new', { headers: auth(token) })
    ).json()) as { counts: { new: number; accepted: number } };
    expect(await tabCount(page, 'New bidding')).toBeGreaterThan(0);
    expect(await tabCount(page, 'Accepted')).toBeGreaterThan(0);
    // Other files change other deliveries meanwhile: the labels match the API's counts then or later.
    expect(Math.abs((await tabCount(page, 'Accepted')) - answer.counts.accepted)).toBeLessThanOrEqual(3);

    // New cards: payout first, the customer's price second, the countdown ticking, addresses cut at 40.
    const dresser = await findCard(page, cardByItems(page, 'Dresser, Dining table'));
    await expect(dresser.getByTestId('delivery-payout')).toContainText('Total Payout');
    await expect(dresser.getByTestId('delivery-payout')).toContainText(/Customer pays \$/);
    const countdown = dresser.getByTestId('order-countdown');
    const before = (await countdown.textContent()) ?? '';
    await expect(countdown).not.toHaveText(before, { timeout: 3000 });
    await expect(dresser.getByTestId('delivery-phone')).toContainText('****');
    // The store's address is 41 characters: cut at 40, the whole of it in the title.
    const tv = await findCard(page, cardByItems(page, 'TV 65"'));
    const pickup = tv.getByTestId('delivery-pickup');
    await expect(pickup).toHaveAttribute('title', '2000 S Figueroa St, Los Angeles, CA 90007');
    await expect(pickup).toHaveText('2000 S Figueroa St, Los Angeles, CA 9000...');
    await shot(page, 'labor-dashboard-new-1280');

    await dresser.getByRole('button', { name: 'View details' }).click();
    const modal = page.getByRole('dialog', { name: /^Delivery #\d+$/ });
    await expect(modal).toBeVisible();
    await expect(modal.getByTestId('delivery-customer')).toHaveAttribute('data-contact', 'hidden');
    await expect(modal.getByText('Shown once you accept')).toBeVisible();
    await expect(modal.getByTestId('delivery-notes')).toHaveText('Third floor, elevator available.');
    await expect(modal.getByTestId('delivery-items')).toContainText('Dresser');
    await expect(modal.getByTestId('delivery-invoice')).toContainText('Processing Fee');
    await expect(modal.getByTestId('delivery-invoice')).toContainText('Total Payout');
    await expect(modal.getByRole('button', { name: 'Accept' })).toBeVisible();
    await expect(modal.getByRole('button', { name: 'Reject' })).toBeVisible();
    await shot(page, 'labor-details-new-1280', false);
    await page.keyboard.press('Escape');
    await expect(modal).toBeHidden();

    await tv.getByRole('button', { name: 'View details' }).click();
    await expect(modal.getByTestId('delivery-notes')).toHaveText('There is no notes!');
    await page.keyboard.press('Escape');

    await openTab(page, 'Accepted');
    await expect(cards(page).first()).toBeVisible();
    // Accepted jobs never show a countdown.
    await expect(page.getByTestId('order-countdown')).toHaveCount(0);
    await shot(page, 'labor-dashboard-accepted-1280');
  });

  test('labor accepts a fresh delivery (the contact shows); the company, a step behind, gets the 409', async ({
    browser,
    request,
  }) => {
    const { delivery, email } = await bookDelivery(request, 'Race chair');
    // The company's page has no live stream, so it is still a step behind when it clicks.
    const staff = await signedIn(browser, 'staff', DESKTOP, { live: false });
    const staffCard = await findCard(staff, cardById(staff, delivery.id));
    await expect(staffCard.getByRole('button', { name: 'Accept with nearest branch' })).toBeVisible();

    const labor = await signedIn(browser, 'labor');
    const newBefore = await tabCount(labor, 'New bidding');
    const card = await findCard(labor, cardById(labor, delivery.id));
    await card.getByRole('button', { name: 'Accept', exact: true }).click();
    await expect(labor.getByText('Delivery accepted')).toBeVisible();
    await expect(cardById(labor, delivery.id)).toHaveCount(0);
    await expect.poll(() => tabCount(labor, 'New bidding')).toBeLessThan(newBefore + 1);

    await openTab(labor, 'Accepted');
    const held = await findCard(labor, cardById(labor, delivery.id));
    await expect(held.getByTestId('delivery-phone')).toHaveText('+1 (213) - 555 - 0199');
    await held.getByRole('button', { name: 'View details' }).click();
    const modal = labor.getByRole('dialog', { name: `Delivery #${delivery.id}` });
    await expect(modal.getByTestId('delivery-customer')).toHaveAttribute('data-contact', 'shown');
    await expect(modal.getByTestId('delivery-customer')).toContainText(email);
    await expect(modal.getByText('Shown once you accept')).toHaveCount(0);
    await expect(modal.getByTestId('delivery-notes')).toHaveText('Side door, ring twice.');
    await expect(modal.getByRole('button', { name: 'Cancel delivery' })).toBeVisible();
    await expect(modal.getByRole('button', { name: 'Accept' })).toHaveCount(0);
    await labor.keyboard.press('Escape');

    // The company still shows the card it loaded before: its accept loses the race.
    await staffCard.getByRole('button', { name: 'Accept with nearest branch' }).click();
    await expect(staff.getByText('Another helper accepted this delivery first.')).toBeVisible();
    await expect(cardById(staff, delivery.id)).toHaveCount(0);
    await staff.context().close();

    // The labor user gives it back with a reason: it leaves their Accepted tab.
    await held.getByRole('button', { name: 'Cancel delivery' }).click();
    const reason = labor.getByRole('dialog', { name: 'Cancel delivery' });
    await reason.getByLabel('Reason').fill('Too short');
    await reason.getByRole('button', { name: 'Cancel delivery' }).click();
    await expect(reason.getByText('Minimum 20 characters required.')).toBeVisible();
    await reason.getByLabel('Reason').fill('My truck broke down this morning, sorry.');
    await reason.getByRole('button', { name: 'Cancel delivery' }).click();
    await expect(labor.getByText('Delivery cancelled')).toBeVisible();
    await expect(cardById(labor, delivery.id)).toHaveCount(0);
    await labor.context().close();
  });

  test('labor rejects a fresh delivery: it leaves their New tab and stays open for the company', async ({
    page,
    request,
  }) => {
    const { delivery } = await bookDelivery(request, 'Reject lamp');
    await loginAs(page, 'labor');
    const card = await findCard(page, cardById(page, delivery.id));
    await card.getByRole('button', { name: 'Reject' }).click();
    const confirm = page.getByRole('dialog', { name: 'Reject this delivery?' });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Reject' }).click();
    await expect(page.getByText('Delivery rejected')).toBeVisible();
    await expect(cardById(page, delivery.id)).toHaveCount(0);
    await page.reload();
    await expect(cards(page).first()).toBeVisible();
    await expect(cardById(page, delivery.id)).toHaveCount(0);

    const staff = await apiToken(request, 'staff');
    const seen = await request.get(`/api/dashboard/deliveries/${delivery.id}`, { headers: auth(staff) });
    expect(((await seen.json()) as { data: TDeliveryView }).data.status).toBe('New');
  });

  test('company: a branch view cannot accept; All branches accepts with the nearest branch', async ({
    page,
    request,
  }) => {
    const { delivery } = await bookDelivery(request, 'Branch desk');
    await loginAs(page, 'staff');
    await expect(page.getByRole('tab', { name: /^Delivery - \d+$/ })).toBeVisible();

    await chooseBranch(page, 'Demo Movers Los Angeles');
    const note = page.getByTestId('branch-view-note');
    await expect(note).toContainText('A branch-level view cannot accept new biddings');
    const inBranch = await findCard(page, cardById(page, delivery.id));
    await expect(inBranch.getByRole('button', { name: /^Accept/ })).toHaveCount(0);
    await inBranch.getByRole('button', { name: 'View details' }).click();
    const modal = page.getByRole('dialog', { name: `Delivery #${delivery.id}` });
    await expect(
      modal.getByText('A branch-level view cannot accept new biddings.', { exact: false }),
    ).toBeVisible();
    await expect(modal.getByRole('button', { name: /^Accept/ })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await shot(page, 'company-branch-view-1280');

    await note.getByRole('button', { name: 'Switch to All branches' }).click();
    await expect(page.getByTestId('branch-selector')).toHaveAccessibleName('Branch: All Branches');
    await expect(note).toHaveCount(0);
    const card = await findCard(page, cardById(page, delivery.id));
    await expect(card.getByTestId('delivery-nearest-branch')).toHaveText(
      /^Nearest branch: Demo Movers Los Angeles · \d+(\.\d)? mi from the pickup$/,
    );
    await shot(page, 'company-all-branches-1280');

    // 'Delivery - n' is New plus Accepted of the active branch.
    const header = async () =>
      Number(
        ((await page.getByRole('tab', { name: /^Delivery - \d+$/ }).textContent()) ?? '').split(' - ')[1],
      );
    await expect
      .poll(
        async () =>
          (await header()) - (await tabCount(page, 'New bidding')) - (await tabCount(page, 'Accepted')),
      )
      .toBe(0);

    await card.getByRole('button', { name: 'Accept with nearest branch' }).click();
    await expect(page.getByText('Delivery accepted')).toBeVisible();
    await expect(cardById(page, delivery.id)).toHaveCount(0);
    await openTab(page, 'Accepted');
    const held = await findCard(page, cardById(page, delivery.id));
    await expect(held.getByTestId('delivery-status')).toHaveText('Accepted');
    const token = await apiToken(request, 'staff');
    const after = (await (
      await request.get(`/api/dashboard/deliveries/${delivery.id}`, { headers: auth(token) })
    ).json()) as { data: TDeliveryView };
    expect(after.data.acceptor?.name).toContain('Demo Movers');
  });

  test('print for customer signature: the letter is one letter-size page', async ({ page }) => {
    await loginAs(page, 'staff');
    await openTab(page, 'Accepted');
    const card = await findCard(page, cardByItems(page, 'Washing machine'));
    const link = card.getByRole('link', { name: 'Print for Customer Signature' });
    const id = await card.getAttribute('data-delivery-id');
    await expect(link).toHaveAttribute('href', `/delivery-letter/${id}`);
    const [letter] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
    await letter.waitForLoadState();
    await expect(letter).toHaveURL(`/delivery-letter/${id}`);
    const sheet = letter.getByTestId('delivery-letter');
    await expect(sheet).toBeVisible();
    await expect(sheet).toContainText(`Delivery #${id}`);
    await expect(sheet).toContainText('I confirm the items above were delivered in good condition.');
    await expect(sheet).toContainText('Customer signature');
    await expect(sheet).toContainText('Helper signature');
    await expect(sheet).toContainText('Demo Movers');
    await expect(sheet).toContainText('Washing machine');
    await expect(sheet).toContainText('Total Payout');
    await expect(letter.getByRole('button', { name: 'Print' })).toBeVisible();
    await letter.setViewportSize(DESKTOP);
    await shot(letter, 'letter-screen-1280');

    const pdf = await letter.pdf({ preferCSSPageSize: true });
    const doc = await PDFDocument.load(pdf);
    expect(doc.getPageCount()).toBe(1);
    const { width, height } = doc.getPage(0).getSize();
    expect([Math.round(width), Math.round(height)]).toEqual([612, 792]);
    const file = path.join(SHOTS, 'letter.pdf');
    writeFileSync(file, pdf);
    try {
      execFileSync('pdftoppm', ['-png', '-r', '60', '-singlefile', file, path.join(SHOTS, 'letter-print')]);
    } catch {
      // poppler-utils is only for looking at it; the checks above stand without it.
    }
    // The Print button is not on paper.
    await letter.emulateMedia({ media: 'print' });
    await expect(letter.getByRole('button', { name: 'Print' })).toBeHidden();
    await letter.emulateMedia({ media: 'screen' });
    await letter.setViewportSize(PHONE);
    await expectNoHorizontalOverflow(letter);
    await shot(letter, 'letter-screen-340', false);

    // Only the helper holding a delivery gets its letter.
    const open = await page.request.get('/api/dashboard/deliveries?tab=new', {
      headers: auth(await apiToken(page.request, 'staff')),
    });
    const notMine = ((await open.json()) as { data: TDeliveryView[] }).data[0];
    expect(notMine).toBeDefined();
    await letter.goto(`/delivery-letter/${notMine?.id}`);
    await expect(letter.getByText("We couldn't load the letter")).toBeVisible();
    await expect(letter.getByRole('button', { name: 'Print' })).toBeDisabled();
  });

  test('Get Paid: no files is refused, two files and a duplicate are sent: Payment Review in Progress', async ({
    page,
  }) => {
    await loginAs(page, 'labor');
    await openTab(page, 'Accepted');
    const card = await findCard(
      page,
      page.locator(
        '[data-testid="delivery-card"][data-items="Sofa, Moving boxes ×6"][data-status="Accepted"]',
      ),
    );
    const id = Number(await card.getAttribute('data-delivery-id'));
    await expect(card.getByRole('link', { name: 'Print for Customer Signature' })).toBeVisible();
    await card.getByRole('button', { name: 'Get Paid' }).click();
    const modal = page.getByRole('dialog', { name: 'Get Paid' });
    await expect(modal).toBeVisible();
    await modal.getByRole('button', { name: 'Submit for payout' }).click();
    await expect(modal.getByTestId('payout-files-error')).toHaveText('At least 1 to 5 files are required');
    await shot(page, 'payout-no-files-1280', false);

    const input = modal.locator('input[type="file"]');
    await input.setInputFiles([
      { name: 'signed-letter.pdf', mimeType: 'application/pdf', buffer: PDF },
      { name: 'sofa-delivered.png', mimeType: 'image/png', buffer: PNG },
    ]);
    await expect(modal.getByTestId('payout-files').getByRole('listitem')).toHaveCount(2);
    await expect(modal.getByTestId('payout-files-error')).toHaveCount(0);
    // The same name and size again is counted once.
    await input.setInputFiles([{ name: 'sofa-delivered.png', mimeType: 'image/png', buffer: PNG }]);
    await expect(modal.getByTestId('payout-duplicates')).toContainText('sofa-delivered.png');
    await expect(modal.getByTestId('payout-files').getByRole('listitem')).toHaveCount(2);
    // A removed file goes; adding it back brings it.
    await modal.getByRole('button', { name: 'Remove sofa-delivered.png' }).click();
    await expect(modal.getByTestId('payout-files').getByRole('listitem')).toHaveCount(1);
    await input.setInputFiles([{ name: 'sofa-delivered.png', mimeType: 'image/png', buffer: PNG }]);
    await expect(modal.getByTestId('payout-files').getByRole('listitem')).toHaveCount(2);
    await modal.getByLabel('Note for the reviewer (optional)').fill('Delivered at 9:40, customer signed.');
    await shot(page, 'payout-files-1280', false);

    await modal.getByRole('button', { name: 'Submit for payout' }).click();
    await expect(page.getByText('Submitted for payout: Payment Review in Progress')).toBeVisible();
    await expect(modal).toBeHidden();
    const done = cardById(page, id);
    await expect(done.getByTestId('payout-state')).toContainText('Payment Review in Progress');
    await expect(done.getByTestId('delivery-status')).toHaveText('Payment Review in Progress');
    await expect(done.getByRole('button', { name: 'Get Paid' })).toHaveCount(0);
    await expect(done.getByRole('link', { name: 'Print for Customer Signature' })).toBeVisible();

    // What arrived: the two files (the duplicate counted once) and the note.
    const token = await apiToken(page.request, 'labor');
    const view = (await (
      await page.request.get(`/api/dashboard/deliveries/${id}`, { headers: auth(token) })
    ).json()) as { data: TDeliveryView };
    expect(view.data.payout?.files.map((f) => f.name).sort()).toEqual([
      'signed-letter.pdf',
      'sofa-delivered.png',
    ]);
    expect(view.data.payout?.helper_note).toBe('Delivered at 9:40, customer signed.');
    expect(view.data.payout?.signed_on_device).toBe(false);

    // The admin refuses it with a reason: the helper reads it and can Get Paid again.
    const admin = await apiToken(page.request, 'admin');
    const reason = 'The letter is not signed: ask the customer to sign it, please.';
    const refused = await page.request.post(`/api/admin/payouts/${view.data.payout?.id}/reject`, {
      headers: auth(admin),
      data: { reason },
    });
    expect(refused.ok(), await refused.text()).toBe(true);
    await page.reload();
    await openTab(page, 'Accepted');
    const again = await findCard(page, cardById(page, id));
    await expect(again.getByTestId('payout-state')).toContainText('Payout not approved');
    await expect(again.getByTestId('payout-state')).toContainText(reason);
    await expect(again.getByRole('button', { name: 'Get Paid' })).toBeVisible();
    await again.scrollIntoViewIfNeeded();
    await shot(page, 'payout-rejected-1280', false);
  });

  test('Get Paid by the customer signing on the device', async ({ page }) => {
    await loginAs(page, 'labor');
    await openTab(page, 'Accepted');
    const card = await findCard(
      page,
      page.locator('[data-testid="delivery-card"][data-items="Bookcase"][data-status="Accepted"]'),
    );
    const id = Number(await card.getAttribute('data-delivery-id'));
    await card.getByRole('button', { name: 'Get Paid' }).click();
    const modal = page.getByRole('dialog', { name: 'Get Paid' });
    await modal.getByText('Sign on device').click();
    const canvas = modal.getByTestId('signature-canvas');
    await expect(canvas).toBeVisible();
    await modal.getByRole('button', { name: 'Submit for payout' }).click();
    await expect(modal.getByText('Ask the customer to sign in the box above.')).toBeVisible();

    const box = await canvas.boundingBox();
    if (!box) throw new Error('no signature box');
    // A scribble: a few strokes across the box.
    for (const [y0, y1] of [
      [0.6, 0.3],
      [0.35, 0.7],
    ] as const) {
      await page.mouse.move(box.x + box.width * 0.15, box.y + box.height * y0);
      await page.mouse.down();
      for (let i = 1; i <= 12; i += 1) {
        const x = box.x + box.width * (0.15 + (0.7 * i) / 12);
        const y = box.y + box.height * (y0 + ((y1 - y0) * i) / 12 + (i % 2 ? 0.05 : -0.05));
        await page.mouse.move(x, y);
      }
      await page.mouse.up();
    }
    await expect(modal.getByText('Ask the customer to sign in the box above.')).toHaveCount(0);
    // Clear empties the box; sign again.
    await modal.getByRole('button', { name: 'Clear' }).click();
    await modal.getByRole('button', { name: 'Submit for payout' }).click();
    await expect(modal.getByText('Ask the customer to sign in the box above.')).toBeVisible();
    await page.mouse.move(box.x + 30, box.y + 120);
    await page.mouse.down();
    for (let i = 1; i <= 15; i += 1) await page.mouse.move(box.x + 30 + i * 18, box.y + 120 - (i % 3) * 25);
    await page.mouse.up();
    await shot(page, 'payout-signature-1280', false);

    await modal.getByRole('button', { name: 'Submit for payout' }).click();
    await expect(page.getByText('Submitted for payout: Payment Review in Progress')).toBeVisible();
    await expect(cardById(page, id).getByTestId('payout-state')).toContainText('Payment Review in Progress');

    const token = await apiToken(page.request, 'labor');
    const view = (await (
      await page.request.get(`/api/dashboard/deliveries/${id}`, { headers: auth(token) })
    ).json()) as { data: TDeliveryView };
    expect(view.data.payout?.signed_on_device).toBe(true);
    expect(view.data.payout?.files.map((f) => f.type)).toEqual(['application/pdf']);
  });

  test('empty and error states', async ({ page }) => {
    await loginAs(page, 'labor');
    await expect(cards(page).first()).toBeVisible();
    await page.route(/\/api\/dashboard\/deliveries\?/, (route) =>
      route.fulfill({
        json: {
          data: [],
          meta: { current_page: 1, last_page: 1, per_page: 15, total: 0 },
          counts: { new: 0, accepted: 0 },
        },
      }),
    );
    await page.goto('/labor-dashboard');
    await expect(page.getByRole('tab', { name: 'New bidding - 0' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Accepted - 0' })).toBeVisible();
    await expect(page.getByText('Get a professional help for your move')).toBeVisible();
    await shot(page, 'labor-empty-1280');

    await page.unroute(/\/api\/dashboard\/deliveries\?/);
    await page.route(/\/api\/dashboard\/deliveries\?/, (route) =>
      route.fulfill({ status: 500, json: { message: 'Something broke on our side.' } }),
    );
    await page.reload();
    await expect(page.getByText("We couldn't load the deliveries")).toBeVisible();
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
    await shot(page, 'labor-error-1280');
    await page.unroute(/\/api\/dashboard\/deliveries\?/);
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(cards(page).first()).toBeVisible();
  });

  test('340 px: the dashboards and the details modal fit the phone', async ({ browser }) => {
    const labor = await signedIn(browser, 'labor', PHONE);
    await expect(cards(labor).first()).toBeVisible();
    await expectNoHorizontalOverflow(labor);
    await shot(labor, 'labor-dashboard-340', false);
    await cards(labor).first().getByRole('button', { name: 'View details' }).click();
    const modal = labor.getByRole('dialog', { name: /^Delivery #\d+$/ });
    await expect(modal).toBeVisible();
    await expectNoHorizontalOverflow(labor);
    await expectNoOverflowIn(modal.locator('.mantine-Modal-body'));
    await shot(labor, 'labor-details-340', false);
    await labor.keyboard.press('Escape');
    await openTab(labor, 'Accepted');
    await expect(cards(labor).first()).toBeVisible();
    await expectNoHorizontalOverflow(labor);
    await shot(labor, 'labor-accepted-340', false);
    const payable = labor.locator('[data-testid="delivery-card"]', {
      has: labor.getByRole('button', { name: 'Get Paid' }),
    });
    if (await payable.count()) {
      await payable.first().getByRole('button', { name: 'Get Paid' }).click();
      await expect(labor.getByRole('dialog', { name: 'Get Paid' })).toBeVisible();
      await expectNoHorizontalOverflow(labor);
      await expectNoOverflowIn(
        labor.getByRole('dialog', { name: 'Get Paid' }).locator('.mantine-Modal-body'),
      );
      await shot(labor, 'payout-340', false);
      await labor.keyboard.press('Escape');
    }
    await labor.context().close();

    const staff = await signedIn(browser, 'staff', PHONE);
    await expect(cards(staff).first()).toBeVisible();
    await expectNoHorizontalOverflow(staff);
    await shot(staff, 'company-deliveries-340', false);
    await staff.context().close();
  });
});
