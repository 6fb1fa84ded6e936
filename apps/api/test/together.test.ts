/**
 * Writes of one transaction sent together (db/together.ts, decision 040): they all run inside
 * the transaction, in the order sent, and when one fails the transaction rolls back only after
 * every other has ended, so no statement of a failed step runs after its rollback. On PostgreSQL
 * (the CI's second pass) a statement sent after the rollback would run on the pooled connection
 * outside any transaction and stay written.
 *
 * On PostgreSQL the pool's connections are in node-postgres' pipeline mode (decision 044): the
 * writes go on the wire at once instead of each waiting for the one before it to be answered,
 * which node-postgres without pipelining queues behind a deprecation warning (gone in pg 9).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TTx } from '../src/db/client.ts';
import { together } from '../src/db/together.ts';
import { createTestApp, type TTestApp } from './helpers/test-app.ts';

let t: TTestApp;
const warnings: string[] = [];
const onWarning = (w: Error) => warnings.push(w.message);
beforeAll(async () => {
  process.on('warning', onWarning);
  t = await createTestApp();
  await t.deps.db.execute(sql`create table if not exists together_probe (id int primary key, at int)`);
});
afterAll(async () => {
  process.off('warning', onWarning);
  await t.deps.db.execute(sql`drop table if exists together_probe`);
  await t.close();
});

const put = (tx: TTx, id: number) => tx.execute(sql`insert into together_probe (id) values (${id})`);
const ids = async () => {
  const r = (await t.deps.db.execute(sql`select id from together_probe order by id`)) as unknown as {
    rows: { id: number }[];
  };
  return r.rows.map((row) => Number(row.id));
};
const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('writes sent together in a transaction', () => {
  it('answers each write in the order given, all committed with the transaction', async () => {
    const out = await t.deps.db.transaction((tx) =>
      together([put(tx, 1).then(() => 'a'), put(tx, 2).then(() => 2), Promise.resolve(null)] as const),
    );
    expect(out).toEqual(['a', 2, null]);
    expect(await ids()).toEqual([1, 2]);
    await t.deps.db.execute(sql`delete from together_probe`);
  });

  it('rolls back a write of two statements whose second was sent after another write failed', async () => {
    const failure = new Error('the step was refused');
    const twoStatements = async (tx: TTx) => {
      await put(tx, 10);
      // The other write has failed by now; this statement still belongs to the transaction.
      await tick();
      await put(tx, 11);
    };
    await expect(
      t.deps.db.transaction((tx) => together([twoStatements(tx), Promise.reject(failure)])),
    ).rejects.toBe(failure);
    // Neither statement stayed: the second ran inside the transaction, before its rollback.
    await tick();
    expect(await ids()).toEqual([]);
  });

  it('throws the first failure when a statement fails, and nothing stays', async () => {
    await expect(
      t.deps.db.transaction((tx) => together([put(tx, 20), put(tx, 20), put(tx, 21)])),
    ).rejects.toMatchObject({ cause: expect.objectContaining({ code: '23505' }) });
    expect(await ids()).toEqual([]);
  });

  it('leaves the connection serving the next transactions after a failed batch', async () => {
    await expect(
      t.deps.db.transaction((tx) => together([put(tx, 30), put(tx, 30), put(tx, 31), put(tx, 32)])),
    ).rejects.toMatchObject({ cause: expect.objectContaining({ code: '23505' }) });
    // More transactions than the pool has connections, so the one that failed is reused.
    await Promise.all(
      Array.from({ length: 24 }, (_, k) =>
        t.deps.db.transaction((tx) => together([put(tx, 100 + 2 * k), put(tx, 101 + 2 * k)])),
      ),
    );
    expect(await ids()).toEqual(Array.from({ length: 48 }, (_, k) => 100 + k));
    await t.deps.db.execute(sql`delete from together_probe`);
  });

  it('sends them without a driver warning (pipelined on PostgreSQL, queued in PGlite)', async () => {
    await t.deps.db.transaction((tx) => together([put(tx, 40), put(tx, 41), put(tx, 42)]));
    // A warning is emitted on the next turn of the event loop.
    await tick();
    expect(warnings).toEqual([]);
    await t.deps.db.execute(sql`delete from together_probe`);
  });
});
