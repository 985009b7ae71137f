import {
  checkAnswer,
  patternChecker,
  type FieldDto,
  type SubmissionDetail,
  type SubmissionInput,
  type SubmissionListQuery,
} from '../../../contract/forms.contract';
import { command, type InstCtx } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { audit } from '../../platform/audit';
import type { Db } from '../../db/client';
import { assertSiteIds } from '../institutions';
import { assertUsable, enabledEnrolment, protocolOf } from '../protocols';
import { sampleNamed } from '../samples';
import { formErrors } from './forms.errors';
import { MSG } from '../../../contract/messages';
import { formOf, freezeCurrentVersion, liveFields, versionFieldsById } from './field-set.repository';
import {
  answersOfSubmission,
  disableSubmission as disableSubmissionRow,
  insertSubmission,
  insertValues,
  submissionRecord,
  submissionsPage,
  toSubmissionDto,
} from './submissions.repository';

// Filled questionnaires (spec 2 §7 "Submitted forms"): one command with every answer, checked here
// by the same rules the fill form uses (contract/forms.contract.ts checkAnswer). The reads' permission
// (participants.read) is checked by their route rows in the path's institution.

/** Spec 2 §7: by PatientID or CollectionProtocolFormID (or both), EnabledStartDate/EnabledEndDate; newest first. */
export const listSubmissions = (ctx: InstCtx, q: SubmissionListQuery) => submissionsPage(ctx.db, ctx.institutionId, q);

async function submissionRow(ctx: InstCtx, id: number) {
  const row = await submissionRecord(ctx.db, ctx.institutionId, id);
  if (!row) throw notFound('Submitted questionnaire');
  return row;
}

/** The answers of one submission with the prompts as filled. */
export async function submissionValues(ctx: InstCtx, id: number) {
  await submissionRow(ctx, id);
  return answersOfSubmission(ctx.db, id);
}

/** One submission with its answers and its own version's field set: it renders as it was filled. */
export async function getSubmission(ctx: InstCtx, id: number): Promise<SubmissionDetail> {
  const row = await submissionRow(ctx, id);
  const version = await versionFieldsById(ctx.db, row.versionId);
  return {
    ...toSubmissionDto(row),
    submittedCollectionProtocolFormValues: await answersOfSubmission(ctx.db, id),
    fields: version?.fields ?? [],
  };
}

/**
 * Fills a questionnaire for a participant in one transaction: the form locked (an edit cannot slip
 * in between the check and the save), the participant enrolled in its protocol and without a
 * withdrawn consent, the site of this institution, every answer checked; errors keyed by field id.
 */
export async function submitForm(ctx: InstCtx, input: SubmissionInput) {
  const inst = ctx.institutionId;
  const patientId = input.patientId;
  const id = await command(ctx, 'participants.manage', async ({ db: tx }) => {
    const form = await formOf(tx, inst, null, input.collectionProtocolFormId, true);
    if (!form.isEnabled) throw formErrors.form_disabled();
    if (input.formVersion !== undefined && input.formVersion !== form.currentVersion)
      throw formErrors.version_changed(form.currentVersion);
    await protocolOf(ctx, form.collectionProtocolId, tx);
    if (!(await enabledEnrolment(ctx, form.collectionProtocolId, patientId, tx)))
      throw formErrors.not_enrolled({ patientId: [MSG.notEnrolled] });
    await assertUsable(ctx, { patientId }, tx);
    await assertSiteIds(tx, inst, [
      { id: input.institutionSiteId, field: 'institutionSiteId', label: 'Institution Site' },
    ]);
    const sampleId = input.sampleId ? await participantSample(tx, inst, patientId, input.sampleId) : null;
    const fields = await liveFields(tx, form.id);
    const answers = answersOf(input, fields);
    const versionId = await freezeCurrentVersion(tx, ctx.account.id, form, fields);
    const who = { institutionId: inst, creatorId: ctx.account.id, enablerId: ctx.account.id };
    const row = await insertSubmission(tx, {
      ...who,
      collectionProtocolId: form.collectionProtocolId,
      formId: form.id,
      versionId,
      patientId,
      institutionSiteId: input.institutionSiteId,
      sampleId,
    });
    await insertValues(
      tx,
      answers.map((a) => ({ ...a, institutionId: inst, submissionId: row.id })),
    );
    await audit(tx, ctx, {
      entity: 'submittedCollectionProtocolForm',
      entityId: row.id,
      action: 'create',
      after: { ...row, version: form.currentVersion, values: answers },
    });
    return row.id;
  });
  return getSubmission(ctx, id);
}

/** The sample ID as stored, when it names an enabled collected sample of this participant (any case); else 400. */
async function participantSample(tx: Db, inst: number, patientId: number, text: string) {
  const sample = await sampleNamed(tx, inst, text);
  if (!sample || !sample.isEnabled || sample.patientId !== patientId)
    throw formErrors.sample_unknown(text, { sampleId: [MSG.notParticipantSample] });
  return sample.sampleId;
}

/** Every field's answer checked; the stored answers, or a 400 naming each failing field by id. */
function answersOf(input: SubmissionInput, fields: FieldDto[]) {
  const given = new Map<number, unknown>();
  const errors: Record<string, string[]> = {};
  const byId = new Map(fields.map((f) => [f.id, f]));
  for (const a of input.formFields ?? []) {
    const fieldId = a.collectionProtocolFormFieldId;
    if (given.has(fieldId)) throw formErrors.answer_twice(fieldId, { [fieldId]: [MSG.answeredTwice] });
    given.set(fieldId, a.value);
    if (!byId.has(fieldId)) errors[fieldId] = [MSG.fieldNotOnForm];
  }
  const stored: { fieldId: number; prompt: string; value: string }[] = [];
  const firsts: { prompt: string; message: string }[] = [];
  // Patterns run on re2js (linear time) within one budget for the whole submission, fields in (ordinal, id)
  // order as the fill form checks them: no submission can hold the event loop for long (issue 26).
  const matches = patternChecker();
  for (const f of fields) {
    const checked = checkAnswer(
      { ...f, kind: f.dataType.abbreviation, options: f.options.map((o) => o.value) },
      given.get(f.id),
      matches,
    );
    if (!checked.ok) {
      errors[f.id] = [checked.message];
      firsts.push({ prompt: f.prompt, message: checked.message });
    } else if (checked.stored !== null) stored.push({ fieldId: f.id, prompt: f.prompt, value: checked.stored });
  }
  const count = Object.keys(errors).length;
  if (count) throw formErrors.answers_invalid(firsts[0] ?? null, count - 1, errors);
  return stored;
}

/** Spec 2 §4: a disabled submission leaves the lists and the report; its answers stay. */
export async function disableSubmission(ctx: InstCtx, id: number) {
  await command(ctx, 'participants.manage', async ({ db: tx }) => {
    const { before, after } = await disableSubmissionRow(tx, ctx.institutionId, id, ctx.account.id, ctx.now());
    await audit(tx, ctx, { entity: 'submittedCollectionProtocolForm', entityId: id, action: 'disable', before, after });
  });
  return toSubmissionDto(await submissionRow(ctx, id));
}
