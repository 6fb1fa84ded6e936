/**
 * The embedded database on its own thread (db/pglite-thread.ts, decision 036): the server's
 * handle behaves as PGlite in the same thread does for what the server uses.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { types } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ROOT } from '../src/config.ts';
import { openDatabase, type TDatabase } from '../src/db/client.ts';
import { startPgliteThread, type TPgliteThread } from '../src/db/pglite-thread.ts';
import { eventually } from './helpers/eventually.ts';

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
    // With them again (the worker merges them into PGlite's table once): every other type is
    // still PGlite's own, arrays included.
    const mixed = await db.query<{ at: unknown; xs: unknown; ok: unknown; n: unknown }>(
      'select at, array[1, 2]::int[] as xs, true as ok, 7::int as n from t where id = 2',
      [],
      { parsers: { [types.TIMESTAMPTZ]: keep, [types.DATE]: keep } },
    );
    expect(mixed.rows[0]).toEqual({ at: expect.any(String), xs: [1, 2], ok: true, n: 7 });
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

describe('statements kept prepared on the thread (decision 039)', () => {
  const keptCount = async (text: string) =>
    (
      await db.query<{ n: number }>(
        'select count(*)::int as n from pg_prepared_statements where statement = $1',
        [text],
      )
    ).rows[0]?.n;

  it('prepares a statement once, then only binds it: the same answers for other values', async () => {
    await db.query('create table k (id int primary key, name text)');
    await db.query("insert into k select g, 'n' || g from generate_series(1, 50) g");
    const text = 'select name from k where id = $1';
    for (const id of [3, 7, 3, 50]) {
      expect((await db.query<{ name: string }>(text, [id])).rows).toEqual([{ name: `n${id}` }]);
    }
    expect((await db.query(text, [99])).rows).toEqual([]);
    expect(await keptCount(text)).toBe(1);
    // Inside a transaction too, and a null as a value.
    await db.transaction(async (tx) => {
      expect((await tx.query<{ name: string }>(text, [7])).rows).toEqual([{ name: 'n7' }]);
      expect((await tx.query(text, [null])).rows).toEqual([]);
    });
    expect(await keptCount(text)).toBe(1);
  });

  it('answers from the table as it is now after a schema change, a new column under select * included', async () => {
    await db.query('create table s (id int primary key)');
    await db.query('insert into s values (1)');
    const text = 'select * from s where id = $1';
    expect((await db.query(text, [1])).rows).toEqual([{ id: 1 }]);
    await db.query('alter table s add column label text default $$x$$');
    expect((await db.query(text, [1])).rows).toEqual([{ id: 1, label: 'x' }]);
    await db.query('create index s_label on s (label)');
    expect((await db.query(text, [1])).rows).toEqual([{ id: 1, label: 'x' }]);
  });

  it('an error leaves the kept statements usable: a syntax error, a failed bind, an aborted transaction', async () => {
    const text = 'select name from k where id = $1';
    const syntax = (await db.query('selec 1').catch((e: { code?: string }) => e)) as { code?: string };
    expect(syntax.code).toBe('42601');
    const badValue = (await db.query(text, ['not a number']).catch((e: { code?: string }) => e)) as {
      code?: string;
    };
    expect(badValue.code).toBe('22P02');
    const aborted = await db
      .transaction(async (tx) => {
        await tx.query('insert into k values (1, $1)', ['again']).catch(() => null);
        await tx.query(text, [1]);
      })
      .catch((e: { code?: string }) => e.code);
    expect(aborted).toBe('25P02');
    expect((await db.query<{ name: string }>(text, [1])).rows).toEqual([{ name: 'n1' }]);
  });

  it('keeps at most 400: the least recently used are closed, every statement still answers', async () => {
    const hot = 'select name from k where id = $1';
    for (let i = 0; i < 450; i++) {
      const r = await db.query<{ v: number }>(`select $1::int + ${i} as v`, [1]);
      expect(r.rows[0]?.v).toBe(1 + i);
      if (i % 100 === 0) await db.query(hot, [2]);
    }
    const all = (await db.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements'))
      .rows[0]?.n;
    expect(all).toBeLessThanOrEqual(400);
    expect(await keptCount(hot)).toBe(1);
    expect(await keptCount('select $1::int + 0 as v')).toBe(0);
    expect((await db.query<{ v: number }>('select $1::int + 0 as v', [5])).rows[0]?.v).toBe(5);
  });

  it("hands an ended transaction's handle to the next one, and refuses a statement sent on it in between", async () => {
    let first: { query: TPgliteThread['query'] } | null = null;
    await db.transaction(async (tx) => {
      first = tx;
      await tx.query('insert into t (id) values (700)');
    });
    // Between transactions the handle refuses to run anything, so nothing can slip outside one.
    await expect(first!.query('insert into t (id) values (701)')).rejects.toThrow(
      'the transaction has ended',
    );
    let second: unknown = null;
    await db.transaction(async (tx) => {
      second = tx;
      // The same handle (statements prepared on it are kept), in the new transaction.
      expect(
        (await tx.query<{ n: number }>('select count(*)::int as n from t where id = 700')).rows[0]?.n,
      ).toBe(1);
      await tx.query('insert into t (id) values (702)');
    });
    expect(second).toBe(first);
    // Two at once: two handles, each its own transaction.
    const seen = new Set<unknown>();
    await Promise.all(
      [703, 704].map((id) =>
        db.transaction(async (tx) => {
          seen.add(tx);
          await tx.query('insert into t (id) values ($1)', [id]);
        }),
      ),
    );
    expect(seen.size).toBe(2);
    expect((await ids()).filter((id) => id >= 700)).toEqual([700, 702, 703, 704]);
  });
});

/** Rows of about 2 kB: 9,000 of them write more than one 16 MB segment of WAL. */
const FILL = "insert into w select g, repeat('x', 2000) from generate_series($1::int, $2::int) g";
const walFiles = "select count(*)::int as n from pg_ls_waldir() where name ~ '^[0-9A-F]{24}$'";

