import { z } from 'zod';
import { InstParam, PagingQuery } from './common.contract';
import { endpoint } from './endpoint';
import {
  FieldDto,
  FieldInput,
  FieldListQuery,
  FieldOptionDto,
  FieldOrderInput,
  FieldParams,
  FieldUpdate,
  FormDto,
  FormInput,
  FormListQuery,
  FormParams,
  FormQuery,
  FormShareableInput,
  FormUpdate,
  FormVersionDto,
  FormWithFields,
  OptionInput,
  OptionParams,
  OptionUpdate,
  ReportPage,
  ReportQuery,
  ReportRangeQuery,
  SubmissionDetail,
  SubmissionDto,
  SubmissionInput,
  SubmissionListQuery,
  SubmissionParams,
  SubmittedValueDto,
  SubmittedValueInput,
  SubmittedValueRecord,
  ValueSearchInput,
} from './forms.contract';
import { ProtocolParams } from './protocols.contract';

/** A streamed CSV body: documented as text; the server sends a stream the serializer never sees. */
const CsvBody = z.unknown().meta({ type: 'string' });

// Permissions: docs/forms.md.
const tags = ['Questionnaires'];
const read = 'protocols.read';
const design = 'protocols.manage';
const readAnswers = 'participants.read';
const fill = 'participants.manage';
const report = 'reports.run';

const FORMS = '/institutions/:instId/collectionProtocols/:protocolId/collectionProtocolForms';
const FORM = `${FORMS}/:formId`;
const FIELDS = `${FORM}/collectionProtocolFormFields`;
const OPTIONS = `${FIELDS}/:fieldId/collectionProtocolFormFieldOptions`;
const SUBMISSIONS = '/institutions/:instId/submittedCollectionProtocolForms';

