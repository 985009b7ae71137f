import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { FormListQuery } from '../../../contract/forms.contract';
import { type Db, rowsOf } from '../../db/client';
import { likePattern, offsetOf } from '../../platform/paging';
import { selectRecords } from '../../platform/record-refs';
import { setEnabled, updateStamped } from '../../platform/crud/stamp';
import { qualified } from '../../platform/qualified';
import { protocolTitleOf } from '../protocols';
import { formVersions, protocolForms } from './forms.table';

// Questionnaires as records (the design screens), and answer counts for other modules.

const extra = {
  protocolTitle: protocolTitleOf(qualified(protocolForms.collectionProtocolId)),
  currentVersionLocked: sql<boolean>`exists(select 1 from collection_protocol_form_versions v
    where v.form_id = ${qualified(protocolForms.id)} and v.version = ${qualified(protocolForms.currentVersion)})`,
};

type Row = Awaited<ReturnType<typeof selectForms>>['rows'][number];
const toDto = ({ protocolTitle, institutionId: _i, ...r }: Row) => ({
  ...r,
  collectionProtocol: { id: r.collectionProtocolId, title: protocolTitle },
});

function selectForms(db: Db, where: SQL | undefined, page?: { limit: number; offset: number }) {
  return selectRecords(db, protocolForms, { where, byId: { desc: true }, ...page, extra });
}

/** The institution's questionnaires (of one protocol when `protocolId` is given), newest first, searched by name. */
export async function formsPage(
  db: Db,
  institutionId: number,
  protocolId: number | null | undefined,
  q: FormListQuery,
) {
  const parts: (SQL | undefined)[] = [eq(protocolForms.institutionId, institutionId)];
  if (protocolId) parts.push(eq(protocolForms.collectionProtocolId, protocolId));
  parts.push(eq(protocolForms.isEnabled, q.isEnabled ?? true));
  if (q.searchTerm) parts.push(sql`lower(${protocolForms.name}) like ${likePattern(q.searchTerm)}`);
  const page = await selectForms(db, and(...parts), { limit: q.pageSize, offset: offsetOf(q) });
  return { ...page, rows: page.rows.map(toDto) };
}

/** One questionnaire of the protocol and institution as the API shows it, or null. */
export async function formRecord(db: Db, institutionId: number, protocolId: number, id: number) {
  const page = await selectForms(
    db,
    and(
      eq(protocolForms.id, id),
      eq(protocolForms.institutionId, institutionId),
      eq(protocolForms.collectionProtocolId, protocolId),
    ),
  );
  return page.rows[0] ? toDto(page.rows[0]) : null;
}

/** The versions that were filled, newest first, with how many submissions each holds. */
export async function formVersionList(db: Db, formId: number) {
  const rows = await db
    .select({
      version: formVersions.version,
      createdDate: formVersions.createdDate,
      submissionCount: sql<number>`(select count(*)::int from submitted_collection_protocol_forms s where s.version_id = ${qualified(formVersions.id)})`,
    })
    .from(formVersions)
    .where(eq(formVersions.formId, formId))
    .orderBy(desc(formVersions.version));
  return rows.map((r) => ({ ...r, createdDate: r.createdDate.toISOString() }));
}

export async function insertForm(tx: Db, values: typeof protocolForms.$inferInsert) {
  const [row] = await tx.insert(protocolForms).values(values).returning();
  return row;
}

const protocolScope = (institutionId: number, protocolId: number) =>
  and(eq(protocolForms.institutionId, institutionId), eq(protocolForms.collectionProtocolId, protocolId));

/** Edits a questionnaire of the protocol, guarded by its concurrency stamp. */
export const updateForm = (
  tx: Db,
  institutionId: number,
  protocolId: number,
  id: number,
  stamp: string | undefined,
  values: Partial<typeof protocolForms.$inferInsert>,
) => updateStamped(tx, protocolForms, protocolScope(institutionId, protocolId), id, stamp, values, 'Questionnaire');

