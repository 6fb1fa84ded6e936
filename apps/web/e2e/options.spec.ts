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
 * Options (spec: Options, Blocked time; rules: operating window up to 4 digits, morning
 * 7am-12, afternoon 12-6pm, no blocking in the past except today). Hours and blocked time
 * are saved on a branch of the test's own; the operating window is company-wide and is put
 * back as it was.
 */

const MAIN = 'Demo Movers Los Angeles';
const COMPANY_ID = 1;

async function openOptions(page: Page, branch: string | null, tab: string) {
  await page.goto(`/options?tab=${tab}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Options' })).toBeVisible();
  if (branch) {
    await chooseBranch(page, branch);
    await expect(page.getByTestId('settings-branch-note')).toContainText(branch);
  }
}

async function retype(input: Locator, text: string) {
  await input.click();
  await input.press('ControlOrMeta+a');
  await input.press('Backspace');
  if (text) await input.pressSequentially(text);
}

async function pickOption(page: Page, combobox: Locator, option: string) {
  await combobox.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

function hoursRow(page: Page, day: string): Locator {
  return page.getByRole('region', { name: day, exact: true });
}

test.describe('options', () => {
  test.use({ viewport: DESKTOP });
  // Several saves and reloads per test: more room than the default on a busy machine.
  test.describe.configure({ timeout: 60_000 });

  let branch: TTestBranch | null = null;
  test.afterEach(async ({ request }) => {
    if (branch) await deleteTestBranch(request, branch);
    branch = null;
  });

  test('the four tabs; All Branches shows the main branch and says so', async ({ page }) => {
    await loginAs(page, 'staff');
    await openOptions(page, null, 'window');
    await expect(page.getByTestId('settings-branch-note')).toContainText('All Branches is selected');
    await expect(page.getByTestId('settings-branch-note')).toContainText(MAIN);
    await expect(page.getByRole('tablist', { name: 'Options sections' }).getByRole('tab')).toHaveText([
      'Operating window',
      'Operating calendar',
      'Operating hours',
      'Cancellation policy',
    ]);
  });

  test('operating window: days ahead and next-day moves are saved for the company', async ({ page }) => {
    const token = await staffToken(page.request);
    const before = (
      (await (
        await page.request.get(`/api/dashboard/companies/${COMPANY_ID}`, { headers: authHeaders(token) })
      ).json()) as { data: { accept_in_period_of: number; accept_next_day_move: boolean } }
    ).data;
    try {
      await loginAs(page, 'staff');
      await openOptions(page, null, 'window');
      const form = page.getByRole('form', { name: 'Operating window' });
      const days = form.getByRole('textbox', { name: 'Accept orders within' });
      // Up to four digits.
      await retype(days, '123456');
      await expect(days).toHaveValue('1234');
      await retype(days, '45');
      await expect(form.getByText('Customers can book up to 45 days ahead.')).toBeVisible();
      const nextDay = form.getByRole('switch', { name: /Accept next-day moves/ });
      if (await nextDay.isChecked()) await nextDay.click();
      await expect(nextDay).not.toBeChecked();
      const saved = page.waitForRequest(
        (r) => r.method() === 'PUT' && r.url().endsWith(`/companies/${COMPANY_ID}`),
      );
      await form.getByRole('button', { name: 'Save', exact: true }).click();
      expect((await saved).postDataJSON()).toEqual({ accept_in_period_of: 45, accept_next_day_move: false });
      await expect(page.getByText('Settings saved successfully')).toBeVisible();
      await snapTop(page, snap, 'options-window-1280');

      await page.reload();
      const after = page.getByRole('form', { name: 'Operating window' });
      await expect(after.getByRole('textbox', { name: 'Accept orders within' })).toHaveValue('45');
      await expect(after.getByRole('switch', { name: /Accept next-day moves/ })).not.toBeChecked();
    } finally {
      await page.request.put(`/api/dashboard/companies/${COMPANY_ID}`, {
        headers: authHeaders(token),
        data: {
          accept_in_period_of: before.accept_in_period_of,
          accept_next_day_move: before.accept_next_day_move,
        },
      });
    }
  });

  test('operating calendar: block a morning (today is allowed, past days are not), change and delete it', async ({
    page,
    request,
  }) => {
    branch = await createTestBranch(request, { name: `Options Calendar ${suffix()}` });
    const today = branchDate(0);
    const yesterday = branchDate(-1);
    const later = nextMonthDay(today, 15);
    await loginAs(page, 'staff');
    await openOptions(page, branch.name, 'calendar');
    const calendar = page.getByTestId('blocked-calendar');
    await expect(page.getByText('Nothing blocked.')).toBeVisible();

    // Past days cannot be chosen.
    if (yesterday.slice(0, 7) !== today.slice(0, 7)) {
      await calendar.getByRole('button', { name: 'Previous month' }).click();
      await expect(calendar.getByRole('button', { name: dayName(yesterday) })).toBeDisabled();
      await calendar.getByRole('button', { name: 'Next month' }).click();
    } else {
      await expect(calendar.getByRole('button', { name: dayName(yesterday) })).toBeDisabled();
    }

    // Today's morning can be blocked.
    await calendar.getByRole('button', { name: dayName(today) }).click();
    let dialog = page.getByRole('dialog', { name: /Block time/ });
    await expect(dialog).toContainText(dayName(today));
    // Choosing nothing says what to choose.
    await dialog.getByRole('button', { name: 'Block time' }).click();
    await expect(dialog.getByText('Choose the morning, the afternoon or both')).toBeVisible();
    await dialog.getByRole('radio', { name: 'Morning (7am-12pm)' }).click();
    await snap(page, 'options-block-modal-1280');
    const posted = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/blocked-days'));
    await dialog.getByRole('button', { name: 'Block time' }).click();
    expect((await posted).postDataJSON()).toEqual({
      branch_id: branch.id,
      date: today,
      is_on_morning: true,
      is_on_afternoon: false,
    });
    await expect(page.getByText('Blocked time saved successfully')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(calendar.getByRole('button', { name: `${dayName(today)}: Morning blocked` })).toContainText(
      'Morning',
    );

    // The server refuses the past too.
    const refused = await request.post('/api/dashboard/blocked-days', {
      headers: authHeaders(branch.token),
      data: { branch_id: branch.id, date: yesterday, is_on_morning: true, is_on_afternoon: false },
    });
    expect(refused.status()).toBe(422);
    expect(((await refused.json()) as { errors: { date: string[] } }).errors.date).toEqual([
      'You cannot block a date in the past',
    ]);

    // A later date: the afternoon.
    await calendar.getByRole('button', { name: 'Next month' }).click();
    await calendar.getByRole('button', { name: dayName(later) }).click();
    dialog = page.getByRole('dialog', { name: /Block time/ });
    await dialog.getByRole('radio', { name: 'Afternoon (12pm-6pm)' }).click();
    await dialog.getByRole('button', { name: 'Block time' }).click();
    await expect(dialog).toBeHidden();
    await expect(
      calendar.getByRole('button', { name: `${dayName(later)}: Afternoon blocked` }),
    ).toBeVisible();
    await expect(page.getByTestId('upcoming-block')).toHaveCount(2);
    await snapTop(page, snap, 'options-calendar-1280');

    // A reload keeps both; the later one becomes a full day, then is deleted after the confirmation.
    await page.reload();
    await expect(page.getByTestId('upcoming-block')).toHaveCount(2);
    await expect(
      page
        .getByTestId('blocked-calendar')
        .getByRole('button', { name: `${dayName(today)}: Morning blocked` }),
    ).toBeVisible();
    await page.getByRole('button', { name: `Edit the blocked time on ${dateLabel(later)}` }).click();
    dialog = page.getByRole('dialog', { name: /Edit blocked time/ });
    await expect(dialog.getByRole('radio', { name: 'Afternoon (12pm-6pm)' })).toBeChecked();
    await dialog.getByRole('radio', { name: 'Full day (7am-6pm)' }).click();
    const put = page.waitForRequest((r) => r.method() === 'PUT' && r.url().includes('/blocked-days/'));
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    expect((await put).postDataJSON()).toMatchObject({
      date: later,
      is_on_morning: true,
      is_on_afternoon: true,
    });
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('listitem', { name: `${dateLabel(later)}: Full day` })).toBeVisible();

    await page.getByRole('button', { name: `Delete the blocked time on ${dateLabel(later)}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete blocked time' });
    await expect(confirm.getByText('Do you want to delete this blocked time?')).toBeVisible();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Blocked time deleted successfully')).toBeVisible();
    await expect(page.getByTestId('upcoming-block')).toHaveCount(1);
    await page.reload();
    await expect(page.getByTestId('upcoming-block')).toHaveCount(1);
    await expect(page.getByTestId('upcoming-block')).toContainText('Morning');
  });

  test('operating hours: Monday first; Sunday off and new Monday hours survive a reload; from before to', async ({
    page,
    request,
  }) => {
    branch = await createTestBranch(request, { name: `Options Hours ${suffix()}` });
    await loginAs(page, 'staff');
    await openOptions(page, branch.name, 'hours');
    const rows = page.getByTestId('hours-row');
    await expect(rows).toHaveCount(7);
    expect(await rows.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')))).toEqual([
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
      'Sunday',
    ]);
    // Defaults until saved: every day 7 am - 6 pm.
    await expect(hoursRow(page, 'Monday').getByRole('combobox', { name: 'Monday opens' })).toHaveValue(
      '7 am',
    );
    await expect(hoursRow(page, 'Monday').getByRole('combobox', { name: 'Monday closes' })).toHaveValue(
      '6 pm',
    );

    // Sunday off; Monday 8 am - 5 pm.
    await hoursRow(page, 'Sunday').getByRole('switch', { name: 'Open on Sunday' }).click();
    await expect(hoursRow(page, 'Sunday').getByRole('switch', { name: 'Open on Sunday' })).not.toBeChecked();
    await expect(hoursRow(page, 'Sunday').getByRole('combobox', { name: 'Sunday opens' })).toBeDisabled();
    await pickOption(page, hoursRow(page, 'Monday').getByRole('combobox', { name: 'Monday opens' }), '8 am');
    await pickOption(page, hoursRow(page, 'Monday').getByRole('combobox', { name: 'Monday closes' }), '5 pm');

    // Opening at or after closing is refused before anything is sent.
    let posts = 0;
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/working-days')) posts += 1;
    });
    await pickOption(
      page,
      hoursRow(page, 'Tuesday').getByRole('combobox', { name: 'Tuesday opens' }),
      '7 pm',
    );
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(
      hoursRow(page, 'Tuesday').getByText(
        'Opening hours must be from 0 to 24, and the opening before the closing',
      ),
    ).toBeVisible();
    await page.waitForTimeout(300);
    expect(posts).toBe(0);
    await pickOption(
      page,
      hoursRow(page, 'Tuesday').getByRole('combobox', { name: 'Tuesday opens' }),
      '9 am',
    );

    const saved = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/working-days'));
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const body = (await saved).postDataJSON() as {
      branch_id: number;
      days: { day: number; is_active: boolean; from_hour: number; to_hour: number }[];
    };
    expect(body.branch_id).toBe(branch.id);
    expect(body.days).toHaveLength(7);
    expect(body.days.find((d) => d.day === 0)).toMatchObject({ is_active: false });
    expect(body.days.find((d) => d.day === 1)).toEqual({
      day: 1,
      is_active: true,
      from_hour: 8,
      to_hour: 17,
    });
    expect(body.days.find((d) => d.day === 2)).toEqual({
      day: 2,
      is_active: true,
      from_hour: 9,
      to_hour: 18,
    });
    await expect(page.getByText('Operating hours saved successfully')).toBeVisible();
    await snapTop(page, snap, 'options-hours-1280');

    await page.reload();
    await expect(hoursRow(page, 'Sunday').getByRole('switch', { name: 'Open on Sunday' })).not.toBeChecked();
    await expect(hoursRow(page, 'Sunday')).toContainText('Closed');
    await expect(hoursRow(page, 'Monday').getByRole('combobox', { name: 'Monday opens' })).toHaveValue(
      '8 am',
    );
    await expect(hoursRow(page, 'Monday').getByRole('combobox', { name: 'Monday closes' })).toHaveValue(
      '5 pm',
    );
    await expect(hoursRow(page, 'Tuesday').getByRole('combobox', { name: 'Tuesday opens' })).toHaveValue(
      '9 am',
    );
    await expect(hoursRow(page, 'Saturday').getByRole('switch', { name: 'Open on Saturday' })).toBeChecked();

    // The availability check follows: Sunday is closed now.
    const sunday = nextWeekday(0);
    const answer = await request.get(
      `/api/dashboard/branches/${branch.id}/availability?date=${sunday}&arrival_time=8-9`,
      { headers: authHeaders(branch.token) },
    );
    expect(((await answer.json()) as { data: { available: boolean; reason?: string } }).data).toMatchObject({
      available: false,
    });
  });
});

