import type { FastifyRequest } from 'fastify';
import { lookupEndpoints, type LookupEndpoints } from '../../../contract/configuration.endpoints';
import { LOOKUPS, type LookupEntity } from '../../../contract/lookups.registry';
import type { App, AppDeps } from '../../platform/app-types';
import { router, type Route } from '../../platform/route';
import { sendPage } from '../../platform/paging';
import { notFound } from '../../platform/errors';
import * as svc from './lookup.service';

/** Every registry list's generated rows (contract/configuration.endpoints.ts): at its key, its aliases and under its parent. */
export function lookupRoutes(app: App, deps: AppDeps) {
  const route = router(app, deps);
  for (const e of LOOKUPS) {
    const rows = lookupEndpoints(e.key);
    for (const at of [rows, ...rows.aliases]) register(route, e, at);
    if (rows.nested) registerNested(route, e, rows.nested);
  }
}

/** The list's reference filters out of its query (`specimenTypeCategoryId=3`). */
const filtersOf = (e: LookupEntity, q: Record<string, unknown>): svc.ListFilters =>
  Object.fromEntries(
    e.fields.filter((f) => f.kind === 'reference').map((f) => [f.name, q[f.name] as number | undefined]),
  );

function register(route: Route, e: LookupEntity, r: Omit<LookupEndpoints, 'aliases' | 'nested'>) {
  route(r.list, async (req, ctx, reply) =>
    sendPage(reply, req.query, await svc.listLookups(ctx, e, req.query, filtersOf(e, req.query))),
  );
  route(r.get, async (req, ctx) => svc.getLookup(ctx, e, req.params.id));
  route(r.create, async (req, ctx, reply) => reply.status(201).send(await svc.createLookup(ctx, e, req.body)));
  if (r.update) route(r.update, async (req, ctx) => svc.updateLookup(ctx, e, req.params.id, req.body));
  route(r.disable, async (req, ctx) => svc.setLookupEnabled(ctx, e, req.params.id, false));
  route(r.enable, async (req, ctx) => svc.setLookupEnabled(ctx, e, req.params.id, true));
}

function registerNested(route: Route, e: LookupEntity, r: NonNullable<LookupEndpoints['nested']>) {
  const field = r.parentField;
  route(r.list, async (req, ctx, reply) => {
    await svc.assertParent(ctx, e, req.params.id);
    return sendPage(
      reply,
      req.query,
      await svc.listLookups(ctx, e, req.query, { ...filtersOf(e, req.query), [field]: req.params.id }),
    );
  });
  route(r.get, async (req, ctx) => {
    const record = await svc.getLookup(ctx, e, req.params.itemId);
    if ((record as Record<string, unknown>)[field] !== req.params.id) throw notFound(e.label);
    return record;
  });
  // The parent comes from the path, before the body is validated.
  const parentFromPath = async (req: FastifyRequest) => {
    const parentId = Number((req.params as { id: string }).id);
    req.body = { ...(req.body && typeof req.body === 'object' ? req.body : {}), [field]: parentId };
  };
  route(
    r.create,
    async (req, ctx, reply) => {
      await svc.assertParent(ctx, e, req.params.id);
      return reply.status(201).send(await svc.createLookup(ctx, e, req.body));
    },
    { preValidation: parentFromPath },
  );
  if (r.update) {
    route(r.update, async (req, ctx) => svc.updateLookup(ctx, e, req.params.itemId, req.body), {
      preValidation: parentFromPath,
    });
  }
}
