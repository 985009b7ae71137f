import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../db/client';
import { auditBlockHash, auditMerkleRoot } from './audit-hash';
import { auditBlocks } from './audit.table';
import { auditSealDuration } from './metrics';
import { startRounds } from './rounds';

// The sealer (issue 30, docs/audit.md "Blocks"): audit rows are hashed on their own at insert
// (audit.ts); this seals the committed ones, per institution and in id order, into a chain of blocks,
// each with the Merkle root of its rows and the hash of the block before it.

/** Shared advisory lock (key 1) every audit writer takes on (key 2) its institution before its row draws an id. */
export const AUDIT_WRITER_LOCK = 7271019;
/** Transaction advisory lock one sealer holds while it seals: several API processes, one sealer at a time. */
export const AUDIT_SEALER_LOCK = 7271020;
/** The advisory lock's second key for an institution; rows without an institution form chain -1. */
export const auditChainKey = (institutionId: number | null) => institutionId ?? -1;
/** A block holds at most this many rows (a longer run of unsealed rows becomes several blocks). */
export const AUDIT_BLOCK_MAX_ROWS = 1000;
/** Rows read per round at most: a round far behind catches up over several rounds. */
const SCAN_LIMIT = 50_000;

export interface SealRound {
  /** false: another sealer held the sealer lock; nothing was done. */
  ran: boolean;
  blocks: number;
  rows: number;
  /** Institutions with rows left unsealed because one of their writers was still open. */
  waiting: (number | null)[];
}

const idle = (ran: boolean): SealRound => ({ ran, blocks: 0, rows: 0, waiting: [] });
/** pg_locks shows the second key as an oid (unsigned): -1 reads 4294967295. */
const keyOfObjid = (objid: number) => (objid > 2 ** 31 - 1 ? objid - 2 ** 32 : objid);

/**
 * One sealing round, in a transaction of its own (never call it inside a transaction that wrote audit
 * rows). The safe boundary: read the highest visible audit id (top), THEN which institutions have an
 * audit writer still open (holders of AUDIT_WRITER_LOCK, taken before a row draws its id and held to
 * the commit). A row with an id up to top that is not visible yet was drawn before top was committed,
 * so its writer held the lock when pg_locks was read: an institution with no holder has all its rows up
 * to top committed (or rolled back) for good, and is sealed through top; an institution with a holder
 * waits for a later round. Every row up to sealed_through (the watermark) is sealed; it moves to top only
 * when no institution waited, and each round reads the rows after it.
 */
export async function sealAuditRound(db: Db): Promise<SealRound> {
  return db.transaction(async (tx) => {
    const [lock] = await rowsOf<{ ok: boolean }>(
      tx,
      sql`select pg_try_advisory_xact_lock(${AUDIT_SEALER_LOCK}::int4, 0) as ok`,
    );
    if (!lock.ok) return idle(false);
    const [state] = await rowsOf<{ sealed: string | null; top: string | null }>(
      tx,
      sql`select (select sealed_through from audit_chain_start where id = 1)::text as sealed, (select max(id) from audit_events)::text as top`,
    );
    const from = Number(state?.sealed ?? 0);
    let top = Number(state?.top ?? 0);
    if (top <= from) return idle(true);
    // After top was read (a separate statement): the institutions whose writers are still open.
    const holders = await rowsOf<{ objid: string }>(
      tx,
      sql`select distinct objid::bigint::text as objid from pg_locks where locktype = 'advisory' and classid = ${AUDIT_WRITER_LOCK}::oid
        and objsubid = 2 and pid <> pg_backend_pid() and database = (select oid from pg_database where datname = current_database())`,
    );
    const open = new Set(holders.map((h) => keyOfObjid(Number(h.objid))));
    const rows = (
      await rowsOf<{ id: string; institution_id: number | null; hash: string | null }>(
        tx,
        sql`select id::text as id, institution_id, hash from audit_events e where e.id > ${from} and e.id <= ${top} order by e.id limit ${SCAN_LIMIT}`,
      )
    ).map((r) => ({ id: Number(r.id), institutionId: r.institution_id, hash: r.hash ?? '' }));
    if (rows.length === SCAN_LIMIT) top = rows[rows.length - 1].id;
    const chains = new Map<number, typeof rows>();
    for (const r of rows) {
      const k = auditChainKey(r.institutionId);
      const list = chains.get(k);
      if (list) list.push(r);
      else chains.set(k, [r]);
    }
    const round: SealRound = idle(true);
    for (const [key, chainRows] of chains) {
      const institutionId = key === -1 ? null : key;
      if (open.has(key)) {
        round.waiting.push(institutionId);
        continue;
      }
      const [head] = await rowsOf<{ seq: number; last_id: string; hash: string }>(
        tx,
        institutionId === null
          ? sql`select seq, last_id::text, hash from audit_blocks where institution_id is null order by seq desc limit 1`
          : sql`select seq, last_id::text, hash from audit_blocks where institution_id = ${institutionId} order by seq desc limit 1`,
      );
      // Rows this institution had sealed in an earlier round while the watermark waited for another one.
      const fresh = chainRows.filter((r) => r.id > Number(head?.last_id ?? 0));
      let seq = head?.seq ?? 0;
      let prevHash = head?.hash ?? null;
      const blocks: (typeof auditBlocks.$inferInsert)[] = [];
      for (let i = 0; i < fresh.length; i += AUDIT_BLOCK_MAX_ROWS) {
        const part = fresh.slice(i, i + AUDIT_BLOCK_MAX_ROWS);
        const block = {
          institutionId,
          seq: ++seq,
          firstId: part[0].id,
          lastId: part[part.length - 1].id,
          rowCount: part.length,
          merkleRoot: auditMerkleRoot(part),
          prevHash,
        };
        prevHash = auditBlockHash(block);
        blocks.push({ ...block, hash: prevHash });
        round.rows += part.length;
      }
      if (blocks.length) await tx.insert(auditBlocks).values(blocks);
      round.blocks += blocks.length;
    }
    const through = round.waiting.length ? from : top;
    if (through > from) await tx.execute(sql`update audit_chain_start set sealed_through = ${through} where id = 1`);
    return round;
  });
}

/**
 * Seals now (the verify route and `audit:verify`): rounds until the institution asked for (or, without
 * one, every institution) has nothing left waiting, or timeoutMs has passed; what is still unsealed then
 * is reported by verify as the window.
 */
export async function sealAuditNow(
  db: Db,
  opts: { institutionId?: number | null; timeoutMs?: number } = {},
): Promise<SealRound> {
  const until = Date.now() + (opts.timeoutMs ?? 2000);
  for (;;) {
    const round = await sealAuditRound(db);
    const done =
      round.ran &&
      (opts.institutionId === undefined ? round.waiting.length === 0 : !round.waiting.includes(opts.institutionId));
    if (done || Date.now() >= until) return round;
    await new Promise((r) => setTimeout(r, 10));
  }
}

/**
 * The API process's sealer: a round every intervalMs (AUDIT_SEAL_INTERVAL_MS; 0: none), never two at
 * once in this process; with several processes the sealer lock lets one seal at a time. Returns stop(),
 * which waits for a round in progress (call it before the database closes).
 */
export function startAuditSealer(db: Db, intervalMs: number, warn: (err: unknown) => void): () => Promise<void> {
  return startRounds(
    async () => {
      const end = auditSealDuration.startTimer();
      // Only rounds that sealed something: an idle round every 250 ms would bury them.
      if ((await sealAuditRound(db)).rows > 0) end();
    },
    intervalMs,
    warn,
  );
}
