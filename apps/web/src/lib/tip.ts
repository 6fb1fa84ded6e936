/*
 * The customer's tip when confirming a finished job (orders and deliveries): the arithmetic of
 * the tip modal (components/tip-confirm-modal.tsx). Dollars in and out, computed in whole cents.
 */

/** The quick choices of the modal, in percent of the job's price. */
export const TIP_PERCENTS = [10, 15, 20] as const;

export const TIP_TOO_HIGH = 'Tip can be at most the price of the job.';

const toCents = (dollars: number) => Math.round(dollars * 100);

/** `percent` % of `price`, rounded to the cent, never below 0 nor above the price. */
export function tipOfPercent(price: number, percent: number): number {
  const priceCents = Math.max(0, toCents(price));
  const cents = Math.round((priceCents * percent) / 100);
  return Math.min(Math.max(cents, 0), priceCents) / 100;
}

/** An amount typed by the customer, rounded to the cent (what the API receives). */
export function roundTip(amount: number): number {
  return toCents(amount) / 100;
}

/** Why a typed tip cannot be sent, or null: not a number, negative, or more than the price. */
export function tipError(amount: number, price: number): string | null {
  if (!Number.isFinite(amount)) return 'Enter the tip as an amount in dollars.';
  if (amount < 0) return 'Tip cannot be negative.';
  if (toCents(amount) > toCents(price)) return TIP_TOO_HIGH;
  return null;
}
