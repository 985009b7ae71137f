import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { DistributionProtocolListQuery } from '../../../contract/distribution.contract';
import { type Db, rowsOf } from '../../db/client';
import { likePattern, offsetOf } from '../../platform/paging';
import { selectRecords } from '../../platform/record-refs';
import { setEnabled, updateStamped } from '../../platform/crud/stamp';
import { qualified } from '../../platform/qualified';
import {
  distributionProtocolApprovers,
  distributionProtocolDocuments,
  distributionProtocolPurposes,
  distributionProtocols,
} from './distribution.table';
import type { researchRequestDocuments } from './requests.table';

// The distribution module's SQL (issue 32 items 1 and 2). Eligibility is eligibility.repository.ts.

const dp = distributionProtocols;
const WHAT = 'Distribution protocol';
const scope = (institutionId: number) => eq(dp.institutionId, institutionId);

type AccountOption = { id: number; firstName: string; lastName: string };
const extra = {
  principalInvestigator: sql<AccountOption | null>`(select json_build_object('id', a.id, 'firstName', a.first_name,
    'lastName', a.last_name) from accounts a where a.id = ${qualified(dp.principalInvestigatorId)})`,
  purposes: sql<{ id: number; title: string }[]>`coalesce((select json_agg(json_build_object('id', p.id,
    'title', p.title) order by lower(p.title), p.id) from distribution_protocol_purposes pp
    join consent_purposes p on p.id = pp.purpose_id where pp.distribution_protocol_id = ${qualified(dp.id)}), '[]'::json)`,
  approvers: sql<AccountOption[]>`coalesce((select json_agg(json_build_object('id', a.id, 'firstName', a.first_name,
    'lastName', a.last_name) order by a.last_name collate "und-x-icu", a.first_name collate "und-x-icu", a.id) from distribution_protocol_approvers ap
    join accounts a on a.id = ap.account_id where ap.distribution_protocol_id = ${qualified(dp.id)}), '[]'::json)`,
  ethicsDocument: sql<{
    fileName: string;
    contentType: string;
    size: number;
    sha256: string;
    uploadedDate: string;
  } | null>`(select json_build_object('fileName', d.file_name, 'contentType', d.content_type, 'size', d.size,
    'sha256', d.sha256, 'uploadedDate', d.created_date) from distribution_protocol_documents d
    where d.distribution_protocol_id = ${qualified(dp.id)} order by d.id desc limit 1)`,
};

/** The list: search on title, investigator's institution and ethics approval number; newest first. */
export async function distributionProtocolPage(db: Db, institutionId: number, q: DistributionProtocolListQuery) {
  const parts: SQL[] = [scope(institutionId)];
  if (q.isEnabled !== undefined) parts.push(eq(dp.isEnabled, q.isEnabled));
  if (q.searchTerm) {
    const p = likePattern(q.searchTerm);
    parts.push(or(ilike(dp.title, p), ilike(dp.institutionName, p), ilike(dp.ethicsApprovalNumber, p))!);
  }
  return selectRecords(db, dp, {
    where: and(...parts),
    byId: { desc: true },
    limit: q.pageSize,
    offset: offsetOf(q),
    extra,
  });
}

/** The protocol as the API answers it, or undefined. */
export async function distributionProtocolRecord(db: Db, institutionId: number, id: number) {
  const page = await selectRecords(db, dp, {
    where: and(eq(dp.id, id), scope(institutionId)),
    orderBy: dp.id,
    limit: 1,
    extra,
  });
  return page.rows[0];
}

