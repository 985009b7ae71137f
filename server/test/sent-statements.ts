import { vi } from 'vitest';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { type Db, namedOnPglite } from '../db/client';
import { pageAnchorsBuilt } from '../platform/page-anchors';

/**
 * A list request starts a page-anchor build in the background (platform/page-anchors.ts); on a busy machine its
 * statements reached the next capture (counts.test.ts saw its pg_stat_activity read among a report's). A capture
 * starts once the builds under way have ended (pageAnchorsBuilt): what it holds is what `fn` sent.
 */

/**
 * The SQL text of every statement the database driver receives while fn runs (PGlite's or the
 * node-postgres pool's `query`). Spied at the driver, not at Drizzle's SQL building: statements are
 * built once per shape and then only executed (platform/statement-cache.ts), so a spy on the builder
 * would miss every statement after the first.
 */
export async function sentStatements(db: Db | Db[], fn: () => Promise<unknown>): Promise<string[]> {
  // Several handles (the app's db and reportDb) may share one client (PGlite): spied once.
  const clients = [
    ...new Set(
      [db].flat().map((d) => (d as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client),
    ),
  ];
  await pageAnchorsBuilt();
  const spies = clients.map((client) => vi.spyOn(client, 'query'));
  try {
    await fn();
    return spies.flatMap((spy) =>
      spy.mock.calls.map(([q]) => (typeof q === 'string' ? q : (q as { text: string }).text)),
    );
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
}

/**
 * Like sentStatements, with the statements of transactions too: on PostgreSQL a transaction runs on a
 * connection the pool hands out, not through the pool's `query`, so every pg connection's `query` is spied
 * (pool.query ends there as well: counted once). On PGlite the one client sees everything.
 */
export async function sentStatementsWithTransactions(db: Db, fn: () => Promise<unknown>): Promise<string[]> {
  const client: unknown = Reflect.get(db, '$client');
  if (client instanceof PGlite) return sentOnPglite(client, fn);
  if (!(client instanceof pg.Pool)) return sentStatements(db, fn);
  await pageAnchorsBuilt();
  const spy = vi.spyOn(pg.Client.prototype, 'query');
  try {
    await fn();
    return spy.mock.calls.map(([q]) => (typeof q === 'string' ? q : (q as { text: string }).text));
  } finally {
    spy.mockRestore();
  }
}

/** PGlite runs a transaction's statements on the transaction object its `transaction` hands out: spied there too, in call order. */
async function sentOnPglite(client: PGlite, fn: () => Promise<unknown>): Promise<string[]> {
  await pageAnchorsBuilt();
  const sent: string[] = [];
  const text = (q: unknown) => (typeof q === 'string' ? q : String(q));
  const original = client.query.bind(client);
  const query = vi.spyOn(client, 'query').mockImplementation((sql, params, options) => {
    sent.push(text(sql));
    return original(sql, params, options);
  });
  const transaction = client.transaction.bind(client);
  const spy = vi.spyOn(client, 'transaction').mockImplementation((work) =>
    transaction((tx) => {
      sent.push('begin');
      const q = tx.query.bind(tx);
      tx.query = (sql, params, options) => {
        sent.push(text(sql));
        return q(sql, params, options);
      };
      return work(tx).finally(() => sent.push('commit'));
    }),
  );
  try {
    await fn();
    return sent;
  } finally {
    query.mockRestore();
    spy.mockRestore();
  }
}

/**
 * Like sentStatementsWithTransactions, each statement with the name it is prepared by ('' when it runs unnamed, so
 * that PostgreSQL plans it for its values on every call): on PostgreSQL the name node-postgres is given, on PGlite the
 * name the database handle prepares the text by (db/client.ts nameStatement; statements of a transaction run unnamed).
 */
export async function sentNamedStatements(
  db: Db,
  fn: () => Promise<unknown>,
): Promise<{ text: string; name: string }[]> {
  const client: unknown = Reflect.get(db, '$client');
  if (client instanceof PGlite) {
    const texts = await sentOnPglite(client, fn);
    let inTransaction = false;
    return texts.map((text) => {
      if (text === 'begin') inTransaction = true;
      const named = inTransaction ? '' : (namedOnPglite(db, text) ?? '');
      if (text === 'commit') inTransaction = false;
      return { text, name: named };
    });
  }
  const spy = vi.spyOn(pg.Client.prototype, 'query');
  try {
    await fn();
    return spy.mock.calls.map(([q]) => described(q));
  } finally {
    spy.mockRestore();
  }
}

/** Whether a transaction's statements are sent by name: on PostgreSQL; PGlite runs them unnamed (sentNamedStatements). */
export const namesInTransactions = (db: Db) => Reflect.get(db, '$client') instanceof pg.Pool;

/** A write's statements split at its commit: those of its transaction, and those after (its read-back). */
export function aroundCommit<T extends { text: string }>(sent: T[]): { inTransaction: T[]; after: T[] } {
  const commit = sent.findIndex((q) => /^\s*commit/i.test(q.text));
  return { inTransaction: sent.slice(0, commit), after: sent.slice(commit + 1) };
}

/** A statement node-postgres was given: its text and name ('' unnamed). */
function described(q: unknown): { text: string; name: string } {
  if (typeof q !== 'object' || q === null) return { text: String(q), name: '' };
  return {
    text: 'text' in q && typeof q.text === 'string' ? q.text : '',
    name: 'name' in q && typeof q.name === 'string' ? q.name : '',
  };
}
