import type { Db } from '../../db/client';
import { auditRowHash } from '../../platform/audit-hash';
import { auditRowsAfter, legacyThrough, type AuditRow } from './audit-chain.repository';

/** Where one institution's chain first breaks, in words an operator can act on. */
export interface ChainBreak {
  id: number;
  institutionId: number | null;
  /** 'unhashed' | 'content' | 'link' */
  kind: 'unhashed' | 'content' | 'link';
  detail: string;
}

export interface ChainReport {
  institutionId: number | null;
  /** Chained rows read (after the pre-chain rows). */
  rows: number;
  /** Rows written before the chain existed (migration 0017): not covered. */
  legacyRows: number;
  /** The last row's id and hash: record them elsewhere to detect a later removal of the newest rows. */
  headId: number | null;
  headHash: string | null;
  firstBreak: ChainBreak | null;
}

const BATCH = 2000;

interface Walk {
  report: ChainReport;
  prevHash: string | null;
  prevId: number | null;
}

/**
 * Reads the audit rows in id order (of one institution, or all) in batches and checks each
 * institution's chain: every row after the pre-chain rows has a hash, its prev_hash is the hash of
 * the institution's previous row, and its hash is the SHA-256 of its content and prev_hash.
 * Reports the first break per institution. Read-only; safe while the server runs.
 */
export async function verifyAuditChains(db: Db, only?: { institutionId: number }): Promise<ChainReport[]> {
  const legacy = await legacyThrough(db);
  const walks = new Map<number | null, Walk>();
  const walkOf = (institutionId: number | null) => {
    let w = walks.get(institutionId);
    if (!w) {
      w = {
        report: { institutionId, rows: 0, legacyRows: 0, headId: null, headHash: null, firstBreak: null },
        prevHash: null,
        prevId: null,
      };
      walks.set(institutionId, w);
    }
    return w;
  };
  if (only) walkOf(only.institutionId);
  let after = 0;
  for (;;) {
    const rows = await auditRowsAfter(db, after, BATCH, only);
    for (const r of rows) {
      const w = walkOf(r.institutionId);
      if (r.id <= legacy) {
        w.report.legacyRows++;
        continue;
      }
      w.report.rows++;
      w.report.headId = r.id;
      w.report.headHash = r.hash;
      if (!w.report.firstBreak) w.report.firstBreak = check(r, w);
      w.prevHash = r.hash;
      w.prevId = r.id;
    }
    if (rows.length < BATCH) break;
    after = rows[rows.length - 1].id;
  }
  return [...walks.values()].map((w) => w.report).sort((a, b) => (a.institutionId ?? -1) - (b.institutionId ?? -1));
}

function check(r: AuditRow, w: Walk): ChainBreak | null {
  const at = { id: r.id, institutionId: r.institutionId };
  if (!r.hash)
    return {
      ...at,
      kind: 'unhashed',
      detail: 'the row has no hash: it was not written by the audit function (inserted directly in the database)',
    };
  if (r.prevHash !== w.prevHash) {
    return {
      ...at,
      kind: 'link',
      detail:
        w.prevId === null
          ? `prev_hash is ${r.prevHash ? `'${r.prevHash.slice(0, 12)}…'` : 'empty'} but this is the first chained row of the institution: earlier rows were deleted`
          : `prev_hash '${r.prevHash?.slice(0, 12) ?? 'empty'}…' is not the hash '${w.prevHash?.slice(0, 12) ?? 'empty'}…' of the previous row (id ${w.prevId}): a row between them was deleted, or a hash was rewritten`,
    };
  }
  const expected = auditRowHash(r, r.prevHash);
  if (expected !== r.hash)
    return {
      ...at,
      kind: 'content',
      detail: `the row's content does not match its hash (stored '${r.hash.slice(0, 12)}…', computed '${expected.slice(0, 12)}…'): the row was edited after it was written`,
    };
  return null;
}

/** One institution's chain (the verify route and screen). */
export async function verifyInstitutionChain(db: Db, institutionId: number): Promise<ChainReport> {
  return (await verifyAuditChains(db, { institutionId }))[0];
}
