import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import { apiToken } from './demo-booking.ts';
import { DESKTOP, expect, loginAs, PHONE, snap, type TDemoRole, test } from './fixtures.ts';

/*
 * The admin's payout review (issue 13), against the demo data (apps/api/src/db/seed/delivery-seed.ts):
 * the admin's queue holds the labor user's pending 'Sofa' submission, which only this file acts on (reject, resubmit through the API, approve). Other files' submissions may sit in
 * the same queue, so everything here is found by delivery id, never by position.
 */

type TQueueItem = {
  id: number;
  delivery_id: number;
  items_name: string;
  status: string;
  reason: string | null;
  files: { url: string; type: string; name: string }[];
};
type TQueue = { data: TQueueItem[]; meta: { pending_count: number; total: number } };

/** A real 24x16 PNG (the API checks every chunk's CRC). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABgAAAAQCAYAAAAMJL+VAAAARElEQVR4AeSSwQkAIAwDS9ZxBKEDOpbgWuoK9+nDWLhfoOSI2shTiaL4DB8szSBQs4aKaHWaM1TUdwbhY0W0Os29v6ILAAD//+8nwK4AAAAGSURBVAMAff9M0Ty3xYkAAAAASUVORK5CYII=',
  'base64',
);

async function apiGet<T>(request: APIRequestContext, token: string, path: string): Promise<T> {
  const res = await request.get(path, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status(), `${path} answers`).toBe(200);
  return (await res.json()) as T;
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

const reviewOf = (page: Page, deliveryId: number, status: string): Locator =>
  page.locator(`[data-testid="payout-review"][data-delivery-id="${deliveryId}"][data-status="${status}"]`);

/** The pending tab's label shows the server's pending count (other files may add to it meanwhile). */
async function expectPendingCount(page: Page, request: APIRequestContext, token: string) {
  await expect(async () => {
    const queue = await apiGet<TQueue>(request, token, '/api/admin/payouts?status=pending');
    await expect(page.getByRole('tab', { name: `Pending - ${queue.meta.pending_count}` })).toBeVisible({
      timeout: 1_000,
    });
  }).toPass({ timeout: 10_000 });
}

