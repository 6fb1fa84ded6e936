import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { TClock } from '../context.ts';
import type { TLimitCounters } from './limit-counters.ts';

type TIncrCallback = Parameters<FastifyRateLimitStore['incr']>[1];
type TChildOptions = Parameters<FastifyRateLimitStore['child']>[0];

/** What a child store is told about its rule (the plugin's merged route options). */
type TRule = { routeInfo?: { method?: unknown; url?: unknown }; max?: unknown; timeWindow?: unknown };

/**
 * A key prefix per rule: method and path for a route's `config.rateLimit`; for a budget made with
 * `app.createRateLimit` (no route), its limit and window. Every replica derives the same prefix.
 */
function rulePrefix(rule: TRule): string {
  const { method, url } = rule.routeInfo ?? {};
  if (typeof url === 'string' && url) return `${String(method)} ${url}`;
  return `budget ${String(rule.max)}/${String(rule.timeWindow)}`;
}

/**
 * `@fastify/rate-limit`'s custom store over the shared counters (decision 034), so every rule's
 * budget holds across API processes and restarts. Windows are fixed from the first hit, as with the
 * plugin's own memory store, and timed by the app's clock like every rule of ours; `continueExceeding` and `exponentialBackoff` are not used here.
 */
export function sharedRateLimitStore(counters: TLimitCounters, clock: TClock): FastifyRateLimitStoreCtor {
  const now = () => clock.now();
  class SharedRateLimitStore implements FastifyRateLimitStore {
    readonly prefix: string;
    constructor(_options: unknown, prefix = 'rate') {
      this.prefix = prefix;
    }

    incr(key: string, cb: TIncrCallback, timeWindow: number): void {
      const at = now();
      counters.hit([{ key: `${this.prefix}\n${key}`, windowMs: timeWindow }], at).then(
        ([c]) => cb(null, { current: c?.count ?? 0, ttl: c ? c.expiresAt.getTime() - at.getTime() : 0 }),
        (err: Error) => cb(err),
      );
    }

    /** The plugin's non-mutating read (`createRateLimit(...)(req, { increment: false })`). */
    read(key: string, cb: TIncrCallback): void {
      const at = now();
      counters.read(`${this.prefix}\n${key}`, at).then(
        (c) =>
          cb(
            null,
            c ? { current: c.count, ttl: c.expiresAt.getTime() - at.getTime() } : { current: 0, ttl: 0 },
          ),
        (err: Error) => cb(err),
      );
    }

    child(routeOptions: TChildOptions): FastifyRateLimitStore {
      return new SharedRateLimitStore(undefined, `rate ${rulePrefix(routeOptions as unknown as TRule)}`);
    }
  }
  return SharedRateLimitStore;
}
