import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type APIRequestContext, chromium as browserType, type Page } from '@playwright/test';
import chromium from '../../../scripts/chromium-flags.json' with { type: 'json' };
import { authHeaders, snapTop } from './branch-api.ts';
import { apiToken } from './demo-booking.ts';
import {
  DEMO,
  DEMO_PASSWORD,
  expect,
  loginAs,
  networkQuiet,
  PHONE,
  snap,
  submitLogin,
  test,
} from './fixtures.ts';

/*
 * Move day on the crew's phone (issue 28), at 340 px, against the real API: Today, a job from
 * On my way to the customer's signature and the work order, the customer's side of it, the same
 * with the network cut between Start and Finish, and Chromium finding the job page installable.
 * The jobs are the demo's accepted orders of today (the same day cannot be booked).
 */

type TJob = {
  state: string;
  events: { type: string }[];
  changes: { status: string }[];
  signed_at: string | null;
  work_order_url: string | null;
  bill: { total: number; changes: number };
};

/**
 * An accepted job of today not started yet, from Today as Demo Movers' staff sees it (all
 * branches). Orders cannot be booked for the same day, so these come from the demo data; the
 * tests run one after the other and each takes the first one still not started.
 */
async function todaysJob(request: APIRequestContext, states: readonly string[] = ['not_started']) {
  const staff = await apiToken(request, 'staff');
  const res = await request.get('/api/dashboard/today', { headers: authHeaders(staff) });
  expect(res.ok(), await res.text()).toBe(true);
  const today = ((await res.json()) as { data: { jobs: { kind: string; id: number; state: string }[] } })
    .data;
  const orders = today.jobs.filter((j) => j.kind === 'order');
  const job = states.map((s) => orders.find((j) => j.state === s)).find(Boolean) ?? null;
  expect(job, `an order of today ${states.join(' or ')} among ${JSON.stringify(today.jobs)}`).toBeTruthy();
  const customer = await apiToken(request, 'customer');
  return { orderId: job?.id ?? 0, state: job?.state ?? '', staff, customer };
}

async function staffJob(request: APIRequestContext, token: string, orderId: number): Promise<TJob> {
  const res = await request.get(`/api/dashboard/orders/${orderId}/job`, { headers: authHeaders(token) });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { data: TJob }).data;
}

