import { and, asc, eq, gte, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { SubmissionListQuery, ValueSearchInput } from '../../../contract/forms.contract';
import type { Db } from '../../db/client';
import { likePattern, offsetOf } from '../../platform/paging';
import { selectRecords } from '../../platform/record-refs';
import { setEnabled } from '../../platform/crud/stamp';
import { countAtMostRemembered } from '../../platform/counts';
import { qualified } from '../../platform/qualified';
import { endOfDayIn, startOfDayIn } from '../../platform/today';
import { institutionRefOf, siteTitleOf } from '../institutions';
import { patientSummaryOf } from '../participants';
import { protocolForms, submittedForms, submittedValues } from './forms.table';

// Filled questionnaires and their answers: the submissions list, one submission, the per-value calls.

export type SubmissionRow = typeof submittedForms.$inferSelect;
export type ValueRow = typeof submittedValues.$inferSelect;

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
/** A submission as the API shows it. */
export function toSubmissionDto({ formId, formName, institutionSite, versionId: _v, institutionId: _i, ...r }: Row) {
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

/** Day range on the filled date (days of `timeZone`, default UTC), both ends included. */
export function filledBetween(
  column: typeof submittedForms.createdDate | typeof submittedForms.enabledDate,
  start: string | null,
  end: string | null,
  timeZone = 'UTC',
) {
  return and(
    start ? gte(column, startOfDayIn(start, timeZone)) : undefined,
    end ? lt(column, endOfDayIn(end, timeZone)) : undefined,
  );
}

/** Spec 2 §7: by PatientID or CollectionProtocolFormID (or both), EnabledStartDate/EnabledEndDate; newest first. */
export async function submissionsPage(db: Db, institutionId: number, q: SubmissionListQuery) {
  const where = and(
    eq(submittedForms.institutionId, institutionId),
    eq(submittedForms.isEnabled, q.isEnabled ?? true),
    q.patientId ? eq(submittedForms.patientId, q.patientId) : undefined,
    q.collectionProtocolFormId ? eq(submittedForms.formId, q.collectionProtocolFormId) : undefined,
    filledBetween(submittedForms.enabledDate, q.enabledStartDate, q.enabledEndDate),
    q.searchTerm ? searchWhere(institutionId, q.searchTerm) : undefined,
  );
  const page = await selectSubmissions(db, where, { limit: q.pageSize, offset: offsetOf(q) });
  return { ...page, rows: page.rows.map(toSubmissionDto) };
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

/** One submission of the institution with its list columns, or null. */
export async function submissionRecord(db: Db, institutionId: number, id: number) {
  const page = await selectSubmissions(
    db,
    and(eq(submittedForms.id, id), eq(submittedForms.institutionId, institutionId)),
  );
  return page.rows[0] ?? null;
}

/** The answers of one submission with the prompts as filled, as stored. */
export async function answersOfSubmission(db: Db, id: number) {
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

export async function insertSubmission(tx: Db, values: typeof submittedForms.$inferInsert) {
  const [row] = await tx.insert(submittedForms).values(values).returning();
  return row;
}

export async function insertValues(tx: Db, values: (typeof submittedValues.$inferInsert)[]) {
  if (values.length) await tx.insert(submittedValues).values(values);
}

export async function insertValue(tx: Db, values: typeof submittedValues.$inferInsert) {
  const [row] = await tx.insert(submittedValues).values(values).returning();
  return row;
}

export const disableSubmission = (tx: Db, institutionId: number, id: number, accountId: number, now: Date) =>
  setEnabled(
    tx,
    submittedForms,
    eq(submittedForms.institutionId, institutionId),
    id,
    false,
    accountId,
    now,
    'Submitted questionnaire',
  );

/** The submission of the institution, locked for the rest of the transaction, or null. */
export async function lockedSubmission(tx: Db, institutionId: number, id: number): Promise<SubmissionRow | null> {
  const [sub] = await tx
    .select()
    .from(submittedForms)
    .where(and(eq(submittedForms.id, id), eq(submittedForms.institutionId, institutionId)))
    .limit(1)
    .for('update');
  return sub ?? null;
}

/** The stored answer of one field in one submission, or null. */
export async function storedValue(tx: Db, submissionId: number, fieldId: number): Promise<ValueRow | null> {
  const [stored] = await tx
    .select()
    .from(submittedValues)
    .where(and(eq(submittedValues.submissionId, submissionId), eq(submittedValues.fieldId, fieldId)))
    .limit(1);
  return stored ?? null;
}

/** Which of these ids are submissions of the institution. */
export async function submissionIdsOf(db: Db, institutionId: number, ids: number[]) {
  const found = await db
    .select({ id: submittedForms.id })
    .from(submittedForms)
    .where(and(eq(submittedForms.institutionId, institutionId), inArray(submittedForms.id, ids)));
  return new Set(found.map((r) => r.id));
}

/** The answers of these submissions by submission then as stored: a page plus one row, and its capped count. */
export async function valuesPage(db: Db, institutionId: number, ids: number[], q: ValueSearchInput) {
  const where = and(eq(submittedValues.institutionId, institutionId), inArray(submittedValues.submissionId, ids));
  const rows = await db
    .select()
    .from(submittedValues)
    .where(where)
    .orderBy(asc(submittedValues.submissionId), asc(submittedValues.id))
    .limit(q.pageSize + 1)
    .offset(offsetOf(q));
  const countAtMost = (n: number) =>
    countAtMostRemembered(
      db,
      db
        .select({ one: sql`1` })
        .from(submittedValues)
        .where(where)
        .$dynamic(),
      n,
    );
  return { rows, countAtMost };
}
