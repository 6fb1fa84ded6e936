import { error, id, int, type TAnswer, type TObj, type TStripeCtx } from './loopback-stripe-form.ts';

/*
 * The loopback Stripe double's REST API (`/v1/...`): Checkout Sessions, customers, payment
 * intents (off session, with declines), refunds, Connect accounts and links, transfers and their
 * reversals, answered in Stripe's shapes from the double's state (loopback-stripe.ts).
 */

/** The router of `/v1/...` requests over the double's state. */
export function createRestApi(ctx: TStripeCtx) {
  const { sessions, intents, customers, refunds, accounts, transfers, reversals } = ctx.state;
  const { now, emit, count, failing } = ctx;
  const base = () => ctx.base();
  return function route(method: string, path: string, p: TObj): TAnswer {
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
        id: id('cs_test'),
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
        if (ctx.takeDecline()) {
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
  };
}
