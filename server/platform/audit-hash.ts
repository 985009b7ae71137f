import { createHash } from 'node:crypto';

/** What an audit row's hash covers: every column a reader relies on, plus the previous row's hash. */
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
 * SHA-256 (hex) over the canonical form of an audit row: a versioned JSON array of its columns in a
 * fixed order, the time as an ISO instant (millisecond precision, as written), and the previous hash.
 */
export function auditRowHash(r: HashedAuditRow, prevHash: string | null): string {
  return createHash('sha256')
    .update(`${auditHashPrefix(r)},${canonicalJson(prevHash)}]`, 'utf8')
    .digest('hex');
}

/**
 * The canonical form without the previous hash and the closing bracket: the database function
 * audit_chain_append (migration 0024) completes it with the head it reads under the chain lock.
 */
export function auditHashPrefix(r: HashedAuditRow): string {
  return canonicalJson([
    'audit-v1',
    r.institutionId,
    r.at.toISOString(),
    r.accountId,
    r.entity,
    r.entityId,
    r.action,
    r.before ?? null,
    r.after ?? null,
    r.address,
  ]).slice(0, -1);
}
