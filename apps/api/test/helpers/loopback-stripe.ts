import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/*
 * A loopback stand-in for api.stripe.com: enough of Stripe's REST protocol for the official
 * `stripe` client (Checkout Sessions, customers, payment intents off session, refunds, Connect
 * Express accounts, account links, transfers, reversals, payouts, disputes) and signed webhooks
 * of what it does. A TEST DOUBLE FOR THE PROTOCOL, never a production part: the tests (and the
 * card server of the browser suite) point STRIPE_API_URL at it; nothing ever calls Stripe itself.
 * Like Stripe it honours Idempotency-Key: the same key on the same path answers the stored
 * response and creates nothing; a failed request is not stored under its key.
 */

type TObj = Record<string, unknown>;
export type TStripeEvent = {
  id: string;
  object: 'event';
  type: string;
  created: number;
  livemode: false;
  api_version: string;
  account?: string;
  data: { object: TObj };
};
type TKind = 'checkout' | 'payment_intents' | 'refunds' | 'accounts' | 'transfers' | 'customers';

/** `a[b][c]=1&a[d][]=2` → nested objects and arrays, as Stripe reads form bodies. */
export function parseForm(body: string): TObj {
  const out: TObj = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const parts = rawKey.replace(/\]/g, '').split('[');
    let at: TObj = out;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      const nextIsIndex = parts[i + 1] === '' || /^\d+$/.test(parts[i + 1] ?? 'x');
      if (Array.isArray(at)) {
        const arr = at as unknown as unknown[];
        const idx = part === '' ? arr.length : Number(part);
        if (last) arr[idx] = value;
        else {
          arr[idx] ??= nextIsIndex ? [] : {};
          at = arr[idx] as TObj;
        }
        return;
      }
      if (last) at[part] = value;
      else {
        at[part] ??= nextIsIndex ? [] : {};
        at = at[part] as TObj;
      }
    });
  }
  return out;
}