test.describe('options on a phone (340 px)', () => {
  test.use({ viewport: PHONE });
  test.describe.configure({ timeout: 60_000 });

  let branch: TTestBranch | null = null;
  test.afterEach(async ({ request }) => {
    if (branch) await deleteTestBranch(request, branch);
    branch = null;
  });

  test('operating hours and the calendar fit the screen', async ({ page, request }) => {
    branch = await createTestBranch(request, { name: `Phone Options ${suffix()}` });
    await loginAs(page, 'staff');
    await page.goto('/options?tab=hours');
    await chooseBranch(page, branch.name);
    await expect(page.getByRole('tab', { name: 'Operating hours' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('hours-row')).toHaveCount(7);
    await expect(hoursRow(page, 'Monday').getByText('Opens')).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await snapTop(page, snap, 'options-hours-340');

    for (const tab of ['Operating calendar', 'Operating window']) {
      await page.getByRole('tab', { name: tab }).click();
      await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
      await expectNoHorizontalOverflow(page);
    }
  });
});

/** "Dec 15, 2026", as the upcoming lists name dates. */
function dateLabel(date: string): string {
  return new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** The next date (after tomorrow, in the branch's zone) falling on a weekday (0 = Sunday). */
function nextWeekday(weekday: number): string {
  for (let offset = 2; offset < 10; offset += 1) {
    const date = branchDate(offset);
    if (new Date(`${date}T12:00:00Z`).getUTCDay() === weekday) return date;
  }
  throw new Error('no such weekday');
}
