/**
 * The embedded database on its own thread (db/pglite-thread.ts, decision 036): the server's
 * handle behaves as PGlite in the same thread does for what the server uses.
 */
import { types } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPgliteThread, type TPgliteThread } from '../src/db/pglite-thread.ts';

let db: TPgliteThread;

beforeAll(async () => {
  db = await startPgliteThread({ dir: null });
  await db.query('create table t (id int primary key, b bytea, at timestamptz, d date)');
});
afterAll(() => db.close());

const ids = async () =>
  ((await db.query<{ ids: number[] | null }>('select array_agg(id order by id) as ids from t')).rows[0]
    ?.ids ?? []) as number[];

describe('PGlite on a thread of its own', () => {
  it('answers rows in object and array mode, with bytes as bytes', async () => {
    await db.query('insert into t (id, b) values ($1, $2)', [1, new Uint8Array([1, 2, 3])]);
    const r = await db.query<{ id: number; b: Uint8Array }>('select id, b from t where id = $1', [1]);
    expect(r.rows[0]?.id).toBe(1);
    expect([...(r.rows[0]?.b ?? [])]).toEqual([1, 2, 3]);
    const a = await db.query('select id from t where id = 1', [], { rowMode: 'array' });
    expect(a.rows).toEqual([[1]]);
  });

  it("keeps dates and times as text when asked with Drizzle's parsers", async () => {
    await db.query("insert into t (id, at, d) values (2, '2026-11-27T10:00:00Z', '2026-11-30')");
    const keep = (v: string) => v;
    const r = await db.query<{ at: unknown; d: unknown }>('select at, d from t where id = 2', [], {
      parsers: { [types.TIMESTAMPTZ]: keep, [types.DATE]: keep },
    });
    expect(typeof r.rows[0]?.at).toBe('string');
    expect(r.rows[0]?.d).toBe('2026-11-30');
    // Without them, PGlite's own parsers.
    const own = await db.query<{ at: unknown }>('select at from t where id = 2');
    expect(own.rows[0]?.at).toBeInstanceOf(Date);
  });

  it("an error keeps PostgreSQL's SQLSTATE and fields", async () => {
    const err = (await db.query('insert into t (id) values (1)').catch((e: unknown) => e)) as Record<
      string,
      unknown
    >;
    expect(err).toBeInstanceOf(Error);
    expect(err.code).toBe('23505');
    expect(err.constraint).toBe('t_pkey');
    expect(String(err.message)).toMatch(/duplicate key/);
  });

  it('commits a transaction, statements sent together included; rolls back a failed one', async () => {
    await db.transaction(async (tx) => {
      await Promise.all([10, 11, 12].map((id) => tx.query('insert into t (id) values ($1)', [id])));
    });
    const failed = await db
      .transaction(async (tx) => {
        await tx.query('insert into t (id) values (20)');
        throw new Error('changed my mind');
      })
      .catch((e: Error) => e.message);
    expect(failed).toBe('changed my mind');
    const broken = await db
      .transaction(async (tx) => {
        await tx.query('insert into t (id) values (21)');
        await tx.query('insert into t (id) values (21)');
      })
      .catch((e: { code?: string }) => e.code);
    expect(broken).toBe('23505');
    expect(await db.transaction(async () => 'nothing written')).toBe('nothing written');
    expect(await ids()).toEqual([1, 2, 10, 11, 12]);
  });

  it('runs two transactions one after the other, and a statement outside them after both', async () => {
    const order: string[] = [];
    const slow = (id: number) =>
      db.transaction(async (tx) => {
        await tx.query('insert into t (id) values ($1)', [id]);
        order.push(`in ${id}`);
        await new Promise((r) => setTimeout(r, 30));
        await tx.query('insert into t (id) values ($1)', [id + 1]);
        order.push(`out ${id}`);
      });
    await Promise.all([slow(30), slow(40)]);
    expect(order).toEqual(['in 30', 'out 30', 'in 40', 'out 40']);
    expect(await ids()).toEqual([1, 2, 10, 11, 12, 30, 31, 40, 41]);
  });

  it('tells a listener of a notice before the answer of the statement that sent it, until it stops', async () => {
    const heard: string[] = [];
    const stop = await db.listen('haulpro_test', (payload) => heard.push(payload));
    await db.query("select pg_notify('haulpro_test', 'first')");
    expect(heard).toEqual(['first']);
    await db.transaction(async (tx) => {
      await tx.query("select pg_notify('haulpro_test', 'at commit')");
      expect(heard).toEqual(['first']);
    });
    expect(heard).toEqual(['first', 'at commit']);
    await stop();
    await db.query("select pg_notify('haulpro_test', 'unheard')");
    expect(heard).toEqual(['first', 'at commit']);
  });
});
