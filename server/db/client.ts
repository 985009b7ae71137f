import { fileURLToPath } from 'node:url';
import path from 'node:path';
import fs from 'node:fs';
import { sql, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { ClientBase } from 'pg';
import type { PGlite, QueryOptions, Results } from '@electric-sql/pglite';
import { pgCode } from '../platform/errors';
import { upkeepRound, type CheckpointRule, type UpkeepRound } from './pglite-upkeep';

/** The Drizzle database (or a transaction on it): PGlite and node-postgres share this type. */
export type Db = PgDatabase<PgQueryResultHKT>;

/**
 * The rows of a raw statement. Both drivers answer `execute` with `{ rows }`, but `PgQueryResultHKT` leaves the
 * result untyped, so the one cast lives here and callers name their row type.
 */
export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as { rows: T[] }).rows;
}

/**
 * Bounds on PostgreSQL work (issue 26, docs/operations.md "Statement and pool timeouts"). PGlite
 * cannot enforce them (one in-process connection, and its statement_timeout never fires).
 */
export interface DatabaseLimits {
  /** Each statement of interactive work is cancelled after this (SQLSTATE 57014, answered 503). */
  statementTimeoutMs: number;
  /** The same for reports, CSV and FHIR exports, run on their own smaller pool. */
  reportStatementTimeoutMs: number;
  /** Connections of the interactive pool, and of the report pool. */
  poolSize: number;
  reportPoolSize: number;
  /** Waiting for a free connection (or a new one) longer than this fails (answered 503). */
  poolWaitMs: number;
}

/** A pool's connections as node-postgres counts them (for /metrics, server/platform/metrics.ts). */
export interface PoolStats {
  pool: string;
  /** Connections it may open. */
  max: number;
  /** Connections open (in use + idle). */
  total: number;
  idle: number;
  /** Callers waiting for a connection. */
  waiting: number;
}

export interface Database {
  db: Db;
  /**
   * Reports and exports: on PostgreSQL with limits, a pool of its own whose statements may run for
   * reportStatementTimeoutMs (and at most reportPoolSize at once); otherwise `db` itself.
   */
  reportDb: Db;
  /**
   * DATABASE_READ_URL's replica (PostgreSQL only): a pool of REPORT_POOL_SIZE connections with the report budget.
   * Heavy reads go there unless their session wrote within READ_YOUR_WRITES_MS (platform/heavy-reads.ts).
   */
  replicaDb?: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Applies the committed migrations in server/db/migrations (PostgreSQL: under the MIGRATION_LOCK advisory lock);
   * throws DatabaseIsNewer, changing nothing, when a newer release has migrated the database.
   */
  migrate(): Promise<void>;
  /**
   * Calls `listener` whenever a change that can end a session or alter what it may do is committed (channel
   * lims_auth, migration 0035): on PostgreSQL every connection of the interactive pool listens, so a change
   * committed through this pool is seen before its statement returns and one from another process within
   * milliseconds; PGlite delivers its own notifications with the statement. Returns the unsubscribe.
   */
  onAuthChange?(listener: () => void): () => void;
  /**
   * PostgreSQL only: each pool's connections as node-postgres counts them (in memory, no statement), for
   * /metrics (server/platform/metrics.ts). PGlite has one in-process connection and no pool.
   */
  poolStats?(): PoolStats[];
  /**
   * PGlite only: vacuum and analyse the tables that grew since their last VACUUM or ANALYZE, and checkpoint when the
   * write-ahead log has grown (pglite-upkeep.ts; PGlite has no autovacuum and no checkpointer). PostgreSQL's own
   * background processes do this there.
   */
  upkeep?(rule?: CheckpointRule): Promise<UpkeepRound>;
  /** PGlite only: the whole data directory as an uncompressed tarball (for `snapshot`). */
  dump?(compression?: 'none' | 'gzip'): Promise<Blob>;
  close(): Promise<void>;
}

