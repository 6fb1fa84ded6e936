/**
 * Writes of one transaction sent together (decision 040): the connection runs them back to back
 * instead of waiting for this thread between them (on PostgreSQL, pipelined: decision 044).
 * Every write is awaited to its end, also when one fails, before the first failure is thrown: a
 * write of several statements still running when the transaction rolls back would send its next
 * statement after the rollback, outside the transaction, on a connection by then serving another
 * request. `Promise.all` would return at the first failure and allow exactly that.
 *
 * The connection runs them in the order they were sent (decision 041). A function that starts its
 * query when called (`builder.then(…)`) sends as the list is written; a query builder (drizzle's
 * sends only once `then` is called) is started here, in the list's order; an async function that
 * awaits a builder sends a microtask later, after both. Where the order matters (an order's row
 * before its addresses, a lock before the counts it guards), every statement on that path is
 * one of the first two kinds, and a test asserts the order (statement-counts.test.ts).
 */
export async function together<const T extends readonly unknown[]>(
  writes: T,
): Promise<{ -readonly [K in keyof T]: Awaited<T[K]> }> {
  // `Promise.allSettled` would start a builder a microtask later, after whatever the caller sends next.
  const started = writes.map((w) =>
    w !== null && typeof w === 'object' && typeof (w as PromiseLike<unknown>).then === 'function'
      ? new Promise((resolve, reject) => (w as PromiseLike<unknown>).then(resolve, reject))
      : w,
  );
  const settled = await Promise.allSettled(started);
  const failed = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failed) throw failed.reason;
  return settled.map((s) => (s as PromiseFulfilledResult<unknown>).value) as {
    -readonly [K in keyof T]: Awaited<T[K]>;
  };
}
