/** Electronic payments behind one interface; Stripe is the implementation (decisions 009 and 028). */
export type TCheckoutRequest = {
  /** What is paid for: a moving order (the default) or a delivery. */
  kind?: 'order' | 'delivery';
  /** The booking (the default: the card is saved for a tip later), or a tip paid on its own. */
  purpose?: 'booking' | 'tip';
  orderId: number;
  amountCents: number;
  description: string;
  customerEmail: string;
  successUrl: string;
  cancelUrl: string;
};

/** A Connect event about a provider's account, a transfer to it, a payout from it, or a dispute. */
export type TConnectEvent =
  | {
      kind: 'account';
      accountId: string;
      chargesEnabled: boolean;
      payoutsEnabled: boolean;
      detailsSubmitted: boolean;
      requirements: string[];
    }
  | { kind: 'transfer'; transferId: string; amountReversed: number }
  | {
      kind: 'payout';
      accountId: string;
      payoutId: string;
      status: 'created' | 'paid' | 'failed';
      /** When the bank gets it (Stripe's arrival_date). */
      arrivalAt: Date;
      createdAt: Date;
    }
  | { kind: 'dispute'; disputeId: string; paymentIntentId: string; amountCents: number };

/** A verified provider event, reduced to what the booking and the ledger need. */
export type TPaymentEvent = {
  id: string;
  type: string;
  /** When the provider made the event: older news never overwrites newer. */
  createdAt: Date;
  orderId: number | null;
  /** Set instead of orderId when the payment was for a delivery. */
  deliveryId: number | null;
  sessionId: string | null;
  /** A booking's payment, or a tip paid through its own Checkout. */
  purpose: 'booking' | 'tip';
  /** true: money received; false: the attempt failed or expired; null: an event we do not act on. */
  paid: boolean | null;
  /** A paid checkout: what was charged, its payment intent and the customer whose card was saved. */
  amountCents: number | null;
  paymentIntentId: string | null;
  customerId: string | null;
  /** Set for Connect events (accounts, transfers, payouts, disputes); the checkout fields are then null. */
  connect: TConnectEvent | null;
};

export type TProviderError = Error & { declined?: boolean };

export type TPaymentProvider = {
  name: 'stripe';
  createCheckout(r: TCheckoutRequest): Promise<{ sessionId: string; url: string }>;
  /**
   * Refunds a paid checkout (in full or in part). The key makes a retry (or a second cancel racing
   * the first) refund once; answers the provider's refund id.
   */
  refund(r: {
    sessionId: string;
    amountCents: number;
    idempotencyKey: string;
  }): Promise<{ refundId: string }>;
  /** Verifies the signature over the exact raw body; throws on a bad or stale signature. */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): Promise<TPaymentEvent>;
  /** A provider's Connect Express account (one per key). */
  createAccount(r: { email: string; idempotencyKey: string; metadata: Record<string, string> }): Promise<{
    accountId: string;
  }>;
  /** The provider's onboarding page (Stripe's Account Link), single use. */
  accountLink(r: { accountId: string; refreshUrl: string; returnUrl: string }): Promise<{ url: string }>;
  /** Charges the card saved at booking, off session (a tip). A declined card throws with `declined`. */
  chargeSavedCard(r: {
    customerId: string;
    bookingPaymentIntentId: string;
    amountCents: number;
    description: string;
    metadata: Record<string, string>;
    idempotencyKey: string;
  }): Promise<{ paymentIntentId: string }>;
  /** Sends money from the platform's balance to a connected account. */
  transfer(r: {
    accountId: string;
    amountCents: number;
    transferGroup: string;
    description: string;
    metadata: Record<string, string>;
    idempotencyKey: string;
  }): Promise<{ transferId: string }>;
  /** Takes (part of) a transfer back. */
  reverseTransfer(r: { transferId: string; amountCents: number; idempotencyKey: string }): Promise<{
    reversalId: string;
  }>;
};
