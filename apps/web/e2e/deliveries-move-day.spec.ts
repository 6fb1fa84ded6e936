import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Locator, Page } from '@playwright/test';
import { expectNoHorizontalOverflow } from './branch-api.ts';
import { findDeliveryCard } from './delivery-cards.ts';
import { DEMO, expect, loginAs, PHONE, SCREENSHOT_DIR, snap, type TDemoRole, test } from './fixtures.ts';
import { waitForMail } from './mailbox.ts';

/*
 * Move day on a delivery (issue 28, item 2), on phones (340 px): the labor user presses On my
 * way with an ETA chip (the customer gets an e-mail), Arrived, takes the pickup and the drop-off
 * photo (Get Paid waits for the drop-off photo), and the customer reads "On the way — arriving
 * about …", then "Arrived", and sees the proof photos in the delivery's details.
 *
 * This file's own demo record: the labor user's 'Office desk, Moving boxes ×6', due today.
 */

const DESK = 'Office desk, Moving boxes ×6';

/** A real 24x16 PNG (the API checks a photo by its bytes and its pixels). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABgAAAAQCAYAAAAMJL+VAAAARElEQVR4AeSSwQkAIAwDS9ZxBKEDOpbgWuoK9+nDWLhfoOSI2shTiaL4DB8szSBQs4aKaHWaM1TUdwbhY0W0Os29v6ILAAD//+8nwK4AAAAGSURBVAMAff9M0Ty3xYkAAAAASUVORK5CYII=',
  'base64',
);

async function phone(browser: Browser, role: TDemoRole): Promise<Page> {
  const page = await (await browser.newContext({ viewport: PHONE })).newPage();
  await loginAs(page, role);
  return page;
}

/** The helper's card of a delivery on the Accepted tab, walking its pages. */
async function acceptedCard(page: Page, items: string): Promise<Locator> {
  await page.getByRole('tab', { name: /^Accepted/ }).click();
  const cards = page.getByTestId('delivery-card');
  const card = page.locator(`[data-testid="delivery-card"][data-items=${JSON.stringify(items)}]`);
  await expect(cards.first()).toBeVisible({ timeout: 20_000 });
  for (let i = 0; i < 10 && (await card.count()) === 0; i += 1) {
    const next = page.getByRole('button', { name: 'Next page' });
    if (!(await next.count()) || (await next.isDisabled())) break;
    await next.click();
    await page.waitForTimeout(300);
  }
  await expect(card).toBeVisible();
  return card;
}

/** A picture of one part of the page (artifacts/screenshots), to look at the card at 340 px. */
const shoot = (part: Locator, name: string) =>
  part.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) });