// server/db/migrations, reached from this file in the source tree and from the server bundle (server/dist/main.mjs)
// alike: the bundle runs beside the source tree and does not copy them (server/bundle.ts).
export const migrationsFolder = fileURLToPath(new URL('../db/migrations', import.meta.url));

/**
 * The newest migration this code ships (drizzle-kit's journal): its tag and `when`, which the migrator stores as
 * `created_at` in drizzle.__drizzle_migrations when it applies it. Read from disk on each call: call it once.
 */
export function latestCodeMigration(): { tag: string; when: number } {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string; when: number }[];
  };
  const last = journal.entries.at(-1);
  if (!last) throw new Error(`no migration in ${migrationsFolder}`);
  return { tag: last.tag, when: last.when };
}

/** The newest migration applied to a database, as drizzle's migrator records it (drizzle.__drizzle_migrations). */
export interface AppliedMigration {
  /** sha256 of the migration's SQL file. */
  hash: string;
  /** The journal's `when` of that migration (ms since 1970): the migrator orders and compares by it. */
  createdAt: number;
}

/**
 * Where a database stands against this code's migrations, compared as drizzle's migrator compares them (by
 * `created_at`, the journal's `when`): 'behind' when it lacks this code's newest (or not migrated at all: `applied`
 * null), 'current' when its newest is this code's newest, 'newer' when its newest is later than anything this code
 * ships (a newer release migrated it). One reading for both users: /api/ready (503 only when 'behind': an old
 * process stays ready on a newer database during a rolling upgrade) and `migrate()` (refuses 'newer').
 */
export interface MigrationState {
  standing: 'behind' | 'current' | 'newer';
  applied: AppliedMigration | null;
  code: { tag: string; when: number };
}

/** undefined_table, invalid_schema_name: the migrator has not run on this database yet. */
const NEVER_MIGRATED = new Set(['42P01', '3F000']);

/** Throws when the database does not answer. `code` defaults to reading the journal (pass it when called often). */
export async function migrationState(db: Db, code = latestCodeMigration()): Promise<MigrationState> {
  let applied: AppliedMigration | null = null;
  try {
    const [row] = await rowsOf<{ hash: string; created_at: string }>(
      db,
      sql`select hash, created_at::text from drizzle.__drizzle_migrations order by created_at desc limit 1`,
    );
    if (row) applied = { hash: row.hash, createdAt: Number(row.created_at) };
  } catch (err) {
    if (!NEVER_MIGRATED.has(pgCode(err) ?? '')) throw err;
  }
  const standing =
    applied === null || applied.createdAt < code.when
      ? 'behind'
      : applied.createdAt === code.when
        ? 'current'
        : 'newer';
  return { standing, applied, code };
}

/**
 * `migrate()` on a database a newer release has migrated (its newest applied migration is later than this code's
 * newest): this version does not know that schema, so it neither migrates nor starts; nothing is changed.
 * server/main.ts prints the message and exits 1 (docs/operations.md "Upgrades").
 */
export class DatabaseIsNewer extends Error {
  constructor(readonly state: MigrationState & { applied: AppliedMigration }) {
    const when = (ms: number) => new Date(ms).toISOString();
    super(
      `Refusing to start: this database was migrated by a newer version of Biobanking LIMS. Its newest migration ` +
        `(created ${when(state.applied.createdAt)}, hash ${state.applied.hash.slice(0, 12)}) is not one this version ` +
        `knows; this version's newest is ${state.code.tag} (created ${when(state.code.when)}). Nothing was changed. ` +
        `Start the newer version, or to go back restore the backup taken before the upgrade ` +
        `(docs/operations.md "Upgrades").`,
    );
    this.name = 'DatabaseIsNewer';
  }
}

/** Throws DatabaseIsNewer when a newer release migrated the database (before the migrator touches anything). */
async function refuseNewer(db: Db, code: MigrationState['code']) {
  const state = await migrationState(db, code);
  if (state.standing === 'newer' && state.applied) throw new DatabaseIsNewer({ ...state, applied: state.applied });
}

