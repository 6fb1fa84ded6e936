import type { APIRequestContext, Page } from '@playwright/test';
import { apiToken, bookDemoOrder } from './demo-booking.ts';
import { expect, loginAs, PHONE, snap, test } from './fixtures.ts';

/*
 * Teams' Timesheets tab (issue 28 item 9) against the seeded demo: Demo Movers Los Angeles. The
 * demo's hours come from the job clock's seed; the test reads what the API answers for the same
 * week and checks the page says the same, so it holds whatever other files did to the jobs.
 */

const LA = 'Demo Movers Los Angeles';

type TSheet = {
  week_start: string;
  rows: { crew_id: number; name: string; minutes: number; days: number[]; jobs: { order_id: number }[] }[];
  total_minutes: number;
};

async function branchId(request: APIRequestContext, token: string): Promise<number> {
  const res = await request.get('/api/dashboard/branches', { headers: { Authorization: `Bearer ${token}` } });
  const list = ((await res.json()) as { data: { id: number; name: string }[] }).data;
  const found = list.find((b) => b.name === LA);
  expect(found, LA).toBeTruthy();
  return found!.id;
}

async function sheetOf(request: APIRequestContext, token: string, branch: number, week: string) {
  const res = await request.get(`/api/dashboard/timesheets?week=${week}&branch_id=${branch}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: TSheet }).data;
}

const laDay = (offset: number) => {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles' }).format(new Date());
  return new Date(Date.parse(`${today}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
};

/**
 * Hours of our own: an order of a later day with two free Los Angeles members assigned, and their
 * own start and finish (POST orders/{id}/crew-times) put this morning. Answers the members' names.
 */
async function recordHours(request: APIRequestContext, staff: string, la: number): Promise<string[]> {
  const headers = { Authorization: `Bearer ${staff}` };
  const customer = await apiToken(request, 'customer');
  const order = await bookDemoOrder<{ id: number }>(request, { token: customer, date: laDay(6) });
  const accepted = await request.post(`/api/dashboard/orders/${order.id}/accept`, { headers, data: {} });
  expect(accepted.ok(), await accepted.text()).toBe(true);
  const list = await request.get(`/api/dashboard/branches/${la}/crews?per_page=100`, { headers });
  type TMember = { id: number; first_name: string; last_name: string; is_active: boolean };
  const members = ((await list.json()) as { data: TMember[] }).data.filter((m) => m.is_active).reverse();
  for (let i = 0; i + 1 < members.length; i += 2) {
    const pair = [members[i]!, members[i + 1]!];
    const put = await request.put(`/api/dashboard/orders/${order.id}/crew`, {
      headers,
      data: { crew_ids: pair.map((m) => m.id) },
    });
    if (!put.ok()) continue;
    const start = Date.now() - 5 * 3_600_000;
    for (const [k, m] of pair.entries()) {
      const times = await request.post(`/api/dashboard/orders/${order.id}/crew-times`, {
        headers,
        data: {
          crew_id: m.id,
          started_at: new Date(start + k * 30 * 60_000).toISOString(),
          finished_at: new Date(start + 4 * 3_600_000).toISOString(),
        },
      });
      expect(times.ok(), await times.text()).toBe(true);
    }
    return pair.map((m) => `${m.first_name} ${m.last_name}`);
  }
  throw new Error('no two free members to assign');
}

const hours = (m: number) => (m === 0 ? '—' : `${Math.round((m / 60) * 100) / 100} h`);

async function noSidewaysOverflow(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'page is wider than the viewport').toBeLessThanOrEqual(0);
}