const id = (prefix: string) => `${prefix}_${randomBytes(9).toString('hex')}`;
const int = (v: unknown) => Number.parseInt(String(v ?? '0'), 10);

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

  // ---- the REST API ----

  type TAnswer = { status: number; body: unknown };
  const error = (status: number, type: string, message: string, extra: TObj = {}): TAnswer => ({
    status,
    body: { error: { type, message, ...extra } },
  });
  const failing = (kind: TKind): TAnswer | null => {
    if (!failures[kind]) return null;
    failures[kind] = (failures[kind] ?? 1) - 1;
    return error(500, 'api_error', 'Stripe is down');
  };

  function route(method: string, path: string, p: TObj): TAnswer {
    const parts = path.split('/').filter(Boolean); // v1, resource, id, sub
    const [, resource, rid, sub] = parts;
    if (method === 'POST' && resource === 'checkout' && rid === 'sessions' && !sub) {
      const f = failing('checkout');
      if (f) return f;
      const items = (p.line_items ?? []) as TObj[];
      const amount = items.reduce(
        (n, li) => n + int((li.price_data as TObj)?.unit_amount) * int(li.quantity ?? 1),
        0,
      );
      const s: TObj = {
        id: `cs_test_${randomBytes(9).toString('hex')}`,
        object: 'checkout.session',
        mode: p.mode ?? 'payment',
        amount_total: amount,
        currency: 'usd',
        payment_status: 'unpaid',
        status: 'open',
        metadata: p.metadata ?? {},
        client_reference_id: p.client_reference_id ?? null,
        customer_email: p.customer_email ?? null,
        customer: null,
        payment_intent: null,
        payment_intent_data: p.payment_intent_data ?? {},
        success_url: p.success_url,
        cancel_url: p.cancel_url,
      };
      s.url = `${base()}/checkout/${s.id}`;
      sessions.set(String(s.id), s);
      count('checkout_sessions');
      return { status: 200, body: s };
    }
    if (method === 'GET' && resource === 'checkout' && rid === 'sessions' && sub) {
      const s = sessions.get(sub);
      return s
        ? { status: 200, body: s }
        : error(404, 'invalid_request_error', `No such checkout.session: '${sub}'`);
    }
    if (resource === 'customers') {
      if (method === 'POST' && !rid) {
        const c = { id: id('cus'), object: 'customer', email: p.email ?? null, metadata: p.metadata ?? {} };
        customers.set(c.id, c);
        count('customers');
        return { status: 200, body: c };
      }
      const c = rid ? customers.get(rid) : undefined;
      return c ? { status: 200, body: c } : error(404, 'invalid_request_error', `No such customer: '${rid}'`);
    }
    if (resource === 'payment_intents') {
      if (method === 'GET' && rid) {
        const pi = intents.get(rid);
        return pi
          ? { status: 200, body: pi }
          : error(404, 'invalid_request_error', `No such payment_intent: '${rid}'`);
      }
      if (method === 'POST' && !rid) {
        const f = failing('payment_intents');
        if (f) return f;
        if (!p.customer || !customers.has(String(p.customer)))
          return error(400, 'invalid_request_error', `No such customer: '${p.customer}'`);
        if (declineNext) {
          declineNext = false;
          return error(402, 'card_error', 'Your card was declined.', {
            code: 'card_declined',
            decline_code: 'generic_decline',
          });
        }
        const pi: TObj = {
          id: id('pi'),
          object: 'payment_intent',
          amount: int(p.amount),
          amount_refunded: 0,
          currency: p.currency ?? 'usd',
          status: 'succeeded',
          customer: p.customer,
          payment_method: p.payment_method ?? null,
          off_session: p.off_session === 'true',
          metadata: p.metadata ?? {},
          transfer_group: p.transfer_group ?? null,
          description: p.description ?? null,
          created: now(),
        };
        intents.set(String(pi.id), pi);
        count(pi.off_session ? 'payment_intents_off_session' : 'payment_intents');
        emit('payment_intent.succeeded', pi);
        return { status: 200, body: pi };
      }
    }
    if (method === 'POST' && resource === 'refunds') {
      const f = failing('refunds');
      if (f) return f;
      const pi = intents.get(String(p.payment_intent));
      if (!pi) return error(400, 'invalid_request_error', `No such payment_intent: '${p.payment_intent}'`);
      const left = int(pi.amount) - int(pi.amount_refunded);
      const amount = p.amount === undefined ? left : int(p.amount);
      if (amount > left)
        return error(
          400,
          'invalid_request_error',
          `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(left / 100).toFixed(2)})`,
        );
      pi.amount_refunded = int(pi.amount_refunded) + amount;
      const r = {
        id: id('re'),
        object: 'refund',
        amount,
        payment_intent: pi.id,
        status: 'succeeded',
        reason: p.reason ?? null,
        metadata: p.metadata ?? {},
        created: now(),
      };
      refunds.set(r.id, r);
      count('refunds');
      emit('charge.refunded', {
        id: id('ch'),
        object: 'charge',
        payment_intent: pi.id,
        amount_refunded: pi.amount_refunded,
      });
      return { status: 200, body: r };
    }
    if (resource === 'accounts') {
      if (method === 'POST' && !rid) {
        const f = failing('accounts');
        if (f) return f;
        const fields = [
          'external_account',
          'individual.dob.day',
          'individual.dob.month',
          'individual.dob.year',
          'tos_acceptance.date',
        ];
        const a: TObj = {
          id: id('acct'),
          object: 'account',
          type: p.type ?? 'express',
          country: p.country ?? 'US',
          email: p.email ?? null,
          metadata: p.metadata ?? {},
          charges_enabled: false,
          payouts_enabled: false,
          details_submitted: false,
          capabilities: { transfers: 'inactive' },
          requirements: {
            currently_due: fields,
            past_due: [],
            eventually_due: fields,
            disabled_reason: 'requirements.past_due',
          },
          created: now(),
        };
        accounts.set(String(a.id), a);
        count('accounts');
        return { status: 200, body: a };
      }
      const a = rid ? accounts.get(rid) : undefined;
      return a ? { status: 200, body: a } : error(404, 'invalid_request_error', `No such account: '${rid}'`);
    }
    if (method === 'POST' && resource === 'account_links') {
      const acct = String(p.account);
      if (!accounts.has(acct)) return error(400, 'invalid_request_error', `No such account: '${acct}'`);
      const q = new URLSearchParams({
        return_url: String(p.return_url ?? ''),
        refresh_url: String(p.refresh_url ?? ''),
      });
      count('account_links');
      return {
        status: 200,
        body: {
          object: 'account_link',
          created: now(),
          expires_at: now() + 300,
          url: `${base()}/connect/onboard/${acct}?${q}`,
        },
      };
    }
    if (resource === 'transfers') {
      if (method === 'POST' && !rid) {
        const f = failing('transfers');
        if (f) return f;
        const dest = accounts.get(String(p.destination));
        if (!dest) return error(400, 'invalid_request_error', `No such destination: '${p.destination}'`);
        if (!dest.payouts_enabled)
          return error(
            400,
            'invalid_request_error',
            'Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments',
          );
        const tr: TObj = {
          id: id('tr'),
          object: 'transfer',
          amount: int(p.amount),
          amount_reversed: 0,
          currency: p.currency ?? 'usd',
          destination: dest.id,
          transfer_group: p.transfer_group ?? null,
          description: p.description ?? null,
          metadata: p.metadata ?? {},
          reversed: false,
          created: now(),
        };
        transfers.set(String(tr.id), tr);
        count('transfers');
        emit('transfer.created', tr);
        return { status: 200, body: tr };
      }
      const tr = rid ? transfers.get(rid) : undefined;
      if (!tr) return error(404, 'invalid_request_error', `No such transfer: '${rid}'`);
      if (method === 'GET' && !sub) return { status: 200, body: tr };
      if (method === 'POST' && sub === 'reversals') {
        const left = int(tr.amount) - int(tr.amount_reversed);
        const amount = p.amount === undefined ? left : int(p.amount);
        if (amount > left)
          return error(400, 'invalid_request_error', 'Amount is greater than the amount left to reverse');
        tr.amount_reversed = int(tr.amount_reversed) + amount;
        tr.reversed = tr.amount_reversed === tr.amount;
        const rev = {
          id: id('trr'),
          object: 'transfer_reversal',
          amount,
          transfer: tr.id,
          metadata: p.metadata ?? {},
          created: now(),
        };
        reversals.set(rev.id, rev);
        count('reversals');
        emit('transfer.reversed', tr);
        return { status: 200, body: rev };
      }
    }
    return error(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path})`);
  }

  const html = (title: string, body: string) =>
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title><style>body{font-family:system-ui,sans-serif;max-width:30rem;margin:3rem auto;padding:0 1rem;color:#1a1b1e}button{font-size:1rem;padding:.6rem 1.2rem;margin:.3rem .3rem 0 0;border-radius:6px;border:1px solid #1864ab;background:#1864ab;color:#fff;cursor:pointer}button.secondary{background:#fff;color:#1864ab}</style></head><body><main>${body}</main></body></html>`;
  const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

  /** The browser's pages: Checkout's payment page and Connect's onboarding. */
  function page(req: IncomingMessage, res: ServerResponse, url: URL): boolean {
    const send = (status: number, body: string, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', ...headers });
      res.end(body);
    };
    const parts = url.pathname.split('/').filter(Boolean);
    if (parts[0] === 'checkout' && parts[1]) {
      const s = sessions.get(parts[1]);
      if (!s) {
        send(404, html('Not found', '<h1>No such checkout</h1>'));
        return true;
      }
      if (req.method === 'POST' && parts[2] === 'pay') {
        pay(parts[1]);
        send(303, '', { location: String(s.success_url) });
        return true;
      }
      const amount = `$${(int(s.amount_total) / 100).toFixed(2)}`;
      send(
        200,
        html(
          'Pay with card · Stripe test double',
          `<h1>Haulpro test checkout</h1><p>A loopback double of Stripe Checkout: no card is charged.</p><p>Amount due: <strong data-testid="amount">${amount}</strong></p><form method="post" action="/checkout/${esc(parts[1])}/pay"><button type="submit">Pay ${amount}</button></form><p><a href="${esc(String(s.cancel_url))}">Back to Haulpro</a></p>`,
        ),
      );
      return true;
    }
    if (parts[0] === 'connect' && parts[1] === 'onboard' && parts[2]) {
      const acct = parts[2];
      if (!accounts.has(acct)) {
        send(404, html('Not found', '<h1>No such account</h1>'));
        return true;
      }
      if (req.method === 'POST') {
        const back = url.searchParams.get('return_url') ?? '/';
        if (parts[3] === 'finish') completeOnboarding(acct);
        else requireInformation(acct, ['external_account']);
        void pending;
        send(303, '', { location: back });
        return true;
      }
      const q = esc(url.search);
      send(
        200,
        html(
          'Haulpro test onboarding',
          `<h1>Haulpro test onboarding</h1><p>Account ${esc(acct)}: a loopback double of Stripe's Express onboarding.</p><form method="post" action="/connect/onboard/${esc(acct)}/finish${q}"><button type="submit">Finish onboarding</button></form><form method="post" action="/connect/onboard/${esc(acct)}/later${q}"><button type="submit" class="secondary">Save for later</button></form>`,
        ),
      );
      return true;
    }
    if (req.method === 'POST' && parts[0] === 'test' && parts[1] === 'payouts' && parts[2]) {
      const p = payout(parts[2]);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(p));
      return true;
    }
    if (parts[0] === 'health') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"ok":true}');
      return true;
    }
    return false;
  }

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
        if (!page(req, res, url)) {
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
