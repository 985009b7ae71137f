// The PGlite database on a thread of its own (pglite-thread-client.ts is the API process's side; ADR 0017).
// Plain JavaScript so the same file runs under the test runner, tsx and the server bundle alike (Node loads it
// natively in a worker thread, which none of those loaders reach). Each message is answered when PGlite answers;
// PGlite's own locks order them (a statement waits while a transaction holds the connection), as in one thread.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, types } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

const identity = (value) => value;
const { dataDir, snapshot, asText } = workerData;
/**
 * The types whose values stay PostgreSQL's text (Drizzle's parsers, which the API side checks and names, since a
 * function cannot cross threads) are PGlite's own parsers for this database. Given per statement, PGlite copies its
 * whole parser table into a new object for every answer and looks each value's type up in that copy: a quarter of
 * this thread's time at c=10 (docs/performance.md, twelfth session).
 */
const TEXT = new Set(asText);
const ownParsers = Object.fromEntries(asText.map((t) => [t, identity]));

/**
 * A statement's PGlite options: its row mode, and parsers only when it wants other than the database's text types
 * (a statement that names none, as PGlite's own callers, gets PGlite's usual parsers back for them).
 */
function optionsOf(o) {
  const wanted = o?.asText ?? [];
  const same = wanted.length === TEXT.size && wanted.every((t) => TEXT.has(t));
  return {
    ...(o?.rowMode ? { rowMode: o.rowMode } : {}),
    ...(same
      ? {}
      : { parsers: Object.fromEntries(asText.map((t) => [t, wanted.includes(t) ? identity : types.parsers[t]])) }),
  };
}

/** An error as plain fields: a DatabaseError's SQLSTATE, constraint, table and detail are what the API maps. */
function plain(err) {
  if (!(err instanceof Error)) return { name: 'Error', message: String(err) };
  const out = { name: err.name, message: err.message, stack: err.stack };
  for (const [k, v] of Object.entries(err))
    if (v === null || ['string', 'number', 'boolean'].includes(typeof v)) out[k] = v;
  return out;
}

const pg = await PGlite.create({
  dataDir,
  extensions: { pg_trgm },
  parsers: ownParsers,
  ...(snapshot ? { loadDataDir: snapshot } : {}),
});
/** Open transactions by id: the handle PGlite's `transaction` gives, and how to end it. */
const open = new Map();
/** Rolls a transaction back without an error to report: the caller's own error is what it reports. */
const ROLLBACK = Symbol('rollback');

async function begin(id) {
  const t = {};
  open.set(id, t);
  let started;
  const ready = new Promise((resolve) => (started = resolve));
  t.done = pg
    .transaction(async (tx) => {
      t.tx = tx;
      const commit = await new Promise((resolve) => {
        t.end = resolve;
        started();
      });
      if (!commit) throw ROLLBACK;
    })
    .catch((err) => {
      if (err !== ROLLBACK) throw err;
    })
    .finally(() => open.delete(id));
  await Promise.race([ready, t.done]);
}

/** Where a statement runs: its open transaction, or the database. */
const on = (m) => (m.tx ? open.get(m.tx).tx : pg);

const handlers = {
  query: (m) => on(m).query(m.text, m.params, optionsOf(m.options)),
  exec: (m) => on(m).exec(m.text, optionsOf(m.options)),
  begin: (m) => begin(m.tx),
  end: async (m) => {
    const t = open.get(m.tx);
    t.end(m.commit);
    await t.done;
  },
  listen: (m) =>
    pg.listen(m.channel, (payload) => parentPort.postMessage({ notify: m.channel, payload })).then(() => null),
  dump: (m) => pg.dumpDataDir(m.compression),
  close: () => pg.close(),
};

parentPort.on('message', (m) => {
  Promise.resolve()
    .then(() => handlers[m.op](m))
    .then(
      (value) => parentPort.postMessage({ id: m.id, value }),
      (err) => parentPort.postMessage({ id: m.id, error: plain(err) }),
    );
});
parentPort.postMessage({ ready: true });