describe('new WAL segments are not filled with zeros first (decision 045)', () => {
  it('on the thread and in the same thread, PGlite starts with wal_init_zero off', async () => {
    expect((await db.query<{ wal_init_zero: string }>('show wal_init_zero')).rows[0]?.wal_init_zero).toBe(
      'off',
    );
    const same = await openDatabase({ kind: 'pglite', dir: null, thread: false });
    try {
      const r = (await same.db.execute('show wal_init_zero')) as unknown as {
        rows: { wal_init_zero: string }[];
      };
      expect(r.rows[0]?.wal_init_zero).toBe('off');
    } finally {
      await same.close();
    }
  }, 120_000);

  it('writes across segments, and after the thread is stopped dead, recovery reads back every committed row', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'haulpro-wal-'));
    try {
      // PGlite's worker, driven by its messages, so it can be stopped without a clean close.
      const worker = new Worker(path.join(API_ROOT, 'src/db/pglite-worker.mjs'), { workerData: { dir } });
      let next = 1;
      const waiting = new Map<
        number,
        (m: { ok: boolean; result?: { rows: unknown[] }; error?: unknown }) => void
      >();
      await new Promise<void>((ready, failed) => {
        worker.on('message', (m: { op?: string; id?: number; ok: boolean }) => {
          if (m.op === 'ready') ready();
          else if (m.op === 'failed') failed(new Error('the database thread did not start'));
          else if (m.id !== undefined) waiting.get(m.id)?.(m as never);
        });
      });
      const query = <T>(sql: string, params: unknown[] = []) =>
        new Promise<T[]>((resolve, reject) => {
          const id = next++;
          waiting.set(id, (m) => (m.ok ? resolve((m.result?.rows ?? []) as T[]) : reject(m.error)));
          worker.postMessage({ op: 'query', id, sql, params, rowMode: 'object' });
        });
      await query('create table w (id int primary key, pad text)');
      const before = (await query<{ n: number }>(walFiles))[0]?.n ?? 0;
      for (let from = 1; from <= 9000; from += 1000) await query(FILL, [from, from + 999]);
      expect((await query<{ n: number }>(walFiles))[0]?.n).toBeGreaterThan(before);
      // No close: no shutdown checkpoint, so the rows live only in the WAL.
      await worker.terminate();

      const again = await startPgliteThread({ dir });
      try {
        const r = await again.query<{ n: number; sum: number }>(
          'select count(*)::int as n, sum(id)::int as sum from w',
        );
        expect(r.rows[0]).toEqual({ n: 9000, sum: (9000 * 9001) / 2 });
        // And it goes on writing into the next segments.
        await again.query(FILL, [9001, 18000]);
        expect((await again.query<{ n: number }>('select count(*)::int as n from w')).rows[0]?.n).toBe(18000);
      } finally {
        await again.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('the embedded database checkpoints while it runs (decision 045)', () => {
  const EVERY_MS = 100;
  const position = async (d: TDatabase) => {
    const r = (await d.db.execute(
      'select redo_lsn::text as redo, pg_current_wal_insert_lsn()::text as now from pg_control_checkpoint()',
    )) as unknown as { rows: { redo: string; now: string }[] };
    return r.rows[0]!;
  };

  for (const thread of [true, false])
    it(`${thread ? 'on its thread' : 'in the same thread'}: after writes a checkpoint follows; with nothing written, none`, async () => {
      const d = await openDatabase({ kind: 'pglite', dir: null, thread, checkpointEveryMs: EVERY_MS });
      try {
        await d.db.execute('create table c (id int primary key, pad text)');
        // The writes and the WAL position just after them, in one statement: a checkpoint can
        // run between two statements (a tick every 100 ms), and a position read after it
        // would include its own record, which no later checkpoint's redo point passes if
        // nothing else is written (the likeliest cause of a CI failure).
        await d.db.execute(
          sql.raw(`create function fill() returns text language plpgsql as $$ begin
            insert into c select g, repeat('x', 500) from generate_series(1, 2000) g;
            return pg_current_wal_insert_lsn()::text;
          end $$`),
        );
        const filled = (await d.db.execute('select fill() as written')) as unknown as {
          rows: { written: string }[];
        };
        const written = filled.rows[0]!.written;
        // Recovery would now start at or after those writes, not at the last clean start.
        await eventually(async () => {
          expect(lsn((await position(d)).redo)).toBeGreaterThanOrEqual(lsn(written));
        }, 30_000);
        // Nothing written since: the next ticks leave the checkpoint where it is.
        const settled = await position(d);
        await new Promise((r) => setTimeout(r, EVERY_MS * 4));
        expect(await position(d)).toEqual(settled);
      } finally {
        await d.close();
      }
    }, 120_000);
});

/** A WAL position ('16/B374D848') as a number to compare. */
function lsn(text: string): bigint {
  const [hi = '0', lo = '0'] = text.split('/');
  return (BigInt(`0x${hi}`) << 32n) + BigInt(`0x${lo}`);
}
