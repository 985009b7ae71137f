import { startRounds } from '../platform/rounds';

/**
 * What autovacuum does on PostgreSQL, done for PGlite (docs/operations.md "PGlite upkeep"). PGlite runs PostgreSQL in
 * single-user mode: no autovacuum launcher and no statistics collector. Without this, a table keeps the statistics of
 * its last ANALYZE (for a new installation: the empty tables the migrations made) however much it grows, and its dead
 * row versions and visibility map are never seen to. Measured on 100,000 participants analysed only when empty: the
 * participants' first page took 212 ms of SQL instead of 1.2 ms (docs/performance.md "PGlite upkeep").
 *
 * The statistics collector's counts (pg_stat_user_tables) stay at zero here, so a table is due when its file has
 * grown past what its last VACUUM or ANALYZE recorded (pg_class.relpages) by a tenth and at least UPKEEP_MIN_PAGES,
 * or when it holds pages and has not been analysed yet. Updates grow the file too (a new row version each), so a table
 * updated in place is seen to as one that takes inserts.
 *
 * Nor is there a checkpointer: PGlite checkpoints when it closes and never while it runs, so the write-ahead log of a
 * server that runs for weeks only grows (measured: 1.36 GB of pg_wal for 1.14 GB of data, past max_wal_size), and a
 * restart after a crash replays all of it (4.2 s after 600 MB against 1.9 s with checkpoints). A round ends with a
 * CHECKPOINT, as PostgreSQL's checkpointer would, when the log has grown by CHECKPOINT_WAL_BYTES since the last one,
 * or by anything and the last one is CHECKPOINT_AGE_S old (checkpoint_timeout's default); after it PostgreSQL recycles
 * the segments the log no longer needs.
 */
export const UPKEEP_MIN_PAGES = 4;
export const CHECKPOINT_WAL_BYTES = 64 * 1024 * 1024;
export const CHECKPOINT_AGE_S = 300;
/** Less than this since the last checkpoint is the checkpoint's own record and the like: no change to write out. */
const WAL_QUIET_BYTES = 8192;

const WAL_SINCE_CHECKPOINT = `select (pg_current_wal_lsn() - checkpoint_lsn)::bigint as bytes,
    extract(epoch from now() - checkpoint_time)::int as age from pg_control_checkpoint()`;

/** The tables (and materialised views) of the public schema that are due, the largest first. */
export const DUE_TABLES = `select c.oid::regclass::text as name, s.pages
  from pg_class c cross join lateral (select pg_relation_size(c.oid) / current_setting('block_size')::int as pages) s
  where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'm') and s.pages > 0
    and (c.reltuples < 0 or s.pages > c.relpages + greatest(${UPKEEP_MIN_PAGES}, c.relpages / 10))
  order by s.pages desc`;

/** The part of a PGlite client upkeep needs: `exec` sends the simple protocol, which VACUUM requires. */
export interface UpkeepClient {
  query<T>(text: string): Promise<{ rows: T[] }>;
  exec(text: string): Promise<unknown>;
}

export interface UpkeepRound {
  /** The tables vacuumed and analysed, with their size in pages. */
  tables: { name: string; pages: number }[];
  /** The write-ahead log since the last checkpoint, when the round checkpointed; else null. */
  checkpoint: { walBytes: number } | null;
  ms: number;
}

/** When a checkpoint is due; a test lowers the size. */
export interface CheckpointRule {
  walBytes: number;
  ageS: number;
}

/**
 * One round: VACUUM (ANALYZE) each due table, then a CHECKPOINT when one is due, one statement each, so the requests waiting on PGlite's one connection
 * run between them (the longest, 500,000 samples, took 0.6 s; all 21 tables of a 100,000-participant database that
 * had never been analysed 2.6 s).
 */
export async function upkeepRound(
  client: UpkeepClient,
  rule: CheckpointRule = { walBytes: CHECKPOINT_WAL_BYTES, ageS: CHECKPOINT_AGE_S },
): Promise<UpkeepRound> {
  const started = performance.now();
  const { rows } = await client.query<{ name: string; pages: number | string }>(DUE_TABLES);
  const tables = rows.map((r) => ({ name: r.name, pages: Number(r.pages) }));
  // The name is pg_class's own, quoted by regclass's output where it needs it.
  for (const t of tables) await client.exec(`vacuum (analyze) ${t.name}`);
  const [wal] = (await client.query<{ bytes: number | string; age: number }>(WAL_SINCE_CHECKPOINT)).rows;
  const walBytes = Number(wal.bytes);
  const due = walBytes >= rule.walBytes || (walBytes > WAL_QUIET_BYTES && wal.age >= rule.ageS);
  if (due) await client.exec('checkpoint');
  return { tables, checkpoint: due ? { walBytes } : null, ms: Math.round(performance.now() - started) };
}

/**
 * Runs a round every `intervalMs` (PGLITE_UPKEEP_INTERVAL_MS; 0: never) and reports the rounds that saw to a table or checkpointed;
 * returns the stop, which waits for a round under way.
 */
export function startUpkeep(
  round: () => Promise<UpkeepRound>,
  intervalMs: number,
  report: (done: UpkeepRound) => void,
  warn: (err: unknown) => void,
): () => Promise<void> {
  return startRounds(
    async () => {
      const done = await round();
      // Only rounds that did something: an idle round every minute would bury them.
      if (done.tables.length > 0 || done.checkpoint) report(done);
    },
    intervalMs,
    warn,
  );
}
