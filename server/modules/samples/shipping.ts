import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { specimenTypes, unitOfMeasurements } from '../../platform/lookups/lookup.tables';
import { byMrn, patientSummaryOf } from '../participants';
import { hasWithdrawnOf, protocolTitleOf } from '../protocols';
import { collectedSamples, sampleEvents } from './samples.table';
import { refColumns, type SampleRef } from './samples.repository';

// What the shipments module needs of samples (docs/shipments.md): it never reads samples' tables.
// "In transit" is derived, not stored: a sample is in an open shipment while it has a pending
// shipment item (shipments' partial unique index keeps it to one). Samples reads that one fact
// by table name here, so the samples module does not import the shipments module.

/** What a shipment needs to know of a sample before shipping it. */
export interface ShippableSample extends SampleRef {
  institutionId: number;
  unitId: number;
  remainingAmount: number;
}

const columns = { ...refColumns, institutionId: collectedSamples.institutionId, unitId: collectedSamples.unitId, remainingAmount: collectedSamples.remainingAmount };

/**
 * Samples of this institution by record id, locked for the rest of the transaction (in id order, so
 * two shipments of overlapping samples never deadlock) against a parallel aliquot or draw. Another
 * institution's ids are simply absent.
 */
export async function lockShippableSamples(tx: Db, institutionId: number, ids: number[]): Promise<ShippableSample[]> {
  if (!ids.length) return [];
  return tx.select(columns).from(collectedSamples)
    .where(and(eq(collectedSamples.institutionId, institutionId), inArray(collectedSamples.id, ids)))
    .orderBy(collectedSamples.id).for('update');
}

/** The open shipment holding a sample (a pending item), or null. */
export async function openShipmentOf(db: Db, sampleId: number): Promise<{ id: number; name: string; status: string } | null> {
  const res = (await db.execute(sql`select s.id, s.name, s.status from shipment_items i join shipments s on s.id = i.shipment_id
    where i.collected_sample_id = ${sampleId} and i.status = 'pending' limit 1`)) as unknown as { rows: { id: number; name: string; status: string }[] };
  const row = res.rows[0];
  return row ? { id: Number(row.id), name: String(row.name), status: String(row.status) } : null;
}

/** A sample's ID (the text on its label) by record id, for messages. */
export async function sampleCodeOf(db: Db, id: number) {
  const [row] = await db.select({ sampleId: collectedSamples.sampleId }).from(collectedSamples).where(eq(collectedSamples.id, id)).limit(1);
  return row?.sampleId ?? String(id);
}

export type ShippingEventKind = 'shipped' | 'received' | 'rejected' | 'shipment_cancelled';

/** Appends chain-of-custody entries to samples' histories, in one insert in the caller's transaction. */
type ShippingEvent = { sample: Pick<ShippableSample, 'id' | 'institutionId'>; kind: ShippingEventKind; summary: string; reason?: string | null; accountId: number; at: Date };
export async function appendShippingEvents(tx: Db, events: ShippingEvent[]) {
  if (!events.length) return;
  await tx.insert(sampleEvents).values(events.map((e) => ({
    institutionId: e.sample.institutionId, sampleId: e.sample.id, kind: e.kind, detail: { summary: e.summary, reason: e.reason ?? null }, creatorId: e.accountId, createdDate: e.at,
  })));
}

/**
 * A shipped sample as a shipment shows it, for a query whose rows hold a sample id in `col`: its ID and
 * its donor's names and MRN (the caller shows the donor only when the sender chose to include it).
 */
export const shippedSampleOf = (col: SQL) => sql<{ id: number; sampleId: string; donor: { firstName: string; fatherName: string; grandFatherName: string; patientMRN: string | null } | null } | null>`(
  select json_build_object('id', s.id, 'sampleId', s.sample_id, 'donor', ${patientSummaryOf(sql`s.patient_id`)})
  from collected_samples s where s.id = ${col})`;

/** The create stepper's search (docs/shipments.md). */
export interface CandidateFilter { sampleId?: string; patientMrn?: string; startDate?: string | null; endDate?: string | null; collectionProtocolId?: number | null }

/**
 * The institution's enabled samples with something remaining that are in no open shipment and were
 * not received elsewhere, newest first: what may be shipped.
 */
export async function shippingCandidates(db: Db, institutionId: number, f: CandidateFilter, page: { limit: number; offset: number }) {
  const own = sql.raw('"collected_samples"');
  const parts: SQL[] = [
    eq(collectedSamples.institutionId, institutionId), eq(collectedSamples.isEnabled, true), sql`${collectedSamples.remainingAmount} > 0`,
    sql`not exists (select 1 from shipment_items i where i.collected_sample_id = ${own}."id" and i.status in ('pending', 'received'))`,
  ];
  if (f.sampleId) parts.push(sql`lower(${collectedSamples.sampleId}) = ${f.sampleId.toLowerCase()}`);
  if (f.patientMrn) parts.push(sql`exists (select 1 from patients where patients.id = ${own}."patient_id" and ${byMrn(institutionId, f.patientMrn)})`);
  if (f.startDate && f.endDate) parts.push(sql`${collectedSamples.collectedDate} between ${f.startDate} and ${f.endDate}`);
  if (f.collectionProtocolId) parts.push(eq(collectedSamples.collectionProtocolId, f.collectionProtocolId));
  const where = and(...parts);
  const rows = await db.select({
    id: collectedSamples.id, sampleId: collectedSamples.sampleId, specimenTypeId: collectedSamples.specimenTypeId, specimenType: specimenTypes.title,
    amount: collectedSamples.remainingAmount, unitName: unitOfMeasurements.unitName, unitSymbol: unitOfMeasurements.unitSymbol,
    collectionProtocolId: collectedSamples.collectionProtocolId, protocolTitle: protocolTitleOf(sql`${own}."collection_protocol_id"`),
    collectedDate: collectedSamples.collectedDate, hasWithdrawnConsent: hasWithdrawnOf(sql`${own}."patient_id"`),
  }).from(collectedSamples)
    .leftJoin(specimenTypes, eq(specimenTypes.id, collectedSamples.specimenTypeId))
    .leftJoin(unitOfMeasurements, eq(unitOfMeasurements.id, collectedSamples.unitId))
    .where(where).orderBy(desc(collectedSamples.id)).limit(page.limit).offset(page.offset);
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(collectedSamples).where(where);
  return { rows, total: Number(n) };
}

