import { z } from 'zod';
import { InstParam } from './common.contract';
import { endpoint, type FileResponse } from './endpoint';
import {
  QueryAggregate,
  QueryAggregateInput,
  QueryCount,
  QueryCountInput,
  QueryExportInput,
  QuerySample,
  QuerySamplesInput,
  QueryQuestionnaire,
  QueryQuestionnaireFields,
  QueryQuestionnaireParams,
  QueryQuestionnaireQuery,
  SavedQuery,
  SavedQueryInput,
  SavedQueryListQuery,
  SavedQueryParams,
  SavedQueryUpdate,
} from './queries.contract';

const tags = ['Query builder'];
const read = 'queries.read';
const staff = 'queries.staff';
const Q = '/institutions/:instId/queries';
const SAVED = '/institutions/:instId/savedQueries';

/** The staff list as CSV, streamed (a Node stream on the server, documented as text). */
const CsvStream = z
  .custom<AsyncIterable<unknown>>((v) => typeof v === 'object' && v !== null && Symbol.asyncIterator in v)
  .meta({ type: 'string' });
const csv = {
  description: 'The matching samples as RFC 4180 CSV',
  content: { 'text/csv': { schema: CsvStream } },
} satisfies FileResponse;

/** Issue 32 item 4 (docs/research.md "Query builder"). The criteria travel in the body (a tree). */
export const queryEndpoints = {
  count: endpoint({
    method: 'POST',
    path: `${Q}/count`,
    params: InstParam,
    body: QueryCountInput,
    response: { 200: QueryCount },
    permission: read,
    tags,
  }),
  aggregate: endpoint({
    method: 'POST',
    path: `${Q}/aggregate`,
    params: InstParam,
    body: QueryAggregateInput,
    response: { 200: QueryAggregate },
    permission: read,
    tags,
  }),
  samples: endpoint({
    method: 'POST',
    path: `${Q}/samples`,
    params: InstParam,
    body: QuerySamplesInput,
    response: { 200: z.array(QuerySample) },
    permission: staff,
    paged: true,
    tags,
  }),
  exportSamples: endpoint({
    method: 'POST',
    path: `${Q}/samples.csv`,
    params: InstParam,
    body: QueryExportInput,
    response: { 200: csv },
    permission: staff,
    tags,
  }),
  /** The questionnaires the answer criterion may name (researchers: only those shared with the catalogue). */
  questionnaires: endpoint({
    method: 'GET',
    path: `${Q}/questionnaires`,
    params: InstParam,
    query: QueryQuestionnaireQuery,
    response: { 200: z.array(QueryQuestionnaire) },
    permission: read,
    paged: true,
    tags,
  }),
  /** One of them with the fields the caller may ask about and their options. */
  questionnaire: endpoint({
    method: 'GET',
    path: `${Q}/questionnaires/:formId`,
    params: QueryQuestionnaireParams,
    response: { 200: QueryQuestionnaireFields },
    permission: read,
    tags,
  }),
  savedList: endpoint({
    method: 'GET',
    path: SAVED,
    params: InstParam,
    query: SavedQueryListQuery,
    response: { 200: z.array(SavedQuery) },
    permission: read,
    paged: true,
    tags,
  }),
  savedCreate: endpoint({
    method: 'POST',
    path: SAVED,
    params: InstParam,
    body: SavedQueryInput,
    response: { 201: SavedQuery },
    permission: read,
    tags,
  }),
  savedGet: endpoint({
    method: 'GET',
    path: `${SAVED}/:savedQueryId`,
    params: SavedQueryParams,
    response: { 200: SavedQuery },
    permission: read,
    tags,
  }),
  savedUpdate: endpoint({
    method: 'PUT',
    path: `${SAVED}/:savedQueryId`,
    params: SavedQueryParams,
    body: SavedQueryUpdate,
    response: { 200: SavedQuery },
    permission: read,
    tags,
  }),
  savedDisable: endpoint({
    method: 'POST',
    path: `${SAVED}/:savedQueryId/disable`,
    params: SavedQueryParams,
    response: { 200: SavedQuery },
    permission: read,
    tags,
  }),
};
