import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import { Id, PagingQuery } from '../../../contract/common.contract';
import { ProtocolParams, ProtocolSite, SitesAdded, SitesInput } from '../../../contract/protocols.contract';
import { AddItemsBody, EventInput, ProtocolEvent, Requirement, RequirementInput, RequirementItemsQuery, SpecRequirementItem } from '../../../contract/protocol-events.contract';
import type { App, AppDeps } from '../../platform/app-types';
import { ctxOf } from '../../platform/context';
import { filterRows, pageOf, sendPage } from '../../platform/paging';
import * as sites from './sites.service';
import * as events from './events.service';
import * as requirements from './requirements.service';
import { manage, PROTOCOL_BASE, read, tags } from './route-config';

const SiteParams = ProtocolParams.extend({ siteId: Id });
const EventParams = ProtocolParams.extend({ eventId: Id });
const RequirementParams = ProtocolParams.extend({ requirementId: Id });
const EventRequirementParams = EventParams.extend({ requirementId: Id });
const ITEMS = 'collectionProtocolEventSpecimenRequirementItems';

/** Sites, events and their specimen requirement trees (spec 2 §7 "Protocol area"). */
export function protocolPartRoutes(app: App, { db, now }: AppDeps) {
  const ctx = (req: FastifyRequest) => ctxOf(req, db, now);

  const siteBase = `${PROTOCOL_BASE}/collectionProtocolSites`;
  app.get(siteBase, { config: read, schema: { tags, params: ProtocolParams, querystring: PagingQuery, response: { 200: z.array(ProtocolSite) } } },
    async (req, reply) => sendPage(reply, req.query, await sites.listSites(ctx(req), req.params.protocolId, req.query)));
  app.post(siteBase, { config: manage, schema: { tags, params: ProtocolParams, body: SitesInput, response: { 200: SitesAdded } } },
    async (req) => sites.addSites(ctx(req), req.params.protocolId, req.body));
  app.post(`${siteBase}/:siteId/disable`, { config: manage, schema: { tags, params: SiteParams, response: { 200: ProtocolSite } } },
    async (req) => sites.removeSite(ctx(req), req.params.protocolId, req.params.siteId));

  const eventBase = `${PROTOCOL_BASE}/collectionProtocolEvents`;
  app.get(eventBase, { config: read, schema: { tags, params: ProtocolParams, querystring: PagingQuery, response: { 200: z.array(ProtocolEvent) } } },
    async (req, reply) => sendPage(reply, req.query, await events.listEvents(ctx(req), req.params.protocolId, req.query)));
  app.post(eventBase, { config: manage, schema: { tags, params: ProtocolParams, body: EventInput, response: { 201: ProtocolEvent } } },
    async (req, reply) => reply.status(201).send(await events.createEvent(ctx(req), req.params.protocolId, req.body)));
  app.get(`${eventBase}/:eventId`, { config: read, schema: { tags, params: EventParams, response: { 200: ProtocolEvent } } },
    async (req) => events.getEvent(ctx(req), req.params.protocolId, req.params.eventId));

  const reqPath = `${eventBase}/:eventId/collectionProtocolEventSpecimenRequirements`;
  app.get(reqPath, { config: read, schema: { tags, params: EventParams, querystring: PagingQuery, response: { 200: z.array(Requirement) } } },
    async (req, reply) => sendPage(reply, req.query, pageOf(filterRows(await requirements.listRequirements(ctx(req), req.params.protocolId, req.params.eventId), req.query,
      (r) => [r.title, r.code, r.specimenType?.title]), req.query)));
  app.post(reqPath, { config: manage, schema: { tags, params: EventParams, body: RequirementInput, response: { 201: Requirement } } },
    async (req, reply) => reply.status(201).send(await requirements.createRequirement(ctx(req), req.params.protocolId, req.params.eventId, req.body)));
  // Items of a requirement, at the protocol's level (our first path) and under the requirement's event (as spec 2 §7's
  // "..." also reads after the requirements' own path): the same calls, the event path also checking the event.
  const eventOfPath = (params: object) => ('eventId' in params ? Number(params.eventId) : null);
  for (const [itemsPath, params] of [
    [`${PROTOCOL_BASE}/collectionProtocolEventSpecimenRequirements/:requirementId/${ITEMS}`, RequirementParams],
    [`${reqPath}/:requirementId/${ITEMS}`, EventRequirementParams],
  ] as const) {
    app.get(itemsPath, { config: read, schema: { tags, params, querystring: RequirementItemsQuery, response: { 200: z.array(SpecRequirementItem) } } },
      async (req, reply) => sendPage(reply, req.query, await requirements.listItems(ctx(req), req.params.protocolId, req.params.requirementId, eventOfPath(req.params), req.query)));
    app.post(itemsPath, { config: manage, schema: { tags, params, body: AddItemsBody, response: { 201: z.union([Requirement, SpecRequirementItem]) } } },
      async (req, reply) => reply.status(201).send(await requirements.addItemsCall(ctx(req), req.params.protocolId, req.params.requirementId, req.body, eventOfPath(req.params))));
  }
}
