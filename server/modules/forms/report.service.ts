import { type ReportPage, type ReportQuery, type ReportRange, type ReportRow } from '../../../contract/forms.contract';
import { timeZoneOf, type InstCtx } from '../../platform/context';
import { offsetOf } from '../../platform/paging';
import type { Db } from '../../db/client';
import { institutionTitles } from '../institutions';
import { protocolOf } from '../protocols';
import { formOf } from './field-set.repository';
import {
  answersOf,
  type Column,
  columnsOf,
  countSubmissions,
  type ReportScope,
  type ReportSubmission,
  submissionsOf,
} from './report.repository';
import { csvDisposition, csvRecord } from '../../platform/csv';
import { wordsOf } from '../../platform/i18n';
import { DEFAULT_LANGUAGE, type LanguageCode } from '../../../contract/i18n/languages';

// The collected questionnaires report (spec 2 §2, §9): one row per enabled submission, one column per
// field of the form across all its versions (matched by field id, not by prompt), ordered by ordinal.
// The lead columns' headings, a checkbox's Yes / No and the participant's list titles are in the caller's language
// (issue 33; English, the spec's words, for English and a caller without a language); prompts are the designer's.

/** The CSV's heading row in a language (`forms.report`): the spec's lead columns, the form's prompts, Date Collected. */
function headings(lng: LanguageCode, prompts: string[]) {
  const w = wordsOf(lng, 'forms').report;
  const l = w.lead;
  return [
    l.institution,
    l.institutionSite,
    l.patientName,
    l.patientDateOfBirth,
    l.patientGender,
    l.patientMaritalStatus,
    l.patientVitalStatus,
    ...prompts,
    w.dateCollected,
  ];
}

/** What a cell shows: a checkbox Yes or No (in the language), a checkbox list its values joined with '; '. */
function display(kind: string, value: string, lng: LanguageCode) {
  if (kind === 'CB') {
    const w = wordsOf(lng, 'forms').submissions;
    return value === 'true' ? w.yes : w.no;
  }
  if (kind === 'CBL') {
    try {
      const list = JSON.parse(value) as unknown;
      return Array.isArray(list) ? list.join('; ') : value;
    } catch {
      return value;
    }
  }
  return value;
}

async function rowsOf(
  db: Db,
  institution: string | null,
  columns: Column[],
  subs: ReportSubmission[],
  lng: LanguageCode,
): Promise<ReportRow[]> {
  const ids = subs.map((s) => s.id);
  const kinds = new Map(columns.map((c) => [c.fieldId, c.kind]));
  const values = new Map<number, Record<string, string>>(ids.map((id) => [id, {}]));
  if (ids.length) {
    const rows = await answersOf(db, ids);
    for (const r of rows) if (kinds.has(r.f)) values.get(r.s)![r.f] = display(kinds.get(r.f)!, r.v, lng);
  }
  return subs.map((s) => ({
    submissionId: s.id,
    institution,
    institutionSite: s.site,
    patientName: s.patient
      ? [s.patient.firstName, s.patient.fatherName, s.patient.grandFatherName].filter(Boolean).join(' ')
      : null,
    patientDateOfBirth: s.patient?.birthDate ?? null,
    patientGender: s.patient?.gender?.title ?? null,
    patientMaritalStatus: s.patient?.maritalStatus?.title ?? null,
    patientVitalStatus: s.patient?.vitalStatus?.title ?? null,
    values: values.get(s.id)!,
    dateCollected: s.createdDate.toISOString(),
  }));
}

/** The route rows check reports.run in the path's institution. */
async function reportScope(ctx: InstCtx, protocolId: number, formId: number, q: ReportRange, lng: LanguageCode) {
  await protocolOf(ctx, protocolId);
  const form = await formOf(ctx.db, ctx.institutionId, protocolId, formId);
  const scope: ReportScope = {
    institutionId: ctx.institutionId,
    formId: form.id,
    startDate: q.startDate,
    endDate: q.endDate,
    timeZone: timeZoneOf(ctx),
    language: lng,
  };
  const institution = (await institutionTitles(ctx.db, [ctx.institutionId])).get(ctx.institutionId) ?? null;
  return { form, scope, institution, columns: await columnsOf(ctx.db, form.id) };
}

/** One page of the report, oldest submission first; the exact total goes in X-Pagination. */
export async function reportPage(
  ctx: InstCtx,
  protocolId: number,
  formId: number,
  q: ReportQuery,
  lng: LanguageCode = DEFAULT_LANGUAGE,
): Promise<{ page: ReportPage; total: number }> {
  const { scope, institution, columns } = await reportScope(ctx, protocolId, formId, q, lng);
  const n = await countSubmissions(ctx.db, scope);
  const subs = await submissionsOf(ctx.db, scope, { afterId: 0, limit: q.pageSize, offset: offsetOf(q) });
  return {
    page: {
      columns: columns.map(({ kind: _k, ...c }) => c),
      rows: await rowsOf(ctx.db, institution, columns, subs, lng),
    },
    total: n,
  };
}

const BATCH = 500;

/**
 * The whole report as RFC 4180 CSV, produced in batches of submissions (keyset on id) while it is
 * sent: memory stays flat whatever the number of submissions. The checks run before the first byte.
 */
export async function reportCsv(
  ctx: InstCtx,
  protocolId: number,
  formId: number,
  q: ReportRange,
  lng: LanguageCode = DEFAULT_LANGUAGE,
) {
  const { form, scope, institution, columns } = await reportScope(ctx, protocolId, formId, q, lng);
  const db = ctx.db;
  async function* lines() {
    // A byte-order mark: spreadsheet programs then read the UTF-8 names (Amharic, accents) correctly.
    yield `\uFEFF${csvRecord(
      headings(
        lng,
        columns.map((c) => c.prompt),
      ),
    )}`;
    let after = 0;
    for (;;) {
      const subs = await submissionsOf(db, scope, { afterId: after, limit: BATCH });
      if (!subs.length) return;
      const rows = await rowsOf(db, institution, columns, subs, lng);
      yield rows
        .map((r) =>
          csvRecord([
            r.institution,
            r.institutionSite,
            r.patientName,
            r.patientDateOfBirth,
            r.patientGender,
            r.patientMaritalStatus,
            r.patientVitalStatus,
            ...columns.map((c) => r.values[c.fieldId] ?? ''),
            r.dateCollected,
          ]),
        )
        .join('');
      after = subs[subs.length - 1].id;
    }
  }
  return { disposition: csvDisposition(form.name), lines };
}
