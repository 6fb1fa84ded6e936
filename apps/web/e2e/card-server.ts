/*
 * The browser suite's second server: the same API and web build, on a database of its own, with
 * card payments on, talking to the loopback Stripe double (apps/api/test/helpers/loopback-stripe.ts)
 * instead of api.stripe.com. Specs that pay by card use `test.use({ baseURL: CARD_BASE_URL })`;
 * every other spec runs against the first server, where Stripe is not configured.
 * E2E_CARD_PORT and E2E_STRIPE_PORT move them (the first server is on E2E_PORT, default 3210).
 */
export const CARD_PORT = Number(process.env.E2E_CARD_PORT ?? 3211);
export const STRIPE_PORT = Number(process.env.E2E_STRIPE_PORT ?? 3212);
export const CARD_BASE_URL = `http://127.0.0.1:${CARD_PORT}`;
export const STRIPE_DOUBLE_URL = `http://127.0.0.1:${STRIPE_PORT}`;
export const CARD_WEBHOOK_URL = `${CARD_BASE_URL}/api/public/payments/stripe/webhook`;
export const STRIPE_ENV = {
  STRIPE_SECRET_KEY: 'sk_test_e2e',
  STRIPE_WEBHOOK_SECRET: 'whsec_e2e',
  STRIPE_CONNECT_WEBHOOK_SECRET: 'whsec_e2e_connect',
  STRIPE_API_URL: STRIPE_DOUBLE_URL,
} as const;
