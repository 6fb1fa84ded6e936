import { DEFAULT_CANCELLATION_POLICY } from '@haulpro/shared/cancellation';
import { authHeaders, staffToken } from './branch-api.ts';
import { DESKTOP, expect, loginAs, PHONE, test } from './fixtures.ts';

/*
 * The late-cancellation policy (decision 029): Demo Movers edits its tiers on Options, the
 * public company page says them in words, and the customer's cancel modal shows what a cancel
 * now keeps and gives back before they confirm. The policy is put back to the default after.
 */

const SLUG = 'demo-movers-los-angeles';
const PREVIEW =
  /^(You get \$[\d,.]+ back; \$[\d,.]+ goes to .+ for the late cancellation\.|Cancelling now is free: you get \$[\d,.]+ back\.|Nothing was charged, so nothing is kept\.)$/;

test.describe('cancellation policy', () => {
  test.describe.configure({ timeout: 60_000 });

  test.afterEach(async ({ request }) => {
    const token = await staffToken(request);
    await request.put('/api/dashboard/cancellation-policy', {
      headers: authHeaders(token),
      data: { tiers: DEFAULT_CANCELLATION_POLICY },
    });
  });

  for (const viewport of [DESKTOP, PHONE]) {
    test(`the company edits its tiers and the public page says them (${viewport.width} px)`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await loginAs(page, 'staff');
      await page.goto('/options?tab=cancellation');
      const form = page.getByRole('form', { name: 'Cancellation policy' });
      await expect(form.getByRole('heading', { name: 'Cancellation policy' })).toBeVisible();
      const percent = form.getByLabel('Tier 1: percent kept');
      await expect(percent).toHaveValue('25');

      // Out of range: our words under the field, nothing saved.
      await percent.fill('101');
      await form.getByRole('button', { name: 'Save' }).click();
      await expect(form.getByText('The percentage must be a whole number from 0 to 100.')).toBeVisible();

      await percent.fill('30');
      await expect(form.getByText('30 % within 48 hours')).toBeVisible();
      await form.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('Cancellation policy saved')).toBeVisible();

      await page.goto(`/profile/${SLUG}`);
      const section = page.getByTestId('section-cancellation');
      await expect(section.getByTestId('cancellation-policy')).toContainText(
        'Free until 48 hours before the arrival window',
      );
      await expect(section).toContainText('30 % within 48 hours');
      await expect(section).toContainText('100 % once the arrival window has started');
    });
  }

  test('reset to default gives the default tiers back', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await loginAs(page, 'staff');
    await page.goto('/options?tab=cancellation');
    const form = page.getByRole('form', { name: 'Cancellation policy' });
    await form.getByRole('button', { name: 'Remove tier 1' }).click();
    await expect(form.getByLabel('Tier 1: percent kept')).toHaveValue('50');
    await form.getByRole('button', { name: 'Reset to default' }).click();
    await expect(form.getByLabel('Tier 1: percent kept')).toHaveValue('25');
    await expect(form.getByLabel('Tier 3: percent kept')).toHaveValue('100');
  });

  test("the customer's cancel modal shows the preview before confirming", async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await loginAs(page, 'customer');
    const cancel = page.getByRole('button', { name: 'Cancel order' }).first();
    await expect(cancel).toBeVisible();
    await cancel.click();
    const dialog = page.getByRole('dialog', { name: 'Cancel order' });
    await expect(dialog.getByTestId('cancel-preview')).toHaveText(PREVIEW);
    // Back: the demo order stays as it was.
    await dialog.getByRole('button', { name: 'Back' }).click();
    await expect(dialog).toBeHidden();
  });

  test("the customer's delivery cancel modal shows the preview too", async ({ page }) => {
    await page.setViewportSize(PHONE);
    await loginAs(page, 'customer');
    const cancel = page.getByTestId('delivery-card').getByRole('button', { name: 'Cancel delivery' }).first();
    await expect(cancel).toBeVisible();
    await cancel.click();
    const dialog = page.getByRole('dialog', { name: 'Cancel delivery' });
    await expect(dialog.getByTestId('cancel-preview')).toHaveText(PREVIEW);
    await dialog.getByRole('button', { name: 'Back' }).click();
    await expect(dialog).toBeHidden();
  });
});
