import { expect, type Locator, type Page } from '@playwright/test';

export const orderCard = (page: Page, id: number | string): Locator =>
  page.locator(`[data-testid="order-card"][data-order-id="${id}"]`);

/**
 * Pages through the company's active moving orders (/movings) to the card of `id`. Each page is
 * awaited by its own answer and then given a moment to draw (the previous page stays on screen
 * until the next one arrives), so a page is never skipped by clicking Next page twice on it, and a
 * disabled Next page ends a sweep at once instead of waiting on it. Other tests book orders for
 * the same demo company while this one pages, which can move the card back a page behind the
 * sweep, so a card not found is looked for in a second sweep from page 1.
 */
export async function findCompanyOrderCard(page: Page, id: number | string): Promise<Locator> {
  const pageOf = (n: number) =>
    page.waitForResponse((r) => /\/api\/dashboard\/orders\?/.test(r.url()) && r.url().includes(`page=${n}&`));
  const target = orderCard(page, id);
  for (let sweep = 0; sweep < 2; sweep++) {
    const first = pageOf(1);
    await page.goto('/movings');
    await first;
    for (let n = 1; n <= 10; n++) {
      const shown = await expect(target)
        .toBeVisible({ timeout: 2000 })
        .then(() => true)
        .catch(() => false);
      if (shown) return target;
      // One page has no pager at all: asking whether its Next page is enabled would wait forever.
      const next = page.getByRole('button', { name: 'Next page' });
      if (!(await next.count()) || !(await next.isEnabled())) break;
      const turned = pageOf(n + 1);
      await next.click();
      await turned;
    }
  }
  throw new Error(`order ${id} is not on the company's active moving orders (/movings)`);
}
