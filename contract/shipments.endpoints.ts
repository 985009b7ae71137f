import { z } from 'zod';
import { Id, InstParam } from './common.contract';
import { endpoint } from './endpoint';
import {
  BulkProcessResult,
  BulkReceiveInput,
  BulkRejectInput,
  CandidateQuery,
  ManifestInput,
  ManifestPreview,
  ReceiptImportResult,
  ReceiptInput,
  ReceiveInput,
  RejectInput,
  Shipment,
  ShipmentCandidate,
  ShipmentInput,
  ShipmentItem,
  ShipmentItemInput,
  ShipmentItemParams,
  ShipmentListQuery,
  ShipmentParams,
  ShipmentReceipt,
} from './shipments.contract';

const tags = ['Shipments'];
const base = '/institutions/:instId/collectedSampleShipments' as const;
const items = `${base}/:shipmentId/collectedSampleShipmentItems` as const;

/** The PDF's bytes (a Buffer on the server), documented as a binary string. */
const PdfBytes = z.custom<Uint8Array>((v) => v instanceof Uint8Array).meta({ type: 'string', format: 'binary' });

/** Spec 2 §7 "Shipments" plus the atomic create, send, cancel, the stepper's search and the manifest (docs/shipments.md). */
export const shipmentEndpoints = {
  list: endpoint({
    method: 'GET',
    path: base,
    params: InstParam,
    query: ShipmentListQuery,
    response: { 200: z.array(Shipment) },
    permission: 'shipments.read',
    paged: true,
    tags,
  }),
  create: endpoint({
    method: 'POST',
    path: base,
    params: InstParam,
    body: ShipmentInput,
    response: { 201: Shipment },
    permission: 'shipments.manage',
    tags,
  }),
  candidates: endpoint({
    method: 'GET',
    path: `${base}/candidates`,
    params: InstParam,
    query: CandidateQuery,
    response: { 200: z.array(ShipmentCandidate) },
    permission: 'shipments.read',
    paged: true,
    tags,
  }),
  get: endpoint({
    method: 'GET',
    path: `${base}/:shipmentId`,
    params: ShipmentParams,
    response: { 200: Shipment },
    permission: 'shipments.read',
    tags,
  }),
  send: endpoint({
    method: 'POST',
    path: `${base}/:shipmentId/send`,
    params: ShipmentParams,
    response: { 200: Shipment },
    permission: 'shipments.manage',
    tags,
  }),
  cancel: endpoint({
    method: 'POST',
    path: `${base}/:shipmentId/cancel`,
    params: ShipmentParams,
    response: { 200: Shipment },
    permission: 'shipments.manage',
    tags,
  }),

  items: endpoint({
    method: 'GET',
    path: items,
    params: ShipmentParams,
    response: { 200: z.array(ShipmentItem) },
    permission: 'shipments.read',
    tags,
  }),
  addItem: endpoint({
    method: 'POST',
    path: items,
    params: ShipmentParams,
    body: ShipmentItemInput,
    response: { 201: ShipmentItem },
    permission: 'shipments.manage',
    tags,
  }),
  receiveItem: endpoint({
    method: 'POST',
    path: `${items}/:itemId/receive`,
    params: ShipmentItemParams,
    body: ReceiveInput,
    response: { 200: ShipmentItem },
    permission: 'shipments.manage',
    tags,
  }),
  rejectItem: endpoint({
    method: 'POST',
    path: `${items}/:itemId/reject`,
    params: ShipmentItemParams,
    body: RejectInput,
    response: { 200: ShipmentItem },
    permission: 'shipments.manage',
    tags,
  }),
  // Bulk (docs/shipments.md "Bulk accept and reject"): many pending items of one shipment in one call and one
  // transaction, all or none. Static segments, so they never match `:itemId`.
  receiveItems: endpoint({
    method: 'POST',
    path: `${items}/receive`,
    params: ShipmentParams,
    body: BulkReceiveInput,
    response: { 200: BulkProcessResult },
    permission: 'shipments.manage',
    tags,
  }),
  rejectItems: endpoint({
    method: 'POST',
    path: `${items}/reject`,
    params: ShipmentParams,
    body: BulkRejectInput,
    response: { 200: BulkProcessResult },
    permission: 'shipments.manage',
    tags,
  }),

  manifestCsv: endpoint({
    method: 'GET',
    path: `${base}/:shipmentId/manifest.csv`,
    params: ShipmentParams,
    response: { 200: { description: 'The manifest as RFC 4180 CSV', content: { 'text/csv': { schema: z.string() } } } },
    permission: 'shipments.read',
    tags,
  }),
  /** One sample's custody across institutions (issue 31): a FHIR R4 collection Bundle of its Specimen and one Provenance per custody event. */
  custodyFhir: endpoint({
    method: 'GET',
    path: '/institutions/:instId/collectedSamples/:collectedSampleId/custody.fhir.json',
    params: InstParam.extend({ collectedSampleId: Id }),
    response: {
      200: {
        description: "A sample's custody: its Specimen and its Provenance resources (docs/shipments.md)",
        content: { 'application/fhir+json': { schema: ManifestInput } },
      },
    },
    permission: 'samples.read',
    tags,
  }),
  manifestFhir: endpoint({
    method: 'GET',
    path: `${base}/:shipmentId/manifest.fhir.json`,
    params: ShipmentParams,
    response: {
      200: {
        description:
          'The manifest for another installation: a FHIR R4 Bundle with its SHA-256 (docs/shipments.md "Manifest exchange")',
        content: { 'application/fhir+json': { schema: ManifestInput } },
      },
    },
    permission: 'shipments.read',
    tags,
  }),
  importPreview: endpoint({
    method: 'POST',
    path: `${base}/import/preview`,
    params: InstParam,
    body: ManifestInput,
    response: { 200: ManifestPreview },
    permission: 'shipments.manage',
    tags,
  }),
  import: endpoint({
    method: 'POST',
    path: `${base}/import`,
    params: InstParam,
    body: ManifestInput,
    response: { 201: Shipment },
    permission: 'shipments.manage',
    tags,
  }),
  receipt: endpoint({
    method: 'GET',
    path: `${base}/:shipmentId/receipt.json`,
    params: ShipmentParams,
    response: { 200: ShipmentReceipt },
    permission: 'shipments.read',
    tags,
  }),
  importReceipt: endpoint({
    method: 'POST',
    path: `${base}/:shipmentId/receipt`,
    params: ShipmentParams,
    body: ReceiptInput,
    response: { 200: ReceiptImportResult },
    permission: 'shipments.manage',
    tags,
  }),
  manifestPdf: endpoint({
    method: 'GET',
    path: `${base}/:shipmentId/manifest.pdf`,
    params: ShipmentParams,
    response: { 200: { description: 'The manifest as a PDF', content: { 'application/pdf': { schema: PdfBytes } } } },
    permission: 'shipments.read',
    tags,
  }),
};
