import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results } from '@electric-sql/pglite';

/**
 * PGlite on a thread of its own (pglite-thread.mjs; ADR 0017): the API process's side, with the part of PGlite's
 * interface that Drizzle, the statement names (client.ts) and the upkeep use. PGlite runs PostgreSQL inside
 * WebAssembly on the thread that calls it, so in the API's own thread every statement held the event loop for as long
 * as it ran (a year's report: the health check and every other request waited). On a thread of its own a statement
 * runs beside the requests' JavaScript (parsing, checks, answers), and the API thread only waits for its answer.
 */

/**
 * The types Drizzle's parsers (drizzle-orm/pglite) keep as text: dates, timestamps, intervals and their arrays. The
 * only parsers that cross: the thread keeps the named types as text itself (pglite-thread.mjs), for every statement
 * that names them all without sending any parsers to PGlite.
 */
const TEXT_TYPES = new Set(['1114', '1184', '1186', '1082', '1231', '1115', '1185', '1187', '1182']);

/** What crosses to the thread of a query's options: its row mode, and the types whose values stay text. */
function optionsOf(options?: QueryOptions) {
  if (!options) return undefined;
  const { rowMode, parsers, ...rest } = options;
  const keys = Object.keys(parsers ?? {});
  const unknown = [...Object.keys(rest), ...keys.filter((k) => !TEXT_TYPES.has(k))];
  if (unknown.length) throw new Error(`PGlite thread: query option not supported: ${unknown.join(', ')}`);
  return { rowMode, asText: keys.map(Number) };
}

/** An error the thread sent as plain fields: the same message, SQLSTATE, constraint and detail as PGlite's own. */
function errorOf(fields: Record<string, unknown>): Error {
  const err = new Error(String(fields.message));
  Object.assign(err, fields);
  return err;
}

type Message = { op: string; tx?: number; [key: string]: unknown };
type Reply = { id: number; value?: unknown; error?: Record<string, unknown> };

/** A transaction on the thread: its statements go to it directly (PGlite holds the connection until it ends). */
export interface ThreadTransaction {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(text: string, options?: QueryOptions): Promise<Results[]>;
  rollback(): Promise<void>;
  readonly closed: boolean;
}

export class PgliteThread {
  readonly #worker: Worker;
  #next = 1;
  readonly #waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  readonly #listeners = new Map<string, (payload: string) => void>();
  #failed: Error | null = null;

  private constructor(worker: Worker) {
    this.#worker = worker;
    worker.on('message', (m: Reply | { notify: string; payload: string }) => {
      if ('notify' in m) return this.#listeners.get(m.notify)?.(m.payload);
      const w = this.#waiting.get(m.id);
      this.#waiting.delete(m.id);
      if (m.error) w?.reject(errorOf(m.error));
      else w?.resolve(m.value);
    });
    // connection_failure: the API answers 503 database_unavailable (platform/errors.ts), as for a lost connection.
    const fail = (cause: Error) => {
      if (this.#failed) return;
      const err = Object.assign(new Error(`the PGlite thread failed: ${cause.message}`, { cause }), { code: '08006' });
      this.#failed = err;
      for (const w of this.#waiting.values()) w.reject(err);
      this.#waiting.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`it ended (exit code ${code})`)));
  }

  /** Opens PGlite in `dataDir` (or from `snapshot`, a data-dir tarball) on a new thread; resolves once it answers. */
  static async open(dataDir: string, snapshot?: Blob): Promise<PgliteThread> {
    // '../db/': the same file from this one and from the server bundle (server/dist/main.mjs), as client.ts's migrations.
    const worker = new Worker(new URL('../db/pglite-thread.mjs', import.meta.url), {
      workerData: { dataDir, snapshot, asText: [...TEXT_TYPES].map(Number) },
    });
    const opened = new Promise<void>((resolve, reject) => {
      worker.on('message', function first(m: { ready?: boolean }) {
        if (!m.ready) return;
        worker.off('message', first);
        resolve();
      });
      worker.once('error', reject);
      worker.once('exit', (code) =>
        reject(new Error(`the PGlite thread ended while opening ${dataDir} (exit code ${code})`)),
      );
    });
    const thread = new PgliteThread(worker);
    await opened;
    return thread;
  }

  #send<T>(message: Message): Promise<T> {
    if (this.#failed) return Promise.reject(this.#failed);
    const id = this.#next++;
    return new Promise<T>((resolve, reject) => {
      this.#waiting.set(id, { resolve: (v) => resolve(v as T), reject });
      try {
        this.#worker.postMessage({ ...message, id });
      } catch (err) {
        // A value the structured clone refuses (DataCloneError): nothing was sent.
        this.#waiting.delete(id);
        reject(err instanceof Error ? err : new Error(String(err)));
      }
    });
  }

  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.#query(text, params, options);
  }

  exec(text: string, options?: QueryOptions): Promise<Results[]> {
    return this.#exec(text, options);
  }

  // A transaction's statements call these, not `query` and `exec`, which client.ts wraps to run named statements.
  #query<T>(text: string, params?: unknown[], options?: QueryOptions, tx?: number): Promise<Results<T>> {
    return this.#send({ op: 'query', text, params, options: optionsOf(options), tx });
  }

  #exec(text: string, options?: QueryOptions, tx?: number): Promise<Results[]> {
    return this.#send({ op: 'exec', text, options: optionsOf(options), tx });
  }

  /** As PGlite's: BEGIN, `fn`, then COMMIT, or ROLLBACK when `fn` throws (its error is what this throws). */
  async transaction<T>(fn: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
    const id = this.#next++;
    await this.#send({ op: 'begin', tx: id });
    let closed = false;
    const tx: ThreadTransaction = {
      query: (text, params, options) => this.#query(text, params, options, id),
      exec: (text, options) => this.#exec(text, options, id),
      rollback: async () => {
        closed = true;
        await this.#send({ op: 'end', tx: id, commit: false });
      },
      get closed() {
        return closed;
      },
    };
    let result: T;
    try {
      result = await fn(tx);
    } catch (err) {
      if (!closed) {
        closed = true;
        await this.#send({ op: 'end', tx: id, commit: false });
      }
      throw err;
    }
    if (!closed) {
      closed = true;
      await this.#send({ op: 'end', tx: id, commit: true });
    }
    return result;
  }

  /** `callback` hears `channel`'s notifications, each before the answer of the statement that sent it. */
  async listen(channel: string, callback: (payload: string) => void): Promise<void> {
    this.#listeners.set(channel, callback);
    await this.#send({ op: 'listen', channel });
  }

  dumpDataDir(compression: 'none' | 'gzip' = 'none'): Promise<Blob> {
    return this.#send({ op: 'dump', compression });
  }

  async close(): Promise<void> {
    if (this.#failed) return;
    await this.#send({ op: 'close' });
    await this.#worker.terminate();
  }
}
