import type { Db } from '../../db/client';
import { auditBlockHash, auditContentHash, auditMerkleRoot, auditRowHash } from '../../platform/audit-hash';
import { sealAuditNow } from '../../platform/audit-seal';
import { fill, wordsOf } from '../../platform/i18n';
import { DEFAULT_LANGUAGE, type LanguageCode } from '../../../contract/i18n/languages';
import { auditBlocksOf, auditRowsAfter, chainEras, type AuditBlock, type AuditRow } from './audit-chain.repository';

/** Where one institution's chain first breaks, in words an operator can act on. */
export interface ChainBreak {
  id: number;
  institutionId: number | null;
  /**
   * 'unhashed': a row without a hash; 'content': a row's columns do not give its hash; 'link': a linked-era
   * row or a block does not name its predecessor's hash; 'block': a block's rows do not give its Merkle
   * root (or the block was edited); 'unsealed': a row outside every block although a later block is sealed.
   */
  kind: 'unhashed' | 'content' | 'link' | 'block' | 'unsealed';
  /** In the caller's language (i33server: the `audit.chainBreaks` catalogue texts); English for the CLI. */
  detail: string;
}

export interface ChainReport {
  institutionId: number | null;
  /** Chained rows read (after the pre-chain rows): linked-era, sealed and not yet sealed. */
  rows: number;
  /** Rows written before the chain existed (migration 0017): not covered. */
  legacyRows: number;
  /** Blocks checked, and the rows they seal. */
  blocks: number;
  sealedRows: number;
  /** Rows after the last block (the window): their content is checked, their order and presence not yet. */
  unsealedRows: number;
  /**
   * The head to record elsewhere to detect a later removal of the newest rows: the last sealed row's id and
   * its block's hash (before any block: the linked chain's last row and hash).
   */
  headId: number | null;
  headHash: string | null;
  firstBreak: ChainBreak | null;
}

const BATCH = 2000;

interface Walk {
  report: ChainReport;
  // The linked era (prev_hash).
  prevHash: string | null;
  prevId: number | null;
  // The sealed era: the institution's blocks in order, the one being filled and its rows so far.
  blocks: AuditBlock[];
  next: number;
  leaves: { id: number; hash: string }[];
  prevBlock: AuditBlock | null;
  say: Say;
}

type BreakKey = keyof ReturnType<typeof wordsOf<'audit'>>['chainBreaks'];
/** A break's detail in one language: a `chainBreaks` text with its values, hashes shortened. */
type Say = (key: BreakKey, values?: Record<string, string | number>) => string;
const sayIn =
  (language: LanguageCode): Say =>
  (key, values = {}) =>
    fill(wordsOf(language, 'audit').chainBreaks[key], values);
const shortIn = (say: Say) => (h: string | null | undefined) =>
  h ? say('hash', { hash: h.slice(0, 12) }) : say('noHash');

/**
 * Reads the audit rows in id order (of one institution, or all) in batches and checks each institution's
 * chain (docs/audit.md): rows of the linked era (up to linked_through) as before (each row's hash over its
 * content and prev_hash, prev_hash the previous row's hash); every later row's hash over its content; every
 * block's hash, its link to the previous block, and its Merkle root over exactly the institution's rows in
 * its id range; a row outside every block before the last block is a break, a row after it the window.
 * Reports the first break per institution. With seal (the default), seals what it can first
 * (sealAuditNow): the window is then only what was written in the last moments.
 */
export async function verifyAuditChains(
  db: Db,
  only?: { institutionId: number },
  opts: { seal?: boolean; language?: LanguageCode } = {},
): Promise<ChainReport[]> {
  const say = sayIn(opts.language ?? DEFAULT_LANGUAGE);
  if (opts.seal !== false) await sealAuditNow(db, only ? { institutionId: only.institutionId } : {});
  const { legacyThrough, linkedThrough } = await chainEras(db);
  // Blocks before rows: a block sealed while the rows are read only makes its rows look unsealed (the window).
  const blocksByChain = new Map<number | null, AuditBlock[]>();
  for (const b of await auditBlocksOf(db, only)) {
    const list = blocksByChain.get(b.institutionId);
    if (list) list.push(b);
    else blocksByChain.set(b.institutionId, [b]);
  }
  const walks = new Map<number | null, Walk>();
  const walkOf = (institutionId: number | null) => {
    let w = walks.get(institutionId);
    if (!w) {
      w = {
        report: {
          institutionId,
          rows: 0,
          legacyRows: 0,
          blocks: 0,
          sealedRows: 0,
          unsealedRows: 0,
          headId: null,
          headHash: null,
          firstBreak: null,
        },
        prevHash: null,
        prevId: null,
        blocks: blocksByChain.get(institutionId) ?? [],
        next: 0,
        leaves: [],
        prevBlock: null,
        say,
      };
      walks.set(institutionId, w);
    }
    return w;
  };
  if (only) walkOf(only.institutionId);
  for (const institutionId of blocksByChain.keys()) walkOf(institutionId);
  const fail = (w: Walk, b: ChainBreak | null) => {
    if (b && !w.report.firstBreak) w.report.firstBreak = b;
  };
  let after = 0;
  for (;;) {
    const rows = await auditRowsAfter(db, after, BATCH, only);
    for (const r of rows) {
      const w = walkOf(r.institutionId);
      if (r.id <= legacyThrough) {
        w.report.legacyRows++;
        continue;
      }
      w.report.rows++;
      if (r.id <= linkedThrough) {
        w.report.headId = r.id;
        w.report.headHash = r.hash;
        fail(w, checkLinked(r, w));
        w.prevHash = r.hash;
        w.prevId = r.id;
        continue;
      }
      fail(w, checkContent(r, say));
      // Close the blocks this row is past, then place the row in a block, between blocks, or after the last.
      while (w.next < w.blocks.length && r.id > w.blocks[w.next].lastId) fail(w, closeBlock(w));
      const block = w.blocks[w.next];
      if (block && r.id >= block.firstId) w.leaves.push({ id: r.id, hash: r.hash ?? '' });
      else if (block)
        fail(w, {
          id: r.id,
          institutionId: r.institutionId,
          kind: 'unsealed',
          detail: say('unsealed', { seq: block.seq, firstId: block.firstId }),
        });
      else w.report.unsealedRows++;
    }
    if (rows.length < BATCH) break;
    after = rows[rows.length - 1].id;
  }
  for (const w of walks.values()) while (w.next < w.blocks.length) fail(w, closeBlock(w));
  return [...walks.values()].map((w) => w.report).sort((a, b) => (a.institutionId ?? -1) - (b.institutionId ?? -1));
}

