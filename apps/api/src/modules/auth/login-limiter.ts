import type { TClock } from '../../context.ts';
import type { TDb } from '../../db/client.ts';
import { secondsLeft, type TCounter, type TLimitCounters } from '../../limits/limit-counters.ts';
import { deleteAddressesBefore, isKnownAddress, rememberAddress } from './known-addresses.repository.ts';

/**
 * The sign-in limiter (decisions 001 and 034). Three budgets:
 * - attempts per address (`perIp` a minute): one address cannot hammer sign-in;
 * - failures per e-mail *and address* (`perEmail` per 15 minutes): a guesser is slowed on the
 *   account it guesses, from where it guesses;
 * - failures per e-mail from anywhere (`perEmail` x EMAIL_WIDE_FACTOR per 15 minutes): a guesser
 *   spread over many addresses is bounded too, but an address that signed in to this account
 *   before is exempt, so nobody can lock the owner out of their own account.
 * The counters are the shared ones (limits/limit-counters.ts: PostgreSQL when DATABASE_URL is set,
 * so the budgets hold across replicas and restarts; this process's memory on the embedded
 * database). The known addresses are in the database either way, so a restart keeps them.
 *
 * An attempt is counted as a failure *before* the password is checked, in one atomic hit on the
 * three counters, and taken back when it succeeds: requests in flight together cannot all read a
 * budget as open, so N concurrent guesses get exactly the budget's number of tries.
 */
export type TLoginAttempt = {
  /** Seconds to wait before another attempt is allowed; 0 = this attempt may go on. */
  retryAfter: number;
  /** The password was right: the attempt is no failure, the pair's failures are cleared, the address is known. */
  succeeded(): Promise<void>;
};

export type TLoginLimiter = { attempt(ip: string, email: string): Promise<TLoginAttempt> };

const IP_WINDOW_MS = 60_000;
const EMAIL_WINDOW_MS = 15 * 60_000;
/** The e-mail-wide budget is this many times the per-address one. */
export const EMAIL_WIDE_FACTOR = 10;
/** How long an address that signed in stays trusted for that account. */
export const KNOWN_ADDRESS_MS = 30 * 24 * 3600_000;

const keys = (ip: string, email: string) => ({
  ip: `login ip\n${ip}`,
  pair: `login pair\n${email}\n${ip}`,
  email: `login email\n${email}`,
});

export function createLoginLimiter(
  deps: { db: TDb; clock: TClock; counters: TLimitCounters },
  perIp: number,
  perEmail: number,
): TLoginLimiter & { sweepKnownAddresses(batch: number): Promise<number> } {
  const { db, clock, counters } = deps;

  return {
    async attempt(ip, email) {
      const now = clock.now();
      const k = keys(ip, email);
      const hit = await counters.hit(
        [
          { key: k.ip, windowMs: IP_WINDOW_MS },
          { key: k.pair, windowMs: EMAIL_WINDOW_MS },
          { key: k.email, windowMs: EMAIL_WINDOW_MS },
        ],
        now,
      );
      const [byIp, byPair, byEmail] = hit as [TCounter, TCounter, TCounter];
      const over: TCounter[] = [];
      if (byIp.count > perIp) over.push(byIp);
      if (byPair.count > perEmail) over.push(byPair);
      // The known-address read only when the e-mail-wide budget is spent: most attempts skip it.
      if (
        byEmail.count > perEmail * EMAIL_WIDE_FACTOR &&
        !(await isKnownAddress(db, email, ip, new Date(now.getTime() - KNOWN_ADDRESS_MS)))
      )
        over.push(byEmail);
      if (over.length) {
        // A refused attempt counts nothing, as before the counters were shared.
        await counters.undo(hit);
        return { retryAfter: Math.max(...over.map((c) => secondsLeft(c, now))), succeeded: async () => {} };
      }
      return {
        retryAfter: 0,
        async succeeded() {
          await counters.clear(k.pair);
          await counters.undo([byEmail]);
          await rememberAddress(db, email, ip, clock.now());
        },
      };
    },

    /** Forgets addresses not signed in from for 30 days, one batch (the job runner loops). */
    sweepKnownAddresses(batch) {
      return deleteAddressesBefore(db, new Date(clock.now().getTime() - KNOWN_ADDRESS_MS), batch);
    },
  };
}