/**
 * Custody (docs/shipments.md "Custody"): the institution holding the sample now. A sample whose latest
 * non-cancelled shipment item was received is in the receiver's custody; otherwise (never shipped,
 * rejected, or pending: in transit, which callers refuse on their own) in its owner's. `col` is the
 * sample's id column, `owner` its institution column.
 */
export const custodianOf = (col: SQL, owner: SQL) => sql<number>`coalesce((
  select case when i.status = 'received' then sh.receiving_institution_id end
  from shipment_items i join shipments sh on sh.id = i.shipment_id
  where i.collected_sample_id = ${col} and i.status <> 'cancelled' order by i.id desc limit 1), ${owner})`;

/** A sample as storage sees it: its reference, its owner and its custodian. */
export interface CustodySample extends SampleRef { ownerId: number; custodianId: number; hasWithdrawnConsent: boolean }

/**
 * Samples by record id that the institution owns or holds (custody): a third institution's ids are
 * absent. The caller decides what a sample owned but held elsewhere (`custodianId` not the
 * institution) may still do.
 */
export async function custodySamplesOf(db: Db, institutionId: number, ids: number[]): Promise<CustodySample[]> {
  if (!ids.length) return [];
  const own = sql.raw('"collected_samples"');
  const custodian = custodianOf(sql`${own}."id"`, sql`${own}."institution_id"`);
  const rows = await db.select({ ...refColumns, ownerId: collectedSamples.institutionId, custodianId: custodian, withdrawn: hasWithdrawnOf(sql`${own}."patient_id"`) }).from(collectedSamples)
    .where(and(inArray(collectedSamples.id, ids), sql`(${collectedSamples.institutionId} = ${institutionId} or ${custodian} = ${institutionId})`));
  return rows.map(({ withdrawn, ...r }) => ({ ...r, custodianId: Number(r.custodianId), hasWithdrawnConsent: Boolean(withdrawn) }));
}

/** The receiver holding the sample now, when it is not its owner (shipped and received), else null. */
export async function heldElsewhere(db: Db, sample: { id: number; institutionId: number }): Promise<number | null> {
  const res = (await db.execute(sql`select ${custodianOf(sql`${sample.id}`, sql`${sample.institutionId}`)} as c`)) as unknown as { rows: { c: number }[] };
  const c = Number(res.rows[0]?.c);
  return c && c !== sample.institutionId ? c : null;
}

/**
 * Samples the institution holds now (custody: its own not received elsewhere, or received from
 * another) by their sample ID, any case: what a rack scanner's barcode may name. Keyed by the lower-case ID.
 */
export async function custodySamplesByCode(db: Db, institutionId: number, codes: string[]): Promise<Map<string, CustodySample>> {
  const found = new Map<string, CustodySample>();
  const lower = [...new Set(codes.map((c) => c.toLowerCase()))];
  if (!lower.length) return found;
  const own = sql.raw('"collected_samples"');
  const custodian = custodianOf(sql`${own}."id"`, sql`${own}."institution_id"`);
  const rows = await db.select({ ...refColumns, ownerId: collectedSamples.institutionId, custodianId: custodian, withdrawn: hasWithdrawnOf(sql`${own}."patient_id"`) }).from(collectedSamples)
    .where(and(
      sql`lower(${collectedSamples.sampleId}) in (${sql.join(lower.map((c) => sql`${c}`), sql`, `)})`,
      // Narrows to the index (institution, lower(sample_id)) or the received ones before the custody test.
      sql`(${collectedSamples.institutionId} = ${institutionId} or ${own}."id" in (select i.collected_sample_id from shipment_items i join shipments sh on sh.id = i.shipment_id
        where sh.receiving_institution_id = ${institutionId} and i.status = 'received'))`,
      sql`${custodian} = ${institutionId}`,
    ))
    .orderBy(collectedSamples.id);
  // One institution's IDs are unique whatever their case; a received sample may share one with an own sample: the own one wins.
  for (const { withdrawn, ...r } of rows) {
    const key = r.sampleId.toLowerCase();
    const s = { ...r, custodianId: Number(r.custodianId), hasWithdrawnConsent: Boolean(withdrawn) };
    if (!found.has(key) || s.ownerId === institutionId) found.set(key, s);
  }
  return found;
}