/** Questionnaires: design (spec 2 §7 "Form editor"), fill ("Submitted forms") and the collected report. */
export const formEndpoints = {
  all: endpoint({
    method: 'GET',
    path: '/institutions/:instId/collectionProtocolForms',
    params: InstParam,
    query: FormListQuery,
    response: { 200: z.array(FormDto) },
    permission: read,
    paged: true,
    tags,
  }),
  // The protocol is the path's: CollectionProtocolId is the institution-wide list's filter only.
  list: endpoint({
    method: 'GET',
    path: FORMS,
    params: ProtocolParams,
    query: PagingQuery,
    response: { 200: z.array(FormDto) },
    permission: read,
    paged: true,
    tags,
  }),
  create: endpoint({
    method: 'POST',
    path: FORMS,
    params: ProtocolParams,
    body: FormInput,
    response: { 201: FormDto },
    permission: design,
    tags,
  }),
  get: endpoint({
    method: 'GET',
    path: FORM,
    params: FormParams,
    query: FormQuery,
    response: { 200: FormWithFields },
    permission: read,
    tags,
  }),
  update: endpoint({
    method: 'PUT',
    path: FORM,
    params: FormParams,
    body: FormUpdate,
    response: { 200: FormDto },
    permission: design,
    tags,
  }),
  /** Issue 32 item 3 (docs/research.md "Catalogue"): an administrator shares its list answers with the catalogue. */
  setShareable: endpoint({
    method: 'PUT',
    path: `${FORM}/shareable`,
    params: FormParams,
    body: FormShareableInput,
    response: { 200: FormDto },
    permission: 'distribution.manage',
    tags,
  }),
  disable: endpoint({
    method: 'POST',
    path: `${FORM}/disable`,
    params: FormParams,
    response: { 200: FormDto },
    permission: design,
    tags,
  }),
  versions: endpoint({
    method: 'GET',
    path: `${FORM}/versions`,
    params: FormParams,
    response: { 200: z.array(FormVersionDto) },
    permission: read,
    tags,
  }),

  fields: endpoint({
    method: 'GET',
    path: FIELDS,
    params: FormParams,
    query: FieldListQuery,
    response: { 200: z.array(FieldDto) },
    permission: read,
    paged: true,
    tags,
  }),
  createField: endpoint({
    method: 'POST',
    path: FIELDS,
    params: FormParams,
    body: FieldInput,
    response: { 201: FieldDto },
    permission: design,
    tags,
  }),
  orderFields: endpoint({
    method: 'PUT',
    path: `${FIELDS}/order`,
    params: FormParams,
    body: FieldOrderInput,
    response: { 200: z.array(FieldDto) },
    permission: design,
    tags,
  }),
  updateField: endpoint({
    method: 'PUT',
    path: `${FIELDS}/:fieldId`,
    params: FieldParams,
    body: FieldUpdate,
    response: { 200: FieldDto },
    permission: design,
    tags,
  }),
  disableField: endpoint({
    method: 'POST',
    path: `${FIELDS}/:fieldId/disable`,
    params: FieldParams,
    response: { 200: FieldDto },
    permission: design,
    tags,
  }),

  options: endpoint({
    method: 'GET',
    path: OPTIONS,
    params: FieldParams,
    query: FieldListQuery,
    response: { 200: z.array(FieldOptionDto) },
    permission: read,
    paged: true,
    tags,
  }),
  createOption: endpoint({
    method: 'POST',
    path: OPTIONS,
    params: FieldParams,
    body: OptionInput,
    response: { 201: FieldOptionDto },
    permission: design,
    tags,
  }),
  updateOption: endpoint({
    method: 'PUT',
    path: `${OPTIONS}/:optionId`,
    params: OptionParams,
    body: OptionUpdate,
    response: { 200: FieldOptionDto },
    permission: design,
    tags,
  }),
  disableOption: endpoint({
    method: 'POST',
    path: `${OPTIONS}/:optionId/disable`,
    params: OptionParams,
    response: { 200: FieldOptionDto },
    permission: design,
    tags,
  }),

  // The body is {columns, rows}; the X-Pagination header counts its rows.
  report: endpoint({
    method: 'GET',
    path: `${FORM}/report`,
    params: FormParams,
    query: ReportQuery,
    response: { 200: ReportPage },
    permission: report,
    paged: true,
    tags,
  }),
  reportCsv: endpoint({
    method: 'GET',
    path: `${FORM}/report.csv`,
    params: FormParams,
    query: ReportRangeQuery,
    response: {
      200: { description: 'The whole report as RFC 4180 CSV', content: { 'text/csv': { schema: CsvBody } } },
    },
    permission: report,
    tags,
  }),

  submissions: endpoint({
    method: 'GET',
    path: SUBMISSIONS,
    params: InstParam,
    query: SubmissionListQuery,
    response: { 200: z.array(SubmissionDto) },
    permission: readAnswers,
    paged: true,
    tags,
  }),
  submit: endpoint({
    method: 'POST',
    path: SUBMISSIONS,
    params: InstParam,
    body: SubmissionInput,
    response: { 201: SubmissionDetail },
    permission: fill,
    tags,
  }),
  submission: endpoint({
    method: 'GET',
    path: `${SUBMISSIONS}/:submissionId`,
    params: SubmissionParams,
    response: { 200: SubmissionDetail },
    permission: readAnswers,
    tags,
  }),
  submissionValues: endpoint({
    method: 'GET',
    path: `${SUBMISSIONS}/:submissionId/submittedCollectionProtocolFormValues`,
    params: SubmissionParams,
    response: { 200: z.array(SubmittedValueDto) },
    permission: readAnswers,
    tags,
  }),
  disableSubmission: endpoint({
    method: 'POST',
    path: `${SUBMISSIONS}/:submissionId/disable`,
    params: SubmissionParams,
    response: { 200: SubmissionDto },
    permission: fill,
    tags,
  }),
  // Spec 2 §7's two-step fill: one field's answer per call after the submission was made (201 stored,
  // 200 the same answer already stored, 204 an empty optional answer: nothing to store).
  addValue: endpoint({
    method: 'POST',
    path: `${SUBMISSIONS}/:submissionId/submittedCollectionProtocolFormValues`,
    params: SubmissionParams,
    body: SubmittedValueInput,
    response: { 200: SubmittedValueRecord, 201: SubmittedValueRecord, 204: z.null() },
    permission: fill,
    tags,
  }),
  // The search names several submissions, so it hangs off the institution (spec 2 §7's "..." there), and also
  // under the submissions' own collection, as the same line can be read. Its page travels in the body.
  searchValues: endpoint({
    method: 'POST',
    path: '/institutions/:instId/submittedCollectionProtocolFormValues/search',
    params: InstParam,
    body: ValueSearchInput,
    response: { 200: z.array(SubmittedValueRecord) },
    permission: readAnswers,
    paged: true,
    tags,
  }),
  searchSubmissionValues: endpoint({
    method: 'POST',
    path: `${SUBMISSIONS}/submittedCollectionProtocolFormValues/search`,
    params: InstParam,
    body: ValueSearchInput,
    response: { 200: z.array(SubmittedValueRecord) },
    permission: readAnswers,
    paged: true,
    tags,
  }),
};
