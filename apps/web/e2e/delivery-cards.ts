import { expect, type Locator, type Page } from '@playwright/test';

/** The first paint of a dashboard after signing in (lists of cards, on a busy shared machine). */
export const FIRST_LOAD = 20_000;

export const deliveryCard = (page: Page, id: number): Locator =>
  page.locator(`[data-testid="delivery-card"][data-delivery-id="${id}"]`);

/**
 * The card of a delivery on a customer's dashboard tab, paging through its Deliveries section
 * until it shows. Each page is read once it is on screen (its first card visible), so a list
 * still loading is never mistaken for a list without the card.
 */
export async function findDeliveryCard(page: Page, id: number): Promise<Locator> {
  const card = deliveryCard(page, id);
  const cards = page.getByTestId('delivery-card');
  const next = page.getByRole('button', { name: 'Next page of deliveries' });
  await expect(cards.first()).toBeVisible({ timeout: FIRST_LOAD });
  for (let i = 0; i < 10 && (await card.count()) === 0; i++) {
    await expect(next, `delivery #${id} is on no page`).toBeEnabled();
    const first = await cards.first().getAttribute('data-delivery-id');
    await next.click();
    await expect(cards.first()).not.toHaveAttribute('data-delivery-id', first ?? '');
  }
  await expect(card).toBeVisible();
  return card;
}