test.describe('admin payout review', () => {
  test.slow();

  test('reject the Sofa submission with a reason, resubmit it as labor, approve it', async ({
    browser,
    request,
  }) => {
    const adminToken = await apiToken(request, 'admin');
    const laborToken = await apiToken(request, 'labor');
    const pending = await apiGet<TQueue>(
      request,
      adminToken,
      '/api/admin/payouts?status=pending&paginate=100',
    );
    const sofa = pending.data.find((p) => p.items_name === 'Sofa');
    expect(sofa, "the demo's pending Sofa submission").toBeDefined();
    const deliveryId = sofa?.delivery_id ?? 0;

    const page = await signedIn(browser, 'admin');
    await expect(page).toHaveURL('/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Payout reviews' })).toBeVisible();
    await expectPendingCount(page, request, adminToken);
    const card = reviewOf(page, deliveryId, 'pending');
    await expect(card).toBeVisible();
    await expect(card.getByRole('heading', { name: 'Sofa', exact: true })).toBeVisible();
    await expect(card).toContainText(`Delivery #${deliveryId}`);
    await expect(card).toContainText('Casey Customer');
    await expect(card.getByTestId('payout-acceptor')).toContainText('Lee Labor');
    await expect(card.getByTestId('helper-note')).toHaveText(
      'Signed letter attached. The customer was very happy.',
    );
    for (const label of ['Base Price', 'Processing Fee', 'Total Payout']) {
      await expect(card.getByTestId('delivery-invoice')).toContainText(label);
    }

    // The signed PDF: a link that opens in a new tab, and the signed URL answers the PDF.
    const pdf = card.locator('[data-testid="payout-file"][data-type="application/pdf"]');
    await expect(pdf).toHaveAttribute('target', '_blank');
    const href = (await pdf.getAttribute('href')) ?? '';
    expect(href).toMatch(/^\/api\/files\/payouts\/.+\?expires=\d+&sig=/);
    const file = await request.get(href);
    expect(file.status()).toBe(200);
    expect(file.headers()['content-type']).toBe('application/pdf');
    expect((await file.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await snap(page, 'd-admin-pending-desktop');
    await page.setViewportSize(PHONE);
    await expect(card).toBeVisible();
    await noSidewaysOverflow(page);
    await snap(page, 'd-admin-pending-phone');
    await page.setViewportSize(DESKTOP);

    // Reject: the reason is required and at least 20 characters.
    await card.getByRole('button', { name: 'Reject' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reject payout' });
    await dialog.getByRole('button', { name: 'Reject payout' }).click();
    await expect(dialog.getByText('This field is required.')).toBeVisible();
    await dialog.getByLabel('Reason').fill('Blurry scan.');
    await dialog.getByRole('button', { name: 'Reject payout' }).click();
    await expect(dialog.getByText('Minimum 20 characters required.')).toBeVisible();
    await snap(page, 'd-admin-reject-modal');
    const reason = 'The signature on the letter is unreadable; please upload a clearer photo.';
    await dialog.getByLabel('Reason').fill(reason);
    await dialog.getByRole('button', { name: 'Reject payout' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Payout rejected', { exact: true })).toBeVisible();
    await expect(reviewOf(page, deliveryId, 'pending')).toHaveCount(0);
    await expectPendingCount(page, request, adminToken);

    // The delivery is Accepted again for the helper.
    const back = await apiGet<{ data: { status: string; canAcceptorComplete: boolean } }>(
      request,
      laborToken,
      `/api/dashboard/deliveries/${deliveryId}`,
    );
    expect(back.data.status).toBe('Accepted');
    expect(back.data.canAcceptorComplete).toBe(true);

    await page.getByRole('tab', { name: 'Rejected' }).click();
    await expect(page).toHaveURL('/admin?status=rejected');
    const rejected = reviewOf(page, deliveryId, 'rejected');
    await expect(rejected.getByTestId('rejection-reason')).toContainText(reason);
    await expect(rejected.getByRole('button', { name: 'Approve' })).toHaveCount(0);

    // The helper submits again (a photo and a note), through the API.
    const submitted = await request.post(`/api/dashboard/deliveries/${deliveryId}/complete`, {
      headers: { authorization: `Bearer ${laborToken}` },
      multipart: {
        'files[]': { name: 'signed-letter.png', mimeType: 'image/png', buffer: PNG },
        helper_note: 'A clearer photo of the signed letter.',
      },
    });
    expect(submitted.status()).toBe(200);

    await page.getByRole('tab', { name: /^Pending/ }).click();
    await expect(page).toHaveURL('/admin');
    const again = reviewOf(page, deliveryId, 'pending');
    await expect(again).toBeVisible();
    await expectPendingCount(page, request, adminToken);
    await expect(again.getByTestId('helper-note')).toHaveText('A clearer photo of the signed letter.');
    // The photo shows as a thumbnail that really loaded, through its signed link.
    const thumb = again.locator('[data-testid="payout-file"][data-type="image/png"]');
    await expect(thumb).toHaveAttribute('target', '_blank');
    const img = thumb.getByRole('img', { name: 'signed-letter.png (opens in a new tab)' });
    await expect(img).toBeVisible();
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBe(24);
    const photo = await request.get((await thumb.getAttribute('href')) ?? '');
    expect(photo.status()).toBe(200);
    expect(photo.headers()['content-type']).toBe('image/png');

    // Approve, after a confirmation.
    await again.getByRole('button', { name: 'Approve' }).click();
    const confirm = page.getByRole('dialog', { name: 'Approve payout?' });
    await expect(confirm).toContainText(`delivery #${deliveryId}`);
    await snap(page, 'd-admin-approve-confirm');
    await confirm.getByRole('button', { name: 'Approve payout' }).click();
    await expect(page.getByText('Payout approved', { exact: true })).toBeVisible();
    await expect(reviewOf(page, deliveryId, 'pending')).toHaveCount(0);
    await expectPendingCount(page, request, adminToken);
    await page.getByRole('tab', { name: 'Approved' }).click();
    await expect(page).toHaveURL('/admin?status=approved');
    const approved = reviewOf(page, deliveryId, 'approved');
    await expect(approved.getByTestId('payout-status')).toHaveText('Approved');
    await expect(approved.getByRole('button', { name: 'Reject' })).toHaveCount(0);
    const status = await apiGet<{ data: { status: string } }>(
      request,
      laborToken,
      `/api/dashboard/deliveries/${deliveryId}`,
    );
    expect(status.data.status).toBe('Payment Review in Progress');
    await snap(page, 'd-admin-approved-desktop');

    await page.setViewportSize(PHONE);
    await noSidewaysOverflow(page);
    await snap(page, 'd-admin-approved-phone');
    await page.context().close();
  });

  test('at 340 px the queue fits; an empty queue says so', async ({ browser }) => {
    // The Approved tab always has the demo's approved TV delivery (whatever the Pending tab holds now).
    const page = await signedIn(browser, 'admin', PHONE);
    await page.goto('/admin?status=approved');
    await expect(page.getByRole('tab', { name: 'Approved' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('payout-review').first()).toBeVisible();
    await noSidewaysOverflow(page);
    await snap(page, 'd-admin-approved-tab-phone');

    await page.route('**/api/admin/payouts?*', (route) =>
      route.fulfill({
        json: { data: [], meta: { current_page: 1, last_page: 1, per_page: 20, total: 0, pending_count: 0 } },
      }),
    );
    await page.goto('/admin');
    await expect(page.getByRole('tab', { name: 'Pending - 0' })).toBeVisible();
    await expect(page.getByTestId('payouts-empty').getByText('No payouts waiting for review')).toBeVisible();
    await noSidewaysOverflow(page);
    await snap(page, 'd-admin-empty-phone');
    await page.setViewportSize(DESKTOP);
    await snap(page, 'd-admin-empty-desktop');
    await page.context().close();
  });

  test('the admin menu; a non-admin visiting /admin goes to their home', async ({ browser }) => {
    for (const [role, home] of [
      ['labor', '/labor-dashboard'],
      ['customer', '/user-dashboard'],
      ['staff', '/deliveries'],
    ] as const) {
      const page = await signedIn(browser, role);
      await page.goto('/admin');
      await expect(page).toHaveURL(home);
      await page.context().close();
    }
    const admin = await signedIn(browser, 'admin');
    await admin.getByTestId('user-menu-button').click();
    await expect(admin.getByTestId('user-menu').getByRole('menuitem')).toHaveText([
      'Payout reviews',
      'Log out',
    ]);
    await admin.context().close();
  });
});
