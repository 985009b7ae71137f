import { and, asc, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { CandidateQuery, Shipment, ShipmentCandidate, ShipmentItem, ShipmentListQuery } from '../../../contract/shipments.contract';
import { type Ctx, instOf, requirePermission } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { likePattern, offsetOf } from '../../platform/paging';
import { selectRecords } from '../../platform/record-refs';
import { accountNames } from '../../platform/account-names';
import { specimenTypes, unitOfMeasurements } from '../../platform/lookups/lookup.tables';
import type { Db } from '../../db/client';
import { siteJoin } from '../institutions';
import { protocolTitleOf } from '../protocols';
import { shippedSampleOf, shippingCandidates } from '../samples';
import { storedLabelsOf } from '../storage';
import { type ExternalSample, shipmentItems, shipments } from './shipments.table';
import { qualified } from '../../platform/qualified';

const institutionTitle = (c: SQL) => sql<string | null>`(select i.title from institutions i where i.id = ${c})`;
const extra = {
  sendingInstitutionTitle: institutionTitle(qualified(shipments.institutionId)),
  receivingInstitutionTitle: institutionTitle(qualified(shipments.receivingInstitutionId)),
  protocolTitle: protocolTitleOf(qualified(shipments.collectionProtocolId)),
  counts: sql<{ total: number; pending: number; received: number; rejected: number }>`(select json_build_object('total', count(*) filter (where si.status <> 'cancelled'),
    'pending', count(*) filter (where si.status = 'pending'), 'received', count(*) filter (where si.status = 'received'),
    'rejected', count(*) filter (where si.status = 'rejected')) from shipment_items si where si.shipment_id = ${qualified(shipments.id)})`,
};
const refs = () => [
  siteJoin('sendingInstitutionSite', shipments.sendingInstitutionSiteId, 'ship_from_site'),
  siteJoin('receivingInstitutionSite', shipments.receivingInstitutionSiteId, 'ship_to_site'),
];

type Row = Awaited<ReturnType<typeof selectRecords<typeof shipments, 'sendingInstitutionSite' | 'receivingInstitutionSite', typeof extra>>>['rows'][number];

/** Lookup columns are typed loosely (the registry builds them). */
const str = (v: unknown) => (v === null || v === undefined ? null : String(v));
const datePart = (iso: string | null) => (iso ? iso.slice(0, 10) : null);
const timePart = (iso: string | null) => (iso ? iso.slice(11, 16) : null);

function toDto(inst: number, r: Row): Shipment {
  const ext = r.externalSender;
  // An imported shipment's institution_id is the receiver's: it was not sent from here.
  const sent = r.institutionId === inst && !ext;
  const counts = r.counts ?? { total: 0, pending: 0, received: 0, rejected: 0 };
  return {
    id: r.id, isEnabled: r.isEnabled, createdDate: r.createdDate, creatorAccount: r.creatorAccount, enabledDate: r.enabledDate, enablerAccount: r.enablerAccount,
    concurrencyStamp: r.concurrencyStamp, name: r.name, trackingNumber: r.trackingNumber, trackingURL: r.trackingUrl,
    sendingInstitution: ext ? { id: null, title: ext.title } : { id: r.institutionId, title: r.sendingInstitutionTitle },
    sendingInstitutionSite: ext ? (ext.site ? { id: null, title: ext.site } : null) : r.sendingInstitutionSite,
    receivingInstitution: { id: r.receivingInstitutionId, title: r.receivingInstitutionTitle }, receivingInstitutionSite: r.receivingInstitutionSite,
    shippedDate: r.shippedDate, shippedTime: r.shippedTime, status: r.status as Shipment['status'],
    receivedDate: datePart(r.receivedAt), receivedTime: timePart(r.receivedAt), processedDate: datePart(r.processedAt), processedTime: timePart(r.processedAt),
    includeDonorIdentity: r.includeDonorIdentity,
    // The protocol is the sender's: the receiver sees none of it.
    collectionProtocol: sent && r.collectionProtocolId ? { id: r.collectionProtocolId, title: r.protocolTitle } : null,
    direction: sent ? 'sent' : 'received',
    itemCounts: { total: Number(counts.total), pending: Number(counts.pending), received: Number(counts.received), rejected: Number(counts.rejected) },
    externalSender: ext ?? null, manifestSha256: r.manifestSha256,
  };
}

/** The shipments the caller's institution may see: those it sent, and those sent to it once they left draft. */
export const visibleTo = (inst: number) =>
  or(eq(shipments.institutionId, inst), and(eq(shipments.receivingInstitutionId, inst), sql`${shipments.sentAt} is not null`))!;

/**
 * GET collectedSampleShipments: SendingInstitutionID (SENT) or ReceivingInstitutionID (RECEIVED), which
 * must name the caller's institution (another one is 404: nothing is disclosed); with both, one of them
 * is the caller's and the other filters the counterpart. Neither: both directions.
 */
export async function listShipments(ctx: Ctx, q: ShipmentListQuery) {
  requirePermission(ctx, 'shipments.read');
  const inst = instOf(ctx);
  const s = q.sendingInstitutionId, r = q.receivingInstitutionId;
  if ((s || r) && s !== inst && r !== inst) throw notFound('Institution');
  const parts: (SQL | undefined)[] = [visibleTo(inst)];
  // SENT: what this institution sent (an imported shipment's institution_id is its receiver's).
  if (s) parts.push(eq(shipments.institutionId, s), isNull(shipments.externalSender));
  if (r) parts.push(eq(shipments.receivingInstitutionId, r), sql`${shipments.sentAt} is not null`);
  if (q.status) parts.push(eq(shipments.status, q.status));
  if (q.statuses) parts.push(inArray(shipments.status, q.statuses));
  if (q.collectionProtocolId) parts.push(eq(shipments.collectionProtocolId, q.collectionProtocolId), eq(shipments.institutionId, inst));
  if (q.isEnabled !== undefined) parts.push(eq(shipments.isEnabled, q.isEnabled));
  if (q.searchTerm) {
    const p = likePattern(q.searchTerm);
    parts.push(sql`(lower(${shipments.name}) like ${p} or lower(coalesce(${shipments.trackingNumber}, '')) like ${p})`);
  }
  const page = await selectRecords(ctx.db, shipments, { where: and(...parts), orderBy: desc(shipments.id), limit: q.pageSize, offset: offsetOf(q), refs: refs(), extra });
  return { ...page, rows: page.rows.map((row) => toDto(inst, row)) };
}

/** One shipment the caller's institution sent or receives; anything else is 404. */
export async function getShipment(ctx: Ctx, id: number, db: Db = ctx.db) {
  requirePermission(ctx, 'shipments.read');
  const inst = instOf(ctx);
  const [row] = (await selectRecords(db, shipments, { where: and(eq(shipments.id, id), visibleTo(inst)), orderBy: desc(shipments.id), limit: 1, refs: refs(), extra })).rows;
  if (!row) throw notFound('Shipment');
  return toDto(inst, row);
}


/**
 * A shipment's items (oldest first): both sides see only each sample's ID, specimen type, amount and
 * unit; the donor's name and MRN only when the sender included them. A cancelled shipment keeps its items (status cancelled).
 */
export async function listItems(ctx: Ctx, shipmentId: number, opts: { ids?: number[] } = {}): Promise<ShipmentItem[]> {
  const shipment = await getShipment(ctx, shipmentId);
  const rows = await ctx.db.select({
    item: shipmentItems, specimenType: specimenTypes.title, unitName: unitOfMeasurements.unitName, unitSymbol: unitOfMeasurements.unitSymbol,
    sample: shippedSampleOf(qualified(shipmentItems.collectedSampleId)),
  }).from(shipmentItems)
    .leftJoin(specimenTypes, eq(specimenTypes.id, shipmentItems.specimenTypeId))
    .leftJoin(unitOfMeasurements, eq(unitOfMeasurements.id, shipmentItems.unitId))
    .where(and(eq(shipmentItems.shipmentId, shipmentId), opts.ids ? inArray(shipmentItems.id, opts.ids) : undefined))
    .orderBy(asc(shipmentItems.id));
  const who = [...new Set(rows.map((r) => r.item.processedById).filter((x): x is number => x !== null))];
  const local = rows.map((r) => r.item.collectedSampleId).filter((x): x is number => x !== null);
  const stored = local.length ? await storedLabelsOf(ctx.db, instOf(ctx), local) : new Map<number, string>();
  const names = new Map((who.length ? await ctx.db.select().from(accountNames).where(inArray(accountNames.id, who)) : []).map((a) => [a.id, { firstName: a.firstName, lastName: a.lastName }]));
  return rows.map(({ item, specimenType, unitName, unitSymbol, sample }) => {
    const ext = item.externalSample;
    if (ext) return externalItemDto(item, ext, shipment.includeDonorIdentity, names);
    const donor = shipment.includeDonorIdentity && sample?.donor
      ? { firstName: sample.donor.firstName, fatherName: sample.donor.fatherName, grandFatherName: sample.donor.grandFatherName, mrn: sample.donor.patientMRN ?? null }
      : null;
    return {
      id: item.id, collectedSampleShipmentId: item.shipmentId, collectedSampleId: item.collectedSampleId, status: item.status as ShipmentItem['status'],
      received: item.status === 'received', rejected: item.status === 'rejected', receivedDate: item.processedAt ? item.processedAt.toISOString() : null,
      processedAccount: (item.processedById && names.get(item.processedById)) || null, reason: item.reason,
      collectedSample: {
        id: item.collectedSampleId, sampleId: sample?.sampleId ?? '', specimenType: { id: item.specimenTypeId, title: str(specimenType) }, amount: item.amount,
        unitOfMeasurement: { unitName: str(unitName), unitSymbol: str(unitSymbol) }, donor,
      },
      storedAt: (item.collectedSampleId && stored.get(item.collectedSampleId)) || null,
      concurrencyStamp: item.concurrencyStamp,
    };
  });
}

type ItemRow = typeof shipmentItems.$inferSelect;
/** An imported item: what its manifest said of the sample (another installation's: no record, no storage here). */
function externalItemDto(item: ItemRow, ext: ExternalSample, withDonor: boolean, names: Map<number, { firstName: string; lastName: string }>): ShipmentItem {
  return {
    id: item.id, collectedSampleShipmentId: item.shipmentId, collectedSampleId: null, status: item.status as ShipmentItem['status'],
    received: item.status === 'received', rejected: item.status === 'rejected', receivedDate: item.processedAt ? item.processedAt.toISOString() : null,
    processedAccount: (item.processedById && names.get(item.processedById)) || null, reason: item.reason,
    collectedSample: {
      id: null, sampleId: ext.sampleId, specimenType: ext.specimenType ? { id: null, title: ext.specimenType } : null, amount: item.amount,
      unitOfMeasurement: { unitName: ext.unit, unitSymbol: ext.unit }, donor: withDonor ? ext.donor : null,
    },
    storedAt: null,
    concurrencyStamp: item.concurrencyStamp,
  };
}

/** The create stepper's search: the caller's samples that may be shipped. */
export async function listCandidates(ctx: Ctx, q: CandidateQuery) {
  requirePermission(ctx, 'shipments.read');
  const page = await shippingCandidates(ctx.db, instOf(ctx), q, { limit: q.pageSize, offset: offsetOf(q) });
  return {
    total: page.total,
    rows: page.rows.map((r): ShipmentCandidate => ({
      id: r.id, sampleId: r.sampleId, specimenType: { id: r.specimenTypeId, title: str(r.specimenType) }, amount: r.amount,
      unitOfMeasurement: { unitName: str(r.unitName), unitSymbol: str(r.unitSymbol) },
      collectionProtocol: { id: r.collectionProtocolId, title: r.protocolTitle }, collectedDate: r.collectedDate, hasWithdrawnConsent: Boolean(r.hasWithdrawnConsent),
    })),
  };
}