/** A small PNG: the server checks a photo by its bytes. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABgAAAAQCAYAAAAMJL+VAAAARElEQVR4AeSSwQkAIAwDS9ZxBKEDOpbgWuoK9+nDWLhfoOSI2shTiaL4DB8szSBQs4aKaHWaM1TUdwbhY0W0Os29v6ILAAD//+8nwK4AAAAGSURBVAMAff9M0Ty3xYkAAAAASUVORK5CYII=',
  'base64',
);

const stateOf = (page: Page) => page.getByTestId('job-clock').getByTestId('job-state');

async function press(page: Page, step: string, state: string) {
  await page.getByTestId('job-steps').getByRole('button', { name: step, exact: true }).click();
  await expect(stateOf(page)).toHaveText(state);
}

/** Draws a scribble in the signature box once the pad has loaded. */
async function scribble(page: Page) {
  const canvas = page.getByTestId('signature-canvas');
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

/** The customer signs, chooses no tip and the order completes with its work order. */
async function signWithoutTip(page: Page) {
  await expect(page.getByTestId('final-bill')).toContainText('Total');
  await expect(page.getByTestId('collect-cash')).toContainText(/Collect \$[\d,.]+ in cash/);
  await scribble(page);
  await page.getByRole('button', { name: 'Continue to the tip' }).click();
  await expect(page.getByTestId('tip-summary')).toContainText('Tip: $0');
  await page.getByRole('button', { name: 'Confirm completion' }).click();
  await expect(page.getByTestId('job-complete')).toContainText('Job complete');
  await expect(page.getByRole('link', { name: 'Work order (PDF)' })).toBeVisible();
  await expect(page.getByTestId('balance-settled')).toContainText('collected in cash');
}

async function openJob(page: Page, orderId: number, state = 'Not started') {
  await page.goto('/today');
  await expect(page.getByTestId('today-job').first()).toBeVisible();
  await snapTop(page, snap, `move-day-real-today-${state === 'Working' ? 'later' : 'first'}-340`);
  const open = page.locator(`a[href="/job/${orderId}"]`);
  await expect(open).toBeVisible();
  await open.click();
  await expect(page).toHaveURL(`/job/${orderId}`);
  await expect(stateOf(page)).toHaveText(state);
}

test.describe('move day on the crew phone', () => {
  test.use({ viewport: PHONE });
  // One after the other: each takes the first job of today still not started.
  test.describe.configure({ mode: 'serial', timeout: 180_000 });

  test('a whole move day: steps, a change approved on the phone, the signature and the work order', async ({
    page,
    browser,
    request,
  }) => {
    const { orderId, customer, staff } = await todaysJob(request);
    await loginAs(page, 'staff');
    await openJob(page, orderId);
    await snapTop(page, snap, 'move-day-real-job-340');

    await page.getByRole('button', { name: 'On my way' }).click();
    await page.getByTestId('eta-picker').getByRole('button', { name: '30 min' }).click();
    await expect(stateOf(page)).toHaveText('On the way');
    await press(page, 'Arrived', 'Arrived');
    await press(page, 'Start work', 'Working');

    // A before photo from the phone's camera: a thumbnail and the count.
    const chooser = page.waitForEvent('filechooser');
    await page.getByTestId('job-photos').getByRole('button', { name: 'Before' }).click();
    await (await chooser).setFiles({ name: 'before.png', mimeType: 'image/png', buffer: PNG });
    await expect(page.getByTestId('photo-count')).toHaveText('1/20');
    await expect(page.getByTestId('job-photos').getByRole('img', { name: /Before photo/ })).toBeVisible();

    await press(page, 'Break', 'On a break');
    await press(page, 'Resume', 'Working');

    await page.getByRole('button', { name: 'Add a change' }).click();
    const form = page.getByTestId('change-form');
    await form.getByLabel('Description').fill('Two more flights at the drop-off');
    await form.getByLabel('Flights of stairs').fill('2');
    await form.getByRole('button', { name: 'Add change' }).click();
    const change = page.getByTestId('job-change');
    await expect(change.getByTestId('change-status')).toHaveText('Waiting for the customer');
    await change.getByRole('button', { name: 'Approve' }).click();
    await expect(change.getByTestId('change-status')).toHaveText('Approved');

    await press(page, 'Finish work', 'Finished');
    await expect(page.getByTestId('signature-canvas')).toBeVisible();
    await snapTop(page, snap, 'move-day-real-bill-340');
    await signWithoutTip(page);
    await snapTop(page, snap, 'move-day-real-complete-340');

    const job = await staffJob(request, staff, orderId);
    expect(job.state).toBe('finished');
    expect(job.signed_at).not.toBeNull();
    expect(job.events.map((e) => e.type)).toEqual([
      'on_my_way',
      'arrived',
      'start',
      'break',
      'resume',
      'finish',
    ]);
    expect(job.changes.map((c) => c.status)).toEqual(['approved']);

    // The customer's side: the same job, signed, with the work order.
    const mine = await request.get(`/api/dashboard/customer/orders/${orderId}/job`, {
      headers: authHeaders(customer),
    });
    expect(mine.ok(), await mine.text()).toBe(true);
    const seen = ((await mine.json()) as { data: TJob }).data;
    expect(seen.state).toBe('finished');
    expect(seen.bill.total).toBe(job.bill.total);
    expect(seen.work_order_url).toBeTruthy();
    const pdf = await request.get(seen.work_order_url ?? '');
    expect(pdf.ok()).toBe(true);
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
    const customerPage = await browser.newPage({ viewport: PHONE });
    await customerPage.goto('/login');
    await submitLogin(customerPage, DEMO.customer.email, DEMO_PASSWORD);
    await expect(customerPage).toHaveURL(DEMO.customer.home);
    await customerPage.close();
  });

  test('the network cut between Start and Finish: the steps wait on the phone and are sent once', async ({
    page,
    context,
    request,
  }) => {
    // A job not started yet, or else the demo's job in progress (its Start already recorded).
    const { orderId, state, staff } = await todaysJob(request, ['not_started', 'working']);
    await loginAs(page, 'staff');
    await openJob(page, orderId, state === 'working' ? 'Working' : 'Not started');
    // The service worker has taken the page: a reload with no network still has the app.
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker?.controller !== null), { timeout: 20_000 })
      .toBe(true);

    if (state !== 'working') {
      await page.getByRole('button', { name: 'On my way' }).click();
      await page.getByTestId('eta-picker').getByRole('button', { name: '15 min' }).click();
      await expect(stateOf(page)).toHaveText('On the way');
      await press(page, 'Arrived', 'Arrived');
      await press(page, 'Start work', 'Working');
    }

    await context.setOffline(true);
    await press(page, 'Break', 'On a break');
    await press(page, 'Resume', 'Working');
    await press(page, 'Finish work', 'Finished');
    await expect(page.getByTestId('offline-note')).toHaveText('Offline — 3 steps waiting to send');

    await page.reload();
    await expect(stateOf(page)).toHaveText('Finished');
    await expect(page.getByTestId('offline-note')).toHaveText('Offline — 3 steps waiting to send');

    await context.setOffline(false);
    await expect(page.getByTestId('offline-note')).toHaveCount(0, { timeout: 30_000 });
    await expect(page.getByTestId('final-bill')).toBeVisible();
    const job = await staffJob(request, staff, orderId);
    const types = job.events.map((e) => e.type);
    // Each step once: the three sent when the network came back follow Start, none twice.
    expect(types.slice(-3)).toEqual(['break', 'resume', 'finish']);
    for (const type of ['on_my_way', 'arrived', 'start', 'finish'])
      expect(
        types.filter((t) => t === type),
        type,
      ).toHaveLength(1);
    if (state !== 'working')
      expect(types).toEqual(['on_my_way', 'arrived', 'start', 'break', 'resume', 'finish']);
    await signWithoutTip(page);
  });
});

