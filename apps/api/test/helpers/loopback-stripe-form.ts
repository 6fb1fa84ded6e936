import { randomBytes } from 'node:crypto';

/*
 * The loopback Stripe double's shared parts (loopback-stripe.ts): Stripe's form encoding, ids,
 * error bodies, the state and context its API and pages work on, and the pages' HTML.
 */

export type TObj = Record<string, unknown>;
export type TAnswer = { status: number; body: unknown };
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
export type TKind = 'checkout' | 'payment_intents' | 'refunds' | 'accounts' | 'transfers' | 'customers';

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

export const id = (prefix: string) => `${prefix}_${randomBytes(9).toString('hex')}`;
export const int = (v: unknown) => Number.parseInt(String(v ?? '0'), 10);

/** Stripe's error body. */
export const error = (status: number, type: string, message: string, extra: TObj = {}): TAnswer => ({
  status,
  body: { error: { type, message, ...extra } },
});

/** What the double's API and pages work on. */
export type TStripeCtx = {
  state: {
    sessions: Map<string, TObj>;
    intents: Map<string, TObj>;
    customers: Map<string, TObj>;
    refunds: Map<string, TObj>;
    accounts: Map<string, TObj>;
    transfers: Map<string, TObj>;
    reversals: Map<string, TObj>;
    payouts: Map<string, TObj>;
  };
  /** Stripe's time, in unix seconds. */
  now(): number;
  /** The origin of the browser pages. */
  base(): string;
  emit(type: string, object: TObj, account?: string): TStripeEvent;
  count(kind: string): void;
  /** A 500 when a test asked this kind to fail. */
  failing(kind: TKind): TAnswer | null;
  /** True once after a test asked the next off-session charge to be declined. */
  takeDecline(): boolean;
};

export const html = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title><style>body{font-family:system-ui,sans-serif;max-width:30rem;margin:3rem auto;padding:0 1rem;color:#1a1b1e}button{font-size:1rem;padding:.6rem 1.2rem;margin:.3rem .3rem 0 0;border-radius:6px;border:1px solid #1864ab;background:#1864ab;color:#fff;cursor:pointer}button.secondary{background:#fff;color:#1864ab}</style></head><body><main>${body}</main></body></html>`;
export const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
