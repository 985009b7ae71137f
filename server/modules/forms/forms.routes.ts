import { Readable } from 'node:stream';
import { formEndpoints as e } from '../../../contract/forms.endpoints';
import { MAX_ANSWER_CHARS, MAX_FIELDS_PER_SUBMISSION } from '../../../contract/forms.contract';
import type { App, AppDeps } from '../../platform/app-types';
import { router } from '../../platform/route';
import { sendPage } from '../../platform/paging';
import { requestLanguage } from '../../platform/i18n';
import * as forms from './forms.service';
import * as fields from './fields.service';
import * as submissions from './submissions.service';
import * as reports from './report.service';
import * as lists from './field-lists.service';
import * as values from './submitted-values.service';

/** Above the app's 1 MB: every answer of the largest form a full text area of three-byte characters (12.1 MB). */
const SUBMISSION_BODY_LIMIT = MAX_FIELDS_PER_SUBMISSION * (MAX_ANSWER_CHARS.TA * 3 + 100);

/** Questionnaires: design (spec 2 §7 "Form editor"), fill ("Submitted forms") and the collected report. */
export function formRoutes(app: App, deps: AppDeps) {
  const route = router(app, deps);
  // The collected report reads every submission of a form: a heavy read (the replica when there is one, the report
  // budget REPORT_STATEMENT_TIMEOUT_MS).
  const reportRoute = router(app, deps, { heavyReads: true });

  route(e.all, async (req, ctx, reply) => sendPage(reply, req.query, await forms.listForms(ctx, null, req.query)));
  route(e.list, async (req, ctx, reply) =>
    sendPage(reply, req.query, await forms.listForms(ctx, req.params.protocolId, req.query)),
  );
  route(e.create, async (req, ctx, reply) =>
    reply.status(201).send(await forms.createForm(ctx, req.params.protocolId, req.body)),
  );
  route(e.get, async (req, ctx) => forms.getForm(ctx, req.params.protocolId, req.params.formId, req.query.version));
  route(e.update, async (req, ctx) => forms.updateForm(ctx, req.params.protocolId, req.params.formId, req.body));
  route(e.setShareable, async (req, ctx) =>
    forms.setFormShareable(ctx, req.params.protocolId, req.params.formId, req.body),
  );
  route(e.disable, async (req, ctx) => forms.disableForm(ctx, req.params.protocolId, req.params.formId));
  route(e.versions, async (req, ctx) => forms.listVersions(ctx, req.params.protocolId, req.params.formId));

  route(e.fields, async (req, ctx, reply) =>
    sendPage(reply, req.query, await lists.listFields(ctx, req.params.protocolId, req.params.formId, req.query)),
  );
  route(e.createField, async (req, ctx, reply) =>
    reply.status(201).send(await fields.createField(ctx, req.params.protocolId, req.params.formId, req.body)),
  );
  route(e.orderFields, async (req, ctx) =>
    fields.reorderFields(ctx, req.params.protocolId, req.params.formId, req.body),
  );
  route(e.updateField, async (req, ctx) =>
    fields.updateField(ctx, req.params.protocolId, req.params.formId, req.params.fieldId, req.body),
  );
  route(e.disableField, async (req, ctx) =>
    fields.disableField(ctx, req.params.protocolId, req.params.formId, req.params.fieldId),
  );

  route(e.options, async (req, ctx, reply) =>
    sendPage(
      reply,
      req.query,
      await lists.listOptions(ctx, req.params.protocolId, req.params.formId, req.params.fieldId, req.query),
    ),
  );
  route(e.createOption, async (req, ctx, reply) =>
    reply
      .status(201)
      .send(await fields.createOption(ctx, req.params.protocolId, req.params.formId, req.params.fieldId, req.body)),
  );
  route(e.updateOption, async (req, ctx) =>
    fields.updateOption(
      ctx,
      req.params.protocolId,
      req.params.formId,
      req.params.fieldId,
      req.params.optionId,
      req.body,
    ),
  );
  route(e.disableOption, async (req, ctx) =>
    fields.disableOption(ctx, req.params.protocolId, req.params.formId, req.params.fieldId, req.params.optionId),
  );

  reportRoute(e.report, async (req, ctx, reply) => {
    const { page, total } = await reports.reportPage(
      ctx,
      req.params.protocolId,
      req.params.formId,
      req.query,
      requestLanguage(req),
    );
    sendPage(reply, req.query, { rows: [], total });
    return page;
  });
  reportRoute(e.reportCsv, async (req, ctx, reply) => {
    const { disposition, lines } = await reports.reportCsv(
      ctx,
      req.params.protocolId,
      req.params.formId,
      req.query,
      requestLanguage(req),
    );
    return reply
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', disposition)
      .send(Readable.from(lines()));
  });

  route(e.submissions, async (req, ctx, reply) =>
    sendPage(reply, req.query, await submissions.listSubmissions(ctx, req.query)),
  );
  route(e.submit, async (req, ctx, reply) => reply.status(201).send(await submissions.submitForm(ctx, req.body)), {
    bodyLimit: SUBMISSION_BODY_LIMIT,
  });
  route(e.submission, async (req, ctx) => submissions.getSubmission(ctx, req.params.submissionId));
  route(e.submissionValues, async (req, ctx) => submissions.submissionValues(ctx, req.params.submissionId));
  route(e.disableSubmission, async (req, ctx) => submissions.disableSubmission(ctx, req.params.submissionId));
  route(e.addValue, async (req, ctx, reply) => {
    const done = await values.addValue(ctx, req.params.submissionId, req.body);
    return done.kind === 'empty'
      ? reply.status(204).send(null)
      : reply.status(done.kind === 'created' ? 201 : 200).send(done.value);
  });
  route(e.searchValues, async (req, ctx, reply) => sendPage(reply, req.body, await values.searchValues(ctx, req.body)));
  route(e.searchSubmissionValues, async (req, ctx, reply) =>
    sendPage(reply, req.body, await values.searchValues(ctx, req.body)),
  );
}
