import { and, asc, eq, gte, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import {
  checkAnswer,
  patternChecker,
  type FieldDto,
  type SubmissionDetail,
  type SubmissionInput,
  type SubmissionListQuery,
} from '../../../contract/forms.contract';
import { command, type InstCtx, requirePermission } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { audit } from '../../platform/audit';
import { likePattern, offsetOf } from '../../platform/paging';
import { selectRecords } from '../../platform/record-refs';
import { setEnabled } from '../../platform/crud/stamp';
import type { Db } from '../../db/client';
import { assertSiteIds, institutionRefOf, siteTitleOf } from '../institutions';
import { patientSummaryOf } from '../participants';
import { assertUsable, enabledEnrolment, protocolOf } from '../protocols';
import { sampleNamed } from '../samples';
import { formVersions, protocolForms, submittedForms, submittedValues } from './forms.table';
import { formErrors } from './forms.errors';
import { formOf, freezeCurrentVersion, liveFields } from './field-set';
import { qualified } from '../../platform/qualified';

// Filled questionnaires (spec 2 §7 "Submitted forms"): one command with every answer, checked here
// by the same rules the fill form uses (contract/forms.contract.ts checkAnswer).

const extra = {
  formName: sql<
    string | null
  >`(select f.name from collection_protocol_forms f where f.id = ${qualified(submittedForms.formId)})`,
  formVersion: sql<number>`(select v.version from collection_protocol_form_versions v where v.id = ${qualified(submittedForms.versionId)})`,
  patient: patientSummaryOf(qualified(submittedForms.patientId)),
  institutionSite: siteTitleOf(qualified(submittedForms.institutionSiteId)),
  institution: institutionRefOf(qualified(submittedForms.institutionId)),
};

type Row = Awaited<ReturnType<typeof selectSubmissions>>['rows'][number];
function toDto({ formId, formName, institutionSite, versionId: _v, institutionId: _i, ...r }: Row) {
  return {
    ...r,
    collectionProtocolFormId: formId,
    collectionProtocolForm: { id: formId, name: formName },
    institutionSite: { id: r.institutionSiteId, title: institutionSite },
  };
}

function selectSubmissions(db: Db, where: SQL | undefined, page?: { limit: number; offset: number }) {
  return selectRecords(db, submittedForms, { where, byId: { desc: true }, ...page, extra });
}

/** Day range on the filled date (UTC days), both ends included. */
export function filledBetween(
  column: typeof submittedForms.createdDate | typeof submittedForms.enabledDate,
  start: string | null,
  end: string | null,
) {
  return and(
    start ? gte(column, new Date(`${start}T00:00:00Z`)) : undefined,
    end ? lt(column, new Date(new Date(`${end}T00:00:00Z`).getTime() + 86_400_000)) : undefined,
  );
}

/** Spec 2 §7: by PatientID or CollectionProtocolFormID (or both), EnabledStartDate/EnabledEndDate; newest first. */
export async function listSubmissions(ctx: InstCtx, q: SubmissionListQuery) {
  requirePermission(ctx, 'participants.read');
  const where = and(
    eq(submittedForms.institutionId, ctx.institutionId),
    eq(submittedForms.isEnabled, q.isEnabled ?? true),
    q.patientId ? eq(submittedForms.patientId, q.patientId) : undefined,
    q.collectionProtocolFormId ? eq(submittedForms.formId, q.collectionProtocolFormId) : undefined,
    filledBetween(submittedForms.enabledDate, q.enabledStartDate, q.enabledEndDate),
    q.searchTerm ? searchWhere(ctx.institutionId, q.searchTerm) : undefined,
  );
  const page = await selectSubmissions(ctx.db, where, { limit: q.pageSize, offset: offsetOf(q) });
  return { ...page, rows: page.rows.map(toDto) };
}

/** SearchTerm of the submitted forms: a part of the form's name or of the sample ID (the list's Form and Sample ID columns). */
function searchWhere(inst: number, term: string) {
  const p = likePattern(term);
  return or(
    ilike(submittedForms.sampleId, p),
    inArray(
      submittedForms.formId,
      sql`(select ${protocolForms.id} from ${protocolForms} where ${protocolForms.institutionId} = ${inst} and lower(${protocolForms.name}) like ${p})`,
    ),
  );
}

async function submissionRow(ctx: InstCtx, id: number, db: Db = ctx.db) {
  const page = await selectSubmissions(
    db,
    and(eq(submittedForms.id, id), eq(submittedForms.institutionId, ctx.institutionId)),
  );
  if (!page.rows[0]) throw notFound('Submitted questionnaire');
  return page.rows[0];
}

/** The answers of one submission with the prompts as filled. */
export async function submissionValues(ctx: InstCtx, id: number) {
  requirePermission(ctx, 'participants.read');
  await submissionRow(ctx, id);
  return valuesOf(ctx.db, id);
}

async function valuesOf(db: Db, id: number) {
  const rows = await db
    .select()
    .from(submittedValues)
    .where(eq(submittedValues.submissionId, id))
    .orderBy(asc(submittedValues.id));
  return rows.map((v) => ({
    collectionProtocolFormFieldId: v.fieldId,
    collectionProtocolFormField: { prompt: v.prompt },
    value: v.value,
  }));
}

/** One submission with its answers and its own version's field set: it renders as it was filled. */
export async function getSubmission(ctx: InstCtx, id: number): Promise<SubmissionDetail> {
  requirePermission(ctx, 'participants.read');
  const row = await submissionRow(ctx, id);
  const [version] = await ctx.db
    .select({ fields: formVersions.fields })
    .from(formVersions)
    .where(eq(formVersions.id, row.versionId));
  return {
    ...toDto(row),
    submittedCollectionProtocolFormValues: await valuesOf(ctx.db, id),
    fields: (version?.fields ?? []) as FieldDto[],
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
    const form = await formOf(ctx, null, input.collectionProtocolFormId, tx, true);
    if (!form.isEnabled) throw formErrors.form_disabled();
    if (input.formVersion !== undefined && input.formVersion !== form.currentVersion)
      throw formErrors.version_changed(form.currentVersion);
    await protocolOf(ctx, form.collectionProtocolId, tx);
    if (!(await enabledEnrolment(ctx, form.collectionProtocolId, patientId, tx)))
      throw formErrors.not_enrolled({ patientId: ['Not enrolled in this protocol'] });
    await assertUsable(ctx, { patientId }, tx);
    await assertSiteIds(tx, inst, [
      { id: input.institutionSiteId, field: 'institutionSiteId', label: 'Institution Site' },
    ]);
    const sampleId = input.sampleId ? await participantSample(tx, inst, patientId, input.sampleId) : null;
    const fields = await liveFields(tx, form.id);
    const answers = answersOf(input, fields);
    const versionId = await freezeCurrentVersion(ctx, tx, form, fields);
    const who = { institutionId: inst, creatorId: ctx.account.id, enablerId: ctx.account.id };
    const [row] = await tx
      .insert(submittedForms)
      .values({
        ...who,
        collectionProtocolId: form.collectionProtocolId,
        formId: form.id,
        versionId,
        patientId,
        institutionSiteId: input.institutionSiteId,
        sampleId,
      })
      .returning();
    if (answers.length)
      await tx
        .insert(submittedValues)
        .values(answers.map((a) => ({ ...a, institutionId: inst, submissionId: row.id })));
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
    throw formErrors.sample_unknown(text, { sampleId: ['Not a sample of this participant'] });
  return sample.sampleId;
}

/** Every field's answer checked; the stored answers, or a 400 naming each failing field by id. */
function answersOf(input: SubmissionInput, fields: FieldDto[]) {
  const given = new Map<number, unknown>();
  const errors: Record<string, string[]> = {};
  const byId = new Map(fields.map((f) => [f.id, f]));
  for (const a of input.formFields ?? []) {
    const fieldId = a.collectionProtocolFormFieldId;
    if (given.has(fieldId)) throw formErrors.answer_twice(fieldId, { [fieldId]: ['Answered twice'] });
    given.set(fieldId, a.value);
    if (!byId.has(fieldId)) errors[fieldId] = ['This field is not on the questionnaire'];
  }
  const stored: { fieldId: number; prompt: string; value: string }[] = [];
  const titles: string[] = [];
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
      titles.push(`${f.prompt}: ${checked.message}`);
    } else if (checked.stored !== null) stored.push({ fieldId: f.id, prompt: f.prompt, value: checked.stored });
  }
  const count = Object.keys(errors).length;
  if (count)
    throw formErrors.answers_invalid(
      titles[0] ?? 'An answer names a field that is not on the questionnaire',
      count - 1,
      errors,
    );
  return stored;
}

/** Spec 2 §4: a disabled submission leaves the lists and the report; its answers stay. */
export async function disableSubmission(ctx: InstCtx, id: number) {
  await command(ctx, 'participants.manage', async ({ db: tx }) => {
    const { before, after } = await setEnabled(
      tx,
      submittedForms,
      eq(submittedForms.institutionId, ctx.institutionId),
      id,
      false,
      ctx.account.id,
      ctx.now(),
      'Submitted questionnaire',
    );
    await audit(tx, ctx, { entity: 'submittedCollectionProtocolForm', entityId: id, action: 'disable', before, after });
  });
  return toDto(await submissionRow(ctx, id));
}
