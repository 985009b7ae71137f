import type {
  CandidateQuery,
  Shipment,
  ShipmentCandidate,
  ShipmentItem,
  ShipmentListQuery,
} from '../../../contract/shipments.contract';
import type { InstCtx } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { offsetOf } from '../../platform/paging';
import type { Db } from '../../db/client';
import { shippingCandidates } from '../samples';
import { storedLabelsOf } from '../storage';
import {
  type ExternalSample,
  type ItemRow,
  itemRows,
  namesOf,
  shipmentPage,
  type ShipmentListRow,
  visibleShipment,
} from './shipments.repository';

// The read routes' rows check shipments.read in the path's institution; the commands that answer with
// getShipment or listItems checked shipments.manage (every role that manages shipments also reads them).

/** Lookup columns are typed loosely (the registry builds them). */
const str = (v: unknown) => (v === null || v === undefined ? null : String(v));
const datePart = (iso: string | null) => (iso ? iso.slice(0, 10) : null);
const timePart = (iso: string | null) => (iso ? iso.slice(11, 16) : null);

function toDto(inst: number, r: ShipmentListRow): Shipment {
  const ext = r.externalSender;
  // An imported shipment's institution_id is the receiver's: it was not sent from here.
  const sent = r.institutionId === inst && !ext;
  const counts = r.counts ?? { total: 0, pending: 0, received: 0, rejected: 0 };
  return {
    id: r.id,
    isEnabled: r.isEnabled,
    createdDate: r.createdDate,
    creatorAccount: r.creatorAccount,
    enabledDate: r.enabledDate,
    enablerAccount: r.enablerAccount,
    concurrencyStamp: r.concurrencyStamp,
    name: r.name,
    trackingNumber: r.trackingNumber,
    trackingURL: r.trackingUrl,
    sendingInstitution: ext
      ? { id: null, title: ext.title }
      : { id: r.institutionId, title: r.sendingInstitutionTitle },
    sendingInstitutionSite: ext ? (ext.site ? { id: null, title: ext.site } : null) : r.sendingInstitutionSite,
    receivingInstitution: { id: r.receivingInstitutionId, title: r.receivingInstitutionTitle },
    receivingInstitutionSite: r.receivingInstitutionSite,
    shippedDate: r.shippedDate,
    shippedTime: r.shippedTime,
    status: r.status as Shipment['status'],
    receivedDate: datePart(r.receivedAt),
    receivedTime: timePart(r.receivedAt),
    processedDate: datePart(r.processedAt),
    processedTime: timePart(r.processedAt),
    includeDonorIdentity: r.includeDonorIdentity,
    // The protocol is the sender's: the receiver sees none of it.
    collectionProtocol: sent && r.collectionProtocolId ? { id: r.collectionProtocolId, title: r.protocolTitle } : null,
    direction: sent ? 'sent' : 'received',
    // Counts inside json_build_object arrive as JSON numbers.
    itemCounts: { total: counts.total, pending: counts.pending, received: counts.received, rejected: counts.rejected },
    externalSender: ext ?? null,
    manifestSha256: r.manifestSha256,
  };
}

/**
 * GET collectedSampleShipments: SendingInstitutionID (SENT) or ReceivingInstitutionID (RECEIVED), which
 * must name the caller's institution (another one is 404: nothing is disclosed); with both, one of them
 * is the caller's and the other filters the counterpart. Neither: both directions.
 */
export async function listShipments(ctx: InstCtx, q: ShipmentListQuery) {
  const inst = ctx.institutionId;
  const s = q.sendingInstitutionId,
    r = q.receivingInstitutionId;
  if ((s || r) && s !== inst && r !== inst) throw notFound('Institution');
  const page = await shipmentPage(ctx.db, inst, q);
  return { ...page, rows: page.rows.map((row) => toDto(inst, row)) };
}

/** One shipment the caller's institution sent or receives; anything else is 404. */
export async function getShipment(ctx: InstCtx, id: number, db: Db = ctx.db) {
  const inst = ctx.institutionId;
  const row = await visibleShipment(db, inst, id);
  if (!row) throw notFound('Shipment');
  return toDto(inst, row);
}

/**
 * A shipment's items (oldest first): both sides see only each sample's ID, specimen type, amount and
 * unit; the donor's name and MRN only when the sender included them. A cancelled shipment keeps its items (status cancelled).
 */
