// The embedded database on a thread of its own (decision 036): PGlite's engine (WebAssembly) and
// its protocol code run here, so the server's thread answers HTTP while a statement runs. The
// server talks to it through pglite-thread.ts, one message per call; this file is plain
// JavaScript so that the sources (tsx), the tests and the production build all start it as is.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, types } from '@electric-sql/pglite';
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
} catch (err) {
  port.postMessage({ op: 'failed', error: plainError(err) });
  throw err;
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
      const r = await on.query(m.sql, m.params, {
        rowMode: m.rowMode,
        ...(m.drizzleParsers ? { parsers: DRIZZLE_PARSERS } : {}),
      });
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
