// The embedded database on a thread of its own (decision 036): PGlite's engine (WebAssembly) and
// its protocol code run here, so the server's thread answers HTTP while a statement runs. The
// server talks to it through pglite-thread.ts, one message per call; this file is plain
// JavaScript so that the sources (tsx), the tests and the production build all start it as is.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, parse, protocol, types } from '@electric-sql/pglite';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';

if (!parentPort) throw new Error('pglite-worker.mjs runs as a worker thread');
const port = parentPort;

/** Drizzle's parsers (drizzle-orm/pglite/session.js): dates, times and intervals stay text. */
const keep = (value) => value;
const DRIZZLE_PARSERS = {
  [types.TIMESTAMP]: keep,
  [types.TIMESTAMPTZ]: keep,
  [types.INTERVAL]: keep,
  [types.DATE]: keep,
  1231: keep,
  1115: keep,
  1185: keep,
  1187: keep,
  1182: keep,
};

/** An error as plain data: PGlite's carries the SQLSTATE and the rest as own properties. */
function plainError(err) {
  const out = { message: String(err?.message ?? err), name: err?.name ?? 'Error' };
  if (err && typeof err === 'object')
    for (const [k, v] of Object.entries(err))
      if (v === null || ['string', 'number', 'boolean'].includes(typeof v)) out[k] = v;
  return out;
}

/** Ends a transaction without committing: thrown inside PGlite's callback, which rolls back. */
class RollBack extends Error {}

let pg;
try {
  pg = await PGlite.create({
    // The same extensions as PGLITE_EXTENSIONS (client.ts), which this plain file cannot import.
    extensions: { cube, earthdistance },
    ...(workerData.dir ? { dataDir: workerData.dir } : {}),
    ...(workerData.loadDataDir ? { loadDataDir: workerData.loadDataDir } : {}),
  });
  // The same session settings as PGLITE_SESSION (client.ts), which this plain file cannot import.
  await pg.exec('set wal_init_zero = off');
} catch (err) {
  port.postMessage({ op: 'failed', error: plainError(err) });
  throw err;
}

/**
 * Statements kept prepared, by their text (decision 039). PGlite's own `query` parses, analyses
 * and plans every statement again (an unnamed statement): a step's read of an order with its
 * context cost 4 ms of the engine's one thread that way, and 1 ms once prepared (both on a slow
 * day). So a statement is prepared under a name the first time its text is seen, and from then
 * on only bound and run, as a PostgreSQL connection runs the statements the code names; the least
 * recently used beyond STATEMENTS_KEPT are closed. The engine revalidates a kept plan after a
 * schema change on its own; one whose result type changed (a column added under `select *`) is
 * dropped and prepared again, and fails once only inside a transaction, as a named statement
 * does on PostgreSQL.
 */
const STATEMENTS_KEPT = 400;
/** Longer texts are one-offs (a seed's insert of many rows): run unnamed, never kept. */
const KEEPABLE_LENGTH = 16_000;
/** Text → { name, paramTypes }, least recently used first. */
const kept = new Map();
/** Statements dropped from `kept`: closed in the engine's lock, before the next statement. */
const toClose = [];
let lastName = 0;

/**
 * PGlite's parsers with drizzle's over them, merged once. PGlite's `parseResults` merges a
 * statement's own `parsers` option into its table of over 300 types on every call: 0.2 ms of this
 * thread per statement on a slow day, a fifth of its time in a booking (issue 30, decision 042).
 * The table is fixed once PGlite has started (only `refreshArrayTypes` changes it, and nothing
 * here calls it), and the only parsers a statement brings are drizzle's.
 */
let withDrizzleParsers = null;
function parsersOf(options) {
  if (!options.parsers) return pg.parsers;
  if (!withDrizzleParsers) withDrizzleParsers = { ...pg.parsers, ...DRIZZLE_PARSERS };
  return withDrizzleParsers;
}

const { serialize } = protocol;
/** One protocol message to the engine; its answers (a database error is thrown). */
const send = (message) => pg.execProtocolStream(message, { syncToFs: false });

/** The kept statement of this text, prepared now if it is new (inside the engine's lock). */
async function statementOf(sql, paramTypes) {
  const known = kept.get(sql);
  if (known) {
    kept.delete(sql);
    kept.set(sql, known);
    return known;
  }
  const name = `kept_${++lastName}`;
  await send(serialize.parse({ name, text: sql, types: paramTypes }));
  const described = await send(serialize.describe({ type: 'S', name }));
  const statement = { name, paramTypes: parse.parseDescribeStatementResults(described) };
  kept.set(sql, statement);
  if (kept.size > STATEMENTS_KEPT) forget(kept.keys().next().value);
  await closeForgotten();
  return statement;
}

