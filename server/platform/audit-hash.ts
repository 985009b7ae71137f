import { createHash } from 'node:crypto';

/** What an audit row's hash covers: every column a reader relies on (plus, for linked-chain rows, the previous row's hash). */
export interface HashedAuditRow {
  institutionId: number | null;
  at: Date;
  accountId: number | null;
  entity: string;
  entityId: string | null;
  action: string;
  before: unknown;
  after: unknown;
  address: string | null;
}

/** JSON with object keys sorted at every depth: jsonb reorders keys, so the stored order cannot be hashed. */
export function canonicalJson(v: unknown): string {
  if (v === null || v === undefined) return 'null';
  if (Array.isArray(v)) return `[${v.map(canonicalJson).join(',')}]`;
  if (typeof v === 'object') {
    const o = v as Record<string, unknown>;
    return `{${Object.keys(o)
      .filter((k) => o[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson(o[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v);
}

/**
 * The linked chain's row hash (rows up to audit_chain_start.linked_through, migrations 0019/0024): SHA-256
 * (hex) over the canonical form of an audit row: a versioned JSON array of its columns in a fixed order,
 * the time as an ISO instant (millisecond precision, as written), and the previous hash.
 */
export function auditRowHash(r: HashedAuditRow, prevHash: string | null): string {
  return createHash('sha256')
    .update(`${auditHashPrefix(r)},${canonicalJson(prevHash)}]`, 'utf8')
    .digest('hex');
}

/** The linked chain's canonical form without the previous hash and the closing bracket. */
export function auditHashPrefix(r: HashedAuditRow): string {
  return canonicalJson(['audit-v1', ...hashedContent(r)]).slice(0, -1);
}

/** What both hash versions cover of a row, in this order (changing it breaks every stored hash). */
const hashedContent = (r: HashedAuditRow) => [
  r.institutionId,
  r.at.toISOString(),
  r.accountId,
  r.entity,
  r.entityId,
  r.action,
  r.before ?? null,
  r.after ?? null,
  r.address,
];

const sha256 = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');

/**
 * The row hash since issue 30 (rows after linked_through): SHA-256 (hex) over the row's content only, no
 * link to another row: `["audit-v2", institution_id, at, account_id, entity, entity_id, action, before,
 * after, address]` in canonical JSON. Computed by audit() at insert; order and completeness come from the
 * blocks that seal the rows (auditMerkleRoot, auditBlockHash).
 */
export function auditContentHash(r: HashedAuditRow): string {
  return sha256(canonicalJson(['audit-v2', ...hashedContent(r)]));
}

/**
 * The Merkle root of a block's rows in id order, in the shape of RFC 6962 (Certificate Transparency): a
 * leaf is SHA-256('0:' + id + ':' + row hash), so a row's id and position are covered; a node is
 * SHA-256('1:' + left + right); a list of n > 1 leaves splits at the largest power of two below n (no
 * duplicated last leaf, so two different lists cannot share a root). The empty list's root is SHA-256('').
 */
export function auditMerkleRoot(rows: readonly { id: number; hash: string }[]): string {
  if (rows.length === 0) return sha256('');
  let level = rows.map((r) => sha256(`0:${r.id}:${r.hash}`));
  // Bottom-up over the same tree as the recursive split: at each level pair neighbours left to right
  // and carry an odd last node up unchanged (RFC 6962's MTH builds exactly this tree).
  while (level.length > 1) {
    const next: string[] = [];
    for (let i = 0; i + 1 < level.length; i += 2) next.push(sha256(`1:${level[i]}${level[i + 1]}`));
    if (level.length % 2) next.push(level[level.length - 1]);
    level = next;
  }
  return level[0];
}

/** What a block's hash covers (audit_blocks). */
export interface HashedAuditBlock {
  institutionId: number | null;
  seq: number;
  firstId: number;
  lastId: number;
  rowCount: number;
  merkleRoot: string;
  prevHash: string | null;
}

/** SHA-256 (hex) over a block's canonical form: its institution, number, row range and count, Merkle root and the previous block's hash. */
export function auditBlockHash(b: HashedAuditBlock): string {
  return sha256(
    canonicalJson([
      'audit-block-v1',
      b.institutionId,
      b.seq,
      b.firstId,
      b.lastId,
      b.rowCount,
      b.merkleRoot,
      b.prevHash,
    ]),
  );
}
