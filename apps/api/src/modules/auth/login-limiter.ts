import type { TClock } from '../../context.ts';

/**
 * Sliding-window counters kept in memory per process (decision 001). Three budgets:
 * - attempts per address (`perIp` a minute): one address cannot hammer sign-in;
 * - failures per e-mail *and address* (`perEmail` per 15 minutes): a guesser is slowed on the
 *   account it guesses, from where it guesses;
 * - failures per e-mail from anywhere (`perEmail` x EMAIL_WIDE_FACTOR per 15 minutes): a guesser
 *   spread over many addresses is bounded too, but an address that signed in to this account
 *   before is exempt, so nobody can lock the owner out of their own account.
 * With several API replicas each process limits on its own, which still bounds guessing.
 */
export type TLoginLimiter = {
  /** Seconds to wait before another attempt is allowed, or 0. */
  retryAfter(ip: string, email: string): number;
  recordAttempt(ip: string): void;
  recordFailure(ip: string, email: string): void;
  recordSuccess(ip: string, email: string): void;
};

const IP_WINDOW_MS = 60_000;
const EMAIL_WINDOW_MS = 15 * 60_000;
/** The e-mail-wide budget is this many times the per-address one. */
export const EMAIL_WIDE_FACTOR = 10;
/** How long an address that signed in stays trusted for that account. */
const KNOWN_ADDRESS_MS = 30 * 24 * 3600_000;
/** Past this many keys a map is swept of stale ones, so a flood of one-off keys cannot grow memory. */
const SWEEP_AT = 5000;

export function createLoginLimiter(clock: TClock, perIp: number, perEmail: number): TLoginLimiter {
  const byIp = new Map<string, number[]>();
  const byPair = new Map<string, number[]>();
  const byEmail = new Map<string, number[]>();
  /** e-mail -> address -> last successful sign-in (ms). */
  const known = new Map<string, Map<string, number>>();
  const now = () => clock.now().getTime();
  const pair = (ip: string, email: string) => `${email}\n${ip}`;

  function recent(map: Map<string, number[]>, key: string, windowMs: number): number[] {
    const list = (map.get(key) ?? []).filter((t) => t > now() - windowMs);
    if (list.length) map.set(key, list);
    else map.delete(key);
    return list;
  }

  function record(map: Map<string, number[]>, key: string, windowMs: number): void {
    if (map.size >= SWEEP_AT) {
      const cutoff = now() - windowMs;
      for (const [k, list] of map) if ((list[list.length - 1] ?? 0) <= cutoff) map.delete(k);
    }
    map.set(key, [...recent(map, key, windowMs), now()]);
  }

  function wait(list: number[], limit: number, windowMs: number): number {
    if (list.length < limit) return 0;
    const oldest = list[list.length - limit] ?? 0;
    return Math.max(1, Math.ceil((oldest + windowMs - now()) / 1000));
  }

  function isKnown(ip: string, email: string): boolean {
    const at = known.get(email)?.get(ip);
    return at !== undefined && at > now() - KNOWN_ADDRESS_MS;
  }

  return {
    retryAfter(ip, email) {
      return Math.max(
        wait(recent(byIp, ip, IP_WINDOW_MS), perIp, IP_WINDOW_MS),
        wait(recent(byPair, pair(ip, email), EMAIL_WINDOW_MS), perEmail, EMAIL_WINDOW_MS),
        isKnown(ip, email)
          ? 0
          : wait(recent(byEmail, email, EMAIL_WINDOW_MS), perEmail * EMAIL_WIDE_FACTOR, EMAIL_WINDOW_MS),
      );
    },
    recordAttempt(ip) {
      record(byIp, ip, IP_WINDOW_MS);
    },
    recordFailure(ip, email) {
      record(byPair, pair(ip, email), EMAIL_WINDOW_MS);
      record(byEmail, email, EMAIL_WINDOW_MS);
    },
    recordSuccess(ip, email) {
      byPair.delete(pair(ip, email));
      if (known.size >= SWEEP_AT) {
        const cutoff = now() - KNOWN_ADDRESS_MS;
        for (const [e, ips] of known) {
          for (const [a, at] of ips) if (at <= cutoff) ips.delete(a);
          if (ips.size === 0) known.delete(e);
        }
      }
      const ips = known.get(email) ?? new Map<string, number>();
      // A handful of addresses per account is plenty; the oldest is forgotten first.
      if (ips.size >= 20) ips.delete(ips.keys().next().value ?? '');
      ips.delete(ip);
      ips.set(ip, now());
      known.set(email, ips);
    },
  };
}
