import { z } from 'zod';
import { Id, InstParam } from './common.contract';
import { endpoint, type FileResponse } from './endpoint';

/** FHIR R4 JSON, documented as an object with a resourceType (the test suite validates the real shape against the R4 schema). */
export const FhirResource = z.looseObject({ resourceType: z.string(), id: z.string().optional() });
const fhirJson = (description: string): FileResponse => ({
  description,
  content: { 'application/fhir+json': { schema: FhirResource } },
});
const tags = ['FHIR'];
const Params = InstParam.extend({ id: Id });
// Reading any of it is reading participants' data (docs/permissions.md).
const permission = 'participants.read';

/** The FHIR R4 export (docs/fhir.md): read-only, each resource by our record id; errors stay problem+json. */
export const fhirEndpoints = {
  patient: endpoint({
    method: 'GET',
    path: '/institutions/:instId/fhir/Patient/:id',
    params: Params,
    response: { 200: fhirJson('The Patient') },
    permission,
    tags,
  }),
  researchStudy: endpoint({
    method: 'GET',
    path: '/institutions/:instId/fhir/ResearchStudy/:id',
    params: Params,
    response: { 200: fhirJson('The ResearchStudy') },
    permission,
    tags,
  }),
  researchSubject: endpoint({
    method: 'GET',
    path: '/institutions/:instId/fhir/ResearchSubject/:id',
    params: Params,
    response: { 200: fhirJson('The ResearchSubject') },
    permission,
    tags,
  }),
  consent: endpoint({
    method: 'GET',
    path: '/institutions/:instId/fhir/Consent/:id',
    params: Params,
    response: { 200: fhirJson('The Consent') },
    permission,
    tags,
  }),
  questionnaire: endpoint({
    method: 'GET',
    path: '/institutions/:instId/fhir/Questionnaire/:id',
    params: Params,
    response: { 200: fhirJson('The Questionnaire') },
    permission,
    tags,
  }),
  questionnaireResponse: endpoint({
    method: 'GET',
    path: '/institutions/:instId/fhir/QuestionnaireResponse/:id',
    params: Params,
    response: { 200: fhirJson('The QuestionnaireResponse') },
    permission,
    tags,
  }),
  specimen: endpoint({
    method: 'GET',
    path: '/institutions/:instId/fhir/Specimen/:id',
    params: Params,
    response: { 200: fhirJson('The Specimen') },
    permission,
    tags,
  }),
  serviceRequest: endpoint({
    method: 'GET',
    path: '/institutions/:instId/fhir/ServiceRequest/:id',
    params: Params,
    response: { 200: fhirJson('The ServiceRequest') },
    permission,
    tags,
  }),
  observation: endpoint({
    method: 'GET',
    path: '/institutions/:instId/fhir/Observation/:id',
    params: Params,
    response: { 200: fhirJson('The Observation') },
    permission,
    tags,
  }),
  location: endpoint({
    method: 'GET',
    path: '/institutions/:instId/fhir/Location/:id',
    params: Params,
    response: { 200: fhirJson('The Location') },
    permission,
    tags,
  }),
  participantBundle: endpoint({
    method: 'GET',
    path: '/institutions/:instId/fhir/Bundle/participant/:id',
    params: Params,
    response: { 200: fhirJson('The Bundle') },
    permission,
    tags,
  }),
  protocolBundle: endpoint({
    method: 'GET',
    path: '/institutions/:instId/fhir/Bundle/protocol/:id',
    params: Params,
    response: { 200: fhirJson('The Bundle') },
    permission,
    tags,
  }),
};
