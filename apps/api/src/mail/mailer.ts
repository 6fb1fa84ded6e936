import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { TDb, TTx } from '../db/client.ts';
import { outbox } from '../db/schema.ts';

export type TMail = { to: string; subject: string; text: string; html?: string };

export type TMailer = {
  /** Stores the message in the outbox inside the caller's transaction; it is sent after commit. */
  enqueue(tx: TDb | TTx, mail: TMail): Promise<void>;
  /** Sends whatever is queued now (called after a transaction that enqueued mail commits). */
  kick(): void;
  /** Resolves when every message queued so far has been attempted (tests, shutdown). */
  flush(): Promise<void>;
  stop(): Promise<void>;
};

const MAX_ATTEMPTS = 5;
const RETRY_EVERY_MS = 30_000;

/**
 * Outbox mailer. With SMTP configured, rows are 'queued' and a dispatcher claims them with
 * FOR UPDATE SKIP LOCKED, so several API processes never send one message twice. Without
 * SMTP, rows are 'stored' for inspection and logged.
 */
export function createMailer(opts: {
  db: TDb;
  smtpUrl: string | null;
  from: string;
  log: FastifyBaseLogger;
}): TMailer {
  const transport = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const timer = transport ? setInterval(() => kick(), RETRY_EVERY_MS) : null;
  timer?.unref();

  async function claimNext() {
    const next = opts.db
      .select({ id: outbox.id })
      .from(outbox)
      .where(eq(outbox.status, 'queued'))
      .orderBy(asc(outbox.id))
      .limit(1)
      .for('update', { skipLocked: true });
    const rows = await opts.db
      .update(outbox)
      .set({ status: 'sending', attempts: sql`${outbox.attempts} + 1` })
      .where(inArray(outbox.id, next))
      .returning();
    return rows[0];
  }

  async function drain(): Promise<void> {
    if (!transport) return;
    for (;;) {
      if (stopped) return;
      const row = await claimNext();
      if (!row) return;
      try {
        await transport.sendMail({
          from: opts.from,
          to: row.to,
          subject: row.subject,
          text: row.text,
          ...(row.html ? { html: row.html } : {}),
        });
        await opts.db.update(outbox).set({ status: 'sent', sentAt: new Date() }).where(eq(outbox.id, row.id));
      } catch (err) {
        const failed = row.attempts >= MAX_ATTEMPTS;
        opts.log.warn({ err, outboxId: row.id }, 'mail delivery failed');
        await opts.db
          .update(outbox)
          .set({ status: failed ? 'failed' : 'queued', lastError: String(err) })
          .where(eq(outbox.id, row.id));
        // Leave the rest for the periodic retry rather than spinning on a dead server.
        return;
      }
    }
  }

  function kick(): void {
    if (!transport || stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = drain()
      .catch((err) => opts.log.error({ err }, 'mail dispatcher failed'))
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          kick();
        }
      });
  }

  return {
    async enqueue(tx, mail) {
      const [row] = await tx
        .insert(outbox)
        .values({ ...mail, html: mail.html ?? null, status: transport ? 'queued' : 'stored' })
        .returning({ id: outbox.id });
      if (!transport) {
        opts.log.info(
          { outboxId: row?.id, to: mail.to, subject: mail.subject, text: mail.text },
          'mail stored in outbox',
        );
      }
    },
    kick,
    async flush() {
      while (running) await running;
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      while (running) await running;
      transport?.close();
    },
  };
}
