import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { CARD_BASE_URL } from './card-server.ts';
import { apiToken } from './demo-booking.ts';
import { DESKTOP, expect, loginAs, PHONE, SCREENSHOT_DIR, test } from './fixtures.ts';

/*
 * Move day as the customer sees it (issue 28): the crew's steps and a change are posted through
 * the API as Demo Movers staff; the customer watches the order's modal follow them, approves the
 * change, confirms the finished bill and gets the work order. Same-day bookings are refused, so
 * the job is the demo customer's accepted order of today (the seed's) that no crew has started,
 * on the second server (its own database): on the first one orders.spec.ts completes that order.
 */
test.use({ baseURL: CARD_BASE_URL });

type TJob = { state: string; next_steps: string[] };
type TOrder = { id: number; status_id: number; arrival_date: string };

const laToday = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles' }).format(new Date());
const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

/** The demo customer's first accepted order of today whose job has not started, in the dashboard's order (so its card is on the first page). */
async function todaysUnstartedOrder(request: APIRequestContext, customer: string): Promise<number> {
  const found: number[] = [];
  for (let page = 1; page <= 10; page += 1) {
    const res = await request.get(`/api/dashboard/customer/orders?tab=active&page=${page}`, {
      headers: auth(customer),
    });
    const body = (await res.json()) as { data: TOrder[]; meta: { last_page: number } };
    for (const o of body.data) if (o.status_id === 2 && o.arrival_date === laToday()) found.push(o.id);
    if (page >= body.meta.last_page) break;
  }
  for (const id of found) {
    const job = await request.get(`/api/dashboard/customer/orders/${id}/job`, { headers: auth(customer) });
    if (
      job.status() === 404 ||
      (job.ok() && ((await job.json()) as { data: TJob }).data.state === 'not_started')
    )
      return id;
  }
  throw new Error('no accepted order of today left to run a move day on');
}

/** The modal's move-day part in view, as the customer sees it (a full page would show the list behind). */
async function snap(page: Page, name: string) {
  await page.getByTestId('customer-job').scrollIntoViewIfNeeded();
  await page.waitForTimeout(350);
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) });
}

async function step(request: APIRequestContext, staff: string, id: number, type: string, extra = {}) {
  const res = await request.post(`/api/dashboard/orders/${id}/job-events`, {
    headers: auth(staff),
    data: { type, idempotency_key: randomUUID(), ...extra },
  });
  expect(res.status(), `${type}: ${await res.text()}`).toBe(200);
}

