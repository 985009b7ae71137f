import { z } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Resource } from '@medplum/fhirtypes';
import { Id, InstParam, Problem } from '../../../contract/common.contract';
import type { App, AppDeps } from '../../platform/app-types';
import { ctxOf } from '../../platform/context';
import * as svc from './fhir.service';

/** FHIR R4 JSON, documented as an object with a resourceType (the test suite validates the real shape against the R4 schema). */
const FhirResource = z.looseObject({ resourceType: z.string(), id: z.string().optional() });
const fhirJson = (description: string) => ({ 200: { description, content: { 'application/fhir+json': { schema: FhirResource } } } });
const tooLarge = { 413: { description: 'The bundle would exceed the entry limit', content: { 'application/problem+json': { schema: Problem } } } };
const tags = ['FHIR'];
/** Reading any of it is reading participants' data (docs/permissions.md). */
const read = { permission: 'participants.read' as const };
export const FHIR_BASE = '/api/institutions/:instId/fhir';
const Params = InstParam.extend({ id: Id });

/** The resources, each read by our record id (docs/fhir.md): type -> what it is read from. */
const RESOURCES: [string, string, (ctx: ReturnType<typeof ctxOf>, id: number) => Promise<Resource>][] = [
  ['Patient', 'A participant', svc.patient],
  ['ResearchStudy', 'A collection protocol', svc.researchStudy],
  ['ResearchSubject', 'An enrolment of a participant in a protocol', svc.researchSubject],
  ['Consent', 'A signed consent, with the signature image', svc.consent],
  ['Questionnaire', 'A protocol form with its live fields', svc.questionnaire],
  ['QuestionnaireResponse', 'A filled form', svc.questionnaireResponse],
  ['Specimen', 'A collected sample', svc.specimen],
  ['ServiceRequest', 'A lab order', svc.serviceRequest],
  ['Observation', 'A released result (by the result id)', svc.observation],
  ['Location', 'A storage node (container, shelf, rack, drawer or box)', svc.location],
];

/** The FHIR R4 export (docs/fhir.md): read-only, JSON as application/fhir+json; errors stay problem+json. */
export function fhirRoutes(app: App, { db, now }: AppDeps) {
  const send = (reply: FastifyReply, body: unknown) => reply.type('application/fhir+json; charset=utf-8').send(body);
  for (const [type, description, read1] of RESOURCES) {
    app.get(`${FHIR_BASE}/${type}/:id`, { config: read, schema: { tags, summary: `${type}: ${description}`, params: Params, response: fhirJson(`The ${type}`) } },
      async (req, reply) => send(reply, await read1(ctxOf(req, db, now), req.params.id)));
  }
  const fhirCtx = (req: FastifyRequest): svc.FhirCtx => ({ ...ctxOf(req, db, now), base: baseOf(req) });
  const disposition = (name: string) => `attachment; filename="${name}.fhir.json"`;
  app.get(`${FHIR_BASE}/Bundle/participant/:id`, {
    config: read, schema: { tags, summary: 'Everything about one participant, as a collection Bundle', params: Params, response: { ...fhirJson('The Bundle'), ...tooLarge } },
  }, async (req, reply) => send(reply.header('Content-Disposition', disposition(`participant-${req.params.id}`)), await svc.participantBundle(fhirCtx(req), req.params.id)));
  app.get(`${FHIR_BASE}/Bundle/protocol/:id`, {
    config: read, schema: { tags, summary: 'One protocol with its subjects, consents, specimens and questionnaires, as a collection Bundle', params: Params, response: { ...fhirJson('The Bundle'), ...tooLarge } },
  }, async (req, reply) => send(reply.header('Content-Disposition', disposition(`protocol-${req.params.id}`)), await svc.protocolBundle(fhirCtx(req), req.params.id)));
}

/** `https://host/api/institutions/7/fhir` for entries' fullUrl; a Host header that is not a plain host name gives `localhost`. */
function baseOf(req: FastifyRequest) {
  const host = /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/.test(req.host) ? req.host : 'localhost';
  const inst = (req.params as { instId: number }).instId;
  return `${req.protocol === 'https' ? 'https' : 'http'}://${host}/api/institutions/${inst}/fhir`;
}
