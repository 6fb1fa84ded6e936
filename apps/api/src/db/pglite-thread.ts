import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { PGlite, QueryOptions, Results, Transaction } from '@electric-sql/pglite';
import { API_ROOT } from '../config.ts';

/**
 * The embedded database on a thread of its own (decision 036). PGlite runs one statement at a
 * time, synchronously, in WebAssembly: on the server's thread every statement stopped every
 * other request (a cached page waited behind an accept's writes). Here PGlite lives in a worker
 * thread (pglite-worker.mjs) and this is the server's handle on it, with the part of PGlite's
 * interface that drizzle's driver, the migrator, LISTEN and the pool gauge use: `query`,
 * `transaction` (its callback's `query`), `listen` and `close`. Each call is one message; a
 * transaction is opened by its first statement's message and holds the worker's one connection
 * until its callback settles, as it holds PGlite's own lock in the server's thread. Errors keep their SQLSTATE (`code`) and the
 * rest of PGlite's fields, and a notice reaches `listen`'s callback before the answer of the
 * statement that sent it, as with PGlite in the same thread.
 */
export type TPgliteThread = Pick<PGlite, 'query' | 'transaction' | 'listen' | 'close'>;

/** Where the worker's script is: the same file from the sources and from the production build. */
const WORKER_FILE = path.join(API_ROOT, 'src/db/pglite-worker.mjs');

type TReply = { id: number; ok: true; result: unknown } | { id: number; ok: false; error: TPlainError };
type TPlainError = { message: string; name: string } & Record<string, string | number | boolean | null>;
type TNotice = { op: 'notify'; listener: number; payload: string };
type TControl = { op: 'ready' } | { op: 'failed'; error: TPlainError };

function errorOf(e: TPlainError): Error {
  const { message, name, ...rest } = e;
  return Object.assign(new Error(message), { name }, rest);
}

/** Drizzle hands its own parsers (dates and times as text); the worker applies the same set. */
function drizzleParsers(options: QueryOptions | undefined): boolean {
  return Boolean(options?.parsers && Object.keys(options.parsers).length > 0);
}

export async function startPgliteThread(opts: {
  dir: string | null;
  loadDataDir?: Blob | File | undefined;
}): Promise<TPgliteThread> {
  const worker = new Worker(WORKER_FILE, {
    workerData: { dir: opts.dir, loadDataDir: opts.loadDataDir ?? null },
  });
  let next = 1;
  const waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  const listeners = new Map<number, (payload: string) => void>();
  let gone: Error | null = null;

  const ready = new Promise<void>((resolve, reject) => {
    worker.on('message', (m: TReply | TNotice | TControl) => {
      if ('op' in m) {
        if (m.op === 'notify') listeners.get(m.listener)?.(m.payload);
        else if (m.op === 'ready') resolve();
        else reject(errorOf(m.error));
        return;
      }
      const w = waiting.get(m.id);
      if (!w) return;
      waiting.delete(m.id);
      if (m.ok) w.resolve(m.result);
      else w.reject(errorOf(m.error));
    });
    const end = (err: Error) => {
      gone = err;
      reject(err);
      for (const w of waiting.values()) w.reject(err);
      waiting.clear();
    };
    worker.on('error', end);
    worker.on('exit', (code) => end(new Error(`the database thread stopped (exit code ${code})`)));
  });
  await ready;

  function call<T>(message: Record<string, unknown>, id = next++): Promise<T> {
    if (gone) return Promise.reject(gone);
    return new Promise<T>((resolve, reject) => {
      waiting.set(id, { resolve: resolve as (v: unknown) => void, reject });
      worker.postMessage({ ...message, id });
    });
  }

  /** A transaction's handle while it runs: its id in the worker, and whether it has begun there. */
  type THandle = { id: number | null; begun: boolean; tx: Transaction };

  /** Statements outside a transaction (`on` undefined), or in one: its first one opens it. */
  const queryOn =
    (on?: THandle) =>
    <T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> => {
      if (on && on.id === null) return Promise.reject(new Error('the transaction has ended'));
      const begin = on !== undefined && !on.begun;
      if (on) on.begun = true;
      return call<Results<T>>({
        op: 'query',
        tx: on?.id ?? undefined,
        begin,
        sql,
        params: params ?? [],
        rowMode: options?.rowMode ?? 'object',
        drizzleParsers: drizzleParsers(options),
      });
    };

  /**
   * Handles of ended transactions, for the next ones (decision 040). A handle is what drizzle's
   * transaction runs its statements on, and the key statements are prepared under
   * (db/prepared.ts): a handle per transaction built a transaction's prepared locking read again
   * every time (a tenth of the server's thread on a confirm). Reused as a pool reuses its
   * connections, one transaction at a time; a statement sent on a handle between transactions
   * is refused.
   */
  const idle: THandle[] = [];
  function handle(): THandle {
    const reused = idle.pop();
    if (reused) return reused;
    const h: THandle = { id: null, begun: false, tx: undefined as unknown as Transaction };
    h.tx = { query: queryOn(h) } as unknown as Transaction;
    return h;
  }

  const client = {
    query: queryOn(),
    async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
      const h = handle();
      const id = next++;
      h.id = id;
      h.begun = false;
      try {
        let value: T;
        try {
          value = await callback(h.tx);
        } catch (err) {
          await call({ op: 'end', tx: id, commit: false }).catch(() => undefined);
          throw err;
        }
        await call({ op: 'end', tx: id, commit: true });
        return value;
      } finally {
        h.id = null;
        idle.push(h);
      }
    },
    async listen(channel: string, callback: (payload: string) => void) {
      // The listen call's id names the listener: its notices can come before the call's answer.
      const listener = next++;
      listeners.set(listener, callback);
      await call({ op: 'listen', channel }, listener);
      return async () => {
        listeners.delete(listener);
        await call({ op: 'unlisten', listener });
      };
    },
    async close() {
      if (!gone) await call({ op: 'close' });
      await worker.terminate();
    },
  };
  // Only these members are used (TPgliteThread); PGlite's own overloads need the cast.
  return client as unknown as TPgliteThread;
}
