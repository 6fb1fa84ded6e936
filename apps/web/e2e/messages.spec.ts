import { mkdirSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { DELIVERY_STATUS } from '@haulpro/shared/delivery';
import { MSG } from '@haulpro/shared/messages';
import { MASKED_CONTACT, TALK_MSG } from '@haulpro/shared/talk';
import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import { apiToken, bookDemoOrder } from './demo-booking.ts';
import { DESKTOP, expect, loginAs, PHONE, SCREENSHOT_DIR, type TDemoRole, test } from './fixtures.ts';

/*
 * Message threads (issue 29): a customer and the company's staff write to each other on a New
 * order, in two browsers, each seeing the other's messages without a reload (the live stream when
 * it runs, the 10-second poll otherwise); the acceptor of a delivery and its customer; the admin's
 * read-only view from the payout review. Each test books or picks a job of its own.
 */

/** What the other side's screen may take to show a message: a poll every 10 s, plus the page's work. */
const ARRIVES = { timeout: 15_000 };
// The customer dashboard's first draw after a full load: about a second of main thread on an idle
// machine (30 cards), and over 15 s on a loaded 2-core CI (the thread waited for it there).
const DASHBOARD_DRAWN = { timeout: 30_000 };

function laDay(offset: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles' }).format(new Date());
  return new Date(Date.parse(`${today}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
}

async function signedIn(browser: Browser, role: TDemoRole, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await loginAs(page, role);
  return page;
}

/** A PNG drawn in the page (a real image: the server checks the bytes). */
async function drawnPng(page: Page): Promise<Buffer> {
  const url = await page.evaluate(() => {
    const c = document.createElement('canvas');
    c.width = 320;
    c.height = 240;
    const g = c.getContext('2d') as CanvasRenderingContext2D;
    g.fillStyle = '#d3f9d8';
    g.fillRect(0, 0, 320, 240);
    g.fillStyle = '#495057'; // an elevator door
    g.fillRect(110, 40, 100, 180);
    g.fillStyle = '#f1f3f5';
    g.fillRect(158, 40, 4, 180);
    return c.toDataURL('image/png');
  });
  return Buffer.from(url.split(',')[1] ?? '', 'base64');
}

/** What the screen shows (a thread is a window over the page: the full page says little of it). */
async function snap(page: Page, name: string) {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.waitForTimeout(350);
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) });
}

/** The open thread window (the dialog named "Messages · …"). */
const threadDialog = (page: Page) => page.getByRole('dialog', { name: /^Messages · / });
const bubbles = (scope: Locator) => scope.getByTestId('thread-message');

/**
 * axe at 1280 and 340 px on the open dialog (or the whole page), and no sideways scroll: these
 * pages are opened in contexts of their own, which the fixture's per-visit check does not see.
 */
async function dialogPasses(page: Page, scope: 'dialog' | 'page' = 'dialog') {
  const original = page.viewportSize() ?? DESKTOP;
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await page.waitForTimeout(200);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `wider than ${size.width} px`).toBeLessThanOrEqual(0);
    const builder = new AxeBuilder({ page }).setLegacyMode(true);
    const axe = await (scope === 'dialog' ? builder.include('[role="dialog"]') : builder).analyze();
    const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(
      serious.map(
        (v) => `${v.id} at ${size.width} px: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`,
      ),
    ).toEqual([]);
  }
  await page.setViewportSize(original);
}

async function apiPost(request: APIRequestContext, token: string, path: string, data: unknown) {
  const res = await request.post(path, { headers: { authorization: `Bearer ${token}` }, data });
  expect(res.status(), await res.text()).toBe(201);
}

test.describe('message threads', () => {
  // Two browsers and several sign-ins per test on a shared machine.
  test.slow();

  for (const [label, viewport, day] of [
    ['1280', DESKTOP, 11],
    ['340', PHONE, 12],
  ] as const) {
    test(`customer and staff talk on a New order at ${label} px`, async ({ browser, request }) => {
      const order = await bookDemoOrder(request, {
        token: await apiToken(request, 'customer'),
        date: laDay(day),
        idempotencyKey: `e2e-thread-${label}-${Date.now()}`,
      });
      const customer = await signedIn(browser, 'customer', viewport);
      const staff = await signedIn(browser, 'staff', viewport);

      // The customer opens the order, then its Messages: empty, and contact details will be hidden.
      if (label === '1280') {
        // The dashboard with the cards' Messages buttons and the header's icon.
        await expect(customer.getByTestId('messages-button')).toBeVisible();
        await expect(customer.getByTestId('thread-button').first()).toBeVisible();
        await dialogPasses(customer, 'page');
      }
      await customer.goto(`/user-dashboard?order_id=${order.id}`);
      const orderModal = customer.getByRole('dialog', { name: `Order #${order.id}` });
      await orderModal.getByRole('button', { name: 'Messages' }).click();
      const mine = threadDialog(customer);
      await expect(mine).toBeVisible();
      await expect(customer).toHaveURL(new RegExp(`thread=order%3A${order.id}|thread=order:${order.id}`));
      await expect(mine.getByTestId('thread-empty')).toContainText('No messages yet');
      await expect(mine.getByTestId('thread-masked')).toHaveText(
        'Phone numbers and e-mail addresses are hidden until the job is accepted.',
      );
      await snap(customer, `messages-empty-${label}`);
      await dialogPasses(customer);

      // Nothing to send: the same words as the server.
      await mine.getByRole('button', { name: 'Send' }).click();
      await expect(mine.getByTestId('thread-error')).toHaveText(TALK_MSG.body);
      await snap(customer, `messages-error-${label}`);

      // A phone number typed before acceptance is stored masked; Enter sends, Shift+Enter breaks a line.
      const input = mine.getByRole('textbox', { name: 'Message' });
      await input.fill('The elevator is booked until 10.');
      await input.press('Shift+Enter');
      await input.pressSequentially('Call me at 213-555-0147 when you park.');
      await expect(mine.getByTestId('thread-counter')).toHaveText(/^7\d \/ 2,000$/);
      await input.press('Enter');
      await expect(bubbles(mine)).toHaveCount(1);
      await expect(input).toHaveValue('');
      const sent = bubbles(mine).first();
      await expect(sent).toHaveAttribute('data-side', 'customer');
      await expect(sent).toContainText('The elevator is booked until 10.');
      await expect(sent).toContainText(MASKED_CONTACT);
      await expect(sent).not.toContainText('213-555-0147');
      // The customer closes the thread and stays on the order.
      await customer.keyboard.press('Escape');
      await expect(mine).toBeHidden();
      await expect(orderModal).toBeVisible();

      // Staff: the header's count and menu show the unread thread without a reload.
      await staff.goto('/movings');
      if (label === '1280') {
        await expect(staff.getByTestId('thread-button').first()).toBeVisible();
        await dialogPasses(staff, 'page');
      }
      const staffMenuItem = staff.locator(
        `[data-testid="messages-menu-item"][data-thread="order:${order.id}"]`,
      );
      await expect(staff.getByTestId('messages-count')).toHaveText(/^[1-9]\d*$/, ARRIVES);
      await staff.getByTestId('messages-button').click();
      await expect(staffMenuItem).toContainText('1 unread message', ARRIVES);
      await snap(staff, `messages-header-menu-${label}`);
      await staffMenuItem.click();
      const theirs = threadDialog(staff);
      await expect(theirs).toBeVisible();
      await expect(bubbles(theirs)).toHaveCount(1);
      await expect(bubbles(theirs).first()).toContainText(MASKED_CONTACT);
      await expect(bubbles(theirs).first()).not.toContainText('213-555-0147');
      await expect(bubbles(theirs).first()).toContainText('Casey');
      // Opening read it: the menu no longer lists it.
      await staff.keyboard.press('Escape');
      await expect(theirs).toBeHidden();
      await staff.getByTestId('messages-button').click();
      await expect(staffMenuItem).toHaveCount(0);
      await staff.keyboard.press('Escape');

      // Staff answers with a photo, from the order's own Messages button.
      await staff.goto(`/movings?order_id=${order.id}`);
      await staff
        .getByRole('dialog', { name: `Order #${order.id}` })
        .getByRole('button', { name: 'Messages' })
        .click();
      await expect(bubbles(theirs)).toHaveCount(1);
      // Not an image: refused before anything is sent, in the words of the upload checks.
      await theirs.getByLabel('Photos to attach').setInputFiles({
        name: 'notes.txt',
        mimeType: 'text/plain',
        buffer: Buffer.from('not a photo'),
      });
      await expect(theirs.getByTestId('thread-error')).toHaveText(`notes.txt: ${MSG.imageType}`);
      await theirs.getByLabel('Photos to attach').setInputFiles({
        name: 'elevator.png',
        mimeType: 'image/png',
        buffer: await drawnPng(staff),
      });
      await expect(
        theirs.getByTestId('thread-photo-previews').getByRole('img', { name: 'Attachment 1 to send' }),
      ).toHaveCount(1);
      await theirs
        .getByRole('textbox', { name: 'Message' })
        .fill('Thanks! We will use the service elevator.');
      await snap(staff, `messages-composer-photo-${label}`);
      await theirs.getByRole('button', { name: 'Send' }).click();
      await expect(bubbles(theirs)).toHaveCount(2);
      await expect(bubbles(theirs).nth(1).getByRole('img')).toHaveCount(1);
      await expect(theirs.getByTestId('thread-photo-previews')).toHaveCount(0);

      // The customer's Messages button shows the unread answer without a reload; opening clears it.
      const button = orderModal.getByRole('button', { name: /^Messages/ });
      await expect(button.getByTestId('thread-unread')).toHaveText('1 unread', ARRIVES);
      await button.click();
      await expect(bubbles(mine)).toHaveCount(2);
      const answer = bubbles(mine).nth(1);
      await expect(answer).toHaveAttribute('data-side', 'provider');
      await expect(answer).toContainText('Thanks! We will use the service elevator.');
      await expect
        .poll(() => answer.getByRole('img').evaluate((img) => (img as HTMLImageElement).naturalWidth))
        .toBe(320);
      // The customer's own message carries the staff's read mark.
      await expect(bubbles(mine).first().getByTestId('thread-read-mark')).toBeVisible();
      await snap(customer, `messages-photos-${label}`);
      await answer.getByRole('button', { name: /full size/ }).click();
      const full = customer.getByRole('dialog', { name: /^Photo 1 of 1 from / });
      await expect(full.getByRole('img', { name: /^Photo 1 of 1 from / })).toBeVisible();
      await customer.keyboard.press('Escape');
      await expect(full).toBeHidden();
      await expect(mine).toBeVisible();
      await customer.keyboard.press('Escape');
      await expect(button.getByTestId('thread-unread')).toHaveCount(0);

      // Both open: a message from one side appears on the other's screen without a reload.
      await button.click();
      await expect(bubbles(theirs)).toHaveCount(2);
      await mine.getByRole('textbox', { name: 'Message' }).fill('Perfect, see you then.');
      await mine.getByRole('button', { name: 'Send' }).click();
      await expect(bubbles(theirs)).toHaveCount(3, ARRIVES);
      await expect(bubbles(theirs).nth(2)).toContainText('Perfect, see you then.');
      await dialogPasses(staff);

      await customer.context().close();
      await staff.context().close();
    });
  }

  test('the labor acceptor and the customer of a delivery; the admin reads a payout thread', async ({
    browser,
    request,
  }) => {
    // An accepted delivery of Lee Labor's, found through the customer's list.
    const customerToken = await apiToken(request, 'customer');
    type TDelivery = { id: number; status_id: number; acceptor: { kind: string } | null };
    let delivery: TDelivery | undefined;
    for (let page = 1; page <= 5 && !delivery; page++) {
      const res = await request.get(`/api/dashboard/customer/deliveries?tab=active&page=${page}`, {
        headers: { authorization: `Bearer ${customerToken}` },
      });
      const list = (await res.json()) as { data: TDelivery[] };
      delivery = list.data.find(
        (d) => d.status_id === DELIVERY_STATUS.accepted && d.acceptor?.kind === 'labor',
      );
      if (list.data.length === 0) break;
    }
    expect(delivery, 'an accepted delivery of the demo labor user').toBeDefined();
    const id = delivery?.id ?? 0;

    const labor = await signedIn(browser, 'labor', PHONE);
    await labor.goto(`/labor-dashboard?thread=delivery:${id}`);
    const laborThread = threadDialog(labor);
    await expect(laborThread).toBeVisible();
    await expect(laborThread.getByTestId('message-thread')).toBeVisible();
    // Accepted: nothing is masked any more.
    await expect(laborThread.getByTestId('thread-masked')).toHaveCount(0);
    const note = `On my way, call me at 213-555-0199 (${Date.now()})`;
    await laborThread.getByRole('textbox', { name: 'Message' }).fill(note);
    await laborThread.getByRole('button', { name: 'Send' }).click();
    await expect(bubbles(laborThread).last()).toContainText(note);
    await snap(labor, 'messages-labor-delivery-340');
    await dialogPasses(labor);
    // The Accepted tab's card has the thread's button too.
    await labor.keyboard.press('Escape');
    await expect(laborThread).toBeHidden();
    await labor.getByRole('tab', { name: /^Accepted/ }).click();
    const held = labor.locator(`[data-testid="delivery-card"][data-delivery-id="${id}"]`);
    await expect(held.getByRole('button', { name: /^Messages/ })).toBeVisible();
    await held.scrollIntoViewIfNeeded();
    await snap(labor, 'messages-labor-card-340');
    // Checked at rest: the pointer left over from the tab's click may hover a button once scrolled.
    await labor.mouse.move(0, 0);
    await dialogPasses(labor, 'page');

    const customer = await signedIn(browser, 'customer', DESKTOP);
    await expect(customer.getByTestId('messages-count')).toHaveText(/^[1-9]\d*$/, ARRIVES);
    const card = customer.locator(`[data-testid="delivery-card"][data-delivery-id="${id}"]`);
    await card.scrollIntoViewIfNeeded().catch(() => undefined);
    if (await card.isVisible()) {
      await expect(card.getByTestId('thread-unread')).toBeVisible(ARRIVES);
      await card.getByRole('button', { name: /^Messages/ }).click();
    } else {
      await customer.goto(`/user-dashboard?thread=delivery:${id}`);
    }
    const customerThread = threadDialog(customer);
    await expect(bubbles(customerThread).last()).toContainText(note);
    await expect(bubbles(customerThread).last()).toHaveAttribute('data-side', 'provider');

    // A New delivery has no provider yet: its thread says when it opens and takes nothing.
    let fresh: TDelivery | undefined;
    for (let page = 1; page <= 5 && !fresh; page++) {
      const res = await request.get(`/api/dashboard/customer/deliveries?tab=active&page=${page}`, {
        headers: { authorization: `Bearer ${customerToken}` },
      });
      const list = (await res.json()) as { data: TDelivery[] };
      fresh = list.data.find((d) => d.status_id === DELIVERY_STATUS.new);
      if (list.data.length === 0) break;
    }
    expect(fresh, 'a New delivery of the demo customer').toBeDefined();
    await customer.goto(`/user-dashboard?thread=delivery:${fresh?.id}`);
    await expect(customerThread.getByTestId('thread-reason')).toHaveText(TALK_MSG.notOpen, DASHBOARD_DRAWN);
    await expect(customerThread.getByTestId('thread-empty')).toBeVisible();
    await expect(customerThread.getByRole('textbox', { name: 'Message' })).toHaveCount(0);
    await customer.setViewportSize(PHONE);
    await snap(customer, 'messages-not-open-340');
    await customer.context().close();
    await labor.context().close();

    // The admin: the pending payout's delivery thread, read-only.
    const adminToken = await apiToken(request, 'admin');
    const queue = await request.get('/api/admin/payouts?status=pending', {
      headers: { authorization: `Bearer ${adminToken}` },
    });
    type TItem = { id: number; delivery_id: number; acceptor_kind: string };
    const item = ((await queue.json()) as { data: TItem[] }).data.find((p) => p.acceptor_kind === 'labor');
    expect(item, 'a pending payout of the demo labor user').toBeDefined();
    const laborToken = await apiToken(request, 'labor');
    const question = `Could you confirm the sofa went upstairs? (${Date.now()})`;
    await apiPost(
      request,
      customerToken,
      `/api/dashboard/customer/deliveries/${item?.delivery_id}/messages`,
      {
        body: question,
      },
    );
    await apiPost(request, laborToken, `/api/dashboard/deliveries/${item?.delivery_id}/messages`, {
      body: 'Yes, second floor, living room.',
    });

    // A long thread: the newest page first, earlier ones on request (both sides write, each under
    // the per-user limit of 30 posts a minute).
    for (let n = 1; n <= 30; n++) {
      const [token, path] =
        n % 2 === 0
          ? [laborToken, `/api/dashboard/deliveries/${item?.delivery_id}/messages`]
          : [customerToken, `/api/dashboard/customer/deliveries/${item?.delivery_id}/messages`];
      await apiPost(request, token, path, { body: `Note ${n} of 30` });
    }

    const admin = await signedIn(browser, 'admin', DESKTOP);
    const review = admin.locator(`[data-testid="payout-review"][data-payout-id="${item?.id}"]`);
    await review.getByTestId('payout-thread-button').click();
    const adminThread = admin.getByRole('dialog', { name: `Messages · Delivery #${item?.delivery_id}` });
    await expect(bubbles(adminThread)).toHaveCount(30);
    await expect(bubbles(adminThread).last()).toContainText('Note 30 of 30');
    await expect(bubbles(adminThread).filter({ hasText: question })).toHaveCount(0);
    await adminThread.getByRole('button', { name: 'Load earlier messages' }).click();
    await expect(bubbles(adminThread).filter({ hasText: question })).toHaveCount(1);
    await expect(bubbles(adminThread).filter({ hasText: 'Yes, second floor, living room.' })).toContainText(
      '(provider)',
    );
    await expect(adminThread.getByRole('textbox', { name: 'Message' })).toHaveCount(0);
    await expect(adminThread.getByTestId('thread-reason')).toBeVisible();
    await snap(admin, 'messages-admin-read-only-1280');
    await dialogPasses(admin);
    await admin.context().close();
  });
});
