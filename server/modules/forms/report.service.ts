import {
  REPORT_LEAD_COLUMNS,
  type ReportPage,
  type ReportQuery,
  type ReportRange,
  type ReportRow,
} from '../../../contract/forms.contract';
import type { InstCtx } from '../../platform/context';
import { offsetOf } from '../../platform/paging';
import type { Db } from '../../db/client';
import { institutionTimeZone, institutionTitles } from '../institutions';
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

// The collected questionnaires report (spec 2 §2, §9): one row per enabled submission, one column per
// field of the form across all its versions (matched by field id, not by prompt), ordered by ordinal.

/** What a cell shows: a checkbox Yes or No, a checkbox list its values joined with '; '. */
function display(kind: string, value: string) {
  if (kind === 'CB') return value === 'true' ? 'Yes' : 'No';
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
): Promise<ReportRow[]> {
  const ids = subs.map((s) => s.id);
  const kinds = new Map(columns.map((c) => [c.fieldId, c.kind]));
  const values = new Map<number, Record<string, string>>(ids.map((id) => [id, {}]));
  if (ids.length) {
    const rows = await answersOf(db, ids);
    for (const r of rows) if (kinds.has(r.f)) values.get(r.s)![r.f] = display(kinds.get(r.f)!, r.v);
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
async function reportScope(ctx: InstCtx, protocolId: number, formId: number, q: ReportRange) {
  await protocolOf(ctx, protocolId);
  const form = await formOf(ctx.db, ctx.institutionId, protocolId, formId);
  const scope: ReportScope = {
    institutionId: ctx.institutionId,
    formId: form.id,
    startDate: q.startDate,
    endDate: q.endDate,
    timeZone: await institutionTimeZone(ctx.db, ctx.institutionId),
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
): Promise<{ page: ReportPage; total: number }> {
  const { scope, institution, columns } = await reportScope(ctx, protocolId, formId, q);
  const n = await countSubmissions(ctx.db, scope);
  const subs = await submissionsOf(ctx.db, scope, { afterId: 0, limit: q.pageSize, offset: offsetOf(q) });
  return {
    page: { columns: columns.map(({ kind: _k, ...c }) => c), rows: await rowsOf(ctx.db, institution, columns, subs) },
    total: n,
  };
}

const BATCH = 500;

/**
 * The whole report as RFC 4180 CSV, produced in batches of submissions (keyset on id) while it is
 * sent: memory stays flat whatever the number of submissions. The checks run before the first byte.
 */
export async function reportCsv(ctx: InstCtx, protocolId: number, formId: number, q: ReportRange) {
  const { form, scope, institution, columns } = await reportScope(ctx, protocolId, formId, q);
  const db = ctx.db;
  async function* lines() {
    // A byte-order mark: spreadsheet programs then read the UTF-8 names (Amharic, accents) correctly.
    yield `\uFEFF${csvRecord([...REPORT_LEAD_COLUMNS, ...columns.map((c) => c.prompt), 'Date Collected'])}`;
    let after = 0;
    for (;;) {
      const subs = await submissionsOf(db, scope, { afterId: after, limit: BATCH });
      if (!subs.length) return;
      const rows = await rowsOf(db, institution, columns, subs);
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
