import { MSG } from '@haulpro/shared/messages';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../domain/errors.ts';
import type { TApp } from '../../http/types.ts';

/** Accounts one address may open a minute, over every kind of sign-up together (issue 26). */
export const SIGN_UPS_PER_MINUTE = 20;

type TCounter = ReturnType<TApp['createRateLimit']>;
/** One counter per server: keyed by the HTTP server that every plugin context of one app shares. */
const counters = new WeakMap<object, TCounter>();

/**
 * The one sign-up budget per address: customer, helper and mover registration share it, so three
 * routes no longer add up to three budgets. It counts accounts opened (a refused form opens none;
 * each route's own limit still bounds attempts), checked before the work and counted once it
 * succeeded (before its answer is sent), so requests in flight together may pass it by their number. Like the other route
 * limits it counts in PostgreSQL when DATABASE_URL is set, one budget over every replica
 * (decision 034), and in this process on the embedded database.
 */
export function signUpBudget(app: TApp) {
  let counter = counters.get(app.server);
  if (!counter) {
    counter = app.createRateLimit({ max: SIGN_UPS_PER_MINUTE, timeWindow: 60_000 });
    counters.set(app.server, counter);
  }
  const count = counter;
  return {
    async onRequest(req: FastifyRequest) {
      const r = await count(req, { increment: false });
      if (!r.isAllowed && r.remaining <= 0)
        throw new AppError('rate_limited', MSG.tooManyRequests, undefined, Math.max(1, r.ttlInSeconds));
    },
    // Counted before the answer leaves (onSend, not onResponse): a client that opens its next
    // account as soon as it reads the last answer is checked against a count that includes it.
    async onSend(req: FastifyRequest, reply: FastifyReply, payload: unknown) {
      // The account is open by now: a counter that cannot be written must not turn that into an error.
      if (reply.statusCode === 200)
        await count(req).catch((err) => req.log.warn({ err }, 'sign-up budget not counted'));
      return payload;
    },
  };
}
