import type { Locator, Page } from '@playwright/test';
import {
  branchDate,
  chooseBranch,
  createTestBranch,
  deleteTestBranch,
  expectNoHorizontalOverflow,
  suffix,
  type TTestBranch,
} from './branch-api.ts';
import { DESKTOP, expect, loginAs, PHONE, snap, test } from './fixtures.ts';

/*
 * Company profile (/profile; spec: Profile, Branch info, Introduction, FAQ, Credentials): the real
 * API on the shared demo database. Every test that saves works on a branch of its own, created
 * through the API and deleted afterwards; the screenshots look at the demo branch without saving.
 */

const MAIN = 'Demo Movers Los Angeles';

async function openProfile(page: Page, branch: string, tab: string) {
  await page.goto(`/profile?tab=${tab}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Company profile' })).toBeVisible();
  await chooseBranch(page, branch);
  await expect(page.getByTestId('settings-branch-note')).toContainText(branch);
}

/** Clears an input and types key by key (masks react to keys). */
async function retype(input: Locator, text: string) {
  await input.click();
  await input.press('ControlOrMeta+a');
  await input.press('Backspace');
  if (text) await input.pressSequentially(text);
}

/** "5 December 2026": the name Mantine gives a day of its calendar. */
function mantineDay(date: string): string {
  return new Date(`${date}T12:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

test.describe('company profile', () => {
  test.use({ viewport: DESKTOP });
  test.describe.configure({ timeout: 90_000 });

  let branch: TTestBranch | null = null;
  test.afterEach(async ({ request }) => {
    if (branch) await deleteTestBranch(request, branch);
    branch = null;
  });

  test('the six tabs, the tab in the address, View as customer', async ({ page }) => {
    await loginAs(page, 'staff');
    await openProfile(page, MAIN, 'branch-info');
    const tabs = page.getByRole('tablist', { name: 'Profile sections' }).getByRole('tab');
    await expect(tabs).toHaveText([
      'Branch info',
      'Introduction',
      'Photos',
      'Credentials',
      'Payment methods',
      'Get paid',
    ]);
    await page.getByRole('tab', { name: 'Credentials' }).click();
    await expect(page).toHaveURL('/profile?tab=credentials');
    await expect(page.getByRole('link', { name: 'View as customer' })).toHaveAttribute(
      'href',
      '/profile/demo-movers-los-angeles',
    );
  });

  test('branch info: the spec messages, then a save that stays after a reload', async ({ page, request }) => {
    branch = await createTestBranch(request, { name: `Profile Info ${suffix()}` });
    await loginAs(page, 'staff');
    await openProfile(page, branch.name, 'branch-info');
    const form = page.getByRole('form', { name: 'Branch info' });
    await expect(form.getByLabel('Company name')).toHaveValue('Demo Movers');
    await expect(form.getByLabel('Company name')).toHaveAttribute('readonly', '');

    const name = form.getByLabel('Branch name');
    const phone = form.getByLabel('Phone');
    const employees = form.getByLabel('Number of employees');
    let puts = 0;
    page.on('request', (r) => {
      if (r.method() === 'PUT' && r.url().includes(`/branches/${branch?.id}`)) puts += 1;
    });
    await retype(name, '');
    await retype(phone, '213555');
    await retype(employees, '0');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form.getByText('Branch name is required')).toBeVisible();
    await expect(form.getByText('Invalid phone number')).toBeVisible();
    await expect(form.getByText('Number of employees is invalid')).toBeVisible();
    await retype(employees, '');
    await employees.blur();
    await expect(form.getByText('Number of employees field is required')).toBeVisible();
    await retype(name, 'x'.repeat(61));
    await name.blur();
    await expect(form.getByText('Max length should be 60 characters')).toBeVisible();
    expect(puts).toBe(0);

    const newName = `Profile Saved ${suffix()}`;
    await retype(name, newName);
    await retype(form.getByLabel('Address'), '77 Saved Street');
    await retype(phone, '3105550177');
    await expect(phone).toHaveValue('+1 (310) - 555 - 0177');
    await retype(employees, '42');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Branch info updated successfully')).toBeVisible();
    branch.name = newName;
    await expect(page.getByTestId('branch-selector')).toHaveAccessibleName(`Branch: ${newName}`);

    await page.reload();
    const again = page.getByRole('form', { name: 'Branch info' });
    await expect(again.getByLabel('Branch name')).toHaveValue(newName);
    await expect(again.getByLabel('Address')).toHaveValue('77 Saved Street');
    await expect(again.getByLabel('Phone')).toHaveValue('+1 (310) - 555 - 0177');
    await expect(again.getByLabel('Number of employees')).toHaveValue('42');
  });

  test('introduction: about Edit/Save, a service toggled, an FAQ answered, all kept', async ({
    page,
    request,
  }) => {
    branch = await createTestBranch(request, { name: `Profile Intro ${suffix()}` });
    await loginAs(page, 'staff');
    await openProfile(page, branch.name, 'introduction');

    // About: read-only until Edit; the three messages; Save makes it read-only again.
    const about = page.getByRole('region', { name: 'About' });
    await expect(about.getByTestId('about-text')).toContainText('No introduction yet');
    await about.getByRole('button', { name: 'Edit' }).click();
    const box = about.getByRole('textbox', { name: 'About' });
    await box.fill('');
    await about.getByRole('button', { name: 'Save' }).click();
    await expect(about.getByText('About field is required')).toBeVisible();
    await box.fill('Too short text');
    await expect(about.getByText('About text should contain at least 20 characters')).toBeVisible();
    await box.fill('y'.repeat(1001));
    await expect(about.getByText('Sorry you are exceeding the limit')).toBeVisible();
    await expect(about.getByTestId('about-count')).toHaveText('1001 / 1000 characters');
    const text = 'We move homes with care. <script>window.__x = 1</script> Plain text only.';
    await box.fill(text);
    await about.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('About updated successfully')).toBeVisible();
    await expect(about.getByRole('textbox', { name: 'About' })).toBeHidden();
    await expect(about.getByTestId('about-text')).toHaveText(text);
    expect(await page.evaluate(() => (window as unknown as { __x?: number }).__x)).toBeUndefined();

    // Cancel goes back to read-only without saving.
    await about.getByRole('button', { name: 'Edit' }).click();
    await about.getByRole('textbox', { name: 'About' }).fill('A different text that is never saved.');
    await about.getByRole('button', { name: 'Cancel' }).click();
    await expect(about.getByTestId('about-text')).toHaveText(text);

    // A service toggled on.
    const services = page.getByRole('region', { name: 'Services' });
    const storage = services.getByRole('switch', { name: 'Storage' });
    await expect(storage).not.toBeChecked();
    await storage.click({ force: true });
    await expect(page.getByText('Services updated successfully')).toBeVisible();
    await expect(storage).toBeChecked();

    // An FAQ answered: 9 characters are refused, then saved; the button becomes Update.
    const faq = page.getByRole('form', { name: 'Are there items you will not move?' });
    const answer = faq.getByRole('textbox');
    await answer.fill('123456789');
    await faq.getByRole('button', { name: 'Save' }).click();
    await expect(faq.getByText('Answer should contain at least 10 characters')).toBeVisible();
    await answer.fill('We do not move propane tanks or open paint.');
    await faq.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Answer saved successfully')).toBeVisible();
    await expect(faq.getByRole('button', { name: 'Update' })).toBeVisible();

    await page.reload();
    await expect(page.getByRole('region', { name: 'About' }).getByTestId('about-text')).toHaveText(text);
    await expect(
      page.getByRole('region', { name: 'Services' }).getByRole('switch', { name: 'Storage' }),
    ).toBeChecked();
    const faqAgain = page.getByRole('form', { name: 'Are there items you will not move?' });
    await expect(faqAgain.getByRole('textbox')).toHaveValue('We do not move propane tanks or open paint.');
    await faqAgain.getByRole('textbox').fill('We do not move propane tanks, open paint or pets.');
    await faqAgain.getByRole('button', { name: 'Update' }).click();
    await expect(page.getByText('Answer updated successfully')).toBeVisible();
  });

  test('credentials: required messages, a licence saved with the expiry warning, flags', async ({
    page,
    request,
  }) => {
    branch = await createTestBranch(request, { name: `Profile Creds ${suffix()}` });
    await loginAs(page, 'staff');
    await openProfile(page, branch.name, 'credentials');

    const transport = page.getByTestId('licence-transportation_service_license');
    await transport.getByRole('button', { name: 'Save' }).click();
    await expect(transport.getByText('Field is required')).toHaveCount(4);
    await expect(transport.getByText('Expiration date is required')).toBeVisible();
    await expect(transport.getByText('Choose one for authority')).toBeVisible();

    const cargo = page.getByTestId('licence-cargo_insurance_license');
    await cargo.getByLabel('Policy number').fill('CARGO-123');
    await cargo.getByLabel('Policy issuer').fill('Golden State Cargo');
    const soon = branchDate(10);
    await cargo.getByRole('button', { name: 'Expiration date' }).click();
    const calendar = page.getByRole('dialog');
    if (soon.slice(0, 7) !== branchDate(0).slice(0, 7))
      await calendar.getByRole('button', { name: 'Next month' }).click();
    await calendar.getByRole('button', { name: mantineDay(soon), exact: true }).click();
    await cargo.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Credentials updated successfully')).toBeVisible();
    const warning = cargo.getByTestId('expiry-warning');
    await expect(warning).toContainText('Expires in 10 days');

    // A date in the past shows Expired.
    const mtr = page.getByTestId('licence-mtr_license');
    await mtr.getByLabel('MTR license number').fill('MTR-9');
    await mtr.getByLabel('Issuing city').fill('Pasadena');
    await mtr.getByRole('button', { name: 'Expiration date' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Previous month' }).click();
    const past = branchDate(-35);
    const dialog = page.getByRole('dialog');
    if ((await dialog.getByRole('button', { name: mantineDay(past), exact: true }).count()) === 0) {
      await dialog.getByRole('button', { name: 'Previous month' }).click();
    }
    await dialog.getByRole('button', { name: mantineDay(past), exact: true }).click();
    await mtr.getByRole('button', { name: 'Save' }).click();
    await expect(mtr.getByTestId('expiry-warning')).toContainText('Expired');

    // The flags, saved as 1 or 0.
    await page.getByTestId('flag-drug_test').getByText('Yes').click();
    await expect(page.getByText('Credentials updated successfully').first()).toBeVisible();

    await page.reload();
    const cargoAgain = page.getByTestId('licence-cargo_insurance_license');
    await expect(cargoAgain.getByLabel('Policy number')).toHaveValue('CARGO-123');
    await expect(cargoAgain.getByTestId('expiry-warning')).toContainText('Expires in 10 days');
    await expect(page.getByTestId('licence-mtr_license').getByTestId('expiry-warning')).toContainText(
      'Expired',
    );
    await expect(page.getByTestId('flag-drug_test').getByRole('radio', { name: 'Yes' })).toBeChecked();
  });

  for (const [label, viewport] of [
    ['1280', DESKTOP],
    ['340', PHONE],
  ] as const) {
    test(`screenshots of the three tabs at ${label} px, no sideways scrolling`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await loginAs(page, 'staff');
      await openProfile(page, MAIN, 'branch-info');
      await expect(page.getByRole('form', { name: 'Branch info' }).getByLabel('Branch name')).toHaveValue(
        MAIN,
      );
      await expectNoHorizontalOverflow(page);
      await snap(page, `profile-branch-info-${label}`);
      await page.getByRole('tab', { name: 'Introduction' }).click();
      await expect(page.getByRole('region', { name: 'About' }).getByTestId('about-text')).toContainText(
        'Demo Movers',
      );
      await expectNoHorizontalOverflow(page);
      await snap(page, `profile-introduction-${label}`);
      await page.getByRole('tab', { name: 'Credentials' }).click();
      // The demo's cargo insurance expires within 30 days of the seed.
      await expect(
        page.getByTestId('licence-cargo_insurance_license').getByTestId('expiry-warning'),
      ).toBeVisible();
      await expectNoHorizontalOverflow(page);
      await snap(page, `profile-credentials-${label}`);
    });
  }
});
