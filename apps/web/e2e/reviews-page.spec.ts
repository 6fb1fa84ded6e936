import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import { apiToken } from './demo-booking.ts';
import {
  DESKTOP,
  expect,
  loginAs,
  PHONE,
  SCREENSHOT_DIR,
  type TDemoRole,
  test,
  uniqueEmail,
} from './fixtures.ts';
import { linkIn, waitForMail } from './mailbox.ts';

/*
 * The reviews page (issue 16; decisions 010 and 020): a customer reviews a completed order from
 * /reviews?review-order=, edits it and publishes it; staff reply once (the reply is final); staff
 * invite two people and one follows the e-mailed link to review without an account. Orders are
 * picked by what the server says (customerCanReview), never by id: other files review them too.
 */

const SHOTS = process.env.E2E_SHOTS_DIR ?? SCREENSHOT_DIR;

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.waitForTimeout(350);
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

/** Clicks the n-th star on its label (the radio inputs are visually hidden). */
async function chooseStars(scope: Locator, n: number) {
  const input = scope.getByRole('radio', { name: `${n} star${n === 1 ? '' : 's'}` });
  const id = await input.getAttribute('id');
  await scope.locator(`label[for="${id}"]`).click();
  await expect(input).toBeChecked();
}

async function signedIn(browser: Browser, role: TDemoRole, viewport = DESKTOP): Promise<Page> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await loginAs(page, role);
  return page;
}

async function customerReviewableOrder(request: APIRequestContext): Promise<number> {
  const token = await apiToken(request, 'customer');
  const res = await request.get('/api/dashboard/customer/orders?filter=completed&paginate=50', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.ok()).toBe(true);
  const orders = ((await res.json()) as { data: { id: number; customerCanReview: boolean }[] }).data;
  // The oldest one: reviews.spec.ts, running beside this file, reviews from the top of the
  // dashboard (the newest), so the two never write the same review.
  const order = orders.filter((o) => o.customerCanReview).sort((a, b) => a.id - b.id)[0];
  expect(order, 'a Completed order the customer has not reviewed').toBeDefined();
  return order?.id ?? 0;
}

type TWireDelivery = { id: number; canCustomerReview: boolean; canCustomerViewHelperReviews: boolean };

/** A completed delivery the customer can still review, from either dashboard tab. */
async function customerReviewableDelivery(request: APIRequestContext): Promise<number> {
  const token = await apiToken(request, 'customer');
  for (const tab of ['active', 'archive']) {
    for (let page = 1; page <= 5; page++) {
      const res = await request.get(
        `/api/dashboard/customer/deliveries?tab=${tab}&page=${page}&paginate=100`,
        {
          headers: { authorization: `Bearer ${token}` },
        },
      );
      expect(res.ok()).toBe(true);
      const body = (await res.json()) as { data: TWireDelivery[]; meta: { last_page: number } };
      const d = body.data.find((x) => x.canCustomerReview && x.canCustomerViewHelperReviews);
      if (d) return d.id;
      if (page >= body.meta.last_page) break;
    }
  }
  throw new Error('no completed delivery the customer can review');
}

const cardWith = (page: Page, text: string) => page.getByTestId('review-card').filter({ hasText: text });