/**
 * The session-level advisory lock key `migrate()` holds on PostgreSQL: several processes (on one machine or many)
 * starting at once migrate one after the other, and the later ones find nothing left to do.
 */
export const MIGRATION_LOCK = 727274;
/** The channel migration 0035's triggers notify on. */
const AUTH_CHANNEL = 'lims_auth';

function listeners() {
  const set = new Set<() => void>();
  return {
    emit: () => set.forEach((l) => l()),
    add: (l: () => void) => {
      set.add(l);
      return () => void set.delete(l);
    },
  };
}

/**
 * Opens PGlite in dataDir ('memory://' for tests) or a node-postgres pool for databaseUrl.
 * `snapshot` (PGlite only) is a data-dir tarball from `dumpDataDir()`: the database starts as that copy
 * instead of running initdb (the tests open each file's database from one migrated snapshot).
 */
export async function openDatabase(opts: {
  databaseUrl: string | null;
  /** A streaming replica of databaseUrl's database (PostgreSQL only; PGlite refuses one). */
  databaseReadUrl?: string | null;
  dataDir: string;
  snapshot?: Blob;
  limits?: DatabaseLimits;
  /**
   * PGlite only: 'worker' runs it on a thread of its own (pglite-thread-client.ts; the API server, PGLITE_THREAD),
   * 'main' (the default) on the caller's, as the tests and the command-line tools open it.
   */
  pgliteThread?: 'worker' | 'main';
}): Promise<Database> {
  if (opts.databaseUrl) {
    const { Pool } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const { limits } = opts;
    const authChange = listeners();
    // Every interactive connection listens before it is first handed out: PostgreSQL sends a connection its
    // own transaction's notifications just before the commit's answer.
    const listen = async (client: ClientBase) => {
      client.on('notification', (n) => {
        if (n.channel === AUTH_CHANNEL) authChange.emit();
      });
      await client.query(`listen ${AUTH_CHANNEL}`);
    };
    // statement_timeout is sent at connect, so it bounds every statement on the pool's connections;
    // connectionTimeoutMillis bounds both the wait for a free connection and opening a new one.
    let closing = false;
    const open = (max: number, statementTimeoutMs?: number, onConnect?: typeof listen, url = opts.databaseUrl!) => {
      const pool = new Pool({
        connectionString: url,
        max,
        ...(onConnect ? { onConnect } : {}),
        ...(limits ? { statement_timeout: statementTimeoutMs, connectionTimeoutMillis: limits.poolWaitMs } : {}),
      });
      // An idle connection the server ends (restart, admin command) emits 'error' on the pool; unhandled, it would
      // kill the process. The pool drops that connection and opens a new one on the next query. Once close() has
      // begun it is no news: pg-pool's end() resolves before its connections have said goodbye, so a database dropped
      // WITH (FORCE) right after (the test harness) ends them under it, and a warning then outlived its test file.
      pool.on('error', (err) => {
        if (!closing) console.warn(`database connection closed by the server: ${err.message}`);
      });
      return pool;
    };
    const pool = open(limits?.poolSize ?? 10, limits?.statementTimeoutMs, listen);
    const reportPool = limits ? open(limits.reportPoolSize, limits.reportStatementTimeoutMs) : null;
    const replicaPool = opts.databaseReadUrl
      ? open(limits?.reportPoolSize ?? 3, limits?.reportStatementTimeoutMs, undefined, opts.databaseReadUrl)
      : null;
    const db: Db = drizzle(pool);
    await db.execute(sql`select 1`);
    const replicaDb = replicaPool ? drizzle(replicaPool) : undefined;
    if (replicaDb) await checkReplica(replicaDb);
    const statsOf = (name: string, p: typeof pool, max: number): PoolStats => ({
      pool: name,
      max,
      total: p.totalCount,
      idle: p.idleCount,
      waiting: p.waitingCount,
    });
    return {
      db,
      reportDb: reportPool ? drizzle(reportPool) : db,
      ...(replicaDb ? { replicaDb } : {}),
      kind: 'postgres',
      onAuthChange: authChange.add,
      poolStats: () => [
        statsOf('main', pool, limits?.poolSize ?? 10),
        ...(reportPool && limits ? [statsOf('report', reportPool, limits.reportPoolSize)] : []),
        ...(replicaPool ? [statsOf('replica', replicaPool, limits?.reportPoolSize ?? 3)] : []),
      ],
      // One connection, taken out of the pool for the whole run, holds a session-level advisory lock: N API
      // processes (on one machine or several) can start at once; each checks the version and migrates in turn,
      // and the ones after the first find nothing to do. The lock is the session's, so a process that dies
      // while holding it releases it with its connection.
      async migrate() {
        const code = latestCodeMigration();
        const client = await pool.connect();
        try {
          // Migrations (an index over a million rows) and the wait for another process's lock are not interactive.
          await client.query('set statement_timeout = 0');
          await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
          const session = drizzle(client);
          await refuseNewer(session, code);
          await migrate(session, { migrationsFolder });
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
          await client.query('reset statement_timeout');
        } catch (err) {
          // The connection may be broken: the pool closes it (which ends its session, and the lock with it).
          client.release(true);
          throw err;
        }
        client.release();
      },
      close: async () => {
        closing = true;
        await Promise.all([pool.end(), reportPool?.end(), replicaPool?.end()]);
      },
    };
  }
  if (opts.databaseReadUrl) throw new Error('DATABASE_READ_URL needs DATABASE_URL: PGlite has no replica');
  const { PGlite } = await import('@electric-sql/pglite');
  const { PgliteThread } = await import('./pglite-thread-client');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  // pg_trgm (contrib, shipped in the package) backs any-part MRN and phone search; migration 0006 creates it.
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  if (!opts.dataDir.startsWith('memory://')) fs.mkdirSync(opts.dataDir, { recursive: true });
  const client =
    opts.pgliteThread === 'worker'
      ? await PgliteThread.open(opts.dataDir, opts.snapshot)
      : await PGlite.create({
          dataDir: opts.dataDir,
          extensions: { pg_trgm },
          ...(opts.snapshot ? { loadDataDir: opts.snapshot } : {}),
        });
  // Drizzle's PGlite driver types its client as PGlite; the thread's stands in for the part it calls (query,
  // transaction), which PgliteThread implements with PGlite's own signatures.
  const pdb = drizzle(client as PGlite);
  namedTexts.set(pdb, nameStatements(client));
  const authChange = listeners();
  await client.listen(AUTH_CHANNEL, authChange.emit);
  return {
    db: pdb,
    reportDb: pdb,
    kind: 'pglite',
    onAuthChange: authChange.add,
    // PGlite is one process's database (the data-dir lock keeps a second server out): no advisory lock needed.
    migrate: async () => {
      await refuseNewer(pdb, latestCodeMigration());
      await migrate(pdb, { migrationsFolder });
    },
    upkeep: (rule) => upkeepRound(client, rule),
    dump: (compression = 'none') => client.dumpDataDir(compression),
    close: () => client.close(),
  };
}

