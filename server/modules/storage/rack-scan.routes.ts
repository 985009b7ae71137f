import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { BoxParams, type PathRef } from '../../../contract/storage.contract';
import { MAX_RACK_SCAN_BYTES, RackScanApplied, RackScanApply, RackScanResult, RackScanText } from '../../../contract/rack-scan.contract';
import type { App } from '../../platform/app-types';
import type { Ctx } from '../../platform/context';
import { applyScan, reconcileScan } from './rack-scan.service';

const tags = ['Storage allocation'];
const write = { permission: 'storage.allocate' as const };

/**
 * Rack-scanner reconcile (docs/storage.md "Rack-scanner reconcile"): the scan is the request body as
 * text (text/csv or text/plain); a body over 1 MiB is 413 before any reading.
 */
export function rackScanRoutes(app: App, ctx: (req: FastifyRequest) => Ctx, boxItem: string, boxPath: (params: unknown) => PathRef[], boxParams: z.ZodObject = BoxParams) {
  if (!app.hasContentTypeParser('text/csv')) {
    app.addContentTypeParser('text/csv', { parseAs: 'string', bodyLimit: MAX_RACK_SCAN_BYTES }, (_req, body, done) => done(null, body));
  }
  app.post(`${boxItem}/rackScan`, {
    config: write, bodyLimit: MAX_RACK_SCAN_BYTES,
    schema: { tags, params: boxParams, body: RackScanText, response: { 200: RackScanResult } },
  }, async (req) => reconcileScan(ctx(req), boxPath(req.params), req.body));
  app.post(`${boxItem}/rackScan/apply`, {
    config: write, bodyLimit: 2 * MAX_RACK_SCAN_BYTES,
    schema: { tags, params: boxParams, body: RackScanApply, response: { 200: RackScanApplied } },
  }, async (req) => applyScan(ctx(req), boxPath(req.params), req.body));
}
