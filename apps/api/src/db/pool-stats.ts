import { performance } from 'node:perf_hooks';
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';

/**
 * How busy the database connections are, read by the metrics at scrape time. PostgreSQL: the
 * pool's connections in use and idle, and requests waiting for one. PGlite runs one statement
 * at a time on its one connection: in use is 1 while a statement or transaction runs, and
 * waiting counts the ones queued behind it.
 */
export type TPoolStats = { inUse: number; idle: number; waiting: number };

export type TPoolGauge = {
  stats(): TPoolStats;
  /** Sees how long each checkout waited for a connection, in seconds (PostgreSQL only). */
  onAcquire(listener: ((waitSeconds: number) => void) | null): void;
};

type TDone = (release?: Error | boolean) => void;
type TConnectCallback = (err: Error | undefined, client: pg.PoolClient | undefined, done: TDone) => void;
type TConnect = {
  (): Promise<pg.PoolClient>;
  (callback: TConnectCallback): void;
};

/**
 * Times every checkout: `pool.query` (a statement outside a transaction) calls `this.connect`
 * with a callback, a transaction calls it without; both come through here.
 */
export function pgPoolGauge(pool: pg.Pool): TPoolGauge {
  let listener: ((waitSeconds: number) => void) | null = null;
  const connect = pool.connect.bind(pool) as TConnect;
  const timed = ((callback?: TConnectCallback) => {
    const start = performance.now();
    const seen = () => listener?.((performance.now() - start) / 1000);
    if (callback)
      return connect((err, client, done) => {
        if (!err) seen();
        callback(err, client, done);
      });
    return connect().then((client) => {
      seen();
      return client;
    });
  }) as TConnect;
  pool.connect = timed;
  return {
    stats: () => ({
      inUse: pool.totalCount - pool.idleCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }),
    onAcquire(l) {
      listener = l;
    },
  };
}

/** Counts PGlite's statements and transactions from their call until they settle. */
export function pgliteGauge(client: PGlite): TPoolGauge {
  let pending = 0;
  const count = <T>(run: () => Promise<T>): Promise<T> => {
    pending++;
    return run().finally(() => {
      pending--;
    });
  };
  const query = client.query.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = ((...args: Parameters<typeof query>) => count(() => query(...args))) as typeof query;
  client.transaction = ((...args: Parameters<typeof transaction>) =>
    count(() => transaction(...args))) as typeof transaction;
  return {
    stats: () => ({ inUse: Math.min(pending, 1), idle: pending ? 0 : 1, waiting: Math.max(pending - 1, 0) }),
    onAcquire() {},
  };
}
