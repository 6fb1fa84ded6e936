import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, expect } from './fixtures.ts';

/*
 * Helpers for tests that need a branch of their own: created through the API (so tests in
 * other files, which share the demo staff account, never see their data change) and deleted
 * afterwards.
 */

export type TTestBranch = { id: number; name: string; token: string };

export function suffix(): string {
  return `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
}

export async function staffToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/dashboard/auth/login', {
    data: { email: DEMO.staff.email, password: DEMO_PASSWORD },
  });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { data: { token: string } }).data.token;
}

export function authHeaders(token: string): Record<string, string> {
  return { Authorization: `Bearer ${token}` };
}

/** A new branch of the demo company at a ZIP's own coordinates. */
export async function createTestBranch(
  request: APIRequestContext,
  input: { name: string; zip?: string; radius?: number },
): Promise<TTestBranch> {
  const token = await staffToken(request);
  const zipCode = input.zip ?? '91101';
  const zip = (
    (await (await request.get(`/api/dashboard/latLng/${zipCode}`)).json()) as {
      data: { state_id: number; city_id: number; latitude: number; longitude: number; county_id: number };
    }
  ).data;
  const res = await request.post('/api/dashboard/branches', {
    headers: authHeaders(token),
    data: {
      name: input.name,
      address: '1 Test Street',
      state_id: zip.state_id,
      city_id: zip.city_id,
      zip_code: zipCode,
      latitude: zip.latitude,
      longitude: zip.longitude,
      service_area: input.radius ?? 10,
      primary_phone: '+1 (626) - 555 - 0199',
      county_ids: [zip.county_id],
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
  const { id, name } = ((await res.json()) as { data: { id: number; name: string } }).data;
  return { id, name, token };
}

export async function deleteTestBranch(request: APIRequestContext, branch: TTestBranch): Promise<void> {
  await request.delete(`/api/dashboard/branches/${branch.id}`, { headers: authHeaders(branch.token) });
}

/** A branch row of the picker: named by what it shows, the branch name and then its ZIP line. */
export function branchRowName(name: string): RegExp {
  return new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*(Main branch · )?Zip code`);
}

/** Switches the active branch with the page's branch selector (modal on desktop, page on phones). */
export async function chooseBranch(page: Page, name: string): Promise<void> {
  const back = new URL(page.url()).pathname;
  await page.getByTestId('branch-selector').click();
  // Below the sm breakpoint (540 px) the selector opens the /choose-branch page instead of a modal.
  const phone = (page.viewportSize()?.width ?? 1280) < 540;
  if (!phone) {
    const dialog = page.getByRole('dialog', { name: 'Locations' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: branchRowName(name) }).click();
    await expect(dialog).toBeHidden();
  } else {
    await expect(page).toHaveURL('/choose-branch');
    await page.getByRole('button', { name: branchRowName(name) }).click();
    await expect(page).toHaveURL(new RegExp(back));
  }
  await expect(page.getByTestId('branch-selector')).toHaveAccessibleName(`Branch: ${name}`);
}

export async function expectNoHorizontalOverflow(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'page is wider than the viewport').toBeLessThanOrEqual(0);
}

/** A date (YYYY-MM-DD) on a branch's wall calendar, `offset` days from today there. */
export function branchDate(offset = 0, timeZone = 'America/Los_Angeles'): string {
  const today = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
}

/** The accessible name of a month calendar's day: "Thursday, December 10, 2026". */
export function dayName(date: string): string {
  return new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** The first day of the month after `date`'s, plus `day - 1` days. */
export function nextMonthDay(date: string, day: number): string {
  const d = new Date(`${date.slice(0, 7)}-01T12:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + 1);
  d.setUTCDate(day);
  return d.toISOString().slice(0, 10);
}

/** Scrolls to the top (the header is fixed) and saves a full-page picture. */
export async function snapTop(page: Page, snap: (page: Page, name: string) => Promise<void>, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await snap(page, name);
}
