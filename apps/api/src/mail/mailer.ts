import type { SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { TDb, TTx } from '../db/client.ts';
import type { TMailAttachment } from '../db/schema.ts';
import { readStored, type TStorage } from '../storage/storage.ts';
import {
  claimNextOutboxMail,
  insertOutboxMail,
  insertOutboxMailForEach,
  markOutboxMailFailed,
  markOutboxMailSent,
  type TMail,
} from './outbox.repository.ts';

export type { TMail } from './outbox.repository.ts';

export type TMailer = {
  /** Stores the message in the outbox inside the caller's transaction; it is sent after commit. */
  /** One message, or several in one statement (a company's staff). */
  enqueue(tx: TDb | TTx, mail: TMail | readonly TMail[]): Promise<void>;
  /**
   * The same message to each address a query names (its one column, `email`), in one statement
   * with no read before it: a company's staff told of a new order.
   */
  enqueueEach(tx: TDb | TTx, who: SQL, mail: Omit<TMail, 'to'>): Promise<void>;
  /** Sends whatever is queued now (called after a transaction that enqueued mail commits). */
  kick(): void;
  /** Resolves when every message queued so far has been attempted (tests, shutdown). */
  flush(): Promise<void>;
  stop(): Promise<void>;
};

const MAX_ATTEMPTS = 5;

/** The part of an address after the @: enough to tell test mail from real mail, names no one. */
export function domainOf(address: string): string {
  return address.slice(address.lastIndexOf('@') + 1);
}
const RETRY_EVERY_MS = 30_000;

/** A stored attachment for nodemailer: the file's bytes from the storage (only paths the storage writes). */
async function attachmentOf(a: TMailAttachment, storage: TStorage) {
  const content = await readStored(storage, a.path);
  if (!content) throw new Error('attachment not in the storage');
  return { filename: a.filename, contentType: a.contentType, content };
}

/**
 * Outbox mailer. With SMTP configured, rows are 'queued' and a dispatcher claims them with
 * FOR UPDATE SKIP LOCKED, so several API processes never send one message twice. Without
 * SMTP, rows are 'stored' for inspection and only their id is logged.
 */
export function createMailer(opts: {
  db: TDb;
  smtpUrl: string | null;
  from: string;
  log: FastifyBaseLogger;
  /** Where stored attachments' paths (/uploads/...) are read from. */
  storage?: TStorage;
}): TMailer {
  const transport = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  const storage = opts.storage;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const timer = transport ? setInterval(() => kick(), RETRY_EVERY_MS) : null;
  timer?.unref();

  async function drain(): Promise<void> {
    if (!transport) return;
    for (;;) {
      if (stopped) return;
      const row = await claimNextOutboxMail(opts.db);
      if (!row) return;
      try {
        await transport.sendMail({
          from: opts.from,
          to: row.to,
          subject: row.subject,
          text: row.text,
          ...(row.html ? { html: row.html } : {}),
          ...(row.attachments.length && storage
            ? { attachments: await Promise.all(row.attachments.map((a) => attachmentOf(a, storage))) }
            : {}),
        });
        await markOutboxMailSent(opts.db, row.id, new Date());
      } catch (err) {
        const failed = row.attempts >= MAX_ATTEMPTS;
        opts.log.warn({ err, outboxId: row.id }, 'mail delivery failed');
        await markOutboxMailFailed(opts.db, row.id, failed, String(err));
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
      const mails = Array.isArray(mail) ? mail : [mail];
      const rows = await insertOutboxMail(tx, mails, transport ? 'queued' : 'stored');
      // A body carries sign-in, reset and review links: whoever reads the log could use them. The
      // log says only that a message was stored; the outbox row holds it for whoever may read it.
      if (!transport)
        for (const [i, m] of mails.entries())
          opts.log.info({ outboxId: rows[i]?.id, toDomain: domainOf(m.to) }, 'mail stored in outbox');
    },
    async enqueueEach(tx, who, mail) {
      const rows = await insertOutboxMailForEach(tx, who, mail, transport ? 'queued' : 'stored');
      if (!transport)
        for (const r of rows)
          opts.log.info({ outboxId: r.id, toDomain: domainOf(r.to) }, 'mail stored in outbox');
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