async function seriousAxe(page: Page, selector: string): Promise<string[]> {
  const r = await new AxeBuilder({ page }).include(selector).setLegacyMode(true).analyze();
  return r.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

test('move day at 340 px: the helper steps through it, the customer follows', async ({ page, browser }) => {
  // Two signed-in phones, a mailed notice, two uploads and four axe checks: over a minute on a
  // loaded machine. It walks this file's one demo record through its steps, so a retry after a
  // timeout finds it half done and cannot pass: the whole walk gets the time it needs at once.
  test.setTimeout(180_000);
  await page.setViewportSize(PHONE);
  await loginAs(page, 'labor');
  const card = await acceptedCard(page, DESK);
  const id = Number(await card.getAttribute('data-delivery-id'));
  const moveDay = card.getByTestId('move-day-card');
  await expect(moveDay).toBeVisible();
  // Only the first step is offered; Get Paid is there as before the steps began.
  await expect(moveDay.getByRole('button', { name: 'Arrived' })).toHaveCount(0);
  await expect(moveDay.getByRole('button', { name: /pickup photo/i })).toHaveCount(0);
  expect(await seriousAxe(page, `[data-delivery-id="${id}"] [data-testid="move-day-card"]`)).toEqual([]);
  await expectNoHorizontalOverflow(page);
  await snap(page, 'move-day-helper-start-340');
  await shoot(card, 'move-day-card-start-340');

  // On my way, 45 minutes away.
  await moveDay.getByText('45 min', { exact: true }).click();
  await expect(moveDay.getByRole('radio', { name: '45 min' })).toBeChecked();
  await moveDay.getByRole('button', { name: 'On my way' }).click();
  await expect(moveDay).toContainText(/At \d{1,2}:\d{2} [AP]M · arriving about \d{1,2}:\d{2} [AP]M/);
  await expect(moveDay.getByRole('button', { name: 'On my way' })).toHaveCount(0);
  // Get Paid now waits for the proof of delivery.
  await expect(card.getByRole('button', { name: 'Get Paid' })).toHaveCount(0);
  const mail = await waitForMail(DEMO.customer.email, 'Your helper is on the way');
  expect(mail.raw).toContain('arriving about');

  // The customer, on their phone: on the way, with the ETA.
  const customer = await phone(browser, 'customer');
  const customerCard = await findDeliveryCard(customer, id);
  await expect(customerCard.getByTestId('delivery-move-day-line')).toContainText(
    /On the way — arriving about \d{1,2}:\d{2} [AP]M/,
  );
  await expectNoHorizontalOverflow(customer);
  await snap(customer, 'move-day-customer-on-the-way-340');
  await shoot(customerCard, 'move-day-customer-card-340');

  // Arrived, then the photos from the camera.
  await moveDay.getByRole('button', { name: 'Arrived' }).click();
  await expect(moveDay.getByRole('button', { name: 'Arrived' })).toHaveCount(0);
  const pickupInput = moveDay.locator('input[type="file"][aria-label="Pickup photo"]');
  await expect(pickupInput).toHaveAttribute('capture', 'environment');
  await expect(pickupInput).toHaveAttribute('accept', 'image/*');
  await pickupInput.setInputFiles({ name: 'pickup.png', mimeType: 'image/png', buffer: PNG });
  await expect(moveDay.getByRole('img', { name: 'Pickup photo' })).toBeVisible();
  await moveDay
    .locator('input[type="file"][aria-label="Drop-off photo"]')
    .setInputFiles({ name: 'dropoff.png', mimeType: 'image/png', buffer: PNG });
  await expect(moveDay.getByRole('img', { name: 'Drop-off photo' })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Get Paid' })).toBeVisible();
  await expect(moveDay.locator('[data-testid="move-day-step"][data-done="true"]')).toHaveCount(4);
  expect(await seriousAxe(page, `[data-delivery-id="${id}"] [data-testid="move-day-card"]`)).toEqual([]);
  await expectNoHorizontalOverflow(page);
  await card.scrollIntoViewIfNeeded();
  await snap(page, 'move-day-helper-done-340');
  await shoot(card, 'move-day-card-done-340');

  // The customer reloads: arrived, and the proof photos in the details.
  await customer.reload();
  const after = await findDeliveryCard(customer, id);
  await expect(after.getByTestId('delivery-move-day-line')).toContainText(/Arrived at \d{1,2}:\d{2} [AP]M/);
  await after.getByRole('button', { name: `View details of delivery #${id}` }).click();
  const dialog = customer.getByRole('dialog', { name: `Delivery #${id}` });
  await expect(dialog.getByRole('img', { name: 'Pickup photo' })).toBeVisible();
  await expect(dialog.getByRole('img', { name: 'Drop-off photo' })).toBeVisible();
  // The photos load through their signed links.
  const loaded = await dialog
    .getByRole('img', { name: 'Drop-off photo' })
    .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);
  expect(loaded).toBe(true);
  expect(await seriousAxe(customer, '[role="dialog"]')).toEqual([]);
  await snap(customer, 'move-day-customer-details-340');
  await shoot(dialog, 'move-day-customer-dialog-340');
  await customer.context().close();

  // The Today list's link (and the notices') opens the delivery's details, Move day and all.
  await page.goto(`/labor-dashboard?delivery_id=${id}`);
  const details = page.getByRole('dialog', { name: `Delivery #${id}` });
  await expect(details.getByTestId('move-day-card')).toBeVisible();
  await expect(details.getByRole('img', { name: 'Drop-off photo' })).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await shoot(details, 'move-day-helper-details-340');
  await page.keyboard.press('Escape');
  await expect(page).not.toHaveURL(/delivery_id=/);
});
