import { Readable } from 'node:stream';
import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import { InstParam, PagingQuery } from '../../../contract/common.contract';
import {
  FieldDto, FieldInput, FieldListQuery, FieldOptionDto, FieldOrderInput, FieldParams, FieldUpdate, FormDto, FormInput, FormListQuery, FormParams, FormQuery, FormUpdate,
  FormVersionDto, FormWithFields, OptionInput, OptionParams, OptionUpdate, ReportPage, ReportQuery, ReportRangeQuery, SubmissionDetail, SubmissionDto, SubmissionInput,
  SubmissionListQuery, SubmissionParams, SubmittedValueDto, SubmittedValueInput, SubmittedValueRecord, ValueSearchInput, MAX_ANSWER_CHARS, MAX_FIELDS_PER_SUBMISSION,
} from '../../../contract/forms.contract';
import { ProtocolParams } from '../../../contract/protocols.contract';
import type { App, AppDeps } from '../../platform/app-types';
import { ctxOf } from '../../platform/context';
import { sendPage } from '../../platform/paging';
import * as forms from './forms.service';
import * as fields from './fields.service';
import * as submissions from './submissions.service';
import * as reports from './report.service';
import * as lists from './field-lists.service';
import * as values from './submitted-values.service';
import { design, fill, FORM_BASE, read, readAnswers, report, tags } from './route-config';

/** A streamed CSV body (documented as text; the serializer never sees it). */
const CsvStream = z.custom<Readable>((v) => v instanceof Readable).meta({ type: 'string' });

/** Questionnaires: design (spec 2 §7 "Form editor"), fill ("Submitted forms") and the collected report. */
/** Above the app's 1 MB: every answer of the largest form a full text area of three-byte characters (12.1 MB). */
const SUBMISSION_BODY_LIMIT = MAX_FIELDS_PER_SUBMISSION * (MAX_ANSWER_CHARS.TA * 3 + 100);

