import { and, asc, count, eq, gt, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { qualified } from '../../platform/qualified';
import { siteTitleOf } from '../institutions';
import { patientSummaryOf } from '../participants';
import { formFields, submittedForms, submittedValues } from './forms.table';
import { filledBetween } from './submissions.repository';

// What the collected questionnaires report reads (report.service.ts).

export interface Column {
  fieldId: number;
  prompt: string;
  ordinal: number;
  isEnabled: boolean;
  kind: string;
}

/** The report's submissions: the enabled ones of one form of the institution filled in a day range. */
export interface ReportScope {
  institutionId: number;
  formId: number;
  startDate: string | null;
  endDate: string | null;
  /** The institution's IANA zone: the range is of its days (issue 31 item 6). */
  timeZone: string;
  /** The reader's language: the participant's list titles in it (issue 33 item 4), else the default titles. */
  language?: string;
}

/** Enabled fields, and disabled ones that hold an answer of an enabled submission. */
export async function columnsOf(db: Db, formId: number): Promise<Column[]> {
  const answered = sql`exists(select 1 from submitted_collection_protocol_form_values v join submitted_collection_protocol_forms s on s.id = v.submission_id
    where v.field_id = ${qualified(formFields.id)} and s.is_enabled)`;
  return db
    .select({
      fieldId: formFields.id,
      prompt: formFields.prompt,
      ordinal: formFields.ordinal,
      isEnabled: formFields.isEnabled,
      kind: formFields.kind,
    })
    .from(formFields)
    .where(and(eq(formFields.formId, formId), or(eq(formFields.isEnabled, true), answered)))
    .orderBy(asc(formFields.ordinal), asc(formFields.id));
}

const scopeWhere = (s: ReportScope) =>
  and(
    eq(submittedForms.institutionId, s.institutionId),
    eq(submittedForms.formId, s.formId),
    eq(submittedForms.isEnabled, true),
    filledBetween(submittedForms.createdDate, s.startDate, s.endDate, s.timeZone),
  );

/** How many submissions the report holds. */
export async function countSubmissions(db: Db, scope: ReportScope) {
  const [{ n }] = await db.select({ n: count() }).from(submittedForms).where(scopeWhere(scope));
  return n;
}

/** The scope's submissions by id after `afterId` (0: from the first), at most `limit`, skipping `offset`. */
export function submissionsOf(db: Db, scope: ReportScope, page: { afterId: number; limit: number; offset?: number }) {
  return db
    .select({
      id: submittedForms.id,
      createdDate: submittedForms.createdDate,
      site: siteTitleOf(qualified(submittedForms.institutionSiteId)),
      patient: patientSummaryOf(qualified(submittedForms.patientId), scope.language),
    })
    .from(submittedForms)
    .where(and(scopeWhere(scope), page.afterId ? gt(submittedForms.id, page.afterId) : undefined))
    .orderBy(asc(submittedForms.id))
    .limit(page.limit)
    .offset(page.offset ?? 0);
}

export type ReportSubmission = Awaited<ReturnType<typeof submissionsOf>>[number];

/** Every stored answer of these submissions. */
export function answersOf(db: Db, submissionIds: number[]) {
  return db
    .select({ s: submittedValues.submissionId, f: submittedValues.fieldId, v: submittedValues.value })
    .from(submittedValues)
    .where(inArray(submittedValues.submissionId, submissionIds));
}