/**
 * Says at start what DATABASE_READ_URL points at. The server starts either way: a replica that is down only
 * fails the heavy reads (503, database_unavailable) until it is back, and the primary keeps serving everything else.
 */
async function checkReplica(replica: Db) {
  try {
    const [row] = await rowsOf<{ standby: boolean }>(replica, sql`select pg_is_in_recovery() as standby`);
    if (!row?.standby)
      console.warn(
        'DATABASE_READ_URL answers but is not a hot standby (pg_is_in_recovery() is false): heavy reads go to it as to a replica',
      );
  } catch (err) {
    // Drizzle wraps the driver's error: its cause says why (refused, unknown database, password).
    const cause = err instanceof Error && err.cause instanceof Error ? err.cause : err;
    console.warn(
      `DATABASE_READ_URL did not answer (${cause instanceof Error ? cause.message : String(cause)}): heavy reads fail with 503 until it does`,
    );
  }
}

/** Per PGlite database: the statement texts the statement cache names (statement-cache.ts), and their names. */
const namedTexts = new WeakMap<Db, Map<string, string>>();

/**
 * Names a statement text on `db`, as PostgreSQL's driver names it (`prepare(name)`): on PGlite the statement is then
 * parsed and planned once (PREPARE) and run by name (EXECUTE), where PGlite's `query()` parses and plans each
 * statement again. Nothing on PostgreSQL (pg names it itself) or inside a transaction (not the database's handle).
 */