function checkLinked(r: AuditRow, w: Walk): ChainBreak | null {
  const at = { id: r.id, institutionId: r.institutionId };
  const { say } = w;
  const short = shortIn(say);
  if (!r.hash) return unhashed(r, say);
  if (r.prevHash !== w.prevHash) {
    return {
      ...at,
      kind: 'link',
      detail:
        w.prevId === null
          ? say('firstLinked', { prevHash: short(r.prevHash) })
          : say('linked', { prevHash: short(r.prevHash), previousHash: short(w.prevHash), previousId: w.prevId }),
    };
  }
  const expected = auditRowHash(r, r.prevHash);
  if (expected !== r.hash) return edited(r, expected, say);
  return null;
}

function checkContent(r: AuditRow, say: Say): ChainBreak | null {
  if (!r.hash) return unhashed(r, say);
  const expected = auditContentHash(r);
  return expected === r.hash ? null : edited(r, expected, say);
}

const unhashed = (r: AuditRow, say: Say): ChainBreak => ({
  id: r.id,
  institutionId: r.institutionId,
  kind: 'unhashed',
  detail: say('unhashed'),
});

const edited = (r: AuditRow, expected: string, say: Say): ChainBreak => ({
  id: r.id,
  institutionId: r.institutionId,
  kind: 'content',
  detail: say('edited', { stored: shortIn(say)(r.hash), computed: shortIn(say)(expected) }),
});

/** Checks the block being filled (its hash, its link, its rows' Merkle root) and moves to the next. */
function closeBlock(w: Walk): ChainBreak | null {
  const b = w.blocks[w.next++];
  const rows = w.leaves;
  w.leaves = [];
  const prev = w.prevBlock;
  w.prevBlock = b;
  w.report.blocks++;
  w.report.sealedRows += rows.length;
  w.report.headId = b.lastId;
  w.report.headHash = b.hash;
  const at = { id: b.firstId, institutionId: b.institutionId };
  const { say } = w;
  const short = shortIn(say);
  const range = say('range', { seq: b.seq, firstId: b.firstId, lastId: b.lastId });
  const expectedSeq = (prev?.seq ?? 0) + 1;
  if (b.seq !== expectedSeq || b.prevHash !== (prev?.hash ?? null) || (prev && b.firstId <= prev.lastId))
    return {
      ...at,
      kind: 'link',
      detail: prev
        ? say('blockFollows', {
            range,
            prevSeq: prev.seq,
            prevHash: short(b.prevHash),
            previousHash: short(prev.hash),
          })
        : say('firstBlock', { range, seq: b.seq, prevHash: short(b.prevHash) }),
    };
  if (auditBlockHash(b) !== b.hash) return { ...at, kind: 'block', detail: say('blockEdited', { range }) };
  if (rows.length !== b.rowCount)
    return {
      ...at,
      kind: 'block',
      detail:
        rows.length < b.rowCount
          ? say('rowsDeleted', { range, sealed: b.rowCount, found: rows.length, missing: b.rowCount - rows.length })
          : say('rowsInserted', { range, sealed: b.rowCount, found: rows.length }),
    };
  if (auditMerkleRoot(rows) !== b.merkleRoot)
    return {
      ...at,
      kind: 'block',
      detail: say('merkle', { range }),
    };
  return null;
}

/** One institution's chain (the verify route and screen). */
export async function verifyInstitutionChain(
  db: Db,
  institutionId: number,
  opts?: { seal?: boolean; language?: LanguageCode },
) {
  return (await verifyAuditChains(db, { institutionId }, opts))[0];
}
