import { z } from 'zod';
import { InstParam } from './common.contract';
import { endpoint, type FileResponse } from './endpoint';
import {
  DistributedSample,
  DistributeInput,
  MtaInput,
  PickInput,
  PickSuggestion,
  RequestItem,
  RequestItemParams,
  RequestReasonInput,
  RequestStampInput,
  ResearchRequest,
  ResearchRequestInput,
  ResearchRequestListQuery,
  ResearchRequestParams,
  ResearchRequestUpdate,
  ReturnInput,
  SuggestionQuery,
} from './requests.contract';

const tags = ['Research requests'];
const BASE = '/institutions/:instId/researchRequests';
const R = `${BASE}/:researchRequestId`;

const mtaFile: FileResponse = {
  description: 'The signed material transfer agreement as uploaded (PDF, PNG or JPEG)',
  content: {
    'application/pdf': { schema: z.string() },
    'image/png': { schema: z.string() },
    'image/jpeg': { schema: z.string() },
  },
};

/** A distribution's CSV export (the one writer: RFC 4180, every cell quoted, headers in the caller's language). */
const exportCsv: FileResponse = {
  description: 'The distributed samples by their codes with the permitted data, as RFC 4180 CSV',
  content: { 'text/csv': { schema: z.string() } },
};
/** A distribution's FHIR R4 export: a collection Bundle of Specimen and Consent resources, pseudonymous. */
const exportFhir: FileResponse = {
  description:
    'The distributed samples as a FHIR R4 collection Bundle: Specimens whose subject is the code, Consents listing the purposes',
  content: { 'application/fhir+json': { schema: z.looseObject({ resourceType: z.literal('Bundle') }) } },
};

/**
 * Issue 32 item 5 (docs/research.md "Requests"). Permissions: `requests.read` lists and reads (a Researcher only its
 * own requests), `requests.create` drafts, edits, submits and cancels one's own, `requests.review` sees every
 * request and decides (only a named approver of the protocol; when it names none, an administrator),
 * `requests.fulfil` picks, files the agreement, distributes, takes returns and closes.
 */
export const requestEndpoints = {
  list: endpoint({
    method: 'GET',
    path: BASE,
    params: InstParam,
    query: ResearchRequestListQuery,
    response: { 200: z.array(ResearchRequest) },
    permission: 'requests.read',
    paged: true,
    tags,
  }),
  create: endpoint({
    method: 'POST',
    path: BASE,
    params: InstParam,
    body: ResearchRequestInput,
    response: { 201: ResearchRequest },
    permission: 'requests.create',
    tags,
  }),
  get: endpoint({
    method: 'GET',
    path: R,
    params: ResearchRequestParams,
    response: { 200: ResearchRequest },
    permission: 'requests.read',
    tags,
  }),
  update: endpoint({
    method: 'PUT',
    path: R,
    params: ResearchRequestParams,
    body: ResearchRequestUpdate,
    response: { 200: ResearchRequest },
    permission: 'requests.create',
    tags,
  }),
  submit: endpoint({
    method: 'POST',
    path: `${R}/submit`,
    params: ResearchRequestParams,
    body: RequestStampInput,
    response: { 200: ResearchRequest },
    permission: 'requests.create',
    tags,
  }),
  cancel: endpoint({
    method: 'POST',
    path: `${R}/cancel`,
    params: ResearchRequestParams,
    body: RequestReasonInput,
    response: { 200: ResearchRequest },
    permission: 'requests.read',
    tags,
  }),
  approve: endpoint({
    method: 'POST',
    path: `${R}/approve`,
    params: ResearchRequestParams,
    body: RequestStampInput,
    response: { 200: ResearchRequest },
    permission: 'requests.review',
    tags,
  }),
  reject: endpoint({
    method: 'POST',
    path: `${R}/reject`,
    params: ResearchRequestParams,
    body: RequestReasonInput,
    response: { 200: ResearchRequest },
    permission: 'requests.review',
    tags,
  }),
  requestChanges: endpoint({
    method: 'POST',
    path: `${R}/requestChanges`,
    params: ResearchRequestParams,
    body: RequestReasonInput,
    response: { 200: ResearchRequest },
    permission: 'requests.review',
    tags,
  }),
  suggestions: endpoint({
    method: 'GET',
    path: `${R}/suggestions`,
    params: ResearchRequestParams,
    query: SuggestionQuery,
    response: { 200: z.array(PickSuggestion) },
    permission: 'requests.fulfil',
    paged: true,
    tags,
  }),
  items: endpoint({
    method: 'GET',
    path: `${R}/items`,
    params: ResearchRequestParams,
    response: { 200: z.array(RequestItem) },
    permission: 'requests.review',
    tags,
  }),
  pick: endpoint({
    method: 'POST',
    path: `${R}/items`,
    params: ResearchRequestParams,
    body: PickInput,
    response: { 200: ResearchRequest },
    permission: 'requests.fulfil',
    tags,
  }),
  releaseItem: endpoint({
    method: 'POST',
    path: `${R}/items/:itemId/release`,
    params: RequestItemParams,
    body: RequestStampInput,
    response: { 200: ResearchRequest },
    permission: 'requests.fulfil',
    tags,
  }),
  uploadMta: endpoint({
    method: 'PUT',
    path: `${R}/mta`,
    params: ResearchRequestParams,
    body: MtaInput,
    response: { 200: ResearchRequest },
    permission: 'requests.fulfil',
    tags,
  }),
  mta: endpoint({
    method: 'GET',
    path: `${R}/mta`,
    params: ResearchRequestParams,
    response: { 200: mtaFile },
    permission: 'requests.read',
    tags,
  }),
  distribute: endpoint({
    method: 'POST',
    path: `${R}/distribute`,
    params: ResearchRequestParams,
    body: DistributeInput,
    response: { 200: ResearchRequest },
    permission: 'requests.fulfil',
    tags,
  }),
  returns: endpoint({
    method: 'POST',
    path: `${R}/returns`,
    params: ResearchRequestParams,
    body: ReturnInput,
    response: { 200: ResearchRequest },
    permission: 'requests.fulfil',
    tags,
  }),
  close: endpoint({
    method: 'POST',
    path: `${R}/close`,
    params: ResearchRequestParams,
    body: RequestStampInput,
    response: { 200: ResearchRequest },
    permission: 'requests.fulfil',
    tags,
  }),
  distributedSamples: endpoint({
    method: 'GET',
    path: `${R}/distributedSamples`,
    params: ResearchRequestParams,
    response: { 200: z.array(DistributedSample) },
    permission: 'requests.read',
    tags,
  }),
  /** Issue 32 item 6: the distribution as CSV (codes and permitted data only; 409 before distribution). */
  exportCsv: endpoint({
    method: 'GET',
    path: `${R}/export.csv`,
    params: ResearchRequestParams,
    response: { 200: exportCsv },
    permission: 'requests.read',
    tags,
  }),
  /** Issue 32 item 6: the distribution as a FHIR R4 Bundle (codes and permitted data only; 409 before distribution). */
  exportFhir: endpoint({
    method: 'GET',
    path: `${R}/export.fhir.json`,
    params: ResearchRequestParams,
    response: { 200: exportFhir },
    permission: 'requests.read',
    tags,
  }),
};
