import type { FastifyReply, FastifyRequest } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { TDatabase } from '../db/client.ts';
import type { TJobPassListener } from '../jobs/scheduler.ts';
import { unsentOutboxMail } from '../mail/outbox.repository.ts';
import { unsentSms } from '../sms/outbox.repository.ts';

/** The payment provider's webhook routes: an answer of 400 or more there is a failed delivery. */
const WEBHOOK_ROUTES = new Set(['/api/public/payments/stripe/webhook']);

/** Requests no route matched (pages of the web app, missing files): one label, not one per URL. */
const UNMATCHED_ROUTE = 'unmatched';

/** A scrape reads the queues once, even though two gauges show what it read. */
const QUEUE_READ_REUSE_MS = 1000;

export type TMetricsSources = {
  database: TDatabase;
  /** Event streams open in this process (modules/live). */
  openStreams(): number;
  warn(obj: object, msg: string): void;
};

export type TMetrics = {
  registry: Registry;
  /** The one per-request cost: an observation in onResponse. */
  observe(request: FastifyRequest, reply: FastifyReply): void;
  /** The scheduler's pass listener (jobs/scheduler.ts). */
  jobPass: TJobPassListener;
};

type TQueues = Record<'mail' | 'sms', { count: number; oldest: Date | null }>;

/**
 * The Prometheus metrics of one API process, in a registry of its own. Queue depths, the pool
 * and the open streams are read when Prometheus scrapes (collect), never per request.
 */
export function createMetrics(src: TMetricsSources): TMetrics {
  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry });

  const requestDuration = new Histogram({
    name: 'haulpro_http_request_duration_seconds',
    help: 'Time to answer a request, by route pattern, method and status',
    labelNames: ['route', 'method', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const webhookFailures = new Counter({
    name: 'haulpro_payment_webhook_failures_total',
    help: 'Payment webhook deliveries answered with an error (bad signature, failed apply), by status',
    labelNames: ['status'] as const,
    registers,
  });

  const pool = src.database.poolGauge();
  new Gauge({
    name: 'haulpro_db_pool_connections',
    help: 'Database connections by state (PGlite: its one connection)',
    labelNames: ['state'] as const,
    registers,
    collect() {
      const s = pool.stats();
      this.set({ state: 'in_use' }, s.inUse);
      this.set({ state: 'idle' }, s.idle);
    },
  });
  new Gauge({
    name: 'haulpro_db_pool_waiting',
    help: 'Requests waiting for a database connection (PGlite: statements queued behind the running one)',
    registers,
    collect() {
      this.set(pool.stats().waiting);
    },
  });
  const acquire = new Histogram({
    name: 'haulpro_db_pool_acquire_seconds',
    help: 'Time a query or transaction waited for a pooled connection (PostgreSQL)',
    buckets: [0.0005, 0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 5],
    registers,
  });
  pool.onAcquire((seconds) => acquire.observe(seconds));

  let queues: { at: number; read: Promise<TQueues | null> } | null = null;
  const readQueues = (): Promise<TQueues | null> => {
    const now = Date.now();
    if (!queues || now - queues.at > QUEUE_READ_REUSE_MS) {
      const db = src.database.db;
      const read = Promise.all([unsentOutboxMail(db), unsentSms(db)]).then(
        ([mail, sms]) => ({ mail, sms }),
        (err: unknown) => {
          // The database may be down: the series go missing for this scrape, the scrape still answers.
          src.warn({ err }, 'metrics: could not read the queues');
          return null;
        },
      );
      queues = { at: now, read };
    }
    return queues.read;
  };
  new Gauge({
    name: 'haulpro_queue_unsent',
    help: 'Messages waiting to be sent: the mail outbox and the text (SMS) queue',
    labelNames: ['queue'] as const,
    registers,
    async collect() {
      this.reset();
      const q = await readQueues();
      if (q) for (const name of ['mail', 'sms'] as const) this.set({ queue: name }, q[name].count);
    },
  });
  new Gauge({
    name: 'haulpro_queue_oldest_unsent_seconds',
    help: 'Age of the oldest message waiting to be sent (0 when none waits)',
    labelNames: ['queue'] as const,
    registers,
    async collect() {
      this.reset();
      const q = await readQueues();
      if (!q) return;
      for (const name of ['mail', 'sms'] as const) {
        const oldest = q[name].oldest;
        this.set({ queue: name }, oldest ? Math.max(0, (Date.now() - new Date(oldest).getTime()) / 1000) : 0);
      }
    },
  });

  // Job lag: each pass of the periodic jobs is due `everyMs` after the last one that finished
  // started; how long the oldest due pass is overdue (0 while on time, and until a first pass ends).
  let lastGoodPass: { startedAt: number; everyMs: number } | null = null;
  const jobFailures = new Counter({
    name: 'haulpro_job_failures_total',
    help: 'Passes of the periodic jobs that ended in an error',
    registers,
  });
  new Gauge({
    name: 'haulpro_job_lag_seconds',
    help: 'How long the periodic jobs are overdue in this process (0 while they run on time)',
    registers,
    collect() {
      const last = lastGoodPass;
      this.set(last ? Math.max(0, (Date.now() - last.startedAt - last.everyMs) / 1000) : 0);
    },
  });

  new Gauge({
    name: 'haulpro_live_streams_open',
    help: 'Live event streams (server-sent events) open in this process',
    registers,
    collect() {
      this.set(src.openStreams());
    },
  });

  return {
    registry,
    observe(request, reply) {
      const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
      const status = reply.statusCode;
      requestDuration.observe({ route, method: request.method, status }, reply.elapsedTime / 1000);
      if (status >= 400 && WEBHOOK_ROUTES.has(route)) webhookFailures.inc({ status });
    },
    jobPass({ startedAt, everyMs, ok }) {
      if (ok) lastGoodPass = { startedAt, everyMs };
      else jobFailures.inc();
    },
  };
}
