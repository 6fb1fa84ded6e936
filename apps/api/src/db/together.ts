/**
 * Writes of one transaction sent together (decision 040): the connection runs them back to back
 * instead of waiting for this thread between them. Every write is awaited to its end, also when
 * one fails, before the first failure is thrown: a write of several statements still running when
 * the transaction rolls back would send its next statement after the rollback, outside the
 * transaction, on a connection by then serving another request. `Promise.all` would return at the
 * first failure and allow exactly that.
 */
export async function together<const T extends readonly unknown[]>(
  writes: T,
): Promise<{ -readonly [K in keyof T]: Awaited<T[K]> }> {
  const settled = await Promise.allSettled(writes);
  const failed = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failed) throw failed.reason;
  return settled.map((s) => (s as PromiseFulfilledResult<unknown>).value) as {
    -readonly [K in keyof T]: Awaited<T[K]>;
  };
}
