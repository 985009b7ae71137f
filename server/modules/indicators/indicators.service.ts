import {
  SUGGESTED_NOTE,
  type IndicatorDefinition,
  type IndicatorDefinitionInput,
  type IndicatorReport,
  type IndicatorReportDto,
} from '../../../contract/indicators.contract';
import { command, timeZoneOf, type InstCtx } from '../../platform/context';
import { audit } from '../../platform/audit';
import { notFound } from '../../platform/errors';
import { protocolIdsByAbbreviation } from '../protocols';
import { countAnswers } from '../forms';
import { momentIn, todayIn } from '../../platform/today';
import { definitionById, definitionsOf, type DefinitionRow, updateDefinitionRow } from './indicators.repository';
import { indicatorErrors } from './indicators.errors';
import { fill, wordsOf } from '../../platform/i18n';
import { DEFAULT_LANGUAGE, type LanguageCode } from '../../../contract/i18n/languages';
import { localTitle } from '../../../contract/lookup-titles';

// Screening indicator reports (docs/indicators.md): definitions seeded per institution on first
// read, counted in one statement over the submitted questionnaires of the range. Every route row declares
// its permission (reports.run to read, protocols.manage to edit) and the router checks it in the path's
// institution before a handler runs: the reads here do not check it again.

const DAY = 86_400_000;
/** Ten years: a wider range is almost certainly a typo (a year 20226) and would only cost time. */
export const MAX_RANGE_DAYS = 3660;

/** A definition's title and remark in `lng`: its text there when the institution has one, else the default (issue 33). */
const shownTitle = (d: DefinitionRow, lng: string) => localTitle(d.title, d.titles, lng);
const shownRemark = (d: DefinitionRow, lng: string) => localTitle(d.remark, d.remarks, lng);

function toDto(
  {
    d,
    firstName,
    lastName,
  }: {
    d: DefinitionRow;
    firstName: string | null;
    lastName: string | null;
  },
  lng: LanguageCode,
): IndicatorDefinition {
  return {
    id: d.id,
    report: d.report as IndicatorReport,
    ordinal: d.ordinal,
    title: d.title,
    protocolAbbreviation: d.protocolAbbreviation,
    fieldPrompt: d.fieldPrompt,
    matchingValues: d.matchingValues,
    countMode: d.countMode as IndicatorDefinition['countMode'],
    remark: d.remark,
    titles: d.titles,
    remarks: d.remarks,
    shownTitle: shownTitle(d, lng),
    shownRemark: shownRemark(d, lng),
    ruleSource: d.ruleSource as IndicatorDefinition['ruleSource'],
    note: d.note === SUGGESTED_NOTE ? wordsOf(lng, 'indicators').suggestedNote : d.note,
    updatedBy: firstName !== null && lastName !== null ? { firstName, lastName } : null,
    concurrencyStamp: d.concurrencyStamp,
  };
}

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/**
 * The inclusive range of days asked for, days of the institution's time zone (issue 31 item 6); the last 7 days
 * (today there included) by default, never before year 1.
 */
export function rangeOf(ctx: InstCtx, q: { from: string | null; to: string | null }, zone = 'UTC') {
  const today = todayIn(zone, ctx.now());
  const to = q.to ?? (q.from && q.from > today ? q.from : today);
  const weekBefore = new Date(new Date(`${to}T00:00:00Z`).getTime() - 6 * DAY);
  const from = q.from ?? (weekBefore.getUTCFullYear() < 1 ? '0001-01-01' : isoDay(weekBefore));
  const days = (new Date(`${to}T00:00:00Z`).getTime() - new Date(`${from}T00:00:00Z`).getTime()) / DAY + 1;
  if (days > MAX_RANGE_DAYS) throw indicatorErrors.range_too_long(MAX_RANGE_DAYS);
  return { from, to };
}

