import { and, asc, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { PagingQuery } from '../../../contract/common.contract';
import type { SigningKey, TrustedPartnerKey } from '../../../contract/partners.contract';
import type { Db } from '../../db/client';
import { likePattern, offsetOf } from '../../platform/paging';
import { newStamp } from '../../platform/records';
import { institutionSigningKeys, signedDocuments, trustedPartnerKeys } from './partners.table';

// All of the partners module's SQL. index.ts exports what shipments call (signing, verifying).

type KeyRow = typeof institutionSigningKeys.$inferSelect;
type PartnerRow = typeof trustedPartnerKeys.$inferSelect;
const isStatus = (s: string): s is SigningKey['status'] => s === 'active' || s === 'retired';
const statusOf = (s: string) => (isStatus(s) ? s : 'retired');

/** The public half of a key row: the private key is never in the answer. */
export const publicKeyOf = (r: KeyRow): SigningKey => ({
  id: r.id,
  keyId: r.keyId,
  algorithm: 'Ed25519',
  status: statusOf(r.status),
  publicKey: r.publicKey,
  createdDate: r.createdDate.toISOString(),
  retiredDate: r.retiredDate?.toISOString() ?? null,
});

export const partnerOf = (r: PartnerRow): TrustedPartnerKey => ({
  id: r.id,
  isEnabled: r.isEnabled,
  concurrencyStamp: r.concurrencyStamp,
  title: r.title,
  abbreviation: r.abbreviation,
  installation: r.installation,
  keyId: r.keyId,
  keyStatus: statusOf(r.keyStatus),
  publicKey: r.publicKey,
  createdDate: r.createdDate.toISOString(),
});

/** The institution's active key row (with its sealed private key), or undefined. */
export async function activeKeyRow(db: Db, inst: number) {
  const [row] = await db
    .select()
    .from(institutionSigningKeys)
    .where(and(eq(institutionSigningKeys.institutionId, inst), eq(institutionSigningKeys.status, 'active')))
    .limit(1);
  return row;
}

/** Inserts a key as the active one unless the institution has one (a parallel first use): the row, or undefined. */
export async function insertActiveKey(
  tx: Db,
  v: { institutionId: number; keyId: string; publicKey: string; privateKey: string; creatorId: number },
) {
  const [row] = await tx
    .insert(institutionSigningKeys)
    .values({ ...v, status: 'active' })
    .onConflictDoNothing()
    .returning();
  return row;
}

/** Retires the institution's active key (rotation), returning it. */
export async function retireActiveKey(tx: Db, inst: number, at: Date) {
  const [row] = await tx
    .update(institutionSigningKeys)
    .set({ status: 'retired', retiredDate: at })
    .where(and(eq(institutionSigningKeys.institutionId, inst), eq(institutionSigningKeys.status, 'active')))
    .returning();
  return row;
}

/** The institution's keys, the active first, then retired newest first: public halves only. */
export async function keysOf(db: Db, inst: number): Promise<SigningKey[]> {
  const rows = await db
    .select()
    .from(institutionSigningKeys)
    .where(eq(institutionSigningKeys.institutionId, inst))
    .orderBy(asc(institutionSigningKeys.status), desc(institutionSigningKeys.id));
  return rows.map(publicKeyOf);
}

function partnerWhere(inst: number, q: PagingQuery) {
  const parts: (SQL | undefined)[] = [eq(trustedPartnerKeys.institutionId, inst)];
  if (q.searchTerm) {
    const p = likePattern(q.searchTerm);
    parts.push(
      or(
        ilike(trustedPartnerKeys.title, p),
        ilike(trustedPartnerKeys.abbreviation, p),
        ilike(trustedPartnerKeys.keyId, p),
      ),
    );
  }
  if (q.isEnabled !== undefined) parts.push(eq(trustedPartnerKeys.isEnabled, q.isEnabled));
  return and(...parts);
}

/** A page of the institution's trusted partner keys, by partner title then newest key first. */
export async function partnerPage(db: Db, inst: number, q: PagingQuery) {
  const where = partnerWhere(inst, q);
  const [rows, [c]] = await Promise.all([
    db
      .select()
      .from(trustedPartnerKeys)
      .where(where)
      .orderBy(asc(trustedPartnerKeys.title), desc(trustedPartnerKeys.id))
      .limit(q.pageSize)
      .offset(offsetOf(q)),
    db.select({ n: count() }).from(trustedPartnerKeys).where(where),
  ]);
  return { rows: rows.map(partnerOf), total: Number(c.n) };
}

/** The fingerprints the institution already trusts (enabled or not). */
export async function heldKeyIds(db: Db, inst: number) {
  const rows = await db
    .select({ keyId: trustedPartnerKeys.keyId })
    .from(trustedPartnerKeys)
    .where(eq(trustedPartnerKeys.institutionId, inst));
  return new Set(rows.map((r) => r.keyId));
}

export async function insertPartnerKeys(
  tx: Db,
  values: Omit<typeof trustedPartnerKeys.$inferInsert, 'concurrencyStamp'>[],
) {
  if (!values.length) return [];
  const rows = await tx
    .insert(trustedPartnerKeys)
    .values(values.map((v) => ({ ...v, concurrencyStamp: newStamp() })))
    .onConflictDoNothing()
    .returning();
  return rows.map(partnerOf);
}

/** The institution's trusted key with this fingerprint (enabled or not), or undefined. */
export async function partnerKeyByKid(db: Db, inst: number, keyId: string) {
  const [row] = await db
    .select()
    .from(trustedPartnerKeys)
    .where(and(eq(trustedPartnerKeys.institutionId, inst), eq(trustedPartnerKeys.keyId, keyId)))
    .limit(1);
  return row ? partnerOf(row) : undefined;
}

export async function partnerKey(db: Db, inst: number, id: number, lock = false) {
  const q = db
    .select()
    .from(trustedPartnerKeys)
    .where(and(eq(trustedPartnerKeys.institutionId, inst), eq(trustedPartnerKeys.id, id)))
    .limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row ? partnerOf(row) : undefined;
}

export async function setPartnerEnabled(tx: Db, id: number, enabled: boolean, accountId: number, at: Date) {
  const [row] = await tx
    .update(trustedPartnerKeys)
    .set({
      isEnabled: enabled,
      enablerId: accountId,
      enabledDate: enabled ? at : null,
      concurrencyStamp: newStamp(),
    })
    .where(eq(trustedPartnerKeys.id, id))
    .returning();
  return partnerOf(row);
}

export async function recordSigned(tx: Db, v: typeof signedDocuments.$inferInsert) {
  await tx.insert(signedDocuments).values(v);
}

/** Whether the institution signed a document of this kind with this SHA-256 for the shipment. */
export async function wasSigned(
  db: Db,
  inst: number,
  kind: 'manifest' | 'receipt',
  shipmentId: number,
  sha256: string,
) {
  const [row] = await db
    .select({ id: signedDocuments.id })
    .from(signedDocuments)
    .where(
      and(
        eq(signedDocuments.institutionId, inst),
        eq(signedDocuments.kind, kind),
        eq(signedDocuments.sha256, sha256),
        eq(signedDocuments.shipmentId, shipmentId),
      ),
    )
    .limit(1);
  return Boolean(row);
}
