import type { TClock } from '../../context.ts';

/**
 * Sliding-window counters kept in memory per process. With several API replicas each
 * process limits on its own, which still bounds guessing; see docs/decisions/001.
 */
export type TLoginLimiter = {
  /** Seconds to wait before another attempt is allowed, or 0. */
  retryAfter(ip: string, email: string): number;
  recordAttempt(ip: string): void;
  recordFailure(email: string): void;
  clearFailures(email: string): void;
};

const IP_WINDOW_MS = 60_000;
const EMAIL_WINDOW_MS = 15 * 60_000;

export function createLoginLimiter(clock: TClock, perIp: number, perEmail: number): TLoginLimiter {
  const byIp = new Map<string, number[]>();
  const byEmail = new Map<string, number[]>();

  function recent(map: Map<string, number[]>, key: string, windowMs: number): number[] {
    const now = clock.now().getTime();
    const list = (map.get(key) ?? []).filter((t) => t > now - windowMs);
    if (list.length) map.set(key, list);
    else map.delete(key);
    return list;
  }

  /** Drops stale keys once a map grows, so a flood of one-off IPs or e-mails cannot grow memory. */
  function sweep(map: Map<string, number[]>, windowMs: number): void {
    if (map.size < 5000) return;
    const cutoff = clock.now().getTime() - windowMs;
    for (const [key, list] of map) if ((list[list.length - 1] ?? 0) <= cutoff) map.delete(key);
  }

  function wait(list: number[], limit: number, windowMs: number): number {
    if (list.length < limit) return 0;
    const oldest = list[list.length - limit] ?? 0;
    return Math.max(1, Math.ceil((oldest + windowMs - clock.now().getTime()) / 1000));
  }

  return {
    retryAfter(ip, email) {
      return Math.max(
        wait(recent(byIp, ip, IP_WINDOW_MS), perIp, IP_WINDOW_MS),
        wait(recent(byEmail, email, EMAIL_WINDOW_MS), perEmail, EMAIL_WINDOW_MS),
      );
    },
    recordAttempt(ip) {
      sweep(byIp, IP_WINDOW_MS);
      byIp.set(ip, [...recent(byIp, ip, IP_WINDOW_MS), clock.now().getTime()]);
    },
    recordFailure(email) {
      sweep(byEmail, EMAIL_WINDOW_MS);
      byEmail.set(email, [...recent(byEmail, email, EMAIL_WINDOW_MS), clock.now().getTime()]);
    },
    clearFailures(email) {
      byEmail.delete(email);
    },
  };
}
