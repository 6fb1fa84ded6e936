import type { Locator, Page } from '@playwright/test';
import { gradientPng } from '../../api/src/db/seed/gradient-png.ts';
import {
  authHeaders,
  chooseBranch,
  createTestBranch,
  deleteTestBranch,
  expectNoHorizontalOverflow,
  snapTop,
  staffToken,
  suffix,
  type TTestBranch,
} from './branch-api.ts';
import { DESKTOP, expect, loginAs, PHONE, snap, test } from './fixtures.ts';

/*
 * /profile Photos and Payment methods (spec: Profile, Photo, Payment methods, Image upload).
 * Photos go on a branch of the test's own; payment settings are company-wide, so they are put
 * back as they were after the test.
 */

const COMPANY_ID = 1;
const png = (side: number, name = 'photo.png') => ({
  name,
  mimeType: 'image/png',
  buffer: gradientPng(side, side, [30, 120, 220], [250, 200, 60]),
});

async function openTab(page: Page, tab: 'Photos' | 'Payment methods', branch?: string) {
  await page.goto('/profile');
  if (branch) await chooseBranch(page, branch);
  await page.getByRole('tab', { name: tab }).click();
  await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
}

/** The Add photo button's file input. */
const fileInput = (page: Page) => page.locator('input[type="file"]').first();

async function cropAndSave(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Crop photo' });
  await expect(dialog).toBeVisible();
  const area = dialog.getByTestId('crop-area');
  await expect(area).toHaveAttribute('data-ready', 'true');
  // Keyboard: the arrow keys move the square, - makes it smaller (never below 400 pixels).
  const stencil = dialog.locator('.advanced-cropper-rectangle-stencil');
  const left = async () => (await stencil.boundingBox())?.x ?? 0;
  const before = await left();
  await area.focus();
  await page.keyboard.press('ArrowRight');
  await expect.poll(left).toBeGreaterThan(before);
  await page.keyboard.press('-');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
}

const cards = (page: Page) => page.getByTestId('photo-card');

test.describe('profile photos', () => {
  test.describe.configure({ timeout: 90_000 });
  let branch: TTestBranch | null = null;
  test.afterEach(async ({ request }) => {
    if (branch) await deleteTestBranch(request, branch);
    branch = null;
  });

  test('add through the cropper, refuse bad files, pin, delete; kept after reload', async ({
    page,
    request,
  }) => {
    await page.setViewportSize(DESKTOP);
    branch = await createTestBranch(request, { name: `Photo Branch ${suffix()}` });
    await loginAs(page, 'staff');
    await openTab(page, 'Photos', branch.name);
    await expect(page.getByText('No photos yet')).toBeVisible();
    await snapTop(page, snap, 'profile-photos-empty-1280');

    // Bad files: the spec's messages, and ours for an image smaller than the stencil.
    const error = page.getByTestId('image-error');
    await fileInput(page).setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('hi'),
    });
    await expect(error).toHaveText('Only png, jpg and jpeg images are accepted');
    await fileInput(page).setInputFiles({
      name: 'huge.png',
      mimeType: 'image/png',
      buffer: Buffer.alloc(10485761),
    });
    await expect(error).toHaveText('File cannot be larger than 10M');
    await fileInput(page).setInputFiles(png(300, 'small.png'));
    await expect(error).toHaveText('The image must be at least 400x400 pixels');
    await snapTop(page, snap, 'profile-photos-error-1280');

    // Cancel leaves everything as it was.
    await fileInput(page).setInputFiles(png(500));
    const dialog = page.getByRole('dialog', { name: 'Crop photo' });
    await expect(dialog.getByTestId('crop-area')).toHaveAttribute('data-ready', 'true');
    await snap(page, 'profile-photos-cropper-1280');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('No photos yet')).toBeVisible();

    // Two photos through the cropper.
    await fileInput(page).setInputFiles(png(500));
    await cropAndSave(page);
    await expect(page.getByText('Photo added successfully')).toBeVisible();
    await expect(cards(page)).toHaveCount(1);
    await fileInput(page).setInputFiles(png(640, 'second.png'));
    await cropAndSave(page);
    await expect(cards(page)).toHaveCount(2);
    await expect(page.getByTestId('photo-count')).toHaveText('2 of 20 photos');
    const [newest, oldest] = await cards(page).evaluateAll((els) =>
      els.map((e) => e.getAttribute('data-photo-id')),
    );

    // The stored image is a square of at least 400 pixels.
    const size = await cards(page)
      .first()
      .locator('img')
      .evaluate(async (img: HTMLImageElement) => {
        await img.decode();
        return [img.naturalWidth, img.naturalHeight];
      });
    expect(size[0]).toBe(size[1]);
    expect(size[0]).toBeGreaterThanOrEqual(400);

    // Pin the older one: it comes first, with the badge.
    await cards(page).nth(1).getByRole('button', { name: 'Pin photo 2' }).click();
    await expect(page.getByText('Photo pinned')).toBeVisible();
    await expect(cards(page).first()).toHaveAttribute('data-photo-id', oldest!);
    await expect(cards(page).first().getByTestId('pinned-badge')).toHaveText('Pinned');
    await expect(page.getByTestId('pinned-badge')).toHaveCount(1);
    await snapTop(page, snap, 'profile-photos-1280');

    // Delete the unpinned one, after the confirmation.
    await cards(page).nth(1).getByRole('button', { name: 'Delete photo 2' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete photo' });
    await expect(confirm).toContainText('Do you want to delete this photo?');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Photo deleted successfully')).toBeVisible();
    await expect(cards(page)).toHaveCount(1);

    await page.reload();
    await page.getByRole('tab', { name: 'Photos' }).click();
    await expect(cards(page)).toHaveCount(1);
    await expect(cards(page).first()).toHaveAttribute('data-photo-id', oldest!);
    await expect(cards(page).first()).toHaveAttribute('data-pinned', 'true');
    expect(newest).not.toBe(oldest);

    await page.setViewportSize(PHONE);
    await expectNoHorizontalOverflow(page);
    await snapTop(page, snap, 'profile-photos-340');
    await fileInput(page).setInputFiles(png(500));
    await expect(page.getByRole('dialog', { name: 'Crop photo' }).getByTestId('crop-area')).toHaveAttribute(
      'data-ready',
      'true',
    );
    await snap(page, 'profile-photos-cropper-340');
    await page.getByRole('dialog', { name: 'Crop photo' }).getByRole('button', { name: 'Cancel' }).click();
  });
});

