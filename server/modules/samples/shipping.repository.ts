import { and, desc, eq, inArray, type Placeholder, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { specimenTypes, unitOfMeasurements } from '../../platform/lookups/lookup.tables';
import { lookupTitleSql } from '../../platform/lookups/lookup-refs';
import { hasMrn, patientSummaryOf } from '../participants';
import { hasWithdrawnOf, protocolTitleOf } from '../protocols';
import { collectedSamples, sampleEvents } from './samples.table';
import { refColumns, type SampleRef } from './samples.repository';
import { qualified } from '../../platform/qualified';
import { type IdCount, idCount, idsPlaceholder, idsValue, preparedStatements } from '../../platform/statement-cache';
import { type Custody, custodyColumns, custodyOfRow } from './custody.repository';

// What the shipments module needs of samples (docs/shipments.md): it never reads samples' tables, and
// samples never read its tables. Custody (who holds a sample, whether it is in an open shipment) is
// stored on the sample (custody.repository.ts), written by shipments through markPacked/markShipped/markReceived/
// markReturned; everything here reads those columns.

/** What a shipment needs to know of a sample before shipping it. */
export interface ShippableSample extends SampleRef {
  institutionId: number;
  unitId: number;
  remainingAmount: number;
  custody: Custody;
}

const columns = {
  ...refColumns,
  institutionId: collectedSamples.institutionId,
  unitId: collectedSamples.unitId,
  remainingAmount: collectedSamples.remainingAmount,
  ...custodyColumns,
};

/**
 * Samples of this institution by record id, locked for the rest of the transaction (in id order, so
 * two shipments of overlapping samples never deadlock) against a parallel aliquot, draw or shipment:
 * their custody is read under the lock. Another institution's ids are simply absent.
 */
export async function lockShippableSamples(tx: Db, institutionId: number, ids: number[]): Promise<ShippableSample[]> {
  if (!ids.length) return [];
  const rows = await tx
    .select(columns)
    .from(collectedSamples)
    .where(and(eq(collectedSamples.institutionId, institutionId), inArray(collectedSamples.id, ids)))
    .orderBy(collectedSamples.id)
    .for('update');
  return rows.map(({ heldBy, custodyStatus, custodyShipmentId, custodyShipmentName, ...r }) => ({
    ...r,
    custody: custodyOfRow({ heldBy, custodyStatus, custodyShipmentId, custodyShipmentName }),
  }));
}

/** A sample's ID (the text on its label) by record id, for messages. */
export async function sampleCodeOf(db: Db, id: number) {
  const [row] = await db
    .select({ sampleId: collectedSamples.sampleId })
    .from(collectedSamples)
    .where(eq(collectedSamples.id, id))
    .limit(1);
  return row?.sampleId ?? String(id);
}

export type ShippingEventKind = 'shipped' | 'received' | 'rejected' | 'shipment_cancelled';

/** Appends chain-of-custody entries to samples' histories, in one insert in the caller's transaction. */
type ShippingEvent = {
  sample: Pick<ShippableSample, 'id' | 'institutionId'>;
  kind: ShippingEventKind;
  summary: string;
  reason?: string | null;
  accountId: number;
  at: Date;
};
export async function appendShippingEvents(tx: Db, events: ShippingEvent[]) {
  if (!events.length) return;
  await tx.insert(sampleEvents).values(
    events.map((e) => ({
      institutionId: e.sample.institutionId,
      sampleId: e.sample.id,
      kind: e.kind,
      detail: { summary: e.summary, reason: e.reason ?? null },
      creatorId: e.accountId,
      createdDate: e.at,
    })),
  );
}

/**
 * A shipped sample as a shipment shows it, for a query whose rows hold a sample id in `col`: its ID and
 * its donor's names and MRN (the caller shows the donor only when the sender chose to include it).
 */
export const shippedSampleOf = (col: SQL) => sql<{
  id: number;
  sampleId: string;
  donor: { firstName: string; fatherName: string; grandFatherName: string; patientMRN: string | null } | null;
} | null>`(
  select json_build_object('id', s.id, 'sampleId', s.sample_id, 'donor', ${patientSummaryOf(sql`s.patient_id`)})
  from collected_samples s where s.id = ${col})`;

/** The create stepper's search (docs/shipments.md). */
export interface CandidateFilter {
  sampleId?: string;
  patientMrn?: string;
  startDate?: string | null;
  endDate?: string | null;
  collectionProtocolId?: number | null;
}

/**
 * The institution's enabled samples with something remaining that are in no open shipment and were
 * not received elsewhere, newest first: what may be shipped. Titles in `language` (issue 33 item 4).
 */
export async function shippingCandidates(
  db: Db,
  institutionId: number,
  f: CandidateFilter,
  page: { limit: number; offset: number },
  language?: string,
) {
  const own = sql.raw('"collected_samples"');
  const parts: SQL[] = [
    eq(collectedSamples.institutionId, institutionId),
    eq(collectedSamples.isEnabled, true),
    sql`${collectedSamples.remainingAmount} > 0`,
    // Free: in no open shipment and not received elsewhere (custody columns).
    eq(collectedSamples.custodyStatus, 'held'),
    eq(collectedSamples.heldByInstitutionId, institutionId),
  ];
  if (f.sampleId) parts.push(sql`lower(${collectedSamples.sampleId}) = ${f.sampleId.toLowerCase()}`);
  if (f.patientMrn) parts.push(hasMrn(qualified(collectedSamples.patientId), institutionId, f.patientMrn));
  if (f.startDate && f.endDate)
    parts.push(sql`${collectedSamples.collectedDate} between ${f.startDate} and ${f.endDate}`);
  if (f.collectionProtocolId) parts.push(eq(collectedSamples.collectionProtocolId, f.collectionProtocolId));
  const where = and(...parts);
  const rows = await db
    .select({
      id: collectedSamples.id,
      sampleId: collectedSamples.sampleId,
      specimenTypeId: collectedSamples.specimenTypeId,
      specimenType: sql<string | null>`${lookupTitleSql(specimenTypes, 'specimenTypes', language)}`,
      amount: collectedSamples.remainingAmount,
      unitName: sql<string | null>`${lookupTitleSql(unitOfMeasurements, 'unitOfMeasurements', language)}`,
      unitSymbol: unitOfMeasurements.unitSymbol,
      collectionProtocolId: collectedSamples.collectionProtocolId,
      protocolTitle: protocolTitleOf(sql`${own}."collection_protocol_id"`),
      collectedDate: collectedSamples.collectedDate,
      hasWithdrawnConsent: hasWithdrawnOf(
        sql`${own}."patient_id"`,
        sql`${own}."collected_date"`,
        sql`${own}."collected_time"`,
      ),
    })
    .from(collectedSamples)
    .leftJoin(specimenTypes, eq(specimenTypes.id, collectedSamples.specimenTypeId))
    .leftJoin(unitOfMeasurements, eq(unitOfMeasurements.id, collectedSamples.unitId))
    .where(where)
    .orderBy(desc(collectedSamples.id))
    .limit(page.limit)
    .offset(page.offset);
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(collectedSamples)
    .where(where);
  return { rows, total: Number(n) };
}

/** A sample as storage sees it: its reference, its owner, its custodian (who holds it) and the open shipment it is in, if any. */
export interface CustodySample extends SampleRef {
  ownerId: number;
  custodianId: number;
  shipment: { id: number; name: string } | null;
  hasWithdrawnConsent: boolean;
}

const custodySelect = () => ({
  ...refColumns,
  ownerId: collectedSamples.institutionId,
  ...custodyColumns,
  withdrawn: hasWithdrawnOf(
    qualified(collectedSamples.patientId),
    qualified(collectedSamples.collectedDate),
    qualified(collectedSamples.collectedTime),
  ),
});
type CustodySelectRow = SampleRef & {
  ownerId: number;
  heldBy: number;
  custodyStatus: string;
  custodyShipmentId: number | null;
  custodyShipmentName: string | null;
  withdrawn: unknown;
};
const toCustodySample = ({
  withdrawn,
  heldBy,
  custodyStatus,
  custodyShipmentId,
  custodyShipmentName,
  ...r
}: CustodySelectRow): CustodySample => {
  const custody = custodyOfRow({ heldBy, custodyStatus, custodyShipmentId, custodyShipmentName });
  return { ...r, custodianId: custody.heldBy, shipment: custody.shipment, hasWithdrawnConsent: Boolean(withdrawn) };
};

/**
 * Samples by record id that the institution owns or holds (custody): a third institution's ids are
 * absent. The caller decides what a sample owned but held elsewhere (`custodianId` not the
 * institution) or in an open shipment may still do.
 */
/**
 * A sample held by the institution but owned by another has, since issue 31, the holder's own record (origin
 * 'received'): storage then acts on that record only. A sample received before it has none and is still
 * stored as the sender's row (docs/decisions/0014-received-samples.md).
 */
const noOwnRecord = (inst: number | Placeholder) =>
  sql`not exists (select 1 from sample_origins o where o.source_sample_id = ${qualified(collectedSamples.id)} and o.institution_id = ${inst})`;

/** custodySamplesOf's select, prepared by name (issue 30: every allocation reads its samples' custody first). */
const custodyStatement = preparedStatements('samples.custody.byIds', (db: Db, count: IdCount) => {
  const inst = sql.placeholder('inst');
  return db
    .select(custodySelect())
    .from(collectedSamples)
    .where(
      and(
        idsPlaceholder(collectedSamples.id, count),
        sql`(${collectedSamples.institutionId} = ${inst} or (${collectedSamples.heldByInstitutionId} = ${inst} and ${noOwnRecord(inst)}))`,
      ),
    );
});

export async function custodySamplesOf(db: Db, institutionId: number, ids: number[]): Promise<CustodySample[]> {
  if (!ids.length) return [];
  const count = idCount(ids);
  const rows = await custodyStatement(db, count, true, count).execute({ inst: institutionId, ids: idsValue(ids) });
  return rows.map(toCustodySample);
}

/**
 * Samples the institution holds now (custody: its own not received elsewhere, or received from
 * another) by their sample ID, any case: what a rack scanner's barcode may name. Keyed by the lower-case ID.
 */
export async function custodySamplesByCode(
  db: Db,
  institutionId: number,
  codes: string[],
): Promise<Map<string, CustodySample>> {
  const found = new Map<string, CustodySample>();
  const lower = [...new Set(codes.map((c) => c.toLowerCase()))];
  if (!lower.length) return found;
  const held = eq(collectedSamples.heldByInstitutionId, institutionId);
  const rows = await db
    .select(custodySelect())
    .from(collectedSamples)
    .where(
      and(
        sql`lower(${collectedSamples.sampleId}) in (${sql.join(
          lower.map((c) => sql`${c}`),
          sql`, `,
        )})`,
        // Its own (the index (institution, lower(sample_id))) or received (collected_samples_held_elsewhere_idx).
        sql`((${collectedSamples.institutionId} = ${institutionId} and ${held}) or (${held} and ${collectedSamples.heldByInstitutionId} <> ${collectedSamples.institutionId} and ${noOwnRecord(institutionId)}))`,
      ),
    )
    .orderBy(collectedSamples.id);
  // One institution's IDs are unique whatever their case; a received sample may share one with an own sample: the own one wins.
  for (const row of rows) {
    const s = toCustodySample(row);
    const key = s.sampleId.toLowerCase();
    if (!found.has(key) || s.ownerId === institutionId) found.set(key, s);
  }
  return found;
}
