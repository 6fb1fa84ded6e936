import type { Locator, Page } from '@playwright/test';
import {
  authHeaders,
  branchDate,
  chooseBranch,
  createTestBranch,
  dayName,
  deleteTestBranch,
  expectNoHorizontalOverflow,
  nextMonthDay,
  snapTop,
  staffToken,
  suffix,
  type TTestBranch,
} from './branch-api.ts';
import { DESKTOP, expect, loginAs, PHONE, snap, test } from './fixtures.ts';

/*
 * Pricing & Services (spec: Pricing & Services; rules section 5 "Pricing and options"): the
 * real API on a fresh database. Every test that saves works on a branch of its own, created
 * through the API and deleted afterwards, so the suite's two workers never fight over data.
 */

const MAIN = 'Demo Movers Los Angeles';
const PASADENA = 'Demo Movers Pasadena';

async function openPricing(page: Page, branch: string, tab?: string) {
  await page.goto(tab ? `/pricing?tab=${tab}` : '/pricing');
  await expect(page.getByRole('heading', { level: 1, name: 'Pricing & Services' })).toBeVisible();
  await chooseBranch(page, branch);
  await expect(page.getByTestId('settings-branch-note')).toContainText(branch);
}

function serviceRow(page: Page, name: string): Locator {
  return page.getByTestId('service-item').filter({ has: page.getByText(name, { exact: true }) });
}

/**
 * Clears an input and types, key by key (as a user does: masks and number inputs react to keys),
 * until it reads `expected`. Typed at machine speed on a slow machine, a key can land before the
 * number input's caret correction after the click (react-number-format runs it in a timer), which
 * put the later keys before the first: '210' read '102' once in CI. A person never types within
 * that millisecond; the test types again rather than assert on a value nobody typed.
 */
