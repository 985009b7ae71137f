import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import { InstParam } from '../../../contract/common.contract';
import {
  CandidateQuery, ManifestInput, ManifestPreview, ReceiveInput, RejectInput, Shipment, ShipmentCandidate, ShipmentInput, ShipmentItem, ShipmentItemInput, ShipmentItemParams, ShipmentListQuery, ShipmentParams,
} from '../../../contract/shipments.contract';
import type { App, AppDeps } from '../../platform/app-types';
import { ctxOf } from '../../platform/context';
import { sendPage } from '../../platform/paging';
import * as reads from './shipments.read';
import * as svc from './shipments.service';
import { manifestCsv, manifestDisposition, manifestPdf } from './manifest';
import { manifestBundle } from './manifest-fhir';
import { importManifest, previewManifest } from './manifest-import';
import { BASE, manage, read, tags } from './route-config';

/** A manifest of 500 specimens with donors is well under this. */
const MANIFEST_BODY_LIMIT = 8 * 1024 * 1024;

/** The PDF's bytes: typed as a Buffer for the handler, documented as a binary string. */
const PdfBytes = z.custom<Buffer>((v) => Buffer.isBuffer(v)).meta({ type: 'string', format: 'binary' });
const items = `${BASE}/:shipmentId/collectedSampleShipmentItems`;

/** Spec 2 §7 "Shipments" plus the atomic create, send, cancel, the stepper's search and the manifest (docs/shipments.md). */
export function shipmentRoutes(app: App, { db, now }: AppDeps) {
  const ctx = (req: FastifyRequest) => ctxOf(req, db, now);

  app.get(BASE, { config: read, schema: { tags, params: InstParam, querystring: ShipmentListQuery, response: { 200: z.array(Shipment) } } },
    async (req, reply) => sendPage(reply, req.query, await reads.listShipments(ctx(req), req.query)));
  app.post(BASE, { config: manage, schema: { tags, params: InstParam, body: ShipmentInput, response: { 201: Shipment } } },
    async (req, reply) => reply.status(201).send(await svc.createShipment(ctx(req), req.body)));
  app.get(`${BASE}/candidates`, { config: read, schema: { tags, params: InstParam, querystring: CandidateQuery, response: { 200: z.array(ShipmentCandidate) } } },
    async (req, reply) => sendPage(reply, req.query, await reads.listCandidates(ctx(req), req.query)));
  app.get(`${BASE}/:shipmentId`, { config: read, schema: { tags, params: ShipmentParams, response: { 200: Shipment } } },
    async (req) => reads.getShipment(ctx(req), req.params.shipmentId));
  app.post(`${BASE}/:shipmentId/send`, { config: manage, schema: { tags, params: ShipmentParams, response: { 200: Shipment } } },
    async (req) => svc.sendShipment(ctx(req), req.params.shipmentId));
  app.post(`${BASE}/:shipmentId/cancel`, { config: manage, schema: { tags, params: ShipmentParams, response: { 200: Shipment } } },
    async (req) => svc.cancelShipment(ctx(req), req.params.shipmentId));

  app.get(items, { config: read, schema: { tags, params: ShipmentParams, response: { 200: z.array(ShipmentItem) } } },
    async (req) => reads.listItems(ctx(req), req.params.shipmentId));
  app.post(items, { config: manage, schema: { tags, params: ShipmentParams, body: ShipmentItemInput, response: { 201: ShipmentItem } } },
    async (req, reply) => reply.status(201).send(await svc.addItem(ctx(req), req.params.shipmentId, req.body)));
  app.post(`${items}/:itemId/receive`, { config: manage, schema: { tags, params: ShipmentItemParams, body: ReceiveInput, response: { 200: ShipmentItem } } },
    async (req) => svc.receiveItem(ctx(req), req.params.shipmentId, req.params.itemId, req.body));
  app.post(`${items}/:itemId/reject`, { config: manage, schema: { tags, params: ShipmentItemParams, body: RejectInput, response: { 200: ShipmentItem } } },
    async (req) => svc.rejectItem(ctx(req), req.params.shipmentId, req.params.itemId, req.body));

  app.get(`${BASE}/:shipmentId/manifest.csv`, {
    config: read,
    schema: { tags, params: ShipmentParams, response: { 200: { description: 'The manifest as RFC 4180 CSV', content: { 'text/csv': { schema: z.string() } } } } },
  }, async (req, reply) => {
    const c = ctx(req);
    const shipment = await reads.getShipment(c, req.params.shipmentId);
    const body = manifestCsv(shipment, await reads.listItems(c, shipment.id));
    return reply.type('text/csv; charset=utf-8').header('Content-Disposition', manifestDisposition(shipment.name, 'csv')).send(body);
  });
  app.get(`${BASE}/:shipmentId/manifest.fhir.json`, {
    config: read,
    schema: { tags, params: ShipmentParams, response: { 200: { description: 'The manifest for another installation: a FHIR R4 Bundle with its SHA-256 (docs/shipments.md "Manifest exchange")', content: { 'application/fhir+json': { schema: ManifestInput } } } } },
  }, async (req, reply) => {
    const { shipment, bundle } = await manifestBundle(ctx(req), req.params.shipmentId, req.hostname);
    return reply.type('application/fhir+json; charset=utf-8').header('Content-Disposition', manifestDisposition(shipment.name, 'fhir.json')).send(bundle as unknown as z.infer<typeof ManifestInput>);
  });
  app.post(`${BASE}/import/preview`, { config: manage, bodyLimit: MANIFEST_BODY_LIMIT, schema: { tags, params: InstParam, body: ManifestInput, response: { 200: ManifestPreview } } },
    async (req) => previewManifest(ctx(req), req.body));
  app.post(`${BASE}/import`, { config: manage, bodyLimit: MANIFEST_BODY_LIMIT, schema: { tags, params: InstParam, body: ManifestInput, response: { 201: Shipment } } },
    async (req, reply) => reply.status(201).send(await importManifest(ctx(req), req.body)));
  app.get(`${BASE}/:shipmentId/manifest.pdf`, {
    config: read,
    schema: { tags, params: ShipmentParams, response: { 200: { description: 'The manifest as a PDF', content: { 'application/pdf': { schema: PdfBytes } } } } },
  }, async (req, reply) => {
    const c = ctx(req);
    const shipment = await reads.getShipment(c, req.params.shipmentId);
    const pdf = await manifestPdf(shipment, await reads.listItems(c, shipment.id));
    return reply.type('application/pdf').header('Content-Disposition', manifestDisposition(shipment.name, 'pdf')).send(Buffer.from(pdf));
  });
}
