import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PagingQuery } from '../../../contract/common.contract';
import type { Db } from '../../db/client';
import { likePattern, offsetOf } from '../../platform/paging';
import { selectRecords } from '../../platform/record-refs';
import { setEnabled, updateStamped } from '../../platform/crud/stamp';
import { qualified } from '../../platform/qualified';
import { consentPurposes } from '../../platform/lookups/lookup.tables';
import { lookupTitleOrder, lookupTitleSql } from '../../platform/lookups/lookup-refs';
import { consentVersionPurposes, consentVersions, participantConsents, protocolConsents } from './protocols.table';

// A protocol's consents and their versioned texts (docs/protocols.md).

const current = (col: 'html' | 'version' | 'id') =>
  sql`(select v.${sql.raw(col)} from collection_protocol_consent_versions v where v.consent_id = ${qualified(protocolConsents.id)} order by v.version desc limit 1)`;
const p = consentPurposes;
/**
 * The purposes a version grants (issue 32 item 2) as `[{id, title}]`, each title in the reader's language (issue 33
 * item 4) and in that title's order (i33server); `versionId` is an outer expression.
 */
const purposesOf = (versionId: SQL, language: string | undefined) =>
  sql<{ id: number; title: string }[]>`coalesce((select json_agg(json_build_object('id', ${p.id}, 'title',
    ${lookupTitleSql(p, 'consentPurposes', language)}) order by ${lookupTitleOrder(p, 'consentPurposes', language)}, ${p.id})
    from consent_version_purposes vp join ${p} on ${p.id} = vp.purpose_id
    where vp.consent_version_id = ${versionId}), '[]'::json)`;

const extra = (language: string | undefined) => ({
  purposes: purposesOf(current('id'), language),
  consent: sql<string>`${current('html')}`,
  version: sql<number>`${current('version')}`,
  consentVersionId: sql<number>`${current('id')}`,
  signatureCount: sql<number>`(select count(*)::int from collection_protocol_participant_consents s where s.consent_id = ${qualified(protocolConsents.id)})`,
});

const scope = (institutionId: number, protocolId: number) =>
  and(eq(protocolConsents.institutionId, institutionId), eq(protocolConsents.collectionProtocolId, protocolId));

export async function listConsentRows(
  db: Db,
  institutionId: number,
  protocolId: number,
  q: PagingQuery,
  language?: string,
) {
  const parts: (SQL | undefined)[] = [scope(institutionId, protocolId)];
  if (q.isEnabled !== undefined) parts.push(eq(protocolConsents.isEnabled, q.isEnabled));
  if (q.searchTerm) parts.push(sql`lower(${protocolConsents.title}) like ${likePattern(q.searchTerm)}`);
  return selectRecords(db, protocolConsents, {
    where: and(...parts),
    orderBy: asc(protocolConsents.id),
    limit: q.pageSize,
    offset: offsetOf(q),
    extra: extra(language),
  });
}

/** The consent with its current text, or undefined. */
export async function consentRecord(db: Db, institutionId: number, protocolId: number, id: number, language?: string) {
  const page = await selectRecords(db, protocolConsents, {
    where: and(scope(institutionId, protocolId), eq(protocolConsents.id, id)),
    orderBy: protocolConsents.id,
    limit: 1,
    extra: extra(language),
  });
  return page.rows[0];
}

/** Every text a consent has had, newest first, with how many signatures each holds. */
export async function consentVersionRows(db: Db, consentId: number, language?: string) {
  return db
    .select({
      id: consentVersions.id,
      version: consentVersions.version,
      consent: consentVersions.html,
      createdDate: consentVersions.createdDate,
      signatureCount: sql<number>`(select count(*)::int from collection_protocol_participant_consents s where s.consent_version_id = ${qualified(consentVersions.id)})`,
      purposes: purposesOf(qualified(consentVersions.id), language),
    })
    .from(consentVersions)
    .where(eq(consentVersions.consentId, consentId))
    .orderBy(desc(consentVersions.version));
}

export async function insertConsent(db: Db, values: typeof protocolConsents.$inferInsert) {
  const [row] = await db.insert(protocolConsents).values(values).returning();
  return row;
}

export async function insertConsentVersion(db: Db, values: typeof consentVersions.$inferInsert) {
  const [row] = await db.insert(consentVersions).values(values).returning();
  return row;
}

/** Renames a consent of the protocol guarded by its concurrency stamp; the rows before and after. */
export async function updateConsentTitle(
  db: Db,
  institutionId: number,
  protocolId: number,
  id: number,
  stamp: string | undefined,
  title: string,
) {
  return updateStamped(db, protocolConsents, scope(institutionId, protocolId), id, stamp, { title }, 'Consent');
}

export async function disableConsentRow(
  db: Db,
  institutionId: number,
  protocolId: number,
  id: number,
  accountId: number,
  now: Date,
) {
  return setEnabled(db, protocolConsents, scope(institutionId, protocolId), id, false, accountId, now, 'Consent');
}

/** The consent's newest version, locked for the rest of the transaction: an edit and a signature take turns. */
export async function latestVersionForUpdate(db: Db, consentId: number) {
  const [latest] = await db
    .select()
    .from(consentVersions)
    .where(eq(consentVersions.consentId, consentId))
    .orderBy(desc(consentVersions.version))
    .limit(1)
    .for('update');
  return latest;
}

/** Whether anybody has signed this version. */
export async function isVersionSigned(db: Db, versionId: number) {
  const [signed] = await db
    .select({ id: participantConsents.id })
    .from(participantConsents)
    .where(eq(participantConsents.consentVersionId, versionId))
    .limit(1);
  return Boolean(signed);
}

export async function setVersionHtml(db: Db, versionId: number, html: string) {
  await db.update(consentVersions).set({ html }).where(eq(consentVersions.id, versionId));
}

/** The purpose ids a version grants, in id order. */
export async function versionPurposeIds(db: Db, versionId: number) {
  const rows = await db
    .select({ id: consentVersionPurposes.purposeId })
    .from(consentVersionPurposes)
    .where(eq(consentVersionPurposes.consentVersionId, versionId))
    .orderBy(asc(consentVersionPurposes.purposeId));
  return rows.map((r) => r.id);
}

/** Sets the purposes a version grants (only while nobody signed it: the caller checks). */
export async function setVersionPurposes(db: Db, institutionId: number, versionId: number, purposeIds: number[]) {
  const now = await versionPurposeIds(db, versionId);
  const gone = now.filter((id) => !purposeIds.includes(id));
  const added = purposeIds.filter((id) => !now.includes(id));
  if (gone.length)
    await db
      .delete(consentVersionPurposes)
      .where(
        and(eq(consentVersionPurposes.consentVersionId, versionId), inArray(consentVersionPurposes.purposeId, gone)),
      );
  if (added.length)
    await db
      .insert(consentVersionPurposes)
      .values(added.map((purposeId) => ({ institutionId, consentVersionId: versionId, purposeId })));
}

/** The titles of consent purposes in the reader's language, in the order people read them (for messages). */
export async function purposeTitles(db: Db, ids: number[], language: string | undefined) {
  if (!ids.length) return [];
  const rows = await db
    .select({ title: lookupTitleSql(consentPurposes, 'consentPurposes', language) })
    .from(consentPurposes)
    .where(inArray(consentPurposes.id, ids))
    .orderBy(lookupTitleOrder(consentPurposes, 'consentPurposes', language));
  return rows.map((r) => String(r.title));
}
