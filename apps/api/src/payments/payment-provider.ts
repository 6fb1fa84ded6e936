/** Electronic payments behind one interface; Stripe is the implementation (decision 009). */
export type TCheckoutRequest = {
  /** What is paid for: a moving order (the default) or a delivery. */
  kind?: 'order' | 'delivery';
  orderId: number;
  amountCents: number;
  description: string;
  customerEmail: string;
  successUrl: string;
  cancelUrl: string;
};

/** A verified provider event, reduced to what the order needs. */
export type TPaymentEvent = {
  id: string;
  type: string;
  orderId: number | null;
  /** Set instead of orderId when the payment was for a delivery. */
  deliveryId: number | null;
  sessionId: string | null;
  /** true: money received; false: the attempt failed or expired; null: an event we do not act on. */
  paid: boolean | null;
};

export type TPaymentProvider = {
  name: 'stripe';
  createCheckout(r: TCheckoutRequest): Promise<{ sessionId: string; url: string }>;
  /**
   * Refunds a paid checkout in full. The key makes a retry (or a second cancel racing the first)
   * refund once; answers the provider's refund id.
   */
  refund(r: {
    sessionId: string;
    amountCents: number;
    idempotencyKey: string;
  }): Promise<{ refundId: string }>;
  /** Verifies the signature over the exact raw body; throws on a bad or stale signature. */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): Promise<TPaymentEvent>;
};
