import {
  checkAnswer,
  patternChecker,
  type FieldDto,
  type SubmittedValueInput,
  type SubmittedValueRecord,
  type ValueSearchInput,
} from '../../../contract/forms.contract';
import { command, type InstCtx } from '../../platform/context';
import { isUniqueViolation, notFound } from '../../platform/errors';
import { audit } from '../../platform/audit';
import { MSG } from '../../../contract/messages';
import { cappedPage, type Page } from '../../platform/paging';
import type { Db } from '../../db/client';
import { assertUsable, enabledEnrolment } from '../protocols';
import { formErrors } from './forms.errors';
import { formOf, versionFieldsById } from './field-set.repository';
import {
  insertValue,
  lockedSubmission,
  storedValue,
  submissionIdsOf,
  type ValueRow,
  valuesPage,
} from './submissions.repository';

// Spec 2 §7 "Submitted forms": the submission first, then one call per field's answer; and the answers
// of several submissions read in one search. Our fill form sends one call with every answer
// (submissions.service.ts); these calls keep the same rules, one answer at a time (docs/forms.md).

const record = (v: ValueRow): SubmittedValueRecord => ({
  id: v.id,
  submittedCollectionProtocolFormId: v.submissionId,
  collectionProtocolFormFieldId: v.fieldId,
  collectionProtocolFormField: { prompt: v.prompt },
  value: v.value,
});

/** What the per-value call did: `created` (201), `unchanged` (200: the same answer was already stored), `empty` (204: nothing to store). */
export type ValueOutcome = { kind: 'created' | 'unchanged'; value: SubmittedValueRecord } | { kind: 'empty' };

/**
 * Adds one field's answer to a stored submission, in one transaction with the submission locked (answers
 * to one submission are decided one after the other). The field must be on the submission's own version;
 * the answer is checked by the fill form's `checkAnswer` against that version's field (type, options,
 * pattern, required). A field already answered keeps its answer: the same answer again is 200 and writes
 * nothing, another is 409.
 */
export async function addValue(ctx: InstCtx, submissionId: number, input: SubmittedValueInput): Promise<ValueOutcome> {
  if (input.submittedCollectionProtocolFormId && input.submittedCollectionProtocolFormId !== submissionId) {
    throw formErrors.value_submission({
      submittedCollectionProtocolFormId: [MSG.submissionInPath],
    });
  }
  const fieldId = input.collectionProtocolFormFieldId;
  try {
    return await command(ctx, 'participants.manage', async ({ db: tx }) => {
      const sub = await lockedSubmission(tx, ctx.institutionId, submissionId);
      if (!sub) throw notFound('Submitted questionnaire');
      if (!sub.isEnabled) throw formErrors.submission_disabled();
      const form = await formOf(tx, ctx.institutionId, null, sub.formId);
      if (!form.isEnabled) throw formErrors.form_disabled();
      if (!(await enabledEnrolment(ctx, sub.collectionProtocolId, sub.patientId, tx)))
        throw formErrors.not_enrolled({ patientId: [MSG.notEnrolled] });
      await assertUsable(ctx, { patientId: sub.patientId }, tx);
      const field = await versionField(tx, sub.versionId, fieldId);
      const checked = checkAnswer(
        { ...field, kind: field.dataType.abbreviation, options: field.options.map((o) => o.value) },
        input.value,
        patternChecker(),
      );
      if (!checked.ok)
        throw formErrors.answers_invalid({ prompt: field.prompt, message: checked.message }, 0, {
          value: [checked.message],
        });
      const stored = await storedValue(tx, sub.id, fieldId);
      if (stored) {
        if (stored.value === checked.stored) return { kind: 'unchanged', value: record(stored) };
        throw alreadyAnswered(field.prompt);
      }
      if (checked.stored === null) return { kind: 'empty' };
      const row = await insertValue(tx, {
        institutionId: sub.institutionId,
        submissionId: sub.id,
        fieldId,
        prompt: field.prompt,
        value: checked.stored,
      });
      await audit(tx, ctx, {
        entity: 'submittedCollectionProtocolForm',
        entityId: sub.id,
        action: 'add_value',
        after: { fieldId, prompt: field.prompt, value: row.value },
      });
      return { kind: 'created', value: record(row) };
    });
  } catch (e) {
    // The lock decides races; the unique index (submission, field) is the last word all the same.
    if (isUniqueViolation(e)) throw alreadyAnswered(`Field ${fieldId}`);
    throw e;
  }
}

const alreadyAnswered = (prompt: string) =>
  formErrors.value_exists(prompt, {
    collectionProtocolFormFieldId: [MSG.alreadyAnswered],
  });

/** The field as the submission's own version has it (a field added to the form later is not on it). */
async function versionField(tx: Db, versionId: number, fieldId: number): Promise<FieldDto> {
  const version = await versionFieldsById(tx, versionId);
  const field = version?.fields.find((f) => f.id === fieldId);
  if (!field)
    throw formErrors.field_not_on_form(fieldId, version?.version ?? 0, {
      collectionProtocolFormFieldId: [MSG.fieldNotOnForm],
    });
  return field;
}

/**
 * POST .../submittedCollectionProtocolFormValues/search: the answers of the named submissions (enabled or
 * not: they are named), by submission then as stored; any id that is not a submission of this institution is 404.
 * The route row checks participants.read in the path's institution.
 */
export async function searchValues(ctx: InstCtx, q: ValueSearchInput): Promise<Page<SubmittedValueRecord>> {
  const ids = [...new Set(q.submittedCollectionProtocolFormIds)];
  if (!ids.length) return { rows: [], total: 0 };
  const known = await submissionIdsOf(ctx.db, ctx.institutionId, ids);
  const missing = ids.find((id) => !known.has(id));
  if (missing !== undefined) throw notFound(`Submitted questionnaire ${missing}`);
  const { rows, countAtMost } = await valuesPage(ctx.db, ctx.institutionId, ids, q);
  return cappedPage(rows.map(record), q, countAtMost);
}
