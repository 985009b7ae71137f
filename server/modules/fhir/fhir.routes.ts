import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Resource } from '@medplum/fhirtypes';
import { Problem } from '../../../contract/common.contract';
import { fhirEndpoints as e } from '../../../contract/fhir.endpoints';
import type { App, AppDeps } from '../../platform/app-types';
import type { InstCtx } from '../../platform/context';
import { router } from '../../platform/route';
import * as svc from './fhir.service';

const tooLarge = {
  413: {
    description: 'The bundle would exceed the entry limit',
    content: { 'application/problem+json': { schema: Problem } },
  },
};

/** The resources, each read by our record id (docs/fhir.md): row, type, what it is read from. */
/** Any of the resource rows: the same params and answer, each at its own path. */
type ResourceRow = Omit<typeof e.patient, 'path'> & { path: `/institutions/:instId/fhir/${string}/:id` };
const RESOURCES: [ResourceRow, string, string, (ctx: InstCtx, id: number) => Promise<Resource>][] = [
  [e.patient, 'Patient', 'A participant', svc.patient],
  [e.researchStudy, 'ResearchStudy', 'A collection protocol', svc.researchStudy],
  [e.researchSubject, 'ResearchSubject', 'An enrolment of a participant in a protocol', svc.researchSubject],
  [e.consent, 'Consent', 'A signed consent, with the signature image', svc.consent],
  [e.questionnaire, 'Questionnaire', 'A protocol form with its live fields', svc.questionnaire],
  [e.questionnaireResponse, 'QuestionnaireResponse', 'A filled form', svc.questionnaireResponse],
  [e.specimen, 'Specimen', 'A collected sample', svc.specimen],
  [e.serviceRequest, 'ServiceRequest', 'A lab order', svc.serviceRequest],
  [e.observation, 'Observation', 'A released result (by the result id)', svc.observation],
  [e.location, 'Location', 'A storage node (container, shelf, rack, drawer or box)', svc.location],
];

/** The FHIR R4 export (docs/fhir.md): read-only, JSON as application/fhir+json; errors stay problem+json. */
export function fhirRoutes(app: App, deps: AppDeps) {
  // Every FHIR read is an export: a heavy read (the replica when there is one, the report budget).
  const route = router(app, deps, { heavyReads: true });
  const send = (reply: FastifyReply, body: unknown) => reply.type('application/fhir+json; charset=utf-8').send(body);
  for (const [row, type, description, read1] of RESOURCES) {
    route(row, async (req, ctx, reply) => send(reply, await read1(ctx, req.params.id)), {
      summary: `${type}: ${description}`,
    });
  }
  const fhirCtx = (req: FastifyRequest, ctx: InstCtx): svc.FhirCtx => ({
    ...ctx,
    base: baseOf(req, ctx.institutionId),
  });
  const disposition = (name: string) => `attachment; filename="${name}.fhir.json"`;
  route(
    e.participantBundle,
    async (req, ctx, reply) =>
      send(
        reply.header('Content-Disposition', disposition(`participant-${req.params.id}`)),
        await svc.participantBundle(fhirCtx(req, ctx), req.params.id),
      ),
    { summary: 'Everything about one participant, as a collection Bundle', problems: tooLarge },
  );
  route(
    e.protocolBundle,
    async (req, ctx, reply) =>
      send(
        reply.header('Content-Disposition', disposition(`protocol-${req.params.id}`)),
        await svc.protocolBundle(fhirCtx(req, ctx), req.params.id),
      ),
    {
      summary: 'One protocol with its subjects, consents, specimens and questionnaires, as a collection Bundle',
      problems: tooLarge,
    },
  );
}

/** `https://host/api/institutions/7/fhir` for entries' fullUrl; a Host header that is not a plain host name gives `localhost`. */
function baseOf(req: FastifyRequest, inst: number) {
  const host = /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/.test(req.host) ? req.host : 'localhost';
  return `${req.protocol === 'https' ? 'https' : 'http'}://${host}/api/institutions/${inst}/fhir`;
}
