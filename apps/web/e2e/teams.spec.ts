import type { APIRequestContext, Page } from '@playwright/test';
import { apiToken } from './demo-booking.ts';
import { DESKTOP, expect, loginAs, PHONE, snap, test } from './fixtures.ts';

/*
 * Teams (spec: Team, Team member; decision 019) against the seeded demo: Demo Movers Los Angeles
 * has 30 members, Pasadena 8 (one more inactive), Harbor Helpers Long Beach 2 and a booking that
 * holds both from 8 to 12 three days ahead. Other files share the database: each test creates
 * what it changes and finds things by name, never by a fixed id.
 */

const LA = 'Demo Movers Los Angeles';
const PASADENA = 'Demo Movers Pasadena';

function laDay(offset: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles' }).format(new Date());
  return new Date(Date.parse(`${today}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
}

function suffix(): string {
  return `${Date.now().toString(36).slice(-4)}${Math.floor(Math.random() * 1e3)}`;
}

async function noSidewaysOverflow(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'page is wider than the viewport').toBeLessThanOrEqual(0);
}

async function branchId(request: APIRequestContext, token: string, name: string): Promise<number> {
  const res = await request.get('/api/dashboard/branches', { headers: { Authorization: `Bearer ${token}` } });
  const list = ((await res.json()) as { data: { id: number; name: string }[] }).data;
  const found = list.find((b) => b.name === name);
  expect(found, name).toBeTruthy();
  return found!.id;
}

test.describe('teams', () => {
  test('lists a location, adds a member (messages first), views, edits and deletes them', async ({
    page,
    request,
  }) => {
    const token = await apiToken(request, 'staff');
    const la = await branchId(request, token, LA);
    await loginAs(page, 'staff');
    await page.goto(`/teams/${la}`);
    await expect(page.getByRole('heading', { name: 'Team', exact: true })).toBeVisible();
    await expect(page.getByTestId('member-card').first()).toBeVisible();
    expect(await page.getByTestId('member-card').count()).toBeGreaterThanOrEqual(30);
    await expect(page.getByTestId('team-count')).toContainText('active drivers');
    await noSidewaysOverflow(page);
    await snap(page, 'teams-list-1280');

    // Add new member: an empty submit only shows the messages.
    await page.getByRole('link', { name: 'Add new member' }).first().click();
    await expect(page).toHaveURL(`/teams/${la}/new`);
    await page.getByRole('button', { name: 'Add member' }).click();
    for (const message of [
      'First Name is required!',
      'Last Name is required!',
      'Email is required!',
      'Phone number is required!',
      'Zip Code is required!',
    ])
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    await expect(page).toHaveURL(`/teams/${la}/new`);
    await page.getByLabel('E-mail').fill('zed@');
    await page.getByTestId('member-phone').pressSequentially('213555');
    await page.getByLabel('Zip code').fill('900');
    await page.getByRole('button', { name: 'Add member' }).click();
    for (const message of ['Email is not valid!', 'Phone number is not valid!', 'Zip Code is not valid!'])
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    await expect(page).toHaveURL(`/teams/${la}/new`);
    await snap(page, 'team-member-errors-1280');

    const first = `Zed${suffix()}`;
    await page.getByLabel('First name').fill(first);
    await page.getByLabel('Last name').fill('Tester');
    await page.getByLabel('E-mail').fill(`${first.toLowerCase()}@crew.example.com`);
    await page.getByTestId('member-phone').click();
    await page.getByTestId('member-phone').press('End');
    await page.getByTestId('member-phone').pressSequentially('0142');
    await page.getByLabel('Zip code').fill('90001');
    await page.getByRole('combobox', { name: 'Employee type' }).click();
    await page.getByRole('option', { name: 'Part time' }).click();
    await page.getByRole('switch', { name: 'Driver' }).check({ force: true });
    await page.getByRole('button', { name: 'Add member' }).click();
    await expect(page).toHaveURL(`/teams/${la}`);
    const card = page.getByTestId('member-card').filter({ hasText: first });
    await expect(card).toHaveCount(1);
    await expect(card).toContainText('Part time');
    await expect(card).toContainText('Driver');
    await expect(card).toContainText('Active');

    // View, edit.
    await card.getByRole('link', { name: `View member ${first} Tester` }).click();
    await expect(page.getByRole('heading', { name: `${first} Tester` })).toBeVisible();
    await expect(page.getByLabel('E-mail')).toHaveValue(`${first.toLowerCase()}@crew.example.com`);
    await expect(page.getByTestId('member-jobs')).toContainText('No upcoming jobs assigned.');
    await page.getByLabel('Last name').fill('Edited');
    await page.getByRole('switch', { name: 'Active' }).uncheck({ force: true });
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Team member updated successfully')).toBeVisible();
    await expect(page.getByRole('heading', { name: `${first} Edited` })).toBeVisible();
    await page.goto(`/teams/${la}`);
    const edited = page.getByTestId('member-card').filter({ hasText: `${first} Edited` });
    await expect(edited).toContainText('Inactive');

    // Delete asks first.
    await edited.getByRole('link', { name: /View member/ }).click();
    await page.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Do you want to delete this crew?');
    await snap(page, 'team-member-delete-1280');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page).toHaveURL(`/teams/${la}`);
    await expect(page.getByTestId('member-card').filter({ hasText: first })).toHaveCount(0);
  });

  test('a member page lists their upcoming jobs; the list and the form fit 340 px', async ({
    browser,
    request,
  }) => {
    const token = await apiToken(request, 'staff');
    const la = await branchId(request, token, LA);
    const members = (
      (await (
        await request.get(`/api/dashboard/branches/${la}/crews?per_page=100`, {
          headers: { Authorization: `Bearer ${token}` },
        })
      ).json()) as { data: { id: number }[] }
    ).data;
    // The seed gives the first members the demo's accepted jobs: find one with an upcoming job.
    let withJobs: number | null = null;
    for (const m of members.slice(0, 6)) {
      const detail = (await (
        await request.get(`/api/dashboard/branches/${la}/crews/${m.id}`, {
          headers: { Authorization: `Bearer ${token}` },
        })
      ).json()) as { data: { upcoming_jobs: unknown[] } };
      if (detail.data.upcoming_jobs.length) {
        withJobs = m.id;
        break;
      }
    }
    for (const [label, viewport] of [
      ['1280', DESKTOP],
      ['340', PHONE],
    ] as const) {
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      await loginAs(page, 'staff');
      if (withJobs) {
        await page.goto(`/teams/${la}/${withJobs}`);
        await expect(page.getByTestId('member-job').first()).toBeVisible();
        await noSidewaysOverflow(page);
        await snap(page, `team-member-${label}`);
      }
      if (label === '340') {
        await page.goto(`/teams/${la}`);
        await expect(page.getByTestId('member-card').first()).toBeVisible();
        await noSidewaysOverflow(page);
        await snap(page, 'teams-list-340');
        await page.goto(`/teams/${la}/new`);
        await page.getByRole('button', { name: 'Add member' }).click();
        await expect(page.getByText('First Name is required!')).toBeVisible();
        await noSidewaysOverflow(page);
        await snap(page, 'team-member-errors-340');
      }
      await context.close();
    }
    expect(withJobs, 'a seeded member with an upcoming job').not.toBeNull();
  });

  test('a location without members shows the empty state', async ({ page, request }) => {
    const token = await apiToken(request, 'staff');
    const auth = { Authorization: `Bearer ${token}` };
    const zip = (
      (await (await request.get('/api/dashboard/latLng/90012')).json()) as {
        data: { state_id: number; city_id: number; latitude: number; longitude: number; county_id: number };
      }
    ).data;
    const created = await request.post('/api/dashboard/branches', {
      headers: auth,
      data: {
        name: `Empty Team ${suffix()}`,
        address: '1 Test Street',
        state_id: zip.state_id,
        city_id: zip.city_id,
        zip_code: '90012',
        latitude: zip.latitude,
        longitude: zip.longitude,
        service_area: 5,
        primary_phone: '+1 (213) - 555 - 0199',
        county_ids: [zip.county_id],
      },
    });
    expect(created.ok(), await created.text()).toBe(true);
    const id = ((await created.json()) as { data: { id: number } }).data.id;
    try {
      await loginAs(page, 'staff');
      await page.goto(`/teams/${id}`);
      await expect(page.getByTestId('team-empty')).toContainText('No members for this location');
      await noSidewaysOverflow(page);
      await snap(page, 'teams-empty-1280');
      await page.setViewportSize(PHONE);
      await noSidewaysOverflow(page);
      await snap(page, 'teams-empty-340');
    } finally {
      await request.delete(`/api/dashboard/branches/${id}`, { headers: auth });
    }
  });

  test('staff assign a crew on an accepted order card', async ({ page, request }) => {
    const staffToken = await apiToken(request, 'staff');
    const customerToken = await apiToken(request, 'customer');
    const pasadena = await branchId(request, staffToken, PASADENA);
    const date = laDay(4);
    const search = await request.get(
      `/api/public/helpers?from_zip=91101&to_zip=90210&from_date=${date}&to_date=${date}&type_service=1&type_moving=1&helpers_count=2&hours_count=2`,
    );
    type THelper = { branch_id: number; helpers_count: number; hours_count: number };
    const helper = ((await search.json()) as { data: THelper[] }).data.find((h) => h.branch_id === pasadena)!;
    const place = (zip: string, city: string) => ({
      address: '10 Crew Test Way',
      city_or_town: city,
      state: 'CA',
      zip_code: zip,
      type_property: 'Apartment',
      flights_of_stairs: 0,
    });
    const booked = await request.post('/api/dashboard/customer/orders', {
      headers: { Authorization: `Bearer ${customerToken}` },
      data: {
        branch_id: pasadena,
        type_service: 1,
        type_moving: 1,
        type_help: 3,
        bedrooms_count: 1,
        helpers_count: helper.helpers_count,
        hours_count: helper.hours_count,
        arrival_date: date,
        arrival_time: '3-6',
        payment_method: 'cash',
        name: 'Casey Customer',
        email: 'customer@demo.test',
        phone: '+1 (213) - 555 - 0102',
        pickups: [place('91101', 'Pasadena')],
        destinations: [place('90210', 'Beverly Hills')],
      },
    });
    expect(booked.status(), await booked.text()).toBe(201);
    const id = ((await booked.json()) as { data: { order: { id: number } } }).data.order.id;
    const accepted = await request.post(`/api/dashboard/orders/${id}/accept`, {
      headers: { Authorization: `Bearer ${staffToken}` },
      data: {},
    });
    expect(accepted.ok(), await accepted.text()).toBe(true);

    await loginAs(page, 'staff');
    // Opening Pasadena's team makes it the active branch: /movings then lists its orders only.
    await page.goto(`/teams/${pasadena}`);
    await expect(page.getByTestId('member-card').first()).toBeVisible();
    await page.goto('/movings');
    const card = page.locator(`[data-testid="order-card"][data-order-id="${id}"]`);
    await expect(card).toBeVisible();
    await card.getByRole('button', { name: 'Assign crew' }).click();
    const dialog = page.getByRole('dialog', { name: 'Assign crew' });
    await dialog.getByRole('combobox', { name: 'Crew members' }).click();
    const options = page.getByRole('option');
    await expect(options.first()).toBeVisible();
    const names = (await options.allInnerTexts()).map((t) => t.replace(' (driver)', '').trim());
    // The inactive member is not offered.
    expect(names.length).toBe(8);
    const picked = names.slice(-2);
    for (const name of picked) {
      await page.getByRole('option', { name: new RegExp(`^${name}`) }).click();
      await dialog.getByRole('combobox', { name: 'Crew members' }).click();
    }
    await page.keyboard.press('Escape');
    await snap(page, 'assign-crew-modal-1280');
    await dialog.getByRole('button', { name: 'Save crew' }).click();
    await expect(dialog).toBeHidden();
    for (const name of picked) await expect(card.getByTestId('order-crew')).toContainText(name);
    await noSidewaysOverflow(page);
    await snap(page, 'order-card-crew-1280');
  });

  test('the helper list says when a company has no free crew and offers its next window', async ({
    page,
  }) => {
    const date = laDay(3);
    await page.goto(
      `/helper-list?from_zip=90001&from_date=${date}&to_zip=90210&to_date=${date}&type_service=1&type_moving=1&arrival_time=9-10&helpers_count=2&hours_count=2`,
    );
    const harbor = page.getByTestId('helper-card').filter({ hasText: 'Harbor Helpers' });
    await expect(harbor.getByTestId('helper-full')).toContainText(
      'This company has no free crew for this arrival window.',
    );
    await expect(harbor.getByTestId('helper-full')).toContainText('The next free window is');
    await expect(harbor.getByTestId('helper-book')).toHaveText('Book 12-3');
    await expect(harbor.getByTestId('helper-book')).toHaveAttribute('href', /arrival_time=12-3/);
    await harbor.scrollIntoViewIfNeeded();
    await snap(page, 'helper-list-full-window-1280');
    await page.setViewportSize(PHONE);
    await noSidewaysOverflow(page);
    await snap(page, 'helper-list-full-window-340');
  });
});