test.describe('timesheets', () => {
  test('shows a week of hours per member, moves between weeks, expands a member and downloads the CSV', async ({
    page,
    request,
  }) => {
    const token = await apiToken(request, 'staff');
    const la = await branchId(request, token);
    const ours = await recordHours(request, token, la);
    const seen = new Set<string>();
    await loginAs(page, 'staff');
    // This week holds the demo's job under way, whose minutes count up to now: the page is checked
    // against the very answer it drew (a second read, even a moment later, may be a minute ahead).
    const drawn = page.waitForResponse(
      (r) => r.request().method() === 'GET' && r.url().includes('/api/dashboard/timesheets?'),
    );
    await page.goto(`/teams/${la}?tab=timesheets`);
    await expect(page.getByRole('tab', { name: 'Timesheets' })).toHaveAttribute('aria-selected', 'true');
    const weekText = page.getByTestId('timesheets-week');
    await expect(weekText).toBeVisible();

    // This week, then the week before: each as the API answers it.
    for (const step of ['this', 'previous'] as const) {
      if (step === 'previous') await page.getByRole('button', { name: 'Previous week' }).click();
      const today = new Intl.DateTimeFormat('en-CA').format(new Date());
      const monday = new Date(`${today}T00:00:00Z`);
      monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7) - (step === 'previous' ? 7 : 0));
      const week = monday.toISOString().slice(0, 10);
      const response = step === 'this' ? await drawn : null;
      if (response) expect(response.status(), await response.text()).toBe(200);
      const sheet = response
        ? ((await response.json()) as { data: TSheet }).data
        : await sheetOf(request, token, la, week);
      expect(sheet.week_start).toBe(week);
      if (sheet.rows.length === 0) {
        await expect(page.getByText('No hours recorded this week')).toBeVisible();
        await expect(page.getByTestId('timesheets-csv')).toBeDisabled();
        continue;
      }
      for (const r of sheet.rows) seen.add(r.name);
      // Say what the panel shows when it has no table (a CI log keeps only the message).
      await page
        .getByTestId('timesheets-table')
        .waitFor()
        .catch(async (err: unknown) => {
          const shown = await page.getByTestId('timesheets').ariaSnapshot();
          throw new Error(`no timesheet table for ${week}; the panel shows: ${shown}`, { cause: err });
        });
      await expect(page.getByTestId('timesheet-row')).toHaveCount(sheet.rows.length);
      const total = page.getByTestId('timesheet-total');
      await expect(total.locator('th').last()).toHaveText(hours(sheet.total_minutes));
      const first = sheet.rows[0]!;
      const row = page.getByTestId('timesheet-row').first();
      await expect(row.locator('td').last()).toHaveText(hours(first.minutes));
      await row.getByRole('button', { name: first.name }).click();
      await expect(row.getByRole('button', { name: first.name })).toHaveAttribute('aria-expanded', 'true');
      await expect(page.getByTestId('timesheet-jobs').first().locator('li')).toHaveCount(first.jobs.length);
      await expect(page.getByTestId('timesheet-jobs').first()).toContainText(
        `Order #${first.jobs[0]!.order_id}`,
      );
      await snap(page, `timesheets-${step}-1280`);

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByTestId('timesheets-csv').click(),
      ]);
      expect(download.suggestedFilename()).toBe(`haulpro-timesheets-${sheet.week_start}.csv`);
      const chunks: Buffer[] = [];
      for await (const c of await download.createReadStream()) chunks.push(c as Buffer);
      const csv = Buffer.concat(chunks).toString('utf8').split('\r\n');
      expect(csv[0]).toBe('Member,Email,Date,Order,Start,Finish,Minutes,Hours');
      expect(csv.length - 2).toBe(sheet.rows.reduce((s, r) => s + r.jobs.length, 0));
    }

    // Our two members' morning is in this week or, early on a Monday, the one before.
    for (const name of ours) expect([...seen]).toContain(name);

    // Back to this week; the table scrolls inside its card on a phone, the page does not.
    await page.getByRole('button', { name: 'This week' }).click();
    await expect(page.getByRole('button', { name: 'This week' })).toBeDisabled();
    await page.setViewportSize(PHONE);
    await noSidewaysOverflow(page);
    await snap(page, 'timesheets-340');
  });

  test('a week with no hours says so', async ({ page, request }) => {
    const token = await apiToken(request, 'staff');
    const la = await branchId(request, token);
    await loginAs(page, 'staff');
    await page.goto(`/teams/${la}?tab=timesheets`);
    await expect(page.getByTestId('timesheets-week')).toBeVisible();
    // Far ahead: nobody has worked then.
    for (let i = 0; i < 8; i += 1) await page.getByRole('button', { name: 'Next week' }).click();
    await expect(page.getByText('No hours recorded this week')).toBeVisible();
    await expect(page.getByTestId('timesheets-csv')).toBeDisabled();
  });
});