type TSettings = {
  payment_methods: { uuid: string; name: string; is_active: boolean }[];
  payment_methods_fee: number;
  payment_methods_icon: '$' | '%';
};

async function retype(input: Locator, text: string) {
  await input.click();
  await input.press('ControlOrMeta+a');
  await input.press('Backspace');
  if (text) await input.pressSequentially(text);
}

test.describe('profile payment methods', () => {
  test.describe.configure({ timeout: 90_000 });
  let saved: TSettings | null = null;
  test.beforeEach(async ({ request }) => {
    const token = await staffToken(request);
    const res = await request.get(`/api/dashboard/companies/${COMPANY_ID}`, { headers: authHeaders(token) });
    saved = ((await res.json()) as { data: TSettings }).data;
    // Start from none, so the empty state shows.
    await request.put(`/api/dashboard/companies/${COMPANY_ID}`, {
      headers: authHeaders(token),
      data: { payment_methods: [], payment_methods_fee: 0, payment_methods_icon: '$' },
    });
  });
  test.afterEach(async ({ request }) => {
    if (!saved) return;
    const token = await staffToken(request);
    await request.put(`/api/dashboard/companies/${COMPANY_ID}`, {
      headers: authHeaders(token),
      data: {
        payment_methods: saved.payment_methods,
        payment_methods_fee: saved.payment_methods_fee,
        payment_methods_icon: saved.payment_methods_icon,
      },
    });
  });

  test('add, validate, toggle, fee and its type; empty names dropped; kept after reload', async ({
    page,
  }) => {
    await page.setViewportSize(DESKTOP);
    await loginAs(page, 'staff');
    await openTab(page, 'Payment methods');
    await expect(page.getByText('No payment methods yet')).toBeVisible();

    await page.getByRole('button', { name: 'Add method' }).click();
    const names = page.getByRole('textbox', { name: 'Payment method name' });
    const first = names.first();
    await expect(first).toBeFocused();
    await first.pressSequentially('x'.repeat(31));
    await first.blur();
    await expect(page.getByText('Max length is 30 character')).toBeVisible();
    await retype(first, '');
    await first.blur();
    await expect(page.getByText('Payment method field is required')).toBeVisible();
    await retype(first, 'zelle');
    await first.blur();
    await expect(page.getByText('Payment method field is required')).toBeHidden();
    const rows = page.getByTestId('method-row');
    await expect(rows.first().getByTestId('payment-method-icon')).toHaveAttribute('data-brand', 'zelle');

    // Quick add, then switch it off.
    await page.getByRole('group', { name: 'Quick add' }).getByRole('button', { name: 'Visa' }).click();
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(1).getByTestId('payment-method-icon')).toHaveAttribute('data-brand', 'visa');
    await rows.nth(1).getByRole('switch', { name: 'Visa active' }).click({ force: true });
    await expect(rows.nth(1).getByRole('switch', { name: 'Visa active' })).not.toBeChecked();

    // A method of our own gets the generic icon.
    await page.getByRole('button', { name: 'Add method' }).click();
    await names.nth(2).pressSequentially('Company check');
    await expect(rows.nth(2).getByTestId('payment-method-icon')).toHaveAttribute('data-brand', 'generic');

    // The fee: positive only; then 2.5 %.
    const fee = page.getByRole('textbox', { name: 'Fee' });
    await retype(fee, '-3');
    await fee.blur();
    await expect(page.getByText('Only positive numbers')).toBeVisible();
    await retype(fee, '2.5');
    await fee.blur();
    await expect(page.getByText('Only positive numbers')).toBeHidden();
    await page.getByText('% of total').click();

    // An empty row is dropped on save.
    await page.getByRole('button', { name: 'Add method' }).click();
    await expect(rows).toHaveCount(4);
    await snapTop(page, snap, 'profile-payments-1280');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Settings saved successfully')).toBeVisible();
    await expect(rows).toHaveCount(3);

    await page.reload();
    await page.getByRole('tab', { name: 'Payment methods' }).click();
    await expect(rows).toHaveCount(3);
    await expect(names.nth(0)).toHaveValue('zelle');
    await expect(names.nth(1)).toHaveValue('Visa');
    await expect(names.nth(2)).toHaveValue('Company check');
    await expect(rows.nth(0).getByRole('switch')).toBeChecked();
    await expect(rows.nth(1).getByRole('switch')).not.toBeChecked();
    await expect(page.getByRole('textbox', { name: 'Fee' })).toHaveValue('2.5');
    await expect(page.getByRole('radio', { name: '% of total' })).toBeChecked();

    await page.setViewportSize(PHONE);
    await expectNoHorizontalOverflow(page);
    await snapTop(page, snap, 'profile-payments-340');
  });
});