export function nameStatement(db: Db, text: string, name: string) {
  namedTexts.get(db)?.set(text, name);
}

/** PGlite: the name `db` prepares a statement text by (nameStatement), or undefined (run unnamed; PostgreSQL: always). */
export function namedOnPglite(db: Db, text: string): string | undefined {
  return namedTexts.get(db)?.get(text);
}

/**
 * PGlite's `query()` sends Parse, Describe, Bind, Describe, Execute and Sync into the wasm module one call at a
 * time and plans the statement every time (a first page at 100k participants: planning 1.9 ms, execution 0.6 ms).
 * A named text is prepared once on this connection (`prepare <name> as <text>`) and then run as one simple-protocol
 * `execute <name>(<values>)` with its generic plan: one call, no planning. The values go as quoted
 * literals, which PostgreSQL reads with the parameter types PREPARE inferred, as it reads the text values Bind sends;
 * only numbers, booleans and strings without NUL are written so, anything else (and a text PREPARE refuses) runs
 * unnamed as before. The answer is parsed by PGlite with the caller's options (row mode, parsers) as for `query()`.
 */
function nameStatements(client: Pick<PGlite, 'query' | 'exec'>): Map<string, string> {
  const names = new Map<string, string>();
  /**
   * Each name's PREPARE, sent once: requests that arrive together wait for the same one. Each sending its own, all
   * but the first failed ("already exists") and the name was given up for good, so a server started under load ran
   * its busiest statements unnamed, planned on every call (docs/performance.md, twelfth session).
   */
  const prepared = new Map<string, Promise<boolean>>();
  const unnamed = client.query.bind(client);
  client.query = async <T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> => {
    const name = names.get(text);
    const values = name ? literals(params ?? []) : null;
    if (!name || values === null) return unnamed<T>(text, params, options);
    let ready = prepared.get(name);
    if (!ready) {
      ready = client.exec(`prepare ${name} as ${text}`).then(
        () => true,
        () => false,
      );
      prepared.set(name, ready);
    }
    if (!(await ready)) return unnamed<T>(text, params, options);
    // The generic plan, as the statement cache means by naming (one plan fits every id and flag): left to itself
    // PostgreSQL keeps planning a list page for its values (a generic plan of `limit $n` looks dearer than a custom
    // one), 2 ms of planning per first page at 100k participants against 0.07 ms and the same 0.7 ms of execution.
    // One simple-protocol string is one implicit transaction: if the EXECUTE fails, the SET is undone with it.
    const [, result] = await client.exec(
      `set plan_cache_mode = force_generic_plan; execute ${name}${values ? `(${values})` : ''}; reset plan_cache_mode`,
      options,
    );
    return result as Results<T>;
  };
  return names;
}

/**
 * The values as SQL literals for EXECUTE, or null if one is not a number, a boolean, a string without NUL or a list of
 * integers (statement-cache.ts anyId: an array literal).
 */
function literals(params: unknown[]): string | null {
  const out: string[] = [];
  for (const v of params) {
    if (Array.isArray(v)) {
      if (!v.every((x) => Number.isInteger(x))) return null;
      out.push(`'{${v.join(',')}}'`);
    } else if (typeof v === 'number') {
      if (!Number.isFinite(v)) return null;
      out.push(`'${v}'`);
    } else if (typeof v === 'boolean') out.push(v ? "'t'" : "'f'");
    else if (typeof v === 'string' && !v.includes('\0')) out.push(`E'${v.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`);
    else return null;
  }
  return out.join(', ');
}
