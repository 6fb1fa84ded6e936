import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, DESKTOP, expect, loginAs, PHONE, snap, test } from './fixtures.ts';

/*
 * Locations (spec: Locations, branch modal, location list): the real API on the seeded demo
 * company ("Demo Movers": main branch Los Angeles 90001, 25 km; Pasadena 91101, 30 km).
 * Tiles are refused, as on a machine with no tile server: marker and circle must still show.
 */

const MAIN = 'Demo Movers Los Angeles';
const PASADENA = 'Demo Movers Pasadena';

type TCreated = { id: number; name: string };

function suffix(): string {
  return `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
}

async function noTiles(page: Page) {
  await page.route(/^https?:\/\/[^/]*tile\.openstreetmap\.org\//, (route) => route.abort());
}

async function expectNoHorizontalOverflow(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'page is wider than the viewport').toBeLessThanOrEqual(0);
}

async function staffToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/dashboard/auth/login', {
    data: { email: DEMO.staff.email, password: DEMO_PASSWORD },
  });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { data: { token: string } }).data.token;
}

/** Adds a branch through the API, placed at the ZIP's own coordinates. */
async function createBranch(
  request: APIRequestContext,
  token: string,
  input: { name: string; zip: string; radius: number },
): Promise<TCreated> {
  const zip = (
    (await (await request.get(`/api/dashboard/latLng/${input.zip}`)).json()) as {
      data: { state_id: number; city_id: number; latitude: number; longitude: number; county_id: number };
    }
  ).data;
  const res = await request.post('/api/dashboard/branches', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      name: input.name,
      address: '1 Test Street',
      state_id: zip.state_id,
      city_id: zip.city_id,
      zip_code: input.zip,
      latitude: zip.latitude,
      longitude: zip.longitude,
      service_area: input.radius,
      primary_phone: '+1 (213) - 555 - 0199',
      county_ids: [zip.county_id],
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { data: TCreated }).data;
}

async function deleteBranch(request: APIRequestContext, token: string, id: number) {
  await request.delete(`/api/dashboard/branches/${id}`, { headers: { Authorization: `Bearer ${token}` } });
}

/** Clears a (masked) input the way a user does, then types. */
async function retype(input: Locator, text: string) {
  await input.click();
  await input.press('ControlOrMeta+a');
  await input.press('Backspace');
  if (text) await input.pressSequentially(text);
}

/** In-app navigation (no reload), through the account menu. */
async function openActiveOrders(page: Page) {
  await page.getByTestId('user-menu-button').click();
  await page.getByTestId('user-menu').getByRole('menuitem', { name: 'Active Orders' }).click();
  await expect(page).toHaveURL('/deliveries');
}

async function openLocations(page: Page) {
  await page.getByTestId('user-menu-button').click();
  await page.getByTestId('user-menu').getByRole('menuitem', { name: 'Locations' }).click();
  await expect(page).toHaveURL('/locations');
}

function card(page: Page, name: string): Locator {
  return page.getByRole('article', { name, exact: true });
}

async function cardNames(page: Page): Promise<string[]> {
  return (await page.getByTestId('branch-card').getByTestId('branch-name').allInnerTexts()).map((t) =>
    t.trim(),
  );
}

/** The card's map: a Leaflet map with the marker and the circle's SVG path. */
async function expectCardMap(c: Locator, radiusKm: number) {
  const map = c.getByTestId('branch-map');
  await expect(map).toHaveAttribute('data-radius-m', String(radiusKm * 1000));
  await expect(map.locator('.leaflet-overlay-pane svg path')).toHaveCount(1);
  await expect(map.locator('.leaflet-marker-icon')).toBeVisible();
  const d = await map.locator('.leaflet-overlay-pane svg path').getAttribute('d');
  // A circle is drawn as two arcs.
  expect(d).toMatch(/a\d/);
}

test.describe('locations', () => {
  test.use({ viewport: DESKTOP });

  test.beforeEach(async ({ page }) => {
    await noTiles(page);
  });

  test('main branch first with a star, no Delete; cards show the spec fields and a map', async ({ page }) => {
    // With no tile server reachable the maps stay quiet: no failed tile requests in the console.
    const consoleErrors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') consoleErrors.push(m.text());
    });
    await loginAs(page, 'staff');
    await page.goto('/locations');
    await expect(page.getByRole('heading', { level: 1, name: 'Locations' })).toBeVisible();
    const cards = page.getByTestId('branch-card');
    await expect(cards.first()).toBeVisible();
    expect((await cardNames(page))[0]).toBe(MAIN);

    const main = card(page, MAIN);
    await expect(main.getByRole('img', { name: 'Main branch' })).toBeVisible();
    await expect(main.getByRole('button', { name: `Edit ${MAIN}` })).toBeVisible();
    await expect(main.getByRole('button', { name: /Delete/ })).toHaveCount(0);
    await expect(main.getByTestId('branch-zip')).toHaveText('90001');
    await expect(main).toContainText('1200 E Florence Ave');
    await expect(main).toContainText('California');
    await expect(main).toContainText('Los Angeles County');
    await expect(main.getByTestId('branch-radius')).toHaveText('25 km');
    await expectCardMap(main, 25);

    const pasadena = card(page, PASADENA);
    await expect(pasadena.getByRole('img', { name: 'Main branch' })).toHaveCount(0);
    await expect(pasadena.getByRole('button', { name: `Delete ${PASADENA}` })).toBeVisible();
    await expectCardMap(pasadena, 30);

    // The card map is a picture: no wheel zoom, no dragging, no zoom buttons.
    const map = main.getByTestId('branch-map');
    await expect(map.locator('.leaflet-control-zoom')).toHaveCount(0);
    const before = await map.locator('.leaflet-overlay-pane svg path').getAttribute('d');
    await map.hover();
    await page.mouse.wheel(0, -400);
    await page.waitForTimeout(300);
    expect(await map.locator('.leaflet-overlay-pane svg path').getAttribute('d')).toBe(before);

    // The server refuses to delete the main branch anyway.
    const token = await staffToken(page.request);
    const refused = await page.request.delete('/api/dashboard/branches/1', {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(refused.status()).toBe(409);
    expect(((await refused.json()) as { message: string }).message).toBe('The main branch cannot be deleted');

    expect(consoleErrors).toEqual([]);
    await snap(page, 'locations-1280');
  });

  test('add a branch by ZIP (state, city and map follow), pick a county, edit its radius, delete it', async ({
    page,
  }) => {
    // A long journey (add, edit, delete, then the header list): more than one test's budget on a busy CI machine.
    test.slow();
    const name = `Santa Monica ${suffix()}`;
    await loginAs(page, 'staff');
    await page.goto('/locations');
    await expect(card(page, MAIN)).toBeVisible();

    await page.getByRole('button', { name: 'Add Location' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Location' });
    await expect(dialog).toBeVisible();

    // New-branch defaults (spec): zip 90001 at 33.974027, -118.249509, radius 25; the
    // default ZIP's state, city and county are filled in.
    const zip = dialog.getByLabel('Zip code');
    await expect(zip).toHaveValue('90001');
    await expect(dialog.getByTestId('radius-value')).toHaveText('25 km');
    await expect(dialog.getByTestId('branch-coordinates')).toHaveText('33.97403, -118.24951');
    await expect(dialog.getByRole('combobox', { name: 'State', exact: true })).toHaveValue('California');
    await expect(dialog.getByRole('combobox', { name: 'City', exact: true })).toHaveValue('Los Angeles');
    await expect(dialog.getByTestId('branch-form-map').locator('.leaflet-overlay-pane svg path')).toHaveCount(
      1,
    );

    await dialog.getByLabel('Branch name').fill(name);
    await dialog.getByLabel('Address').fill('1450 Ocean Ave');

    // Typing a real ZIP: checked, then the map moves there and state and city are filled.
    const zipChecked = page.waitForResponse((r) => r.url().endsWith('/api/validations/zip_code/90401'));
    const located = page.waitForResponse((r) => r.url().endsWith('/api/dashboard/latLng/90401'));
    await retype(zip, '90401');
    expect((await zipChecked).ok()).toBe(true);
    expect((await located).ok()).toBe(true);
    await expect(dialog.getByTestId('branch-coordinates')).toHaveText('34.01760, -118.49070');
    await expect(dialog.getByTestId('branch-form-map')).toHaveAttribute('data-lat', '34.0176');
    await expect(dialog.getByRole('combobox', { name: 'State', exact: true })).toHaveValue('California');
    await expect(dialog.getByRole('combobox', { name: 'City', exact: true })).toHaveValue('Santa Monica');

    // County serving area: the ZIP's county is suggested; another is found by searching
    // (a request once typing pauses for 500 ms, not one per key: a loaded machine can pause
    // mid-word, so the count is bounded, not exact).
    const counties = dialog.getByTestId('county-select');
    await expect(counties).toContainText('Los Angeles County');
    const searches: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/dashboard/counties'))
        searches.push(new URL(r.url()).searchParams.get('query') ?? '');
    });
    const whole = page.waitForRequest(
      (r) =>
        r.url().includes('/api/dashboard/counties') &&
        new URL(r.url()).searchParams.get('query') === 'Orange',
    );
    await dialog.getByLabel('County serving area').pressSequentially('Orange', { delay: 40 });
    await whole;
    await page.getByRole('option', { name: /^Orange County/ }).click();
    expect(searches.at(-1)).toBe('Orange');
    expect(searches.every((q) => 'Orange'.startsWith(q))).toBe(true);
    expect(searches.length).toBeLessThan('Orange'.length);
    await expect(counties).toContainText('Orange County');
    await expect(counties).toContainText('Los Angeles County');

    await dialog.getByLabel('Phone').pressSequentially('3105550199');
    await expect(dialog.getByLabel('Phone')).toHaveValue('+1 (310) - 555 - 0199');

    const created = page.waitForRequest(
      (r) => r.url().endsWith('/api/dashboard/branches') && r.method() === 'POST',
    );
    await dialog.getByRole('button', { name: 'Add Location' }).click();
    const body = (await created).postDataJSON() as Record<string, unknown>;
    expect(body).toMatchObject({
      name,
      address: '1450 Ocean Ave',
      zip_code: '90401',
      state_id: 6,
      latitude: 34.0176,
      longitude: -118.4907,
      service_area: 25,
      primary_phone: '+1 (310) - 555 - 0199',
      county_ids: [6037, 6059],
    });
    await expect(page.getByText('Branch created successfully')).toBeVisible();
    await expect(dialog).toBeHidden();

    const added = card(page, name);
    await expect(added).toBeVisible();
    await expect(added.getByTestId('branch-zip')).toHaveText('90401');
    await expect(added).toContainText('Santa Monica');
    await expect(added).toContainText('Los Angeles County');
    await expect(added).toContainText('1450 Ocean Ave');
    await expect(added.getByTestId('branch-radius')).toHaveText('25 km');
    await expectCardMap(added, 25);

    // Edit: drag the marker, and widen the radius with the keyboard (25 -> 40 km).
    await added.getByRole('button', { name: `Edit ${name}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Location' });
    await expect(edit).toBeVisible();
    await expect(edit.getByLabel('Branch name')).toHaveValue(name);
    await expect(edit.getByLabel('Zip code')).toHaveValue('90401');
    await expect(edit.getByTestId('county-select')).toContainText('Orange County');
    const marker = edit.getByTestId('branch-form-map').locator('.leaflet-marker-icon');
    const box = (await marker.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height - 4);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 40, box.y + box.height + 30, { steps: 8 });
    await page.mouse.up();
    await expect(edit.getByTestId('branch-coordinates')).not.toHaveText('34.01760, -118.49070');
    const slider = edit.getByRole('slider', { name: 'Service area radius' });
    await slider.focus();
    for (let i = 0; i < 15; i += 1) await slider.press('ArrowRight');
    await expect(edit.getByTestId('radius-value')).toHaveText('40 km');
    await expect(edit.getByTestId('branch-form-map')).toHaveAttribute('data-radius-m', '40000');

    const patched = page.waitForRequest((r) => r.method() === 'PATCH');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    const patch = (await patched).postDataJSON() as Record<string, unknown>;
    expect(patch.service_area).toBe(40);
    expect(typeof patch.id).toBe('number');
    expect(patch.latitude).not.toBe(34.0176);
    await expect(page.getByText('Branch updated successfully')).toBeVisible();
    await expect(edit).toBeHidden();
    await expect(added.getByTestId('branch-radius')).toHaveText('40 km');
    await expectCardMap(added, 40);
    await expect(added.getByTestId('branch-map')).not.toHaveAttribute('data-lat', '34.0176');

    // The header's branch list (the session's) has the new branch at once, without a reload.
    await openActiveOrders(page);
    await page.getByTestId('branch-selector').click();
    await expect(page.getByRole('dialog', { name: 'Locations' }).getByRole('button', { name })).toBeVisible();
    await page.keyboard.press('Escape');
    await openLocations(page);

    // Delete asks first; Cancel keeps it.
    await card(page, name)
      .getByRole('button', { name: `Delete ${name}` })
      .click();
    const confirm = page.getByRole('dialog', { name: 'Delete location' });
    await expect(confirm.getByText('Are you sure you want to delete this branch?')).toBeVisible();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(card(page, name)).toBeVisible();

    await card(page, name)
      .getByRole('button', { name: `Delete ${name}` })
      .click();
    const reloaded = page.waitForResponse(
      (r) => r.url().endsWith('/api/dashboard/branches') && r.request().method() === 'GET',
    );
    await page
      .getByRole('dialog', { name: 'Delete location' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(page.getByText('Branch deleted successfully')).toBeVisible();
    await reloaded;
    await expect(card(page, name)).toHaveCount(0);
    await expect(card(page, MAIN)).toBeVisible();

    // ...and it is gone from the header's branch list too.
    await openActiveOrders(page);
    await page.getByTestId('branch-selector').click();
    const list = page.getByRole('dialog', { name: 'Locations' });
    await expect(list.getByRole('button', { name: PASADENA })).toBeVisible();
    await expect(list.getByRole('button', { name })).toHaveCount(0);
  });

  test('Sort by Name, Zip Code and Area radius reorders the cards; the main branch stays first', async ({
    page,
  }) => {
    const token = await staffToken(page.request);
    const s = suffix();
    const made: TCreated[] = [];
    try {
      made.push(await createBranch(page.request, token, { name: `Aaa Sort ${s}`, zip: '94103', radius: 5 }));
      made.push(await createBranch(page.request, token, { name: `Mmm Sort ${s}`, zip: '90210', radius: 90 }));
      made.push(await createBranch(page.request, token, { name: `Zzz Sort ${s}`, zip: '90401', radius: 1 }));
      const [a, m, z] = made.map((b) => b.name);
      const ours = async () => (await cardNames(page)).filter((n) => n.endsWith(s));

      await loginAs(page, 'staff');
      await page.goto('/locations');
      await expect(card(page, z!)).toBeVisible();

      const sortBy = async (label: string) => {
        await page.getByTestId('sort-menu-button').click();
        await page.getByRole('menuitem', { name: label }).click();
        await expect(page.getByTestId('sort-menu-button')).toHaveText(`Sort by: ${label}`);
      };

      await sortBy('Name');
      expect(await ours()).toEqual([a, m, z]);
      expect((await cardNames(page))[0]).toBe(MAIN);

      await sortBy('Zip Code');
      expect(await ours()).toEqual([m, z, a]);
      expect((await cardNames(page))[0]).toBe(MAIN);
      const zips = await page.getByTestId('branch-zip').allInnerTexts();
      expect(zips.slice(1)).toEqual([...zips.slice(1)].sort());

      await sortBy('Area radius');
      expect(await ours()).toEqual([z, a, m]);
      expect((await cardNames(page))[0]).toBe(MAIN);
      const radii = (await page.getByTestId('branch-radius').allInnerTexts()).map((t) =>
        Number.parseInt(t, 10),
      );
      expect(radii.slice(1)).toEqual([...radii.slice(1)].sort((x, y) => x - y));
    } finally {
      for (const b of made) await deleteBranch(page.request, token, b.id);
    }
  });

  test('an invalid ZIP shows Invalid zip code and blocks submit; the spec messages', async ({ page }) => {
    await loginAs(page, 'staff');
    await page.goto('/locations');
    await page.getByRole('button', { name: 'Add Location' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Location' });
    await expect(dialog.getByRole('combobox', { name: 'State', exact: true })).toHaveValue('California');

    let posts = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/dashboard/branches') && r.method() === 'POST') posts += 1;
    });

    await dialog.getByLabel('Branch name').fill('x'.repeat(61));
    await dialog.getByLabel('Phone').pressSequentially('310555');
    const zip = dialog.getByLabel('Zip code');
    await retype(zip, '00000');
    await expect(dialog.getByText('Invalid zip code')).toBeVisible();

    await dialog.getByRole('button', { name: 'Add Location' }).click();
    await expect(dialog.getByText('Max length is 60 character')).toBeVisible();
    await expect(dialog.getByText('Branch address is required')).toBeVisible();
    await expect(dialog.getByText('Invalid zip code')).toBeVisible();
    await expect(dialog.getByText('Invalid phone number')).toBeVisible();
    await snap(page, 'branch-modal-errors-1280');

    await dialog.getByLabel('Branch name').fill('');
    await retype(dialog.getByLabel('Phone'), '');
    await dialog.getByRole('button', { name: 'Add Location' }).click();
    await expect(dialog.getByText('Branch name is required')).toBeVisible();
    await expect(dialog.getByText('Phone number is required')).toBeVisible();

    // Everything else valid: the unknown ZIP alone still blocks the submit.
    await dialog.getByLabel('Branch name').fill('Nowhere');
    await dialog.getByLabel('Address').fill('1 Nowhere Rd');
    await retype(dialog.getByLabel('Phone'), '3105550199');
    await dialog.getByRole('button', { name: 'Add Location' }).click();
    await expect(dialog.getByText('Invalid zip code')).toBeVisible();
    await page.waitForTimeout(300);
    expect(posts).toBe(0);
    await expect(dialog).toBeVisible();

    // A ZIP in another state than the chosen one: the server's 422 shows under the field.
    await retype(zip, '10001');
    await expect(dialog.getByRole('combobox', { name: 'State', exact: true })).toHaveValue('New York');
    await dialog.getByRole('combobox', { name: 'State', exact: true }).click();
    await page.getByRole('option', { name: 'California', exact: true }).click();
    await dialog.getByRole('combobox', { name: 'City', exact: true }).click();
    await dialog.getByRole('combobox', { name: 'City', exact: true }).fill('Santa Monica');
    await page.getByRole('option', { name: 'Santa Monica', exact: true }).click();
    await dialog.getByRole('button', { name: 'Add Location' }).click();
    await expect(dialog.getByText('The zip code is not in the selected state')).toBeVisible();
    expect(posts).toBe(1);
    await expect(dialog).toBeVisible();
  });

  test('location list: search, Branch not found, switch branch (survives a reload), links', async ({
    page,
  }) => {
    await loginAs(page, 'staff');
    const selector = page.getByTestId('branch-selector');
    await expect(selector).toHaveAccessibleName('Branch: All Branches');
    await selector.click();
    const dialog = page.getByRole('dialog', { name: 'Locations' });
    await expect(dialog.getByPlaceholder('Search locations')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'All Branches' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const names = await dialog.getByRole('listitem').getByRole('button').allInnerTexts();
    expect(names[0]).toContain('All Branches');
    expect(names[1]).toContain(MAIN);
    await expect(dialog.getByRole('link', { name: `View the company page of ${PASADENA}` })).toHaveAttribute(
      'href',
      '/profile/demo-movers-pasadena',
    );
    await snap(page, 'location-list-modal-1280');

    await dialog.getByPlaceholder('Search locations').fill('PASA');
    await expect(dialog.getByRole('button', { name: PASADENA })).toBeVisible();
    await expect(dialog.getByRole('button', { name: MAIN })).toHaveCount(0);
    await dialog.getByPlaceholder('Search locations').fill('no-such-branch-xyz');
    await expect(dialog.getByText('Branch not found')).toBeVisible();
    await dialog.getByPlaceholder('Search locations').fill('');
    await dialog.getByRole('button', { name: PASADENA }).click();
    await expect(dialog).toBeHidden();
    await expect(selector).toHaveAccessibleName(`Branch: ${PASADENA}`);
    await expect(page.getByTestId('active-branch-note')).toHaveText(`Showing ${PASADENA}.`);

    await page.reload();
    await expect(page.getByTestId('branch-selector')).toHaveAccessibleName(`Branch: ${PASADENA}`);
    await expect(page.getByTestId('active-branch-note')).toHaveText(`Showing ${PASADENA}.`);

    // Back to All Branches; then the public page link and Add a location.
    await page.getByTestId('branch-selector').click();
    await page
      .getByRole('dialog', { name: 'Locations' })
      .getByRole('button', { name: 'All Branches' })
      .click();
    await expect(page.getByTestId('active-branch-note')).toHaveText('Showing every branch of your company.');
    await page.getByTestId('branch-selector').click();
    await page
      .getByRole('dialog', { name: 'Locations' })
      .getByRole('link', { name: `View the company page of ${PASADENA}` })
      .click();
    await expect(page).toHaveURL('/profile/demo-movers-pasadena');
    await page.goto('/deliveries');
    await page.getByTestId('branch-selector').click();
    await page
      .getByRole('dialog', { name: 'Locations' })
      .getByRole('button', { name: 'Add a location' })
      .click();
    await expect(page).toHaveURL('/locations');
    await expect(page.getByRole('dialog', { name: 'Locations' })).toHaveCount(0);
  });

  test('a saved branch that no longer exists falls back to All Branches', async ({ page }) => {
    const token = await staffToken(page.request);
    const gone = await createBranch(page.request, token, {
      name: `Short Lived ${suffix()}`,
      zip: '91101',
      radius: 10,
    });
    await loginAs(page, 'staff');
    await page.getByTestId('branch-selector').click();
    await page.getByRole('dialog', { name: 'Locations' }).getByRole('button', { name: gone.name }).click();
    await expect(page.getByTestId('active-branch-note')).toHaveText(`Showing ${gone.name}.`);
    expect(await page.evaluate(() => localStorage.getItem('haulpro.active-branch.1'))).toBe(String(gone.id));

    // Deleting the active branch: back to All Branches.
    await openLocations(page);
    await card(page, gone.name)
      .getByRole('button', { name: `Delete ${gone.name}` })
      .click();
    await page
      .getByRole('dialog', { name: 'Delete location' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(card(page, gone.name)).toHaveCount(0);
    await openActiveOrders(page);
    await expect(page.getByTestId('branch-selector')).toHaveAccessibleName('Branch: All Branches');
    await expect(page.getByTestId('active-branch-note')).toHaveText('Showing every branch of your company.');

    // A saved id the session does not know (deleted elsewhere, another company's): the same.
    await page.evaluate(() => localStorage.setItem('haulpro.active-branch.1', '999999'));
    await page.reload();
    await expect(page.getByTestId('branch-selector')).toHaveAccessibleName('Branch: All Branches');
    await expect(page.getByTestId('active-branch-note')).toHaveText('Showing every branch of your company.');

    // After a reload the picker lists live branches only, not the deleted one.
    await page.getByTestId('branch-selector').click();
    const list = page.getByRole('dialog', { name: 'Locations' });
    await expect(list.getByRole('button', { name: PASADENA })).toBeVisible();
    await expect(list.getByRole('button', { name: gone.name })).toHaveCount(0);
  });
});

test.describe('locations on a phone (340 px)', () => {
  test.use({ viewport: PHONE });

  test.beforeEach(async ({ page }) => {
    await noTiles(page);
  });

  test('cards, the full-screen branch modal and /choose-branch', async ({ page }) => {
    await loginAs(page, 'staff');
    await page.goto('/locations');
    await expectCardMap(card(page, MAIN), 25);
    await expectNoHorizontalOverflow(page);
    await snap(page, 'locations-340');

    await page.getByRole('button', { name: 'Add Location' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Location' });
    await expect(dialog.getByRole('combobox', { name: 'State', exact: true })).toHaveValue('California');
    // Full screen on phones.
    const size = await dialog.boundingBox();
    expect(size?.width).toBeGreaterThanOrEqual(PHONE.width - 1);
    const zip = dialog.getByLabel('Zip code');
    await retype(zip, '00000');
    await expect(dialog.getByText('Invalid zip code')).toBeVisible();
    await dialog.getByRole('button', { name: 'Add Location' }).click();
    await expect(dialog.getByText('Branch name is required')).toBeVisible();
    await expect(dialog.getByText('Phone number is required')).toBeVisible();
    // The modal is full screen and scrolls inside: a viewport tall enough for the whole form
    // gives one picture of every field.
    await page.setViewportSize({ width: PHONE.width, height: 1500 });
    await snap(page, 'branch-modal-errors-340');
    await page.setViewportSize(PHONE);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();

    // The selector opens the full-page picker on phones; choosing goes back.
    await page.goto('/deliveries');
    await page.getByTestId('branch-selector').click();
    await expect(page).toHaveURL('/choose-branch');
    await expect(page.getByRole('heading', { level: 1, name: 'Choose a branch' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'All Branches' })).toHaveAttribute('aria-pressed', 'true');
    await expectNoHorizontalOverflow(page);
    await snap(page, 'choose-branch-340');
    await page.getByPlaceholder('Search locations').fill('zzz-not-a-branch');
    await expect(page.getByText('Branch not found')).toBeVisible();
    await page.getByPlaceholder('Search locations').fill('pasadena');
    await page.getByRole('button', { name: PASADENA }).click();
    await expect(page).toHaveURL('/deliveries');
    await expect(page.getByTestId('active-branch-note')).toHaveText(`Showing ${PASADENA}.`);
    await expect(page.getByTestId('branch-selector')).toHaveAccessibleName(`Branch: ${PASADENA}`);
    await expectNoHorizontalOverflow(page);

    await page.reload();
    await expect(page.getByTestId('active-branch-note')).toHaveText(`Showing ${PASADENA}.`);
  });
});
