import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import { Id, PagingQuery } from '../../../contract/common.contract';
import { ProtocolParams } from '../../../contract/protocols.contract';
import {
  EnrolInput, ParticipantConsent, ParticipantConsentQuery, ParticipantQuery, ProtocolParticipant, SignInput, WithdrawInput,
} from '../../../contract/protocol-participants.contract';
import type { App, AppDeps } from '../../platform/app-types';
import { ctxOf } from '../../platform/context';
import { sendPage } from '../../platform/paging';
import * as enrolments from './enrolments.service';
import * as signed from './participant-consents.service';
import { manage, PROTOCOL_BASE, read, tags } from './route-config';

const ParticipantParams = ProtocolParams.extend({ participantId: Id });
const SignedParams = ProtocolParams.extend({ participantConsentId: Id });

/** Spec 2 §7 "Protocol participants": enrolment, the paged list, disable; signed and withdrawn consents. */
export function protocolParticipantRoutes(app: App, { db, now }: AppDeps) {
  const ctx = (req: FastifyRequest) => ctxOf(req, db, now);

  const base = `${PROTOCOL_BASE}/collectionProtocolParticipants`;
  app.get(base, { config: read, schema: { tags, params: ProtocolParams, querystring: PagingQuery.extend(ParticipantQuery.shape), response: { 200: z.array(ProtocolParticipant) } } },
    async (req, reply) => sendPage(reply, req.query, await enrolments.listParticipants(ctx(req), req.params.protocolId, req.query, req.query)));
  app.post(base, { config: manage, schema: { tags, params: ProtocolParams, body: EnrolInput, response: { 201: z.array(ProtocolParticipant) } } },
    async (req, reply) => reply.status(201).send(await enrolments.enrol(ctx(req), req.params.protocolId, req.body)));
  app.get(`${base}/:participantId`, { config: read, schema: { tags, params: ParticipantParams, response: { 200: ProtocolParticipant } } },
    async (req) => enrolments.getParticipant(ctx(req), req.params.protocolId, req.params.participantId));
  app.post(`${base}/:participantId/disable`, { config: manage, schema: { tags, params: ParticipantParams, response: { 200: ProtocolParticipant } } },
    async (req) => enrolments.disableParticipant(ctx(req), req.params.protocolId, req.params.participantId));

  const consents = `${PROTOCOL_BASE}/collectionProtocolParticipantConsents`;
  app.get(consents, { config: read, schema: { tags, params: ProtocolParams, querystring: ParticipantConsentQuery, response: { 200: z.array(ParticipantConsent) } } },
    async (req) => signed.listParticipantConsents(ctx(req), req.params.protocolId, req.query));
  app.post(consents, { config: manage, schema: { tags, params: ProtocolParams, body: SignInput, response: { 201: ParticipantConsent } } },
    async (req, reply) => reply.status(201).send(await signed.signConsent(ctx(req), req.params.protocolId, req.body)));
  app.get(`${consents}/:participantConsentId`, { config: read, schema: { tags, params: SignedParams, response: { 200: ParticipantConsent } } },
    async (req) => signed.getParticipantConsent(ctx(req), req.params.protocolId, req.params.participantConsentId));
  app.post(`${consents}/:participantConsentId/withdraw`, { config: manage, schema: { tags, params: SignedParams, body: WithdrawInput, response: { 200: ParticipantConsent } } },
    async (req) => signed.withdrawConsent(ctx(req), req.params.protocolId, req.params.participantConsentId, req.body));
}
