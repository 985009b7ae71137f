import { shipmentEndpoints as e } from '../../../contract/shipments.endpoints';
import type { App, AppDeps } from '../../platform/app-types';
import { router } from '../../platform/route';
import { requestLanguage } from '../../platform/i18n';
import { sendPage } from '../../platform/paging';
import * as reads from './shipment-reads.service';
import * as svc from './shipments.service';
import { receiveItems, rejectItems } from './bulk-receive.service';
import { manifestCsv, manifestDisposition, manifestPdf } from './shipments.manifest-files';
import { custodyBundle, manifestBundle } from './shipments.manifest-fhir';
import { importManifest, previewManifest } from './manifest-import.service';
import { importReceipt, receiptOf } from './receipts.service';

/** A manifest of 500 specimens with donors is well under this. */
const MANIFEST_BODY_LIMIT = 8 * 1024 * 1024;

/** Spec 2 §7 "Shipments" plus the atomic create, send, cancel, the stepper's search and the manifest (docs/shipments.md). */
export function shipmentRoutes(app: App, deps: AppDeps) {
  const route = router(app, deps);
  route(e.list, async (req, ctx, reply) => sendPage(reply, req.query, await reads.listShipments(ctx, req.query)));
  route(e.create, async (req, ctx, reply) => reply.status(201).send(await svc.createShipment(ctx, req.body)));
  route(e.candidates, async (req, ctx, reply) =>
    sendPage(reply, req.query, await reads.listCandidates(ctx, req.query)),
  );
  route(e.get, async (req, ctx) => reads.getShipment(ctx, req.params.shipmentId));
  route(e.send, async (req, ctx) => svc.sendShipment(ctx, req.params.shipmentId));
  route(e.cancel, async (req, ctx) => svc.cancelShipment(ctx, req.params.shipmentId));

  route(e.items, async (req, ctx) => reads.listItems(ctx, req.params.shipmentId, { language: ctx.language }));
  route(e.addItem, async (req, ctx, reply) =>
    reply.status(201).send(await svc.addItem(ctx, req.params.shipmentId, req.body)),
  );
  route(e.receiveItem, async (req, ctx) => svc.receiveItem(ctx, req.params.shipmentId, req.params.itemId, req.body));
  route(e.rejectItem, async (req, ctx) => svc.rejectItem(ctx, req.params.shipmentId, req.params.itemId, req.body));
  route(e.receiveItems, async (req, ctx) => receiveItems(ctx, req.params.shipmentId, req.body));
  route(e.rejectItems, async (req, ctx) => rejectItems(ctx, req.params.shipmentId, req.body));

  route(e.manifestCsv, async (req, ctx, reply) => {
    const shipment = await reads.getShipment(ctx, req.params.shipmentId);
    const lng = requestLanguage(req);
    const body = manifestCsv(shipment, await reads.listItems(ctx, shipment.id, { language: lng }), lng);
    return reply
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', manifestDisposition(shipment.name, 'csv'))
      .send(body);
  });
  route(e.custodyFhir, async (req, ctx, reply) =>
    reply
      .type('application/fhir+json; charset=utf-8')
      .send({ ...(await custodyBundle(ctx, req.params.collectedSampleId, req.hostname)) }),
  );
  route(e.manifestFhir, async (req, ctx, reply) => {
    const { shipment, bundle } = await manifestBundle(ctx, req.params.shipmentId, req.hostname);
    return reply
      .type('application/fhir+json; charset=utf-8')
      .header('Content-Disposition', manifestDisposition(shipment.name, 'fhir.json'))
      .send({ ...bundle });
  });
  route(e.importPreview, async (req, ctx) => previewManifest(ctx, req.body), { bodyLimit: MANIFEST_BODY_LIMIT });
  route(e.import, async (req, ctx, reply) => reply.status(201).send(await importManifest(ctx, req.body)), {
    bodyLimit: MANIFEST_BODY_LIMIT,
  });
  route(e.receipt, async (req, ctx, reply) => {
    const receipt = await receiptOf(ctx, req.params.shipmentId, req.hostname);
    return reply
      .header('Content-Disposition', manifestDisposition(receipt.shipment.name, 'receipt.json'))
      .send(receipt);
  });
  route(
    e.importReceipt,
    async (req, ctx) => importReceipt(ctx, req.params.shipmentId, req.body, requestLanguage(req)),
    {
      bodyLimit: MANIFEST_BODY_LIMIT,
    },
  );
  route(e.manifestPdf, async (req, ctx, reply) => {
    const shipment = await reads.getShipment(ctx, req.params.shipmentId);
    const lng = requestLanguage(req);
    const pdf = await manifestPdf(shipment, await reads.listItems(ctx, shipment.id, { language: lng }), lng);
    return reply
      .type('application/pdf')
      .header('Content-Disposition', manifestDisposition(shipment.name, 'pdf'))
      .send(Buffer.from(pdf));
  });
}