async function retype(input: Locator, text: string, expected = text) {
  await expect(async () => {
    await input.click();
    await input.press('ControlOrMeta+a');
    await input.press('Backspace');
    if (text) await input.pressSequentially(text);
    await expect(input).toHaveValue(expected, { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
}

async function pickOption(page: Page, combobox: Locator, option: string) {
  await combobox.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function pressTimes(target: Locator, key: string, times: number) {
  await target.focus();
  for (let i = 0; i < times; i += 1) await target.press(key);
}

test.describe('pricing', () => {
  test.use({ viewport: DESKTOP });
  // Several saves and reloads per test: more room than the default on a busy machine.
  test.describe.configure({ timeout: 60_000 });

  let branch: TTestBranch | null = null;
  test.afterEach(async ({ request }) => {
    if (branch) await deleteTestBranch(request, branch);
    branch = null;
  });

  test('All Branches shows the main branch and says so; the five tabs', async ({ page }) => {
    await loginAs(page, 'staff');
    await page.goto('/pricing');
    const note = page.getByTestId('settings-branch-note');
    await expect(note).toContainText('All Branches is selected');
    await expect(note).toContainText(MAIN);
    await expect(page.getByTestId('branch-selector')).toHaveAccessibleName('Branch: All Branches');
    const tabs = page.getByRole('tablist', { name: 'Pricing sections' }).getByRole('tab');
    await expect(tabs).toHaveText([
      'Helpers Only',
      'Helpers and Trucks',
      'Service Fee',
      'Calendar',
      'Equipment pricing',
    ]);
    await expect(page.getByRole('tab', { name: 'Helpers Only' })).toHaveAttribute('aria-selected', 'true');
    // The open tab is kept in the address.
    await page.getByRole('tab', { name: 'Equipment pricing' }).click();
    await expect(page).toHaveURL('/pricing?tab=equipment');
    await page.reload();
    await expect(page.getByRole('tab', { name: 'Equipment pricing' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });

  test('a failed load shows the error with Try again', async ({ page }) => {
    await loginAs(page, 'staff');
    let fail = true;
    await page.route('**/api/dashboard/branches/*/services', (route) =>
      fail
        ? route.fulfill({
            status: 500,
            contentType: 'application/json',
            body: '{"message":"Server is down"}',
          })
        : route.continue(),
    );
    await page.goto('/pricing?tab=helpers-only');
    const alert = page.getByRole('alert').filter({ hasText: "We couldn't load the services" });
    await expect(alert).toContainText('Server is down');
    fail = false;
    await alert.getByRole('button', { name: 'Try again' }).click();
    await expect(alert).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Helpers only' })).toBeVisible();
  });

  test('validation: a fractional rate and 26 movers are refused with the messages', async ({ page }) => {
    await loginAs(page, 'staff');
    await openPricing(page, PASADENA, 'helpers-only');
    let posts = 0;
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes('/services')) posts += 1;
    });

    await page.getByRole('button', { name: 'Add service' }).first().click();
    const dialog = page.getByRole('dialog', { name: /Add service/ });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Service name').fill('Too big a crew');
    await retype(dialog.getByLabel('Movers'), '26');
    // Integers only: the decimal point is refused with the message, and the cents dropped.
    const rate = dialog.getByLabel('Hourly rate');
    await retype(rate, '45.5', '45');
    await expect(dialog.getByText('Only whole numbers are allowed')).toBeVisible();
    await expect(rate).toHaveValue('45');
    await retype(dialog.getByLabel('Minimum hours'), '16');
    await dialog.getByRole('button', { name: 'Add service' }).click();
    await expect(dialog.getByText('Choose from 1 to 25 movers')).toBeVisible();
    await expect(dialog.getByText('Minimum hours must be from 1 to 15')).toBeVisible();
    await page.waitForTimeout(300);
    expect(posts).toBe(0);
    await snapTop(page, snap, 'pricing-service-errors-1280');

    // The server says the same about a fractional rate.
    const token = await staffToken(page.request);
    const res = await page.request.post('/api/dashboard/branches/2/services', {
      headers: authHeaders(token),
      data: { name: 'x', employees_count: 2, minimum_hours: 2, base_hourly_rate: 45.5, service_type: 1 },
    });
    expect(res.status()).toBe(422);
    expect(((await res.json()) as { message: string }).message).toBe('Only whole numbers are allowed');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  });

  test('helpers only: add, edit, delete with the confirmation; a reload keeps them', async ({
    page,
    request,
  }) => {
    branch = await createTestBranch(request, { name: `Pricing Services ${suffix()}` });
    await loginAs(page, 'staff');
    await openPricing(page, branch.name, 'helpers-only');
    await expect(page.getByText('No helpers-only services yet')).toBeVisible();

    // Add a helpers-only service.
    await page.getByRole('button', { name: 'Add service' }).click();
    let dialog = page.getByRole('dialog', { name: /Add service/ });
    await expect(dialog).toContainText('Helpers only');
    await dialog.getByLabel('Service name').fill('2 movers');
    await retype(dialog.getByLabel('Minimum hours'), '3');
    await retype(dialog.getByLabel('Hourly rate'), '95');
    await retype(dialog.getByLabel('Overtime rate'), '120');
    const created = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/services'));
    await dialog.getByRole('button', { name: 'Add service' }).click();
    expect((await created).postDataJSON()).toMatchObject({
      name: '2 movers',
      employees_count: 2,
      minimum_hours: 3,
      base_hourly_rate: 95,
      charge_overtime: 120,
      service_type: 1,
      truck_size: null,
      truck_number: null,
    });
    await expect(page.getByText('Service saved successfully')).toBeVisible();
    await expect(dialog).toBeHidden();
    let row = serviceRow(page, '2 movers');
    await expect(row).toContainText('$95/h');
    await expect(row).toContainText('$120/h');

    // Add a second one, then edit it.
    await page.getByRole('button', { name: 'Add service' }).click();
    dialog = page.getByRole('dialog', { name: /Add service/ });
    await dialog.getByLabel('Service name').fill('4 movers');
    await retype(dialog.getByLabel('Movers'), '4');
    await retype(dialog.getByLabel('Hourly rate'), '180');
    await dialog.getByRole('button', { name: 'Add service' }).click();
    await expect(serviceRow(page, '4 movers')).toContainText('$180/h');

    await page.getByRole('button', { name: 'Edit 4 movers' }).click();
    dialog = page.getByRole('dialog', { name: /Edit service/ });
    await expect(dialog.getByLabel('Hourly rate')).toHaveValue('180');
    await dialog.getByLabel('Service name').fill('4 movers, weekend');
    await retype(dialog.getByLabel('Hourly rate'), '199');
    const updated = page.waitForRequest((r) => r.method() === 'PUT' && r.url().includes('/services/'));
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    expect((await updated).postDataJSON()).toMatchObject({
      name: '4 movers, weekend',
      base_hourly_rate: 199,
    });
    await expect(dialog).toBeHidden();
    row = serviceRow(page, '4 movers, weekend');
    await expect(row).toContainText('$199/h');
    await expect(page.getByTestId('service-item')).toHaveCount(2);
    await snapTop(page, snap, 'pricing-helpers-only-1280');

    // Delete asks first; Cancel keeps it.
    await page.getByRole('button', { name: 'Delete 2 movers' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete service' });
    await expect(confirm.getByText('Do you really want to delete this service?')).toBeVisible();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(serviceRow(page, '2 movers')).toBeVisible();

    await page.getByRole('button', { name: 'Delete 2 movers' }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Service deleted successfully')).toBeVisible();
    await expect(serviceRow(page, '2 movers')).toHaveCount(0);

    // A reload shows what the server kept.
    await page.reload();
    await expect(page.getByRole('tab', { name: 'Helpers Only' })).toHaveAttribute('aria-selected', 'true');
    await expect(serviceRow(page, '4 movers, weekend')).toContainText('$199/h');
    await expect(page.getByTestId('service-item')).toHaveCount(1);
  });

  test('helpers and trucks: truck size and count are required; the service is kept after a reload', async ({
    page,
    request,
  }) => {
    branch = await createTestBranch(request, { name: `Pricing Trucks ${suffix()}` });
    await loginAs(page, 'staff');
    await openPricing(page, branch.name, 'helpers-and-trucks');
    await expect(page.getByText('No helpers and trucks services yet')).toBeVisible();
    await page.getByRole('button', { name: 'Add service' }).click();
    const dialog = page.getByRole('dialog', { name: /Add service/ });
    await expect(dialog).toContainText('Helpers and trucks');
    await dialog.getByLabel('Service name').fill('3 movers and a 26 ft truck');
    await retype(dialog.getByLabel('Movers'), '3');
    await retype(dialog.getByLabel('Hourly rate'), '210');
    await retype(dialog.getByRole('textbox', { name: 'Trucks', exact: true }), '11');
    await dialog.getByRole('button', { name: 'Add service' }).click();
    await expect(dialog.getByText('Truck size is required')).toBeVisible();
    await expect(dialog.getByText('Choose from 1 to 10 trucks')).toBeVisible();
    await dialog.getByRole('combobox', { name: 'Truck size' }).fill('26 ft');
    await retype(dialog.getByRole('textbox', { name: 'Trucks', exact: true }), '2');
    const truckPost = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/services'));
    await dialog.getByRole('button', { name: 'Add service' }).click();
    expect((await truckPost).postDataJSON()).toMatchObject({
      service_type: 2,
      truck_size: '26 ft',
      truck_number: 2,
      employees_count: 3,
      base_hourly_rate: 210,
    });
    await expect(page.getByText('Service saved successfully')).toBeVisible();
    await expect(dialog).toBeHidden();
    const truckRow = serviceRow(page, '3 movers and a 26 ft truck');
    await expect(truckRow).toContainText('26 ft');
    await expect(truckRow).toContainText('$210/h');
    await snapTop(page, snap, 'pricing-helpers-and-trucks-1280');

    await page.reload();
    await expect(page.getByRole('tab', { name: 'Helpers and Trucks' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(serviceRow(page, '3 movers and a 26 ft truck')).toContainText('$210/h');
    // Helpers-only services are listed on their own tab.
    await page.getByRole('tab', { name: 'Helpers Only' }).click();
    await expect(page.getByText('No helpers-only services yet')).toBeVisible();
  });

  test('service fee: the surge distance follows the service area; saved values survive a reload', async ({
    page,
    request,
  }) => {
    branch = await createTestBranch(request, { name: `Pricing Fee ${suffix()}`, radius: 10 });
    await loginAs(page, 'staff');
    await openPricing(page, branch.name, 'service-fee');
    const form = page.getByRole('form', { name: 'Service fee' });
    await expect(form.getByTestId('service-area-value')).toHaveText('10 km');
    // A new branch's surge distance (25 km) sits above its service area.
    await expect(form.getByTestId('surge-distance-value')).toHaveText('25 km');

    await retype(form.getByLabel('First bedroom fee'), '50');
    await retype(form.getByLabel('Extra bedroom fee'), '25');

    // Raising the service area past the surge distance raises the surge distance too.
    const area = form.getByRole('slider', { name: 'Service area' });
    await pressTimes(area, 'ArrowRight', 30);
    await expect(form.getByTestId('service-area-value')).toHaveText('40 km');
    await expect(form.getByTestId('surge-distance-value')).toHaveText('40 km');
    // ...and the surge distance cannot be dragged below it.
    await pressTimes(form.getByRole('slider', { name: 'Surge distance' }), 'ArrowLeft', 5);
    await expect(form.getByTestId('surge-distance-value')).toHaveText('40 km');
    await pressTimes(form.getByRole('slider', { name: 'Surge distance' }), 'ArrowRight', 5);
    await expect(form.getByTestId('surge-distance-value')).toHaveText('45 km');

    await pressTimes(form.getByRole('slider', { name: 'Surge hourly rate' }), 'ArrowRight', 20);
    await expect(form.getByTestId('surge-hourly-rate-value')).toHaveText('$20');
    await pressTimes(form.getByRole('slider', { name: 'Surge minimum hours' }), 'ArrowRight', 1);
    await pressTimes(form.getByRole('slider', { name: 'Surge service fee' }), 'ArrowRight', 30);
    // The travel area runs from 0 but is forced to at least 1.
    await form.getByRole('slider', { name: 'Travel area' }).focus();
    await form.getByRole('slider', { name: 'Travel area' }).press('Home');
    await expect(form.getByTestId('travel-area-value')).toHaveText('1 km');
    await pickOption(page, form.getByRole('combobox', { name: 'Double driving' }), 'After 10 miles');

    const saved = page.waitForRequest((r) => r.method() === 'PUT' && r.url().endsWith('/pricing'));
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    expect((await saved).postDataJSON()).toMatchObject({
      fee_first_bedroom: 50,
      fee_extra_bedroom: 25,
      service_area: 40,
      surge_distance: 45,
      surge_additional_hourly_rate: 20,
      surge_additional_min_hours: 1,
      surge_additional_service_fee: 30,
      travel_area: 1,
      helpers_and_trucks_between_double_driving: 10,
    });
    await expect(page.getByText('Pricing saved successfully')).toBeVisible();
    await snapTop(page, snap, 'pricing-service-fee-1280');

    await page.reload();
    const after = page.getByRole('form', { name: 'Service fee' });
    await expect(after.getByLabel('First bedroom fee')).toHaveValue('50');
    await expect(after.getByLabel('Extra bedroom fee')).toHaveValue('25');
    await expect(after.getByTestId('service-area-value')).toHaveText('40 km');
    await expect(after.getByTestId('surge-distance-value')).toHaveText('45 km');
    await expect(after.getByTestId('surge-hourly-rate-value')).toHaveText('$20');
    await expect(after.getByTestId('surge-min-hours-value')).toHaveText('1 h');
    await expect(after.getByTestId('surge-service-fee-value')).toHaveText('$30');
    await expect(after.getByTestId('travel-area-value')).toHaveText('1 km');
    await expect(after.getByRole('combobox', { name: 'Double driving' })).toHaveValue('After 10 miles');
  });

  test('calendar: a discount and a surcharge on two dates, one deleted after the confirmation', async ({
    page,
    request,
  }) => {
    branch = await createTestBranch(request, { name: `Pricing Offers ${suffix()}` });
    const today = branchDate(0);
    const first = nextMonthDay(today, 10);
    const second = nextMonthDay(today, 20);
    await loginAs(page, 'staff');
    await openPricing(page, branch.name, 'calendar');
    await expect(page.getByText('No upcoming offers.')).toBeVisible();
    const calendar = page.getByTestId('offer-calendar');
    await calendar.getByRole('button', { name: 'Next month' }).click();

    // A 10% discount on the first date.
    await calendar.getByRole('button', { name: dayName(first) }).click();
    let dialog = page.getByRole('dialog', { name: 'Add offer' });
    await expect(dialog.getByRole('radio', { name: 'Discount' })).toBeChecked();
    await retype(dialog.getByRole('textbox', { name: 'Amount' }), '10');
    const posted = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/discounts'));
    await dialog.getByRole('button', { name: 'Add offer' }).click();
    expect((await posted).postDataJSON()).toEqual({
      date: first,
      is_discount: true,
      is_value_percentage: true,
      value: 10,
    });
    await expect(page.getByText('Offer saved successfully')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(calendar.getByRole('button', { name: `${dayName(first)}: 10% discount` })).toContainText(
      '-10%',
    );

    // A $40 surcharge on the second.
    await calendar.getByRole('button', { name: dayName(second) }).click();
    dialog = page.getByRole('dialog', { name: 'Add offer' });
    await dialog.getByText('Surcharge', { exact: true }).click();
    await dialog.getByText('$', { exact: true }).click();
    await retype(dialog.getByRole('textbox', { name: 'Amount' }), '40');
    await snap(page, 'pricing-offer-modal-1280');
    await dialog.getByRole('button', { name: 'Add offer' }).click();
    await expect(dialog).toBeHidden();
    const surcharge = calendar.getByRole('button', { name: `${dayName(second)}: $40 surcharge` });
    await expect(surcharge).toContainText('+$40');
    await expect(page.getByTestId('upcoming-offer')).toHaveCount(2);
    await snapTop(page, snap, 'pricing-calendar-1280');

    // Editing the discount: the form opens with its values.
    await calendar.getByRole('button', { name: `${dayName(first)}: 10% discount` }).click();
    dialog = page.getByRole('dialog', { name: 'Edit offer' });
    await expect(dialog.getByRole('textbox', { name: 'Amount' })).toHaveValue('10');
    // Delete asks first.
    await dialog.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete offer' });
    await expect(confirm.getByText('Do you want to really delete this offer?')).toBeVisible();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Offer deleted successfully')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(calendar.getByRole('button', { name: dayName(first), exact: true })).not.toContainText('%');
    await expect(page.getByTestId('upcoming-offer')).toHaveCount(1);

    await page.reload();
    await expect(page.getByTestId('upcoming-offer')).toHaveCount(1);
    await expect(page.getByTestId('upcoming-offer')).toContainText('$40 surcharge');
    await page.getByTestId('offer-calendar').getByRole('button', { name: 'Next month' }).click();
    await expect(
      page.getByTestId('offer-calendar').getByRole('button', { name: `${dayName(second)}: $40 surcharge` }),
    ).toContainText('+$40');
    await expect(page.getByTestId('offer-tag')).toHaveCount(1);
  });

  test('equipment pricing: add, edit and deactivate rows; a reload keeps them', async ({ page, request }) => {
    branch = await createTestBranch(request, { name: `Pricing Equipment ${suffix()}` });
    await loginAs(page, 'staff');
    await openPricing(page, branch.name, 'equipment');
    await expect(page.getByText('No equipment yet')).toBeVisible();

    await page.getByRole('button', { name: 'Add equipment' }).click();
    const rows = page.getByTestId('equipment-row');
    await rows.nth(0).getByLabel('Name').fill('Dolly');
    await retype(rows.nth(0).getByLabel('Price'), '15');
    await page.getByRole('button', { name: 'Add equipment' }).click();
    await rows.nth(1).getByLabel('Name').fill('Moving blankets');
    await retype(rows.nth(1).getByLabel('Price'), '30');
    await page.getByRole('button', { name: 'Add equipment' }).click();
    await rows.nth(2).getByLabel('Name').fill('Piano board');
    await retype(rows.nth(2).getByLabel('Price'), '60');
    const saved = page.waitForRequest((r) => r.method() === 'PUT' && r.url().endsWith('/pricing'));
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    expect((await saved).postDataJSON()).toEqual({
      equipments: [
        { name: 'Dolly', value: 15, is_active: true },
        { name: 'Moving blankets', value: 30, is_active: true },
        { name: 'Piano board', value: 60, is_active: true },
      ],
    });
    await expect(page.getByText('Pricing saved successfully')).toBeVisible();

    await page.reload();
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(1).getByLabel('Name')).toHaveValue('Moving blankets');
    // Edit a price, deactivate one, remove one.
    await retype(rows.nth(1).getByLabel('Price'), '35');
    await rows.nth(0).getByRole('switch', { name: 'Active' }).click();
    await expect(rows.nth(0).getByRole('switch', { name: 'Active' })).not.toBeChecked();
    await page.getByRole('button', { name: 'Remove Piano board' }).click();
    await expect(rows).toHaveCount(2);
    const edited = page.waitForRequest((r) => r.method() === 'PUT' && r.url().endsWith('/pricing'));
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const body = (await edited).postDataJSON() as { equipments: Record<string, unknown>[] };
    expect(body.equipments).toHaveLength(2);
    expect(body.equipments[0]).toMatchObject({ name: 'Dolly', value: 15, is_active: false });
    expect(body.equipments[1]).toMatchObject({ name: 'Moving blankets', value: 35, is_active: true });
    // Existing rows keep their ids.
    expect(typeof body.equipments[0]?.uuid).toBe('string');
    await expect(page.getByText('Pricing saved successfully')).toBeVisible();
    await snapTop(page, snap, 'pricing-equipment-1280');

    await page.reload();
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0).getByLabel('Name')).toHaveValue('Dolly');
    await expect(rows.nth(0).getByRole('switch', { name: 'Active' })).not.toBeChecked();
    await expect(rows.nth(1).getByLabel('Price')).toHaveValue('35');
    await expect(rows.nth(1).getByRole('switch', { name: 'Active' })).toBeChecked();
  });

  test('price preview: an itemised total from the saved settings', async ({ page, request }) => {
    branch = await createTestBranch(request, { name: `Pricing Preview ${suffix()}` });
    const headers = authHeaders(branch.token);
    const service = await request.post(`/api/dashboard/branches/${branch.id}/services`, {
      headers,
      data: {
        name: '2 movers',
        employees_count: 2,
        minimum_hours: 2,
        base_hourly_rate: 100,
        service_type: 1,
      },
    });
    expect(service.ok()).toBe(true);
    const fees = await request.put(`/api/dashboard/branches/${branch.id}/pricing`, {
      headers,
      data: {
        fee_first_bedroom: 50,
        fee_extra_bedroom: 25,
        equipments: [{ name: 'Dolly', value: 15, is_active: true }],
      },
    });
    expect(fees.ok()).toBe(true);

    await loginAs(page, 'staff');
    await openPricing(page, branch.name, 'service-fee');
    const preview = page.getByTestId('price-preview');
    await preview.getByRole('button', { name: /Price preview/ }).click();
    // 3 hours at $100, one bedroom ($50), cash: service fee 0.75 x $100.
    await expect(preview.getByLabel('Hours')).toHaveValue('3');
    await expect(preview.getByTestId('quote-total')).toHaveText('$425.00');
    await expect(preview.getByTestId('quote-breakdown')).toContainText('Bedroom fee');

    // Three bedrooms (+$25 x 2) and the dolly (+$15).
    await pickOption(page, preview.getByRole('combobox', { name: 'Bedrooms' }), '3 bedrooms');
    await preview.getByLabel('Dolly ($15.00)').check();
    await expect(preview.getByTestId('quote-total')).toHaveText('$490.00');

    // A saved change shows at once: a $10 higher first bedroom fee.
    await retype(page.getByLabel('First bedroom fee'), '60');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Pricing saved successfully')).toBeVisible();
    await expect(preview.getByTestId('quote-total')).toHaveText('$500.00');
    await snapTop(page, snap, 'pricing-preview-1280');

    // An unknown ZIP is said under the field.
    await retype(preview.getByLabel('To ZIP'), '00000');
    await expect(preview.getByText('Invalid zip code')).toBeVisible();
    await expect(preview.getByText('Check the ZIP codes to see the price.')).toBeVisible();
  });
});

test.describe('pricing on a phone (340 px)', () => {
  test.use({ viewport: PHONE });
  test.describe.configure({ timeout: 60_000 });

  let branch: TTestBranch | null = null;
  test.afterEach(async ({ request }) => {
    if (branch) await deleteTestBranch(request, branch);
    branch = null;
  });

  test('services as cards and the service fee fit the screen', async ({ page, request }) => {
    branch = await createTestBranch(request, { name: `Phone Pricing ${suffix()}` });
    const headers = authHeaders(branch.token);
    for (const data of [
      { name: '2 movers', employees_count: 2, minimum_hours: 2, base_hourly_rate: 100, service_type: 1 },
      {
        name: '3 movers',
        employees_count: 3,
        minimum_hours: 3,
        base_hourly_rate: 140,
        charge_overtime: 150,
        service_type: 1,
      },
    ]) {
      expect(
        (await request.post(`/api/dashboard/branches/${branch.id}/services`, { headers, data })).ok(),
      ).toBe(true);
    }
    await loginAs(page, 'staff');
    await page.goto('/pricing');
    await chooseBranch(page, branch.name);
    await expect(page.getByRole('article', { name: '3 movers' })).toContainText('$140');
    await expect(page.getByRole('table')).toHaveCount(0);
    await expectNoHorizontalOverflow(page);
    await snapTop(page, snap, 'pricing-helpers-only-340');

    // The edit modal is full screen on phones.
    await page.getByRole('button', { name: 'Edit 2 movers' }).click();
    const dialog = page.getByRole('dialog', { name: /Edit service/ });
    expect((await dialog.boundingBox())?.width).toBeGreaterThanOrEqual(PHONE.width - 1);
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('tab', { name: 'Service Fee' }).click();
    await expect(page.getByRole('slider', { name: 'Service area' })).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await snapTop(page, snap, 'pricing-service-fee-340');

    for (const tab of ['Calendar', 'Equipment pricing', 'Helpers and Trucks']) {
      await page.getByRole('tab', { name: tab }).click();
      await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
      await expectNoHorizontalOverflow(page);
    }
    await page
      .getByTestId('price-preview')
      .getByRole('button', { name: /Price preview/ })
      .click();
    await expect(page.getByTestId('quote-total')).toBeVisible();
    await expectNoHorizontalOverflow(page);
  });
});
