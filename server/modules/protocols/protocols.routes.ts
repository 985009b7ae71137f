import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import { Id, InstParam, PagingQuery } from '../../../contract/common.contract';
import {
  Consent, ConsentInput, ConsentUpdate, ConsentVersion, Protocol, ProtocolInput, ProtocolListQuery, ProtocolParams, ProtocolUpdate,
} from '../../../contract/protocols.contract';
import type { App, AppDeps } from '../../platform/app-types';
import { ctxOf } from '../../platform/context';
import { sendPage } from '../../platform/paging';
import * as protocols from './protocols.service';
import * as consents from './consents.service';
import { protocolPartRoutes } from './protocol-parts.routes';
import { protocolParticipantRoutes } from './participants.routes';
import { manage, PROTOCOL_BASE, read, tags } from './route-config';

const ConsentParams = ProtocolParams.extend({ consentId: Id });

export function protocolRoutes(app: App, deps: AppDeps) {
  const ctx = (req: FastifyRequest) => ctxOf(req, deps.db, deps.now);
  const base = '/api/institutions/:instId/collectionProtocols';

  app.get(base, { config: read, schema: { tags, params: InstParam, querystring: ProtocolListQuery, response: { 200: z.array(Protocol) } } },
    async (req, reply) => sendPage(reply, req.query, await protocols.listProtocols(ctx(req), req.query)));
  app.post(base, { config: manage, schema: { tags, params: InstParam, body: ProtocolInput, response: { 201: Protocol } } },
    async (req, reply) => reply.status(201).send(await protocols.createProtocol(ctx(req), req.body)));
  // A literal segment: find-my-way prefers it to /:protocolId whatever the order of registration.
  app.get(`${base}/count`, { config: read, schema: { tags, params: InstParam, response: { 200: z.object({ count: z.number(), isEstimate: z.boolean() }) } } },
    async (req) => protocols.countProtocols(ctx(req)));
  app.get(PROTOCOL_BASE, { config: read, schema: { tags, params: ProtocolParams, response: { 200: Protocol } } },
    async (req) => protocols.getProtocol(ctx(req), req.params.protocolId));
  app.put(PROTOCOL_BASE, { config: manage, schema: { tags, params: ProtocolParams, body: ProtocolUpdate, response: { 200: Protocol } } },
    async (req) => protocols.updateProtocol(ctx(req), req.params.protocolId, req.body));

  const consentBase = `${PROTOCOL_BASE}/collectionProtocolConsents`;
  app.get(consentBase, { config: read, schema: { tags, params: ProtocolParams, querystring: PagingQuery, response: { 200: z.array(Consent) } } },
    async (req, reply) => sendPage(reply, req.query, await consents.listConsents(ctx(req), req.params.protocolId, req.query)));
  app.post(consentBase, { config: manage, schema: { tags, params: ProtocolParams, body: ConsentInput, response: { 201: Consent } } },
    async (req, reply) => reply.status(201).send(await consents.createConsent(ctx(req), req.params.protocolId, req.body)));
  app.get(`${consentBase}/:consentId`, { config: read, schema: { tags, params: ConsentParams, response: { 200: Consent } } },
    async (req) => consents.getConsent(ctx(req), req.params.protocolId, req.params.consentId));
  app.put(`${consentBase}/:consentId`, { config: manage, schema: { tags, params: ConsentParams, body: ConsentUpdate, response: { 200: Consent } } },
    async (req) => consents.updateConsent(ctx(req), req.params.protocolId, req.params.consentId, req.body));
  app.get(`${consentBase}/:consentId/versions`, { config: read, schema: { tags, params: ConsentParams, response: { 200: z.array(ConsentVersion) } } },
    async (req) => consents.listConsentVersions(ctx(req), req.params.protocolId, req.params.consentId));
  app.post(`${consentBase}/:consentId/disable`, { config: manage, schema: { tags, params: ConsentParams, response: { 200: Consent } } },
    async (req) => consents.disableConsent(ctx(req), req.params.protocolId, req.params.consentId));

  protocolPartRoutes(app, deps);
  protocolParticipantRoutes(app, deps);
}
