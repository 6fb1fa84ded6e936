/** Electronic payments behind one interface; Stripe is the implementation (decision 009). */
export type TCheckoutRequest = {
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
  sessionId: string | null;
  /** true: money received; false: the attempt failed or expired; null: an event we do not act on. */
  paid: boolean | null;
};

export type TPaymentProvider = {
  name: 'stripe';
  createCheckout(r: TCheckoutRequest): Promise<{ sessionId: string; url: string }>;
  /** Verifies the signature over the exact raw body; throws on a bad or stale signature. */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): Promise<TPaymentEvent>;
};
