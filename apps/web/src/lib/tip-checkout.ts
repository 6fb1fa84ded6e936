/**
 * A confirmation with a tip answers `tip_checkout_url` when the booking saved no card: the tip is
 * paid on that page (Stripe Checkout), and the browser goes there. Null: nothing more to pay.
 */
export function followTipCheckout(answer: { tip_checkout_url?: string | null }): void {
  if (answer.tip_checkout_url) window.location.assign(answer.tip_checkout_url);
}