test.describe('the crew app', () => {
  test("a helper's Today: their deliveries of the day, from the menu", async ({ page }) => {
    await page.setViewportSize(PHONE);
    await loginAs(page, 'labor');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByTestId('mobile-nav').getByRole('link', { name: 'Today' }).click();
    await expect(page).toHaveURL('/today');
    await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
    await expect(page.getByTestId('today-job').or(page.getByTestId('today-empty')).first()).toBeVisible();
    await snapTop(page, snap, 'move-day-labor-today-340');
  });

  test('Chromium finds the job page installable', async ({ request }) => {
    const { orderId } = await todaysJob(request, [
      'not_started',
      'working',
      'finished',
      'on_break',
      'arrived',
      'on_the_way',
    ]);
    // An installed app needs a profile of its own: Chromium refuses installs in a private window.
    const dir = mkdtempSync(path.join(tmpdir(), 'haulpro-pwa-'));
    const baseURL = test.info().project.use.baseURL;
    const context = await browserType.launchPersistentContext(dir, {
      executablePath: process.env.CHROMIUM_PATH ?? chromium.defaultPath,
      args: ['--headless', ...chromium.flags],
      viewport: PHONE,
      ...(baseURL ? { baseURL } : {}),
    });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto('/login');
      await submitLogin(page, DEMO.staff.email, DEMO_PASSWORD);
      await expect(page).toHaveURL(DEMO.staff.home);
      await page.goto(`/job/${orderId}`);
      await networkQuiet(page);
      await expect
        .poll(() => page.evaluate(() => navigator.serviceWorker?.controller !== null), { timeout: 20_000 })
        .toBe(true);
      const cdp = await context.newCDPSession(page);
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
      expect(installabilityErrors).toEqual([]);
      const manifest = await (await page.request.get('/manifest.webmanifest')).json();
      expect(manifest).toMatchObject({ name: 'Haulpro', start_url: '/today', display: 'standalone' });
    } finally {
      await context.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
