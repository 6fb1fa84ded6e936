import type { IncomingMessage, ServerResponse } from 'node:http';
import { esc, html, int, type TObj, type TStripeCtx } from './loopback-stripe-form.ts';

/** What the browser pages do as the customer or the provider (loopback-stripe.ts). */
export type TPageActions = {
  pay(sessionId: string): TObj;
  completeOnboarding(acct: string): unknown;
  requireInformation(acct: string, fields: string[]): unknown;
  payout(acct: string): TObj;
};

/**
 * The double's browser pages: Checkout's payment page, Connect's onboarding, and the test hooks
 * (`POST /test/payouts/:acct`, `GET /health`). False: not one of them.
 */
export function servePage(
  ctx: Pick<TStripeCtx, 'state'>,
  act: TPageActions,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): boolean {
  const { sessions, accounts } = ctx.state;
  const { pay, completeOnboarding, requireInformation, payout } = act;

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