test.describe('move day, the customer', () => {
  test('follows the crew, approves a change, disputes then confirms the bill and gets the work order', async ({
    page,
    request,
  }) => {
    test.setTimeout(150_000);
    const staff = await apiToken(request, 'staff');
    const customer = await apiToken(request, 'customer');
    const id = await todaysUnstartedOrder(request, customer);

    await step(request, staff, id, 'on_my_way', { eta_minutes: 25 });
    // The dashboard's cards take their move-day lines from the list: no job is asked for per card.
    const jobAsks: string[] = [];
    const onRequest = (r: { url(): string }) => {
      if (/\/customer\/orders\/\d+\/job$/.test(new URL(r.url()).pathname)) jobAsks.push(r.url());
    };
    page.on('request', onRequest);
    await loginAs(page, 'customer');
    // The order's card says it too, when it is on the dashboard's first page (the other specs on
    // this server book newer orders that can push it to the next one); the modal below always does.
    await expect(page.locator('[data-testid="order-card"]').first()).toBeVisible();
    const card = page.locator(`[data-testid="order-card"][data-order-id="${id}"]`);
    if (await card.count())
      await expect(card.getByTestId('order-card-job')).toContainText('On the way — arriving about');
    expect(jobAsks).toEqual([]);
    page.off('request', onRequest);
    await page.goto(`/user-dashboard?order_id=${id}`);
    const modal = page.getByTestId('order-detail-modal');
    const state = modal.getByTestId('job-state');
    await expect(state).toHaveText(/^On the way — arriving about \d{1,2}:\d{2} [AP]M$/);

    // The modal follows the job on its 10-second poll.
    await step(request, staff, id, 'arrived');
    await expect(state).toHaveText('Arrived', { timeout: 25_000 });
    await step(request, staff, id, 'start');
    const change = await request.post(`/api/dashboard/orders/${id}/changes`, {
      headers: auth(staff),
      data: { kind: 'fixed', description: 'Piano dolly for the upright', amount: 45 },
    });
    expect(change.status(), await change.text()).toBe(200);
    await expect(state).toHaveText(/^Working — \d+ min so far, about \$[\d,.]+ so far$/, { timeout: 25_000 });
    const row = modal.getByTestId('job-change').filter({ hasText: 'Piano dolly for the upright' });
    await expect(row).toContainText('$45');
    await snap(page, 'move-day-customer-working-1280');
    await page.setViewportSize(PHONE);
    await expect(row.getByRole('button', { name: 'Approve' })).toBeVisible();
    await snap(page, 'move-day-customer-working-340');
    await page.setViewportSize(DESKTOP);

    await row.getByRole('button', { name: 'Approve' }).click();
    await expect(row).toContainText('Approved');

    // Finished: the itemised bill, the 48-hour note, then Confirm bill with the tip step.
    await step(request, staff, id, 'finish');
    await expect(state).toHaveText('Finished', { timeout: 25_000 });
    // Finish work moved the order on: its badge follows.
    await expect(modal.getByText('Being Completed', { exact: true })).toBeVisible();
    const bill = modal.getByTestId('job-bill');
    await expect(bill.getByTestId('bill-booked')).toBeVisible();
    await expect(bill.getByTestId('bill-changes')).toContainText('$45');
    await expect(bill.getByTestId('bill-total')).toBeVisible();
    await expect(bill.getByTestId('bill-balance')).toBeVisible();
    await expect(modal.getByTestId('job-confirm-by')).toContainText('Confirm by');
    await snap(page, 'move-day-customer-bill-1280');
    await page.setViewportSize(PHONE);
    await snap(page, 'move-day-customer-bill-340');
    await page.setViewportSize(DESKTOP);

    // A dispute first (its reason in our words), then the customer confirms all the same.
    await modal.getByTestId('job-dispute').click();
    const dispute = page.getByRole('dialog', { name: 'Dispute the bill' });
    await dispute.getByRole('button', { name: 'Send dispute' }).click();
    await expect(
      dispute.getByText('Tell us what is wrong with the bill in 1 to 1,000 characters.'),
    ).toBeVisible();
    await dispute.getByTestId('dispute-reason').fill('The crew took a two-hour lunch.');
    await dispute.getByRole('button', { name: 'Send dispute' }).click();
    await expect(dispute).toBeHidden();
    await expect(modal.getByTestId('job-disputed')).toContainText('The crew took a two-hour lunch.');
    await expect(modal.getByTestId('job-dispute')).toBeHidden();

    await modal.getByTestId('job-confirm').click();
    const tip = page.getByRole('dialog', { name: `Confirm the bill of order #${id}` });
    await expect(tip).toBeVisible();
    await tip.getByText('10 %').click();
    await tip.getByRole('button', { name: 'Confirm completion' }).click();
    await expect(tip).toBeHidden();
    await expect(modal.getByTestId('job-confirmed')).toContainText('Bill confirmed');
    const pdf = modal.getByRole('link', { name: 'Work order (PDF)' });
    await expect(pdf).toBeVisible();
    const href = await pdf.getAttribute('href');
    const file = await request.get(href!, { headers: auth(customer) });
    expect(file.status()).toBe(200);
    expect(file.headers()['content-type']).toContain('application/pdf');
    await page.setViewportSize(PHONE);
    await snap(page, 'move-day-customer-confirmed-340');
    await page.setViewportSize(DESKTOP);
    await snap(page, 'move-day-customer-confirmed-1280');
  });
});