export const disableForm = (
  tx: Db,
  institutionId: number,
  protocolId: number,
  id: number,
  accountId: number,
  now: Date,
) =>
  setEnabled(tx, protocolForms, protocolScope(institutionId, protocolId), id, false, accountId, now, 'Questionnaire');

// Counting answers for other modules (the screening indicator reports, docs/indicators.md) without
// them touching the forms tables: one query for every rule, computed in SQL.
export interface AnswerRule {
  /** The caller's key for this rule (returned with its count). */
  key: number;
  /** Submissions of these protocols count. */
  protocolIds: number[];
  /** The answered field by its prompt as filled (any case, trimmed); null: the submission itself counts. */
  prompt: string | null;
  /** Answers that count (any case, trimmed); empty: any non-empty answer. A checkbox answers Yes or No. */
  values: string[];
  /** Count distinct participants, or submissions. */
  distinctPatients: boolean;
}

const norm = (s: string) => s.trim().toLowerCase();

/**
 * For each rule, how many participants (or submissions) of the institution's enabled submissions
 * filled from `fromDay` to `toDay` (YYYY-MM-DD, both included, days of `timeZone`, default UTC) match it. One statement, a
 * branch per rule: a rule on a prompt reads only its matching answers from submitted_answer_keys
 * (kept by triggers, migration 0021) by an index range on (institution, protocol, normalised prompt,
 * normalised value, date) — an index-only scan; a rule without a prompt counts the range's
 * submissions (submitted_forms_protocol_date_idx). A checkbox list matches when any chosen value
 * does; a checkbox answers Yes or No; an empty answer never counts.
 */
export async function countAnswers(
  db: Db,
  institutionId: number,
  rules: AnswerRule[],
  fromDay: string,
  toDay: string,
  timeZone = 'UTC',
): Promise<Map<number, number>> {
  const counts = new Map(rules.map((r) => [r.key, 0]));
  const live = rules.filter((r) => r.protocolIds.length);
  if (!live.length) return counts;
  // The first instants of fromDay and of the day after toDay in the zone (PostgreSQL moves a midnight a DST
  // change skips to the moment of the change).
  const from = sql`(${fromDay}::date)::timestamp at time zone ${timeZone}`;
  const to = sql`(${toDay}::date + 1)::timestamp at time zone ${timeZone}`;
  // Protocol ids and values as array literals, so each branch is an index range the planner sees.
  const ints = (ids: number[]) => `{${ids.map((id) => Math.trunc(id)).join(',')}}`;
  const texts = (vals: string[]) => `{${vals.map((v) => `"${v.replace(/(["\\])/g, '\\$1')}"`).join(',')}}`;
  const branches = live.map((r) =>
    r.prompt === null
      ? sql`select ${r.key}::int as k, count(distinct ${sql.raw(r.distinctPatients ? 's.patient_id' : 's.id')})::int as n from submitted_collection_protocol_forms s
        where s.institution_id = ${institutionId} and s.is_enabled and s.collection_protocol_id = any(${ints(r.protocolIds)}::int[])
          and s.created_date >= ${from} and s.created_date < ${to}`
      : sql`select ${r.key}::int as k, count(distinct ${sql.raw(r.distinctPatients ? 'a.patient_id' : 'a.submission_id')})::int as n from submitted_answer_keys a
        where a.institution_id = ${institutionId} and a.is_enabled and a.protocol_id = any(${ints(r.protocolIds)}::int[]) and a.prompt = ${norm(r.prompt)}
          ${r.values.length ? sql`and a.value = any(${texts([...new Set(r.values.map(norm))])}::text[])` : sql``}
          and a.created_date >= ${from} and a.created_date < ${to}`,
  );
  // JIT compilation costs more than it saves on these short scans (measured: 0.8 s of a 4.7 s run before the keys).
  const res = await db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    return rowsOf<{ k: number; n: number }>(tx, sql.join(branches, sql` union all `));
  });
  for (const r of res) counts.set(Number(r.k), Number(r.n));
  return counts;
}
