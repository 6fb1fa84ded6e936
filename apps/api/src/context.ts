import type { FastifyBaseLogger } from 'fastify';
import type { TReadCache } from './cache/read-cache.ts';
import type { TConfig } from './config.ts';
import type { TDb } from './db/client.ts';
import type { users } from './db/schema.ts';
import type { TLimitCounters } from './limits/limit-counters.ts';
import type { TMailer } from './mail/mailer.ts';
import type { TPaymentProvider } from './payments/payment-provider.ts';
import type { TSms } from './sms/sms.ts';
import type { TStorage } from './storage/storage.ts';

/** Time source; tests inject a fixed or movable clock. */
export type TClock = { now(): Date };
export const systemClock: TClock = { now: () => new Date() };

/** What every service receives: no globals, everything swappable in tests. */
export type TDeps = {
  db: TDb;
  config: TConfig;
  clock: TClock;
  mailer: TMailer;
  /** The SMS outbox (sms/sms.ts): texts to opted-in users, queued in the caller's transaction. */
  sms: TSms;
  storage: TStorage;
  /** null when no provider is configured: only cash is offered. */
  payments: TPaymentProvider | null;
  log: FastifyBaseLogger;
  /** Hot reads (sessions, company orders pages); writes outside HTTP requests invalidate it. */
  cache: TReadCache;
  /** Rate-limit and sign-in counters: in PostgreSQL when DATABASE_URL is set, else in memory (decision 034). */
  limits: TLimitCounters;
};

/** Who is calling: the signed-in user and their session (resolved by http/auth.ts, passed to the services). */
export type TAuth = { user: typeof users.$inferSelect; sessionId: number };