export async function listItems(
  ctx: InstCtx,
  shipmentId: number,
  /** `language`: the lists' titles in it (the screens' items, the manifest's CSV and PDF); none, the default titles (FHIR, receipts). */
  opts: { ids?: number[]; shipment?: Shipment; language?: string } = {},
): Promise<ShipmentItem[]> {
  const shipment = opts.shipment ?? (await getShipment(ctx, shipmentId));
  const rows = await itemRows(ctx.db, shipmentId, opts.ids, opts.language);
  const who = [...new Set(rows.map((r) => r.item.processedById).filter((x): x is number => x !== null))];
  // The receiver sees its own record (made at acceptance) and where that is stored; the sender its sample.
  const receiver = shipment.direction === 'received';
  const mine = (r: (typeof rows)[number]) =>
    receiver
      ? (r.item.receivedSampleId ?? (r.item.externalSample ? null : r.item.collectedSampleId))
      : r.item.collectedSampleId;
  const local = rows.map(mine).filter((x): x is number => x !== null);
  const stored = local.length ? await storedLabelsOf(ctx.db, ctx.institutionId, local) : new Map<number, string>();
  const names = await namesOf(ctx.db, who);
  return rows.map((row) => {
    const { item, specimenType, unitName, unitSymbol, sample } = row;
    const receivedSample = receiver ? row.receivedSample : null;
    const storedAt = stored.get(mine(row) ?? 0) ?? null;
    const ext = item.externalSample;
    if (ext) return { ...externalItemDto(item, ext, shipment.includeDonorIdentity, names), receivedSample, storedAt };
    const donor =
      shipment.includeDonorIdentity && sample?.donor
        ? {
            firstName: sample.donor.firstName,
            fatherName: sample.donor.fatherName,
            grandFatherName: sample.donor.grandFatherName,
            mrn: sample.donor.patientMRN ?? null,
          }
        : null;
    return {
      id: item.id,
      collectedSampleShipmentId: item.shipmentId,
      collectedSampleId: item.collectedSampleId,
      status: item.status as ShipmentItem['status'],
      received: item.status === 'received',
      rejected: item.status === 'rejected',
      receivedDate: item.processedAt ? item.processedAt.toISOString() : null,
      processedAccount: (item.processedById && names.get(item.processedById)) || null,
      reason: item.reason,
      collectedSample: {
        id: item.collectedSampleId,
        sampleId: sample?.sampleId ?? '',
        specimenType: { id: item.specimenTypeId, title: str(specimenType) },
        amount: item.amount,
        unitOfMeasurement: { unitName: str(unitName), unitSymbol: str(unitSymbol) },
        donor,
      },
      storedAt,
      receivedSample,
      concurrencyStamp: item.concurrencyStamp,
    };
  });
}

/** An imported item: what its manifest said of the sample (another installation's: no record, no storage here). */
function externalItemDto(
  item: ItemRow,
  ext: ExternalSample,
  withDonor: boolean,
  names: Map<number, { firstName: string; lastName: string }>,
): ShipmentItem {
  return {
    id: item.id,
    collectedSampleShipmentId: item.shipmentId,
    collectedSampleId: null,
    status: item.status as ShipmentItem['status'],
    received: item.status === 'received',
    rejected: item.status === 'rejected',
    receivedDate: item.processedAt ? item.processedAt.toISOString() : null,
    processedAccount: (item.processedById && names.get(item.processedById)) || null,
    reason: item.reason,
    collectedSample: {
      id: null,
      sampleId: ext.sampleId,
      specimenType: ext.specimenType ? { id: null, title: ext.specimenType } : null,
      amount: item.amount,
      unitOfMeasurement: { unitName: ext.unit, unitSymbol: ext.unit },
      donor: withDonor ? ext.donor : null,
    },
    storedAt: null,
    receivedSample: null,
    concurrencyStamp: item.concurrencyStamp,
  };
}

/** The create stepper's search: the caller's samples that may be shipped. */
export async function listCandidates(ctx: InstCtx, q: CandidateQuery) {
  const page = await shippingCandidates(
    ctx.db,
    ctx.institutionId,
    q,
    { limit: q.pageSize, offset: offsetOf(q) },
    ctx.language,
  );
  return {
    total: page.total,
    rows: page.rows.map((r): ShipmentCandidate => ({
      id: r.id,
      sampleId: r.sampleId,
      specimenType: { id: r.specimenTypeId, title: str(r.specimenType) },
      amount: r.amount,
      unitOfMeasurement: { unitName: str(r.unitName), unitSymbol: str(r.unitSymbol) },
      collectionProtocol:
        r.collectionProtocolId === null ? null : { id: r.collectionProtocolId, title: r.protocolTitle },
      collectedDate: r.collectedDate,
      hasWithdrawnConsent: Boolean(r.hasWithdrawnConsent),
    })),
  };
}
