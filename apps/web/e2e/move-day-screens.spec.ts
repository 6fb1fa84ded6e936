import type { Page } from '@playwright/test';
import { expectNoHorizontalOverflow } from './branch-api.ts';
import { DESKTOP, expect, snap as fullSnap, loginAs, PHONE, test } from './fixtures.ts';
import { fakeToday, routeMoveDay } from './move-day-double.ts';

/*
 * The crew's pages in every state, at 1280 and 340 px, against a stand-in for the move-day
 * endpoints (move-day-double.ts): Today empty and full, the job before, on the way, working,
 * on a break, finished with the bill and the signature, and complete. Pictures go to
 * artifacts/screenshots; nothing may overflow sideways.
 */
const ORDER = 990_001;

/** From the top: the sticky header then sits where it belongs in a full-page picture. */
async function snap(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await fullSnap(page, name);
}

/** Draws a short scribble in the signature box. */
export async function scribble(page: Page) {
  const canvas = page.getByTestId('signature-canvas');
  // The pad is ready when Clear is enabled; the box must be on screen for the mouse to reach it.
  await expect(page.getByRole('button', { name: 'Clear' })).toBeEnabled();
  await canvas.scrollIntoViewIfNeeded();
  const box = await canvas.boundingBox();
  if (!box) throw new Error('no signature box');
  await page.mouse.move(box.x + 20, box.y + box.height / 2);
  await page.mouse.down();
  for (let i = 1; i <= 8; i++)
    await page.mouse.move(box.x + 20 + i * 20, box.y + box.height / 2 + (i % 2 ? -25 : 25));
  await page.mouse.up();
}

for (const [label, viewport] of [
  ['1280', DESKTOP],
  ['340', PHONE],
] as const) {
  test.describe(`move day screens at ${label} px`, () => {
    test.use({ viewport });

    test('Today, empty and full, and a job from start to signed', async ({ page }) => {
      await loginAs(page, 'staff');
      const empty = await page.route('**/api/dashboard/today*', (route) =>
        route.fulfill({ json: { data: { date: '2026-11-27', time_zone: 'America/Los_Angeles', jobs: [] } } }),
      );
      void empty;
      await page.goto('/today');
      await expect(page.getByTestId('today-empty')).toContainText('No jobs today');
      await expectNoHorizontalOverflow(page);
      await snap(page, `move-day-today-empty-${label}`);
      await page.unrouteAll();

      const double = await routeMoveDay(page, {
        orderId: ORDER,
        today: fakeToday([ORDER, ORDER + 1, ORDER + 2]),
      });
      await page.reload();
      await expect(page.getByTestId('today-job')).toHaveCount(3);
      await expectNoHorizontalOverflow(page);
      await snap(page, `move-day-today-${label}`);

      await page
        .getByTestId('today-job')
        .first()
        .getByRole('link', { name: /Open job/ })
        .click();
      await expect(page).toHaveURL(`/job/${ORDER}`);
      const state = page.getByTestId('job-clock').getByTestId('job-state');
      await expect(state).toHaveText('Not started');
      await expectNoHorizontalOverflow(page);
      await snap(page, `move-day-job-not-started-${label}`);

      await page.getByRole('button', { name: 'On my way' }).click();
      await expect(page.getByTestId('eta-picker')).toBeVisible();
      await snap(page, `move-day-job-eta-${label}`);
      await page.getByRole('button', { name: '30 min' }).click();
      await expect(state).toHaveText('On the way');
      await snap(page, `move-day-job-on-the-way-${label}`);

      await page.getByRole('button', { name: 'Arrived' }).click();
      await expect(state).toHaveText('Arrived');
      await page.getByRole('button', { name: 'Start work' }).click();
      await expect(state).toHaveText('Working');
      await expect(page.getByTestId('job-clock-worked')).not.toHaveText('0:00:00', { timeout: 5000 });
      await snap(page, `move-day-job-working-${label}`);

      await page.getByRole('button', { name: 'Break', exact: true }).click();
      await expect(state).toHaveText('On a break');
      await snap(page, `move-day-job-break-${label}`);
      await page.getByRole('button', { name: 'Resume' }).click();
      await expect(state).toHaveText('Working');

      await page.getByRole('button', { name: 'Add a change' }).click();
      const form = page.getByTestId('change-form');
      await form.getByLabel('Description').fill('Third floor walk-up at the drop-off');
      await form.getByLabel('Flights of stairs').fill('2');
      await snap(page, `move-day-job-change-form-${label}`);
      await form.getByRole('button', { name: 'Add change' }).click();
      await expect(page.getByTestId('change-status')).toHaveText('Waiting for the customer');
      await snap(page, `move-day-job-change-pending-${label}`);
      await page.getByRole('button', { name: 'Approve' }).click();
      await expect(page.getByTestId('change-status')).toHaveText('Approved');

      await page.getByRole('button', { name: 'Finish work' }).click();
      await expect(state).toHaveText('Finished');
      await expect(page.getByTestId('final-bill')).toContainText('Total');
      await expect(page.getByTestId('collect-cash')).toContainText('Collect $461 in cash');
      await expect(page.getByTestId('signature-canvas')).toBeVisible();
      await expectNoHorizontalOverflow(page);
      await snap(page, `move-day-job-bill-${label}`);

      await scribble(page);
      await page.getByRole('button', { name: 'Continue to the tip' }).click();
      await expect(page.getByTestId('tip-choice')).toBeVisible();
      await snap(page, `move-day-job-tip-${label}`);
      await page.getByRole('button', { name: 'Confirm completion' }).click();
      await expect(page.getByTestId('job-complete')).toContainText('Job complete');
      await expect(page.getByRole('link', { name: 'Work order (PDF)' })).toHaveAttribute(
        'href',
        '/api/files/work-order.pdf',
      );
      await expectNoHorizontalOverflow(page);
      await snap(page, `move-day-job-complete-${label}`);
      expect(double.log.filter((l) => l.startsWith('POST job-events'))).toHaveLength(6);
    });
  });
}
