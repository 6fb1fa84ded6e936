import { startLoopbackStripe } from './loopback-stripe.ts';

/*
 * The loopback Stripe double as a process, for the browser suite (apps/web/playwright.config.ts):
 *   LOOPBACK_STRIPE_PORT           port on 127.0.0.1 (default 3212)
 *   LOOPBACK_STRIPE_WEBHOOK_URL    where events are POSTed, signed (none: events are only kept)
 *   LOOPBACK_STRIPE_PUBLIC_URL     origin of the Checkout and onboarding pages (default its own URL)
 *   STRIPE_WEBHOOK_SECRET          signs platform events
 *   STRIPE_CONNECT_WEBHOOK_SECRET  signs Connect events (default: STRIPE_WEBHOOK_SECRET)
 *   LOOPBACK_STRIPE_ACCOUNTS       connected accounts active from the start (the demo data's)
 * Besides Stripe's /v1 paths it answers GET /health and POST /test/payouts/:acct.
 * A test double for the protocol, never a production component.
 */

const env = process.env;
const double = await startLoopbackStripe({
  port: Number(env.LOOPBACK_STRIPE_PORT ?? 3212),
  ...(env.LOOPBACK_STRIPE_WEBHOOK_URL ? { webhookUrl: env.LOOPBACK_STRIPE_WEBHOOK_URL } : {}),
  ...(env.LOOPBACK_STRIPE_PUBLIC_URL ? { publicUrl: env.LOOPBACK_STRIPE_PUBLIC_URL } : {}),
  ...(env.STRIPE_WEBHOOK_SECRET ? { webhookSecret: env.STRIPE_WEBHOOK_SECRET } : {}),
  ...(env.STRIPE_CONNECT_WEBHOOK_SECRET ? { connectWebhookSecret: env.STRIPE_CONNECT_WEBHOOK_SECRET } : {}),
  activeAccounts: (env.LOOPBACK_STRIPE_ACCOUNTS ?? '').split(',').filter(Boolean),
});
console.log(`loopback stripe listening on ${double.url}`);

const stop = () => {
  void double.close().then(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
