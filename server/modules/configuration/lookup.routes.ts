import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import { Id, InstParam, PagingQuery, RecordBase, type PagingQuery as PagingQueryT } from '../../../contract/common.contract';
import { LOOKUPS, type LookupEntity } from '../../../contract/lookups.registry';
import { lookupInputSchema, type LookupInput } from '../../../contract/lookups.schemas';
import type { App, AppDeps } from '../../platform/app-types';
import { ctxOf } from '../../platform/context';
import { sendPage } from '../../platform/paging';
import { notFound } from '../../platform/errors';
import * as svc from './lookup.service';

const id = Id;
const LookupRecord = RecordBase.loose();

/** Every registry entity gets list, get, create, edit (unless noEdit), disable and enable; nested ones also under their parent. */
export function lookupRoutes(app: App, { db, now }: AppDeps) {
  for (const e of LOOKUPS) register(app, e, (req) => ctxOf(req, db, now));
}

function register(app: App, e: LookupEntity, ctx: (req: FastifyRequest) => ReturnType<typeof ctxOf>) {
  const tags = [`Configuration: ${e.label}`];
  const body = lookupInputSchema(e);
  const editBody = lookupInputSchema(e, { edit: true });
  const filters = Object.fromEntries(e.fields.filter((f) => f.kind === 'reference').map((f) => [f.name, id.optional()]));
  const Query = PagingQuery.extend(filters);
  const ItemParams = InstParam.extend({ id });
  const ParentParams = InstParam.extend({ id });
  const NestedItemParams = InstParam.extend({ id, itemId: id });
  const read = { permission: 'configuration.read' as const };
  const manage = { permission: 'configuration.manage' as const };

  for (const segment of [e.key, ...(e.aliases ?? [])]) {
    const base = `/api/institutions/:instId/${segment}`;
    app.get(base, { config: read, schema: { tags, params: InstParam, querystring: Query, response: { 200: z.array(LookupRecord) } } },
      async (req, reply) => {
        const q = req.query as PagingQueryT & Record<string, number | undefined>;
        const f = Object.fromEntries(Object.keys(filters).map((k) => [k, q[k]]));
        return sendPage(reply, q, await svc.listLookups(ctx(req), e, q, f));
      });
    app.get(`${base}/:id`, { config: read, schema: { tags, params: ItemParams, response: { 200: LookupRecord } } },
      async (req) => (await svc.getLookup(ctx(req), e, req.params.id)));
    app.post(base, { config: manage, schema: { tags, params: InstParam, body, response: { 201: LookupRecord } } },
      async (req, reply) => reply.status(201).send((await svc.createLookup(ctx(req), e, req.body as LookupInput))));
    if (!e.noEdit) {
      app.put(`${base}/:id`, { config: manage, schema: { tags, params: ItemParams, body: editBody, response: { 200: LookupRecord } } },
        async (req) => (await svc.updateLookup(ctx(req), e, req.params.id, req.body as LookupInput)));
    }
    for (const [action, enabled] of [['disable', false], ['enable', true]] as const) {
      app.post(`${base}/:id/${action}`, { config: manage, schema: { tags, params: ItemParams, response: { 200: LookupRecord } } },
        async (req) => (await svc.setLookupEnabled(ctx(req), e, req.params.id, enabled)));
    }
  }

  if (!e.parent) return;
  const field = e.parent.field;
  const nested = `/api/institutions/:instId/${e.parent.key}/:id/${e.key}`;
  // The parent is the path's: the query takes the other reference filters, not the parent's again.
  const NestedQuery = PagingQuery.extend(Object.fromEntries(Object.entries(filters).filter(([k]) => k !== field)));
  app.get(nested, { config: read, schema: { tags, params: ParentParams, querystring: NestedQuery, response: { 200: z.array(LookupRecord) } } },
    async (req, reply) => {
      await svc.assertParent(ctx(req), e, req.params.id);
      const q = req.query as PagingQueryT & Record<string, number | undefined>;
      const f = Object.fromEntries(Object.keys(filters).map((k) => [k, q[k]]));
      return sendPage(reply, q, await svc.listLookups(ctx(req), e, q, { ...f, [field]: req.params.id }));
    });
  // spec 1 §7 reads one nested record under its parent (tests/{testId}/testResultRanges/{rangeId}).
  app.get(`${nested}/:itemId`, { config: read, schema: { tags, params: NestedItemParams, response: { 200: LookupRecord } } },
    async (req) => {
      const record = await svc.getLookup(ctx(req), e, req.params.itemId);
      if ((record as Record<string, unknown>)[field] !== req.params.id) throw notFound(e.label);
      return record;
    });
  // The parent comes from the path, before the body is validated.
  const parentFromPath = async (req: FastifyRequest) => {
    const parentId = Number((req.params as { id: string }).id);
    req.body = { ...(req.body && typeof req.body === 'object' ? req.body : {}), [field]: parentId };
  };
  app.post(nested, { config: manage, preValidation: parentFromPath, schema: { tags, params: ParentParams, body, response: { 201: LookupRecord } } },
    async (req, reply) => {
      await svc.assertParent(ctx(req), e, req.params.id);
      return reply.status(201).send((await svc.createLookup(ctx(req), e, req.body as LookupInput)));
    });
  if (!e.noEdit) {
    app.put(`${nested}/:itemId`, { config: manage, preValidation: parentFromPath, schema: { tags, params: NestedItemParams, body: editBody, response: { 200: LookupRecord } } },
      async (req) => (await svc.updateLookup(ctx(req), e, req.params.itemId, req.body as LookupInput)));
  }
}
