import { MAX_RACK_SCAN_BYTES } from '../../../contract/rack-scan.contract';
import type { PathRef, StorageLevel } from '../../../contract/storage.contract';
import {
  containerRows,
  drawerBoxsRows,
  LEVEL_PARAMS,
  STORAGE_CHAINS,
  storageEndpoints as e,
  storageNodeRows,
  type NodeRows,
} from '../../../contract/storage.endpoints';
import type { App, AppDeps } from '../../platform/app-types';
import { router } from '../../platform/route';
import { sendPage } from '../../platform/paging';
import * as storage from './storage.service';
import {
  listBoxPositions,
  listInstitutionOccupancies,
  listInstitutionPositions,
  listOccupancies,
  samplePosition,
  suggestPosition,
} from './occupancy-reads.service';
import { allocate, bulkAllocate, vacate } from './allocation.service';
import { applyScan, reconcileScan } from './rack-scan.service';
import { createRackTemplate } from './rack-template.service';

/** The nodes a request's path names (id and level), outermost first. */
const pathOf = (params: Record<string, number>, levels: readonly StorageLevel[]): PathRef[] =>
  levels.map((level) => ({ id: params[LEVEL_PARAMS[level]], level }));

/**
 * The storage hierarchy (spec 2 §7 "Storage", docs/storage.md), registered from contract/storage.endpoints.ts:
 * each chain of levels (a box also straight in a shelf or a rack, issue 28) has its node's rows, its children's
 * collections and, for a box, positions, occupancies, bulk allocation and the rack-scanner reconcile.
 */
export function storageRoutes(app: App, deps: AppDeps) {
  const route = router(app, deps);
  // Rack-scanner reconcile (docs/storage.md "Rack-scanner reconcile"): the scan is the request body as text
  // (text/csv or text/plain); a body over 1 MiB is 413 before any reading.
  if (!app.hasContentTypeParser('text/csv')) {
    app.addContentTypeParser('text/csv', { parseAs: 'string', bodyLimit: MAX_RACK_SCAN_BYTES }, (_req, body, done) =>
      done(null, body),
    );
  }

  route(e.tree, async (req, ctx, reply) => sendPage(reply, req.query, await storage.treeChildren(ctx, req.query)));
  route(containerRows.list, async (req, ctx, reply) =>
    sendPage(reply, req.query, await storage.listChildren(ctx, [], req.query)),
  );
  route(containerRows.create, async (req, ctx, reply) =>
    reply.status(201).send(await storage.createNode(ctx, [], req.body)),
  );

  for (const levels of STORAGE_CHAINS) {
    const rows: NodeRows = storageNodeRows[levels.join('.') as keyof typeof storageNodeRows];
    const path = (params: Record<string, number>) => pathOf(params, levels);
    route(rows.get, async (req, ctx) => storage.getNode(ctx, path(req.params)));
    route(rows.update, async (req, ctx) => storage.updateNode(ctx, path(req.params), req.body));
    route(rows.disable, async (req, ctx) => storage.setNodeEnabled(ctx, path(req.params), false));
    route(rows.enable, async (req, ctx) => storage.setNodeEnabled(ctx, path(req.params), true));
    const collections = Object.entries(rows.children) as [
      StorageLevel,
      NonNullable<NodeRows['children'][StorageLevel]>,
    ][];
    if (levels.join('.') === 'container.shelf.rack.drawer') collections.push(['box', drawerBoxsRows]); // spec 1 §7 also spells 'storageContainerBoxs'
    for (const [level, c] of collections) {
      route(c.list, async (req, ctx, reply) =>
        sendPage(reply, req.query, await storage.listChildren(ctx, path(req.params), req.query, level)),
      );
      route(c.create, async (req, ctx, reply) =>
        reply.status(201).send(await storage.createNode(ctx, path(req.params), req.body, level)),
      );
    }
    const box = rows.box;
    if (!box) continue;
    route(box.positions, async (req, ctx) => listBoxPositions(ctx, path(req.params)));
    route(box.occupancies, async (req, ctx, reply) =>
      sendPage(reply, req.query, await listOccupancies(ctx, path(req.params), req.params.positionId, req.query)),
    );
    route(box.allocate, async (req, ctx, reply) =>
      reply.status(201).send(await allocate(ctx, path(req.params), req.params.positionId, req.body)),
    );
    route(box.vacate, async (req, ctx) =>
      vacate(ctx, path(req.params), req.params.positionId, req.params.occupancyId, req.body),
    );
    route(box.bulkAllocate, async (req, ctx, reply) =>
      reply.status(201).send(await bulkAllocate(ctx, path(req.params), req.body)),
    );
    route(box.rackScan, async (req, ctx) => reconcileScan(ctx, path(req.params), req.body), {
      bodyLimit: MAX_RACK_SCAN_BYTES,
    });
    // The apply body repeats the scanned positions: twice the scan's limit.
    route(box.rackScanApply, async (req, ctx) => applyScan(ctx, path(req.params), req.body), {
      bodyLimit: 2 * MAX_RACK_SCAN_BYTES,
    });
  }

  // Spec 1 §7's unpaged lists of the whole institution (read whole up to the cap, true total in X-Pagination).
  route(e.institutionBoxes, async (req, ctx, reply) =>
    sendPage(reply, req.query, await storage.listLevel(ctx, 'box', req.query)),
  );
  route(e.institutionDrawers, async (req, ctx, reply) =>
    sendPage(reply, req.query, await storage.listLevel(ctx, 'drawer', req.query)),
  );
  route(e.institutionPositions, async (req, ctx, reply) =>
    sendPage(reply, req.query, await listInstitutionPositions(ctx, req.query)),
  );
  route(e.institutionOccupancies, async (req, ctx, reply) =>
    sendPage(reply, req.query, await listInstitutionOccupancies(ctx, req.query)),
  );
  route(e.suggest, async (req, ctx) => suggestPosition(ctx, req.query.collectedSampleId));
  route(e.samplePosition, async (req, ctx) => samplePosition(ctx, req.params.collectedSampleId));
  // Issue 28 (docs/storage.md "Templates"): a rack and its boxes in one call.
  route(e.rackTemplate, async (req, ctx, reply) =>
    reply.status(201).send(await createRackTemplate(ctx, pathOf(req.params, ['container', 'shelf']), req.body)),
  );
}