/** The bare row of this institution, or undefined (`lock`: held for the rest of the transaction). */
export async function distributionProtocolRow(db: Db, institutionId: number, id: number, lock = false) {
  const q = db
    .select()
    .from(dp)
    .where(and(eq(dp.id, id), scope(institutionId)))
    .limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export type NewDistributionProtocol = typeof dp.$inferInsert;

export async function insertDistributionProtocol(db: Db, values: NewDistributionProtocol) {
  const [row] = await db.insert(dp).values(values).returning();
  return row;
}

export async function updateDistributionProtocolRow(
  db: Db,
  institutionId: number,
  id: number,
  stamp: string,
  values: Partial<NewDistributionProtocol>,
) {
  return updateStamped(db, dp, scope(institutionId), id, stamp, values, WHAT);
}

export async function disableDistributionProtocolRow(
  db: Db,
  institutionId: number,
  id: number,
  accountId: number,
  now: Date,
) {
  return setEnabled(db, dp, scope(institutionId), id, false, accountId, now, WHAT);
}

/** The purpose ids a protocol needs, ascending. */
export async function purposeIdsOf(db: Db, protocolId: number) {
  const rows = await db
    .select({ id: distributionProtocolPurposes.purposeId })
    .from(distributionProtocolPurposes)
    .where(eq(distributionProtocolPurposes.distributionProtocolId, protocolId))
    .orderBy(asc(distributionProtocolPurposes.purposeId));
  return rows.map((r) => r.id);
}

/**
 * The purposes and approvers of several protocols in ONE statement (a list page of research requests): protocol id
 * -> ids ascending, as purposeIdsOf and approverIdsOf answer them one by one.
 */
export async function protocolFactsOf(db: Db, protocolIds: number[]) {
  const out = new Map<number, { purposes: number[]; approvers: number[] }>();
  if (!protocolIds.length) return out;
  const rows = await rowsOf<{ id: number; purposes: number[] | null; approvers: number[] | null }>(
    db,
    sql`select p.id,
        (select array_agg(pp.purpose_id order by pp.purpose_id) from ${distributionProtocolPurposes} pp
          where pp.distribution_protocol_id = p.id) as purposes,
        (select array_agg(ap.account_id order by ap.account_id) from ${distributionProtocolApprovers} ap
          where ap.distribution_protocol_id = p.id) as approvers
      from unnest(array[${sql.join(
        protocolIds.map((id) => sql`${id}::int`),
        sql`, `,
      )}]) as p(id)`,
  );
  for (const r of rows)
    out.set(Number(r.id), {
      purposes: (r.purposes ?? []).map(Number),
      approvers: (r.approvers ?? []).map(Number),
    });
  return out;
}

/** The approver account ids of a protocol, ascending. */
export async function approverIdsOf(db: Db, protocolId: number) {
  const rows = await db
    .select({ id: distributionProtocolApprovers.accountId })
    .from(distributionProtocolApprovers)
    .where(eq(distributionProtocolApprovers.distributionProtocolId, protocolId))
    .orderBy(asc(distributionProtocolApprovers.accountId));
  return rows.map((r) => r.id);
}

/** Makes the protocol's purposes exactly `ids` (a link row, not a record: removed when unticked). */
export async function setPurposes(db: Db, institutionId: number, protocolId: number, ids: number[]) {
  const t = distributionProtocolPurposes;
  const now = await purposeIdsOf(db, protocolId);
  const gone = now.filter((id) => !ids.includes(id));
  const added = ids.filter((id) => !now.includes(id));
  if (gone.length) await db.delete(t).where(and(eq(t.distributionProtocolId, protocolId), inArray(t.purposeId, gone)));
  if (added.length)
    await db
      .insert(t)
      .values(added.map((purposeId) => ({ institutionId, distributionProtocolId: protocolId, purposeId })));
}

/** Makes the protocol's approvers exactly `ids`. */
export async function setApprovers(db: Db, institutionId: number, protocolId: number, ids: number[]) {
  const t = distributionProtocolApprovers;
  const now = await approverIdsOf(db, protocolId);
  const gone = now.filter((id) => !ids.includes(id));
  const added = ids.filter((id) => !now.includes(id));
  if (gone.length) await db.delete(t).where(and(eq(t.distributionProtocolId, protocolId), inArray(t.accountId, gone)));
  if (added.length)
    await db
      .insert(t)
      .values(added.map((accountId) => ({ institutionId, distributionProtocolId: protocolId, accountId })));
}

/** A table of stored documents (an ethics approval, a material transfer agreement): the columns documentChunks reads. */
export type DocumentTable = typeof distributionProtocolDocuments | typeof researchRequestDocuments;

/** Bytes per statement when a document is stored, and per read when it is sent back (documentChunks). */
const DOCUMENT_CHUNK_BYTES = 512 * 1024;

/** A part of a document's bytes as a statement's value: base64 text decoded by the database (see storeDocument). */
const storedBytes = (content: Buffer) => sql`decode(${content.toString('base64')}, 'base64')`;

/**
 * Stores a document's bytes in parts of 512 kB, one statement each, in the caller's transaction: the row is inserted
 * with the first part (`insertRow`) and each further part appended. Sent whole, a 5 MB document is 7 MB of text the
 * driver copies into its buffer and onto the socket in one stretch of the loop (about 100 ms, and more under load:
 * event-loop-custody.test.ts); in parts each stretch is a few ms and the loop turns while the database works. Each
 * part goes as base64 text, not a Buffer parameter: a Buffer costs PGlite seconds of JavaScript on the API's own
 * thread (5 MB: 4.3 s to write, 1.2 s to read back, measured). The appends rewrite the growing value (about
 * 2.75 times the document's size in all, database time, not loop time): an upload is rare, a download is not.
 */
export async function storeDocument(
  db: Db,
  table: DocumentTable,
  content: Buffer,
  insertRow: (first: SQL) => Promise<{ id: number }[]>,
) {
  const [row] = await insertRow(storedBytes(content.subarray(0, DOCUMENT_CHUNK_BYTES)));
  for (let from = DOCUMENT_CHUNK_BYTES; from < content.length; from += DOCUMENT_CHUNK_BYTES) {
    await db
      .update(table)
      .set({ content: sql`${table.content} || ${storedBytes(content.subarray(from, from + DOCUMENT_CHUNK_BYTES))}` })
      .where(eq(table.id, row.id));
  }
  return row.id;
}

const dd = distributionProtocolDocuments;
export const insertEthicsDocument = (db: Db, values: Omit<typeof dd.$inferInsert, 'content'>, content: Buffer) =>
  storeDocument(db, dd, content, (first) =>
    db
      .insert(dd)
      .values({ ...values, content: first })
      .returning({ id: dd.id }),
  );

/** The protocol's current ethics document without its bytes (ethicsDocumentChunks reads them), or undefined. */
export async function currentEthicsDocument(db: Db, protocolId: number) {
  const d = distributionProtocolDocuments;
  const [row] = await db
    .select({ id: d.id, fileName: d.fileName, contentType: d.contentType, size: d.size })
    .from(d)
    .where(eq(d.distributionProtocolId, protocolId))
    .orderBy(desc(d.id))
    .limit(1);
  return row;
}

/**
 * A stored document's bytes in chunks (the column is stored uncompressed, migrations 0044 and 0051, so each
 * `substring` reads only its own part). Document rows are never changed, so the reads need no transaction.
 */
export async function* documentChunks(db: Db, table: DocumentTable, documentId: number, size: number) {
  for (let from = 0; from < size; from += DOCUMENT_CHUNK_BYTES) {
    const [row] = await db
      .select({
        part: sql<string>`encode(substring(${table.content} from ${from + 1} for ${DOCUMENT_CHUNK_BYTES}), 'base64')`,
      })
      .from(table)
      .where(eq(table.id, documentId));
    if (!row) return;
    yield Buffer.from(row.part, 'base64');
  }
}

export const ethicsDocumentChunks = (db: Db, documentId: number, size: number) =>
  documentChunks(db, distributionProtocolDocuments, documentId, size);