export function formRoutes(app: App, deps: AppDeps) {
  const ctx = (req: FastifyRequest) => ctxOf(req, deps.db, deps.now);
  // The collected report reads every submission of a form: the report budget (REPORT_STATEMENT_TIMEOUT_MS).
  const reportCtx = (req: FastifyRequest) => ctxOf(req, deps.reportDb, deps.now);
  const form = `${FORM_BASE}/:formId`;
  const fieldBase = `${form}/collectionProtocolFormFields`;
  const optionBase = `${fieldBase}/:fieldId/collectionProtocolFormFieldOptions`;

  app.get('/api/institutions/:instId/collectionProtocolForms', { config: read, schema: { tags, params: InstParam, querystring: FormListQuery, response: { 200: z.array(FormDto) } } },
    async (req, reply) => sendPage(reply, req.query, await forms.listForms(ctx(req), null, req.query)));
  // The protocol is the path's: CollectionProtocolId is the institution-wide list's filter only.
  app.get(FORM_BASE, { config: read, schema: { tags, params: ProtocolParams, querystring: PagingQuery, response: { 200: z.array(FormDto) } } },
    async (req, reply) => sendPage(reply, req.query, await forms.listForms(ctx(req), req.params.protocolId, req.query)));
  app.post(FORM_BASE, { config: design, schema: { tags, params: ProtocolParams, body: FormInput, response: { 201: FormDto } } },
    async (req, reply) => reply.status(201).send(await forms.createForm(ctx(req), req.params.protocolId, req.body)));
  app.get(form, { config: read, schema: { tags, params: FormParams, querystring: FormQuery, response: { 200: FormWithFields } } },
    async (req) => forms.getForm(ctx(req), req.params.protocolId, req.params.formId, req.query.version));
  app.put(form, { config: design, schema: { tags, params: FormParams, body: FormUpdate, response: { 200: FormDto } } },
    async (req) => forms.updateForm(ctx(req), req.params.protocolId, req.params.formId, req.body));
  app.post(`${form}/disable`, { config: design, schema: { tags, params: FormParams, response: { 200: FormDto } } },
    async (req) => forms.disableForm(ctx(req), req.params.protocolId, req.params.formId));
  app.get(`${form}/versions`, { config: read, schema: { tags, params: FormParams, response: { 200: z.array(FormVersionDto) } } },
    async (req) => forms.listVersions(ctx(req), req.params.protocolId, req.params.formId));

  app.get(fieldBase, { config: read, schema: { tags, params: FormParams, querystring: FieldListQuery, response: { 200: z.array(FieldDto) } } },
    async (req, reply) => sendPage(reply, req.query, await lists.listFields(ctx(req), req.params.protocolId, req.params.formId, req.query)));
  app.post(fieldBase, { config: design, schema: { tags, params: FormParams, body: FieldInput, response: { 201: FieldDto } } },
    async (req, reply) => reply.status(201).send(await fields.createField(ctx(req), req.params.protocolId, req.params.formId, req.body)));
  app.put(`${fieldBase}/order`, { config: design, schema: { tags, params: FormParams, body: FieldOrderInput, response: { 200: z.array(FieldDto) } } },
    async (req) => fields.reorderFields(ctx(req), req.params.protocolId, req.params.formId, req.body));
  app.put(`${fieldBase}/:fieldId`, { config: design, schema: { tags, params: FieldParams, body: FieldUpdate, response: { 200: FieldDto } } },
    async (req) => fields.updateField(ctx(req), req.params.protocolId, req.params.formId, req.params.fieldId, req.body));
  app.post(`${fieldBase}/:fieldId/disable`, { config: design, schema: { tags, params: FieldParams, response: { 200: FieldDto } } },
    async (req) => fields.disableField(ctx(req), req.params.protocolId, req.params.formId, req.params.fieldId));

  app.get(optionBase, { config: read, schema: { tags, params: FieldParams, querystring: FieldListQuery, response: { 200: z.array(FieldOptionDto) } } },
    async (req, reply) => sendPage(reply, req.query, await lists.listOptions(ctx(req), req.params.protocolId, req.params.formId, req.params.fieldId, req.query)));
  app.post(optionBase, { config: design, schema: { tags, params: FieldParams, body: OptionInput, response: { 201: FieldOptionDto } } },
    async (req, reply) => reply.status(201).send(await fields.createOption(ctx(req), req.params.protocolId, req.params.formId, req.params.fieldId, req.body)));
  app.put(`${optionBase}/:optionId`, { config: design, schema: { tags, params: OptionParams, body: OptionUpdate, response: { 200: FieldOptionDto } } },
    async (req) => fields.updateOption(ctx(req), req.params.protocolId, req.params.formId, req.params.fieldId, req.params.optionId, req.body));
  app.post(`${optionBase}/:optionId/disable`, { config: design, schema: { tags, params: OptionParams, response: { 200: FieldOptionDto } } },
    async (req) => fields.disableOption(ctx(req), req.params.protocolId, req.params.formId, req.params.fieldId, req.params.optionId));

  app.get(`${form}/report`, { config: report, schema: { tags, params: FormParams, querystring: ReportQuery, response: { 200: ReportPage } } },
    async (req, reply) => {
      const { page, total } = await reports.reportPage(reportCtx(req), req.params.protocolId, req.params.formId, req.query);
      sendPage(reply, req.query, { rows: [], total });
      return page;
    });
  app.get(`${form}/report.csv`, {
    config: report,
    schema: { tags, params: FormParams, querystring: ReportRangeQuery, response: { 200: { description: 'The whole report as RFC 4180 CSV', content: { 'text/csv': { schema: CsvStream } } } } },
  }, async (req, reply) => {
    const { disposition, lines } = await reports.reportCsv(reportCtx(req), req.params.protocolId, req.params.formId, req.query);
    return reply.type('text/csv; charset=utf-8').header('Content-Disposition', disposition).send(Readable.from(lines()));
  });

  const subBase = '/api/institutions/:instId/submittedCollectionProtocolForms';
  app.get(subBase, { config: readAnswers, schema: { tags, params: InstParam, querystring: SubmissionListQuery, response: { 200: z.array(SubmissionDto) } } },
    async (req, reply) => sendPage(reply, req.query, await submissions.listSubmissions(ctx(req), req.query)));
  app.post(subBase, { config: fill, bodyLimit: SUBMISSION_BODY_LIMIT, schema: { tags, params: InstParam, body: SubmissionInput, response: { 201: SubmissionDetail } } },
    async (req, reply) => reply.status(201).send(await submissions.submitForm(ctx(req), req.body)));
  app.get(`${subBase}/:submissionId`, { config: readAnswers, schema: { tags, params: SubmissionParams, response: { 200: SubmissionDetail } } },
    async (req) => submissions.getSubmission(ctx(req), req.params.submissionId));
  app.get(`${subBase}/:submissionId/submittedCollectionProtocolFormValues`, { config: readAnswers, schema: { tags, params: SubmissionParams, response: { 200: z.array(SubmittedValueDto) } } },
    async (req) => submissions.submissionValues(ctx(req), req.params.submissionId));
  app.post(`${subBase}/:submissionId/disable`, { config: fill, schema: { tags, params: SubmissionParams, response: { 200: SubmissionDto } } },
    async (req) => submissions.disableSubmission(ctx(req), req.params.submissionId));

  // Spec 2 §7's two-step fill: one field's answer per call after the submission was made (201 stored,
  // 200 the same answer already stored, 204 an empty optional answer: nothing to store).
  app.post(`${subBase}/:submissionId/submittedCollectionProtocolFormValues`, {
    config: fill, schema: { tags, params: SubmissionParams, body: SubmittedValueInput, response: { 200: SubmittedValueRecord, 201: SubmittedValueRecord, 204: z.null() } },
  }, async (req, reply) => {
    const done = await values.addValue(ctx(req), req.params.submissionId, req.body);
    return done.kind === 'empty' ? reply.status(204).send(null) : reply.status(done.kind === 'created' ? 201 : 200).send(done.value);
  });
  // The search names several submissions, so it hangs off the institution (spec 2 §7's "..." there), and also
  // under the submissions' own collection, as the same line can be read.
  for (const search of ['/api/institutions/:instId/submittedCollectionProtocolFormValues/search', `${subBase}/submittedCollectionProtocolFormValues/search`]) {
    app.post(search, { config: readAnswers, schema: { tags, params: InstParam, body: ValueSearchInput, response: { 200: z.array(SubmittedValueRecord) } } },
      async (req, reply) => sendPage(reply, req.body, await values.searchValues(ctx(req), req.body)));
  }
}
