import type { Browser, Page } from '@playwright/test';
import { apiToken, bookDemoOrder } from './demo-booking.ts';
import { DESKTOP, expect, loginAs, PHONE, signInFreshCustomer, test } from './fixtures.ts';
import { findCompanyOrderCard } from './order-cards.ts';

/*
 * Live updates (issue 29 part 2, decision 031): a change made by one side shows on the other
 * side's open page without a reload, over the one event stream; the bell's 10-second poll runs
 * only while that stream is down.
 */

const POLL = /\/api\/dashboard\/notifications\?page=1$/;

/** A day on the demo's calendar (the seed dates orders in Los Angeles time). */
function laDay(offset: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles' }).format(new Date());
  return new Date(Date.parse(`${today}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
}

const card = (page: Page, id: number) => page.locator(`[data-testid="order-card"][data-order-id="${id}"]`);

/**
 * The page's live stream is up (its `ready` arrived): the app marks `<html data-live="up">`. A
 * bounded wait on the page's own state, not on the network (a response listener registered
 * around a navigation could miss the stream's answer and wait for ever).
 */
const streamUp = (page: Page) =>
  expect(page.locator('html')).toHaveAttribute('data-live', 'up', { timeout: 20_000 });

async function staffPage(browser: Browser, viewport: typeof DESKTOP): Promise<Page> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await loginAs(page, 'staff');
  return page;
}

test.describe('live updates', () => {
  // Two sign-ins per test on a shared machine.
  test.slow();

  for (const [label, viewport, offset] of [
    ['1280', DESKTOP, 21],
    ['340', PHONE, 22],
  ] as const) {
    test(`the customer's open dashboard shows the staff's accept without a reload at ${label} px`, async ({
      page,
      browser,
      request,
    }) => {
      await page.setViewportSize(viewport);
      const order = await bookDemoOrder(request, {
        token: await apiToken(request, 'customer'),
        date: laDay(offset),
        idempotencyKey: `e2e-live-${label}-${Date.now()}`,
      });
      await loginAs(page, 'customer');
      await page.goto('/user-dashboard');
      await streamUp(page);
      const mine = card(page, order.id);
      await expect(mine).toHaveAttribute('data-status', 'New');
      // Set on this document: a reload would lose it.
      await page.evaluate(() => {
        (window as { liveMark?: number }).liveMark = 29;
      });

      const staff = await staffPage(browser, viewport);
      const theirs = await findCompanyOrderCard(staff, order.id);
      await theirs.getByRole('button', { name: 'Accept', exact: true }).click();
      const accepted = Date.now();
      await expect(staff.getByText('Order accepted')).toBeVisible();

      await expect(mine).toHaveAttribute('data-status', 'Accepted', { timeout: 5000 });
      await expect(mine.getByTestId('order-status')).toHaveText('Accepted');
      console.info(
        `live e2e (${label} px): the customer saw the accept ${Date.now() - accepted} ms after the click`,
      );
      expect(await page.evaluate(() => (window as { liveMark?: number }).liveMark)).toBe(29);
      await staff.context().close();
    });
  }

  test('the bell does not poll while the stream is up, and polls again once it is cut', async ({ page }) => {
    let polls = 0;
    page.on('request', (r) => {
      if (POLL.test(r.url())) polls += 1;
    });
    // A customer of this test alone: a notice that other tests give the demo customer would
    // refresh the bell through the stream, and read as a poll here.
    await signInFreshCustomer(page, 'live-bell');
    await streamUp(page);
    // The bell's first read (at sign-in) is done; from here on only a poll would read it again.
    await page.waitForTimeout(1000);
    const before = polls;
    await page.waitForTimeout(15_000);
    expect(polls - before, 'notification polls while the stream was up').toBe(0);

    // Cut the stream: the open one drops with the network, and no new one gets through.
    await page.route('**/api/dashboard/events*', (route) => route.abort());
    await page.context().setOffline(true);
    await page.waitForTimeout(500);
    await page.context().setOffline(false);
    await expect.poll(() => polls - before, { timeout: 25_000 }).toBeGreaterThan(0);
  });
});
