import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type ExportScope, exportWhere, type IdParam } from '../../platform/export-scope';
import {
  collectionProtocols,
  consentVersions,
  participantConsents,
  protocolConsents,
  protocolParticipants,
} from './protocols.table';
import { qualified } from '../../platform/qualified';

// What the FHIR export (docs/fhir.md) reads of protocols, enrolments and signed consents: one statement each.

export const exportProtocols = async (db: Db, institutionId: number, scope: ExportScope) =>
  exportProtocolsQuery(db, institutionId, scope);
export function exportProtocolsQuery(db: Db, institutionId: IdParam, scope: ExportScope) {
  return db
    .select({
      id: collectionProtocols.id,
      isEnabled: collectionProtocols.isEnabled,
      title: collectionProtocols.title,
      abbreviation: collectionProtocols.abbreviation,
      code: collectionProtocols.code,
      startDate: collectionProtocols.startDate,
      endDate: collectionProtocols.endDate,
      expectedParticipants: collectionProtocols.expectedParticipants,
    })
    .from(collectionProtocols)
    .where(
      exportWhere(institutionId, scope, {
        institutionId: collectionProtocols.institutionId,
        id: collectionProtocols.id,
        protocolId: collectionProtocols.id,
      }),
    )
    .orderBy(asc(collectionProtocols.id))
    .limit(scope.limit);
}

/** Enrolments, with whether any consent signed in them was withdrawn and the newest consent signed in them. */
export const exportEnrolments = async (db: Db, institutionId: number, scope: ExportScope) =>
  exportEnrolmentsQuery(db, institutionId, scope);
export function exportEnrolmentsQuery(db: Db, institutionId: IdParam, scope: ExportScope) {
  const p = protocolParticipants;
  return db
    .select({
      id: p.id,
      isEnabled: p.isEnabled,
      protocolId: p.collectionProtocolId,
      patientId: p.patientId,
      createdDate: p.createdDate,
      withdrawn: sql<boolean>`exists(select 1 from collection_protocol_participant_consents c where c.participant_id = ${qualified(protocolParticipants.id)} and c.withdrawn_date is not null)`,
      latestConsentId: sql<
        number | null
      >`(select max(c.id) from collection_protocol_participant_consents c where c.participant_id = ${qualified(protocolParticipants.id)})`,
    })
    .from(p)
    .where(
      exportWhere(institutionId, scope, {
        institutionId: p.institutionId,
        id: p.id,
        patientId: p.patientId,
        protocolId: p.collectionProtocolId,
      }),
    )
    .orderBy(asc(p.id))
    .limit(scope.limit);
}

/**
 * Signed consents with the consent's title and the version signed. `signature` (the PNG in base64) is read
 * only `withSignature`; `signatureChars` always, so a bundle can refuse too many megabytes before reading them.
 */
export const exportConsents = async (db: Db, institutionId: number, scope: ExportScope, withSignature = true) =>
  exportConsentsQuery(db, institutionId, scope, withSignature);
export function exportConsentsQuery(db: Db, institutionId: IdParam, scope: ExportScope, withSignature = true) {
  const c = participantConsents;
  return db
    .select({
      id: c.id,
      protocolId: c.collectionProtocolId,
      enrolmentId: c.participantId,
      patientId: c.patientId,
      consentId: c.consentId,
      title: protocolConsents.title,
      version: consentVersions.version,
      signature: withSignature ? c.signature : sql<string>`''`,
      signatureChars: sql<number>`length(${c.signature})`,
      sha256: c.sha256,
      createdDate: c.createdDate,
      withdrawnDate: c.withdrawnDate,
      withdrawalReason: c.withdrawalReason,
      withdrawalEffect: c.withdrawalEffect,
      // Re-consent (issue 31 item 5): when a later signature followed this withdrawn one, as a UTC instant.
      supersededAt: sql<
        string | null
      >`(select to_char(n.created_date at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
        from collection_protocol_participant_consents n where n.previous_signature_id = ${qualified(c.id)})`,
      // The participant's yes or no per purpose of the version signed (issue 32 item 2), in purpose order.
      purposes: sql<{ id: number; title: string; granted: boolean }[]>`coalesce((select json_agg(json_build_object(
          'id', p.purpose_id, 'title', l.title, 'granted', p.granted) order by p.purpose_id)
        from participant_consent_purposes p join consent_purposes l on l.id = p.purpose_id
        where p.participant_consent_id = ${qualified(c.id)}), '[]'::json)`,
    })
    .from(c)
    .innerJoin(protocolConsents, eq(protocolConsents.id, c.consentId))
    .innerJoin(consentVersions, eq(consentVersions.id, c.consentVersionId))
    .where(
      exportWhere(institutionId, scope, {
        institutionId: c.institutionId,
        id: c.id,
        patientId: c.patientId,
        protocolId: c.collectionProtocolId,
      }),
    )
    .orderBy(asc(c.id))
    .limit(scope.limit);
}

/** The protocols some participants are enrolled in (a sub-select of ids, for exportProtocols' `idsIn`). */
export const protocolIdsOfPatients = (institutionId: IdParam, patientIds: IdParam[]) =>
  sql`select ${protocolParticipants.collectionProtocolId} from ${protocolParticipants} where ${exportWhere(institutionId, { patientIds, limit: 0 }, { institutionId: protocolParticipants.institutionId, id: protocolParticipants.id, patientId: protocolParticipants.patientId })}`;

/** The signature images (PNG in base64) of these signed consents, by id: one statement. */
export async function exportConsentSignatures(db: Db, institutionId: number, ids: number[]) {
  if (!ids.length) return new Map<number, string>();
  const c = participantConsents;
  const rows = await db
    .select({ id: c.id, signature: c.signature })
    .from(c)
    .where(exportWhere(institutionId, { ids, limit: ids.length }, { institutionId: c.institutionId, id: c.id }));
  return new Map(rows.map((r) => [r.id, r.signature]));
}