test.describe('reviews page', () => {
  test.slow();

  test('customer reviews, edits and publishes; staff reply once and the reply is final', async ({
    browser,
    request,
  }) => {
    const id = await customerReviewableOrder(request);
    const customer = await signedIn(browser, 'customer');
    await customer.goto(`/reviews?review-order=${id}`);
    const dialog = customer.getByRole('dialog', { name: `Review order #${id}` });
    await expect(dialog).toBeVisible();
    const submit = dialog.getByRole('button', { name: 'Submit review' });
    await expect(submit).toBeDisabled();
    await dialog.getByLabel('Comment').fill('Too short');
    await expect(dialog.getByText('Comment must be more than 10 characters')).toBeVisible();
    await chooseStars(dialog, 3);
    const first = `Order ${id}: the crew arrived on time and wrapped every piece.`;
    await dialog.getByLabel('Comment').fill(first);
    await expect(submit).toBeEnabled();
    await submit.click();
    await expect(customer.getByText('Review saved')).toBeVisible();
    await expect(dialog).toBeHidden();

    // The Reviewed tab: private until published, with Publish and Edit.
    await expect(customer.getByRole('tab', { name: 'Reviewed', selected: true })).toBeVisible();
    const mine = cardWith(customer, first);
    await expect(mine).toContainText('Private');
    await shot(customer, 'reviews-customer-sent-private-1280');
    await mine.getByRole('button', { name: 'Edit' }).click();
    const edit = customer.getByRole('dialog', { name: 'Edit review' });
    await expect(edit.getByLabel('Comment')).toHaveValue(first);
    const edited = `Order ${id}: on time, careful with every piece, and friendly too.`;
    await edit.getByLabel('Comment').fill(edited);
    await chooseStars(edit, 5);
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(customer.getByText('Review updated')).toBeVisible();
    const card = cardWith(customer, edited);
    await expect(card.getByTestId('review-stars')).toHaveAttribute('aria-label', '5 out of 5 stars');
    await card.getByRole('button', { name: 'Publish' }).click();
    await expect(customer.getByText('Review published')).toBeVisible();
    await expect(card).not.toContainText('Private');
    await expect(card.getByRole('button', { name: 'Edit' })).toHaveCount(0);
    await expect(card.getByRole('button', { name: 'Publish' })).toHaveCount(0);
    await expect(customer.getByTestId('review-average')).toHaveText(/^\d\.\d$/);
    await expect(customer.getByTestId('review-count')).toHaveText(/^\d+ active reviews?$/);

    // Staff reply from Received; a reply is posted once and cannot be edited.
    const staff = await signedIn(browser, 'staff');
    await staff.goto('/reviews?tab=received');
    await expect(staff.getByRole('tab', { name: 'Received', selected: true })).toBeVisible();
    // Newest first: the just-published review is on the page (or in All reviews).
    const received = cardWith(staff, edited);
    await expect(received).toBeVisible();
    await expect(received.getByRole('button', { name: 'Edit' })).toHaveCount(0);
    await received.getByRole('button', { name: 'Reply' }).click();
    const box = received.getByTestId('reply-box');
    await expect(box).toContainText('Replies are public and cannot be edited later.');
    const post = box.getByRole('button', { name: 'Post reply' });
    await expect(post).toBeDisabled();
    await box.getByLabel('Your reply').fill('Thank you, Casey! See you on the next move.');
    await shot(staff, 'reviews-staff-reply-box-1280');
    await post.click();
    await expect(staff.getByText('Reply posted')).toBeVisible();
    await expect(received.getByTestId('review-reply')).toContainText('Thank you, Casey!');
    await expect(received.getByRole('button', { name: 'Reply' })).toHaveCount(0);
    await expect(received.getByTestId('reply-box')).toHaveCount(0);
    await expect(received.getByTestId('review-reply').getByRole('button')).toHaveCount(0);

    // The customer sees the reply under the review.
    await customer.reload();
    await expect(cardWith(customer, edited).getByTestId('review-reply')).toContainText('Thank you, Casey!');

    // 340 px: no sideways scrolling.
    await customer.setViewportSize(PHONE);
    await expect(cardWith(customer, edited)).toBeVisible();
    expect(await customer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE.width,
    );
    await shot(customer, 'reviews-customer-sent-340');
    await customer.context().close();
    await staff.context().close();
  });

  test('Moving and Delivery toggle, empty states and the all-reviews modal', async ({ page }) => {
    await loginAs(page, 'staff');
    await page.goto('/reviews?tab=received');
    await expect(page.getByTestId('review-card').first()).toBeVisible();
    // The seed's invited review is marked.
    await expect(page.getByTestId('review-invited').first()).toBeVisible();
    await expect(page.getByTestId('review-average')).toHaveText(/^\d\.\d$/);
    const all = page.getByRole('button', { name: /^All reviews \(\d+\)$/ });
    if (await all.isVisible()) {
      await all.click();
      const modal = page.getByRole('dialog', { name: 'All reviews: Received' });
      await expect(modal.getByTestId('review-card').first()).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(modal).toBeHidden();
    }
    await page.getByText('Delivery Reviews').click();
    await expect(page).toHaveURL('/reviews?type=delivery&tab=received');
    await expect(page.getByTestId('reviews-empty').or(page.getByTestId('review-list'))).toBeVisible();
    await shot(page, 'reviews-staff-delivery-1280');
  });

  test('staff invite two e-mails; one follows the e-mailed link and reviews without an account', async ({
    browser,
  }) => {
    const staff = await signedIn(browser, 'staff');
    await staff.goto('/reviews');
    await staff.getByRole('button', { name: 'Invite a Reviewer' }).click();
    const modal = staff.getByRole('dialog', { name: 'Invite a Reviewer' });
    await expect(modal.getByLabel('Location', { exact: true })).toHaveValue('Demo Movers Los Angeles');
    const send = modal.getByRole('button', { name: 'Send Request' });
    await expect(send).toBeDisabled();
    const emails = modal.getByLabel('Emails');
    // An invalid address is removed; an already invited one is removed with the spec's message.
    await emails.fill('not-an-email');
    await emails.press('Enter');
    await expect(modal.getByText(/not a valid email/)).toBeVisible();
    await emails.fill('jordan.friend@example.com');
    await emails.press('Enter');
    await expect(modal.getByText('This email is already invited')).toBeVisible();
    const ann = uniqueEmail('ann');
    const bob = uniqueEmail('bob');
    await emails.fill(ann);
    await emails.press('Enter');
    await emails.fill(bob);
    await emails.press('Enter');
    await expect(modal.getByTestId('invite-count')).toContainText('2 to send');
    await shot(staff, 'reviews-invite-modal-1280');
    await send.click();
    await expect(staff.getByText('Invitations sent')).toBeVisible();
    const pending = modal.getByTestId('invitation-list');
    await expect(pending.getByText(ann)).toBeVisible();
    await expect(pending.getByText(bob)).toBeVisible();

    // New clients: an order or all orders of the location.
    await modal.getByText('New clients').click();
    await expect(modal.getByLabel('Order')).toBeEnabled();

    // Bob follows the link: no account, name, stars, comment.
    const mail = await waitForMail(bob, 'Leave a review');
    const link = linkIn(mail, '/write-review');
    const context = await browser.newContext({ viewport: PHONE });
    const visitor = await context.newPage();
    await visitor.goto(link);
    await expect(visitor.getByRole('heading', { name: 'Review Demo Movers Los Angeles' })).toBeVisible();
    const publish = visitor.getByRole('button', { name: 'Publish review' });
    await expect(publish).toBeDisabled();
    await visitor.getByLabel('Your name').fill('Bob Invited');
    await chooseStars(visitor.locator('form'), 4);
    const comment = `Invited ${bob}: they moved my piano without a scratch.`;
    await visitor.getByLabel('Comment').fill(comment);
    await expect(publish).toBeEnabled();
    expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE.width,
    );
    await shot(visitor, 'reviews-write-review-340');
    await publish.click();
    await expect(visitor.getByTestId('write-review-done')).toContainText('is published');
    // The link works once.
    await visitor.reload();
    await expect(visitor.getByTestId('write-review-done')).toContainText('already reviewed');
    await context.close();

    // Staff: Bob moved to Available; his review is in Received, marked invited.
    await modal.getByRole('tab', { name: /^Available/ }).click();
    await expect(modal.getByTestId('invitation-list').getByText(bob)).toBeVisible();
    // Delete Ann's pending invitation.
    await modal.getByRole('tab', { name: /^Pending/ }).click();
    await modal.getByRole('button', { name: `Delete the invitation of ${ann}` }).click();
    await expect(modal.getByTestId('invitation-list').getByText(ann)).toHaveCount(0);
    await staff.keyboard.press('Escape');
    await staff.goto('/reviews?tab=received');
    const invited = cardWith(staff, comment);
    await expect(invited).toBeVisible();
    await expect(invited.getByTestId('review-invited')).toBeVisible();
    await expect(invited.getByTestId('review-sender')).toHaveText('Bob Invited');
    await staff.context().close();
  });

  test('a delivery card: See reviews of the helper, then Review it; it lands in Delivery Reviews', async ({
    page,
    request,
  }) => {
    const id = await customerReviewableDelivery(request);
    await loginAs(page, 'customer');
    const card = page.locator(`[data-testid="delivery-card"][data-delivery-id="${id}"]`);
    await expect(page.getByTestId('delivery-card').first()).toBeVisible();
    for (let i = 0; i < 10 && (await card.count()) === 0; i++) {
      const next = page.getByRole('button', { name: 'Next page of deliveries' });
      if (!(await next.isEnabled())) await page.getByRole('tab', { name: /^Archive/ }).click();
      else await next.click();
      await page.waitForTimeout(300);
    }
    await expect(card).toBeVisible();
    await card.getByRole('button', { name: 'See reviews' }).click();
    const seen = page.getByTestId('see-reviews-modal');
    await expect(
      seen.getByRole('heading', { name: /^Reviews of / }).or(seen.getByText(/^Reviews of /)),
    ).toBeVisible();
    await expect(seen.getByTestId('review-summary').or(seen.getByText('No reviews yet'))).toBeVisible();
    await page.keyboard.press('Escape');
    await card.getByRole('button', { name: 'Review', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: /^Review / });
    await chooseStars(dialog, 4);
    const comment = `Delivery ${id}: careful with the boxes and on time.`;
    await dialog.getByLabel('Comment').fill(comment);
    await dialog.getByRole('button', { name: 'Submit review' }).click();
    await expect(page.getByText('Review saved')).toBeVisible();
    await expect(card.getByRole('button', { name: 'Review', exact: true })).toHaveCount(0);
    await page.goto('/reviews?type=delivery');
    await expect(cardWith(page, comment)).toContainText('Private');
    await shot(page, 'reviews-customer-delivery-1280');
  });
});
