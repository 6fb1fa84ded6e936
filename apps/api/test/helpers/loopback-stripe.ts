import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { createRestApi } from './loopback-stripe-api.ts';
import {
  error,
  id,
  int,
  parseForm,
  type TKind,
  type TObj,
  type TStripeCtx,
  type TStripeEvent,
} from './loopback-stripe-form.ts';
import { servePage } from './loopback-stripe-pages.ts';

/*
 * A loopback stand-in for api.stripe.com: enough of Stripe's REST protocol for the official
 * `stripe` client (Checkout Sessions, customers, payment intents off session, refunds, Connect
 * Express accounts, account links, transfers, reversals, payouts, disputes) and signed webhooks
 * of what it does. A TEST DOUBLE FOR THE PROTOCOL, never a production part: the tests (and the
 * card server of the browser suite) point STRIPE_API_URL at it; nothing ever calls Stripe itself.
 * Like Stripe it honours Idempotency-Key: the same key on the same path answers the stored
 * response and creates nothing; a failed request is not stored under its key.
 */

export type { TStripeEvent } from './loopback-stripe-form.ts';
export { parseForm } from './loopback-stripe-form.ts';

export async function startLoopbackStripe(
  opts: {
    webhookUrl?: string;
    webhookSecret?: string;
    connectWebhookSecret?: string;
    autoDeliver?: boolean;
    publicUrl?: string;
    port?: number;
    /** Stripe's time (a test's clock); the real time by default. */
    clock?: () => Date;
    /** Connected accounts that exist and are active from the start (the demo data's). */
    activeAccounts?: string[];
  } = {},
) {
  const now = () => Math.floor((opts.clock?.() ?? new Date()).getTime() / 1000);
  const sessions = new Map<string, TObj>();
  const intents = new Map<string, TObj>();
  const customers = new Map<string, TObj>();
  const refunds = new Map<string, TObj>();
  const accounts = new Map<string, TObj>();
  const transfers = new Map<string, TObj>();
  const reversals = new Map<string, TObj>();
  const payouts = new Map<string, TObj>();
  const idempotent = new Map<string, { status: number; body: unknown; params: string }>();
  const failures: Partial<Record<TKind, number>> = {};
  const created: Record<string, number> = {};
  const requests: { method: string; path: string; idempotencyKey: string | undefined; params: TObj }[] = [];
  const events: TStripeEvent[] = [];
  let declineNext = false;
  let pending: Promise<void> = Promise.resolve();
  const count = (k: string) => {
    created[k] = (created[k] ?? 0) + 1;
  };

  const secretOf = (e: TStripeEvent) =>
    (e.account ? opts.connectWebhookSecret : undefined) ?? opts.webhookSecret ?? 'whsec_loopback';

  function sign(e: TStripeEvent): { body: string; signature: string } {
    const body = JSON.stringify(e);
    return {
      body,
      signature: Stripe.webhooks.generateTestHeaderString({ payload: body, secret: secretOf(e) }),
    };
  }

  async function deliver(e: TStripeEvent): Promise<number> {
    if (!opts.webhookUrl) return 0;
    const { body, signature } = sign(e);
    let status = 0;
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        const r = await fetch(opts.webhookUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'stripe-signature': signature },
          body,
        });
        status = r.status;
        if (r.ok) return status;
      } catch {
        status = 0;
      }
      await new Promise((r) => setTimeout(r, 200 * (attempt + 1)));
    }
    return status;
  }

  function emit(type: string, object: TObj, account?: string): TStripeEvent {
    const e: TStripeEvent = {
      id: id('evt'),
      object: 'event',
      type,
      created: now(),
      livemode: false,
      api_version: '2025-01-27.acacia',
      ...(account ? { account } : {}),
      data: { object: structuredClone(object) },
    };
    events.push(e);
    if (opts.webhookUrl && opts.autoDeliver !== false)
      pending = pending.then(() => deliver(e).then(() => undefined));
    return e;
  }

  const accountEvent = (a: TObj) => emit('account.updated', a, String(a.id));

  // ---- what a test (or the browser pages) does as the customer, the provider or Stripe ----

  function pay(sessionId: string): TObj {
    const s = sessions.get(sessionId);
    if (!s) throw new Error(`no checkout session ${sessionId}`);
    if (s.payment_status === 'paid') return s;
    const customer = { id: id('cus'), object: 'customer', email: s.customer_email ?? null };
    customers.set(customer.id, customer);
    const pm = id('pm');
    const pid = (s.payment_intent_data ?? {}) as TObj;
    const intent: TObj = {
      id: id('pi'),
      object: 'payment_intent',
      amount: s.amount_total,
      amount_refunded: 0,
      currency: 'usd',
      status: 'succeeded',
      customer: customer.id,
      payment_method: pm,
      metadata: pid.metadata ?? {},
      transfer_group: pid.transfer_group ?? null,
      setup_future_usage: pid.setup_future_usage ?? null,
      created: now(),
    };
    intents.set(String(intent.id), intent);
    Object.assign(s, {
      payment_status: 'paid',
      status: 'complete',
      payment_intent: intent.id,
      customer: customer.id,
    });
    emit('checkout.session.completed', s);
    return s;
  }

  function expire(sessionId: string) {
    const s = sessions.get(sessionId);
    if (!s) throw new Error(`no checkout session ${sessionId}`);
    s.status = 'expired';
    emit('checkout.session.expired', s);
  }

  function completeOnboarding(acct: string) {
    const a = accounts.get(acct);
    if (!a) throw new Error(`no account ${acct}`);
    Object.assign(a, {
      charges_enabled: true,
      payouts_enabled: true,
      details_submitted: true,
      requirements: { currently_due: [], past_due: [], eventually_due: [], disabled_reason: null },
      capabilities: { transfers: 'active' },
    });
    return accountEvent(a);
  }

  function requireInformation(acct: string, fields: string[]) {
    const a = accounts.get(acct);
    if (!a) throw new Error(`no account ${acct}`);
    Object.assign(a, {
      charges_enabled: false,
      payouts_enabled: false,
      details_submitted: true,
      requirements: {
        currently_due: fields,
        past_due: [],
        eventually_due: fields,
        disabled_reason: 'requirements.past_due',
      },
    });
    return accountEvent(a);
  }

  /** Pays out what the account was sent and not paid out yet: `payout.created`, then `payout.paid`. */
  function payout(acct: string) {
    let amount = 0;
    for (const tr of transfers.values())
      if (tr.destination === acct && !tr.paid_out) {
        amount += int(tr.amount) - int(tr.amount_reversed);
        tr.paid_out = true;
      }
    const p: TObj = {
      id: id('po'),
      object: 'payout',
      amount,
      currency: 'usd',
      created: now(),
      arrival_date: now() + 2 * 86_400,
      status: 'pending',
    };
    payouts.set(String(p.id), p);
    count('payouts');
    emit('payout.created', p, acct);
    p.status = 'paid';
    emit('payout.paid', p, acct);
    return p;
  }

  /** The cardholder disputes a payment: `charge.dispute.created`. */
  function dispute(paymentIntent: string, amount: number) {
    const d = {
      id: id('dp'),
      object: 'dispute',
      amount,
      currency: 'usd',
      payment_intent: paymentIntent,
      status: 'needs_response',
      created: now(),
    };
    return emit('charge.dispute.created', d);
  }

  const ctx: TStripeCtx = {
    state: { sessions, intents, customers, refunds, accounts, transfers, reversals, payouts },
    now,
    base: () => base(),
    emit,
    count,
    failing: (kind) => {
      if (!failures[kind]) return null;
      failures[kind] = (failures[kind] ?? 1) - 1;
      return error(500, 'api_error', 'Stripe is down');
    },
    takeDecline: () => {
      const d = declineNext;
      declineNext = false;
      return d;
    },
  };
  const route = createRestApi(ctx);
  const actions = { pay, completeOnboarding, requireInformation, payout };

  for (const acct of opts.activeAccounts ?? [])
    accounts.set(acct, {
      id: acct,
      object: 'account',
      type: 'express',
      country: 'US',
      metadata: {},
      charges_enabled: true,
      payouts_enabled: true,
      details_submitted: true,
      capabilities: { transfers: 'active' },
      requirements: { currently_due: [], past_due: [], eventually_due: [], disabled_reason: null },
      created: now(),
    });

  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => {
      raw += c;
    });
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://loopback');
      if (!url.pathname.startsWith('/v1/')) {
        if (!servePage(ctx, actions, req, res, url)) {
          res.writeHead(404, { 'content-type': 'text/plain' });
          res.end('not found');
        }
        return;
      }
      const params = req.method === 'GET' ? Object.fromEntries(url.searchParams) : parseForm(raw);
      const key = req.headers['idempotency-key'];
      const idempotencyKey = typeof key === 'string' ? key : undefined;
      requests.push({ method: req.method ?? 'GET', path: url.pathname, idempotencyKey, params });
      const slot = `${url.pathname}\n${idempotencyKey}`;
      const stored = idempotencyKey ? idempotent.get(slot) : undefined;
      const same = !stored || stored.params === JSON.stringify(params);
      const answer = !same
        ? error(
            400,
            'idempotency_error',
            `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
          )
        : (stored ?? route(req.method ?? 'GET', url.pathname, params));
      // Stripe keeps a key's answer unless the request failed on its side (5xx).
      if (idempotencyKey && !stored && answer.status < 500)
        idempotent.set(slot, { ...answer, params: JSON.stringify(params) });
      res.writeHead(answer.status, {
        'content-type': 'application/json',
        'request-id': id('req'),
        ...(stored ? { 'idempotent-replayed': 'true' } : {}),
      });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((r) => server.listen(opts.port ?? 0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  const base = () => opts.publicUrl ?? `http://127.0.0.1:${port}`;

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    events,
    created,
    requests,
    state: { sessions, intents, customers, refunds, accounts, transfers, reversals, payouts },
    sign,
    deliver,
    drain: () => pending,
    pay,
    expire,
    completeOnboarding,
    requireInformation,
    payout,
    dispute,
    declineNextOffSession: () => {
      declineNext = true;
    },
    failNext: (kind: TKind, n = 1) => {
      failures[kind] = (failures[kind] ?? 0) + n;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

export type TLoopbackStripe = Awaited<ReturnType<typeof startLoopbackStripe>>;
