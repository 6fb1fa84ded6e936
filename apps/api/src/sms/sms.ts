import { toE164 } from '@haulpro/shared/phone';
import type { FastifyBaseLogger } from 'fastify';
import type { TTwilioConfig } from '../config.ts';
import type { TDb, TTx } from '../db/client.ts';
import { claimNextSms, insertSms, markSmsFailed, markSmsSent, userOptedIn } from './outbox.repository.ts';
import { createTwilioSender, SmsSendError, type TSmsProvider } from './twilio-sender.ts';

export type { TSmsProvider } from './twilio-sender.ts';

/** A text's longest body (the column's size: ten SMS segments). */
export const SMS_MAX_BODY = 1600;
const MAX_ATTEMPTS = 5;
const RETRY_EVERY_MS = 30_000;
const MAX_BACKOFF_MS = 10 * 60_000;

export type TSms = {
  /** True when texts are sent (Twilio configured); false: they are stored in the outbox only. */
  readonly sending: boolean;
  /**
   * Queues a text in the caller's transaction: 'queued' when a provider is set, 'stored'
   * otherwise. Nothing when the user did not opt in or the number is not a US number in E.164
   * form: an opted-out number gets nothing from us. True when a row was written.
   */
  queue(tx: TDb | TTx, v: { userId: number; to: string | null; body: string }): Promise<boolean>;
  /** Sends what is queued, unless the provider is backing off (call after the queuing commit). */
  kick(): void;
  /** Sends what is queued now, ignoring the backoff (tests, an operator's retry). */
  dispatch(): Promise<void>;
  /** Resolves when every text queued so far has been attempted. */
  flush(): Promise<void>;
  stop(): Promise<void>;
};

/**
 * The SMS outbox (decision 031), the mail outbox's twin: rows are written in the sender's
 * transaction and sent after commit by a dispatcher that claims them with FOR UPDATE SKIP LOCKED,
 * so several API processes never send one text twice. A temporary failure (network, 5xx, auth,
 * rate limit) goes back to the queue and the dispatcher backs off (30 s, doubling, at most
 * 10 minutes) for up to 5 attempts; a permanent one (invalid or unsubscribed number) fails at once.
 */
export function createSms(opts: {
  db: TDb;
  twilio: TTwilioConfig | null;
  log: FastifyBaseLogger;
  /** Overrides the sender built from `twilio` (tests). */
  provider?: TSmsProvider | null;
  /** Wall time for the backoff (real time, not the business clock). */
  now?: () => number;
}): TSms {
  const provider =
    opts.provider !== undefined ? opts.provider : opts.twilio ? createTwilioSender(opts.twilio) : null;
  const now = opts.now ?? Date.now;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  let failures = 0;
  let notBefore = 0;
  const timer = provider ? setInterval(() => kick(), RETRY_EVERY_MS) : null;
  timer?.unref();

  async function drain(): Promise<void> {
    if (!provider) return;
    for (;;) {
      if (stopped) return;
      const row = await claimNextSms(opts.db);
      if (!row) return;
      try {
        const providerId = await provider.send(row.to, row.body);
        await markSmsSent(opts.db, row.id, providerId, new Date());
        failures = 0;
        notBefore = 0;
      } catch (err) {
        const permanent = err instanceof SmsSendError && err.permanent;
        const final = permanent || row.attempts >= MAX_ATTEMPTS;
        opts.log.warn(
          { smsId: row.id, permanent, attempts: row.attempts, err: String(err) },
          'text delivery failed',
        );
        await markSmsFailed(opts.db, row.id, final, err instanceof Error ? err.message : String(err));
        if (permanent) continue;
        // Leave the rest for later rather than hammering a provider that refuses.
        failures += 1;
        notBefore = now() + Math.min(RETRY_EVERY_MS * 2 ** (failures - 1), MAX_BACKOFF_MS);
        return;
      }
    }
  }

  function run(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = drain()
      .catch((err) => opts.log.error({ err }, 'text dispatcher failed'))
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          kick();
        }
      });
    return running;
  }

  function kick(): void {
    if (!provider || stopped || now() < notBefore) return;
    void run();
  }

  return {
    sending: provider !== null,
    async queue(tx, v) {
      const to = toE164(v.to);
      if (!to || !(await userOptedIn(tx, v.userId))) return false;
      const body = v.body.length > SMS_MAX_BODY ? `${v.body.slice(0, SMS_MAX_BODY - 1)}…` : v.body;
      const row = await insertSms(tx, { userId: v.userId, to, body, status: provider ? 'queued' : 'stored' });
      // The body may carry a link: the log names only the row.
      if (!provider) opts.log.info({ smsId: row?.id }, 'text stored in outbox');
      return true;
    },
    kick,
    async dispatch() {
      if (!provider || stopped) return;
      while (running) await running;
      await run();
      while (running) await running;
    },
    async flush() {
      while (running) await running;
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      while (running) await running;
    },
  };
}