async function closeForgotten() {
  while (toClose.length) await send(serialize.close({ type: 'S', name: toClose.pop() }));
}

function forget(sql) {
  const statement = kept.get(sql);
  if (!statement) return;
  kept.delete(sql);
  toClose.push(statement.name);
}

/**
 * PGlite's `query` (extended protocol: parse, describe, bind, describe, execute, sync), with the
 * parse and the first describe done once per text. Inside a transaction the caller already
 * holds the transaction's lock; outside one it is taken here, as `query` takes it.
 */
async function runKept(inTransaction, sql, params, options) {
  const exclusive = () =>
    pg._runExclusiveQuery(async () => {
      const messages = [];
      try {
        await closeForgotten();
        const statement = await statementOf(sql, options.paramTypes);
        const values = params.map((value, i) => {
          if (value === null || value === undefined) return null;
          const to = pg.serializers[statement.paramTypes[i]];
          return to ? to(value) : value.toString();
        });
        messages.push(...(await send(serialize.bind({ statement: statement.name, values }))));
        messages.push(...(await send(serialize.describe({ type: 'P' }))));
        messages.push(...(await send(serialize.execute({}))));
      } catch (err) {
        // 0A000: "cached plan must not change result type" (a column changed under it).
        if (err?.code === '0A000') forget(sql);
        if (err && typeof err === 'object') Object.assign(err, { query: sql });
        throw err;
      } finally {
        messages.push(...(await send(serialize.sync())));
      }
      if (!inTransaction) await pg.syncToFs();
      const { parsers: _merged, ...rest } = options;
      return parse.parseResults(messages, parsersOf(options), rest)[0];
    });
  if (inTransaction) return exclusive();
  return pg._runExclusiveTransaction(exclusive).catch((err) => {
    if (err?.code !== '0A000') throw err;
    return pg._runExclusiveTransaction(exclusive);
  });
}

/** Open transactions by id: the callback's handle, and how to end it. */
const open = new Map();
/** Transactions by id, each until it ends: resolved once open (its first statement waits). */
const opening = new Map();
const stops = new Map();

const reply = (id, result) => port.postMessage({ id, ok: true, result });
const fail = (id, err) => port.postMessage({ id, ok: false, error: plainError(err) });

/** Opens transaction `id`: PGlite's own, held until an `end` message settles its callback. */
function begin(id) {
  return new Promise((started, refused) => {
    pg.transaction(
      (tx) =>
        new Promise((commit, rollBack) => {
          open.set(id, { tx, commit, rollBack });
          started();
        }),
    )
      .then(() => open.get(id)?.ended?.resolve())
      .catch((err) => {
        const t = open.get(id);
        if (!t) return refused(err);
        if (err instanceof RollBack) t.ended?.resolve();
        else t.ended?.reject(err);
      })
      .finally(() => {
        open.delete(id);
        opening.delete(id);
      });
  });
}

async function run(m) {
  switch (m.op) {
    case 'query': {
      // A transaction's first statement opens it (one message instead of two); statements
      // sent with it wait until it is open.
      if (m.begin) opening.set(m.tx, begin(m.tx));
      if (m.tx !== undefined) await opening.get(m.tx);
      const on = m.tx === undefined ? pg : open.get(m.tx)?.tx;
      if (!on) throw new Error(`transaction ${m.tx} is not open`);
      const options = { rowMode: m.rowMode, ...(m.drizzleParsers ? { parsers: DRIZZLE_PARSERS } : {}) };
      const r =
        m.sql.length <= KEEPABLE_LENGTH
          ? await runKept(m.tx !== undefined, m.sql, m.params ?? [], options)
          : await on.query(m.sql, m.params, options);
      // Fields and rows only: a result's other members are functions or derived.
      return { rows: r.rows, fields: r.fields, affectedRows: r.affectedRows };
    }
    case 'end': {
      const t = open.get(m.tx);
      // Never opened: its callback sent no statement.
      if (!t) return null;
      const ended = new Promise((resolve, reject) => {
        t.ended = { resolve, reject };
      });
      if (m.commit) t.commit();
      else t.rollBack(new RollBack('rolled back'));
      await ended;
      return null;
    }
    case 'listen': {
      const stop = await pg.listen(m.channel, (payload) =>
        port.postMessage({ op: 'notify', listener: m.id, payload }),
      );
      stops.set(m.id, stop);
      return m.id;
    }
    case 'unlisten': {
      await stops.get(m.listener)?.();
      stops.delete(m.listener);
      return null;
    }
    case 'close':
      await pg.close();
      return null;
    default:
      throw new Error(`unknown operation ${m.op}`);
  }
}

port.on('message', (m) => {
  run(m).then(
    (result) => reply(m.id, result),
    (err) => fail(m.id, err),
  );
});
port.postMessage({ op: 'ready' });