export async function listDefinitions(ctx: InstCtx, report: IndicatorReport): Promise<IndicatorDefinition[]> {
  const lng = ctx.language ?? DEFAULT_LANGUAGE;
  return (await definitionsOf(ctx.db, ctx.institutionId, report)).map((row) => toDto(row, lng));
}

/** The report: one row per definition with its frequency, counted in one statement (forms' countAnswers). */
export async function runReport(
  ctx: InstCtx,
  report: IndicatorReport,
  q: { from: string | null; to: string | null },
): Promise<IndicatorReportDto> {
  const lng = ctx.language ?? DEFAULT_LANGUAGE;
  const words = wordsOf(lng, 'indicators');
  const inst = ctx.institutionId;
  const zone = timeZoneOf(ctx);
  const range = rangeOf(ctx, q, zone);
  const defs = (await definitionsOf(ctx.db, inst, report)).map((r) => r.d);
  const protocols = await protocolIdsByAbbreviation(
    ctx.db,
    inst,
    defs.map((d) => d.protocolAbbreviation),
  );
  const counts = await countAnswers(
    ctx.db,
    inst,
    defs.map((d) => ({
      key: d.id,
      protocolIds: protocols.get(d.protocolAbbreviation.trim().toLowerCase()) ?? [],
      prompt: d.fieldPrompt,
      values: d.matchingValues,
      distinctPatients: d.countMode === 'patients',
    })),
    range.from,
    range.to,
    zone,
  );
  const generatedAt = ctx.now().toISOString();
  const abbreviations = [...new Set(defs.map((d) => d.protocolAbbreviation))];
  const found = abbreviations.filter((a) => protocols.get(a.trim().toLowerCase())?.length);
  const title = words.titles[report];
  const missing = abbreviations.filter((a) => !found.includes(a));
  return {
    report,
    title,
    from: range.from,
    to: range.to,
    generatedAt,
    rows: defs.map((d, i) => ({
      sNo: i + 1,
      definitionId: d.id,
      indicator: shownTitle(d, lng),
      frequency: counts.get(d.id) ?? 0,
      remark: shownRemark(d, lng),
    })),
    footer: [
      fill(words.report.range, { title, from: range.from, to: range.to, zone }),
      fill(words.report.protocol, { protocols: abbreviations.join(', ') }) +
        (missing.length ? fill(words.report.missing, { missing: missing.join(', ') }) : ''),
      fill(words.report.generated, {
        at: momentIn(zone, ctx.now(), true),
        name: `${ctx.account.firstName} ${ctx.account.lastName}`,
      }),
    ],
  };
}

/** Edits a definition's title, rule and remark (stamp; stale is 409), audited in the same transaction. */
export async function updateDefinition(
  ctx: InstCtx,
  report: IndicatorReport,
  id: number,
  v: IndicatorDefinitionInput,
): Promise<IndicatorDefinition> {
  const inst = ctx.institutionId;
  await definitionsOf(ctx.db, inst, report);
  await command(ctx, 'protocols.manage', async (tx) => {
    const { before, after } = await updateDefinitionRow(tx.db, inst, report, id, v.concurrencyStamp, {
      title: v.title,
      protocolAbbreviation: v.protocolAbbreviation,
      fieldPrompt: v.fieldPrompt,
      matchingValues: v.matchingValues,
      countMode: v.countMode,
      remark: v.remark,
      titles: v.titles,
      remarks: v.remarks,
      updaterId: tx.account.id,
    });
    await audit(tx.db, tx, { entity: 'indicatorDefinition', entityId: id, action: 'update', before, after });
  });
  const row = await definitionById(ctx.db, inst, id);
  if (!row) throw notFound('Indicator definition');
  return toDto(row, ctx.language ?? DEFAULT_LANGUAGE);
}

export async function getDefinition(ctx: InstCtx, report: IndicatorReport, id: number): Promise<IndicatorDefinition> {
  const row = (await listDefinitions(ctx, report)).find((d) => d.id === id);
  if (!row) throw notFound('Indicator definition');
  return row;
}
