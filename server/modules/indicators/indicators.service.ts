import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  INDICATOR_REPORT_TITLES,
  type IndicatorDefinition,
  type IndicatorDefinitionInput,
  type IndicatorReport,
  type IndicatorReportDto,
} from '../../../contract/indicators.contract';
import { command, requirePermission, type InstCtx } from '../../platform/context';
import { audit } from '../../platform/audit';
import { accountNames } from '../../platform/account-names';
import { updateStamped } from '../../platform/crud/stamp';
import { notFound } from '../../platform/errors';
import type { Db } from '../../db/client';
import { protocolIdsByAbbreviation } from '../protocols';
import { countAnswers } from '../forms';
import { DEFAULTS, noteOf } from './defaults';
import { indicatorDefinitions } from './indicators.table';
import { indicatorErrors } from './indicators.errors';

// Screening indicator reports (docs/indicators.md): definitions seeded per institution on first
// read, counted in one statement over the submitted questionnaires of the range.

type Row = typeof indicatorDefinitions.$inferSelect;
const DAY = 86_400_000;
/** Ten years: a wider range is almost certainly a typo (a year 20226) and would only cost time. */
export const MAX_RANGE_DAYS = 3660;

/** Inserts the defaults the institution lacks; the unique (institution, report, ordinal) makes a racing first read harmless. */
async function seed(db: Db, institutionId: number, report: IndicatorReport) {
  const { protocol, definitions } = DEFAULTS[report];
  await db.transaction(async (tx) => {
    await tx
      .insert(indicatorDefinitions)
      .values(
        definitions.map((d, i) => ({
          institutionId,
          report,
          ordinal: i + 1,
          title: d.title,
          protocolAbbreviation: protocol,
          fieldPrompt: d.fieldPrompt,
          matchingValues: d.matchingValues,
          countMode: d.countMode,
          remark: d.remark,
          ruleSource: d.ruleSource,
          note: noteOf(d),
        })),
      )
      .onConflictDoNothing();
  });
}

const select = (db: Db) =>
  db
    .select({ d: indicatorDefinitions, firstName: accountNames.firstName, lastName: accountNames.lastName })
    .from(indicatorDefinitions)
    .leftJoin(accountNames, eq(accountNames.id, indicatorDefinitions.updaterId));

/** The report's definitions of this institution, by ordinal; seeded from the defaults on the first read. */
async function definitionsOf(db: Db, institutionId: number, report: IndicatorReport) {
  const where = and(
    eq(indicatorDefinitions.institutionId, institutionId),
    eq(indicatorDefinitions.report, report),
    eq(indicatorDefinitions.isEnabled, true),
  );
  let rows = await select(db).where(where).orderBy(asc(indicatorDefinitions.ordinal));
  if (!rows.length) {
    await seed(db, institutionId, report);
    rows = await select(db).where(where).orderBy(asc(indicatorDefinitions.ordinal));
  }
  return rows;
}

function toDto({
  d,
  firstName,
  lastName,
}: {
  d: Row;
  firstName: string | null;
  lastName: string | null;
}): IndicatorDefinition {
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
    ruleSource: d.ruleSource as IndicatorDefinition['ruleSource'],
    note: d.note,
    updatedBy: firstName !== null && lastName !== null ? { firstName, lastName } : null,
    concurrencyStamp: d.concurrencyStamp,
  };
}

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** The inclusive UTC date range asked for; the last 7 days (today included) by default, never before year 1. */
export function rangeOf(ctx: InstCtx, q: { from: string | null; to: string | null }) {
  const today = isoDay(ctx.now());
  const to = q.to ?? (q.from && q.from > today ? q.from : today);
  const weekBefore = new Date(new Date(`${to}T00:00:00Z`).getTime() - 6 * DAY);
  const from = q.from ?? (weekBefore.getUTCFullYear() < 1 ? '0001-01-01' : isoDay(weekBefore));
  const days = (new Date(`${to}T00:00:00Z`).getTime() - new Date(`${from}T00:00:00Z`).getTime()) / DAY + 1;
  if (days > MAX_RANGE_DAYS) throw indicatorErrors.range_too_long(MAX_RANGE_DAYS);
  return { from, to };
}

export async function listDefinitions(ctx: InstCtx, report: IndicatorReport): Promise<IndicatorDefinition[]> {
  requirePermission(ctx, 'reports.run');
  return (await definitionsOf(ctx.db, ctx.institutionId, report)).map(toDto);
}

/** The report: one row per definition with its frequency, counted in one statement (forms' countAnswers). */
export async function runReport(
  ctx: InstCtx,
  report: IndicatorReport,
  q: { from: string | null; to: string | null },
): Promise<IndicatorReportDto> {
  requirePermission(ctx, 'reports.run');
  const inst = ctx.institutionId;
  const range = rangeOf(ctx, q);
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
  );
  const generatedAt = ctx.now().toISOString();
  const abbreviations = [...new Set(defs.map((d) => d.protocolAbbreviation))];
  const found = abbreviations.filter((a) => protocols.get(a.trim().toLowerCase())?.length);
  const title = INDICATOR_REPORT_TITLES[report];
  return {
    report,
    title,
    from: range.from,
    to: range.to,
    generatedAt,
    rows: defs.map((d, i) => ({
      sNo: i + 1,
      definitionId: d.id,
      indicator: d.title,
      frequency: counts.get(d.id) ?? 0,
      remark: d.remark,
    })),
    footer: [
      `${title}: ${range.from} to ${range.to} (both days included, UTC, by the date each form was submitted)`,
      `Protocol: ${abbreviations.join(', ')}${found.length < abbreviations.length ? ` (no protocol of this institution has the abbreviation ${abbreviations.filter((a) => !found.includes(a)).join(', ')})` : ''}`,
      `Generated at ${generatedAt.slice(0, 19).replace('T', ' ')} UTC by ${ctx.account.firstName} ${ctx.account.lastName}`,
    ],
  };
}

/** Edits a definition's title, rule and remark (stamp; stale is 409), audited in the same transaction. */
export async function updateDefinition(
  ctx: InstCtx,
  report: IndicatorReport,
  id: number,
  v: z.output<typeof IndicatorDefinitionInput>,
): Promise<IndicatorDefinition> {
  const inst = ctx.institutionId;
  await definitionsOf(ctx.db, inst, report);
  await command(ctx, 'protocols.manage', async ({ db: tx }) => {
    const scope = and(eq(indicatorDefinitions.institutionId, inst), eq(indicatorDefinitions.report, report));
    const { before, after } = await updateStamped(
      tx,
      indicatorDefinitions,
      scope,
      id,
      v.concurrencyStamp,
      {
        title: v.title,
        protocolAbbreviation: v.protocolAbbreviation,
        fieldPrompt: v.fieldPrompt,
        matchingValues: v.matchingValues,
        countMode: v.countMode,
        remark: v.remark,
        updaterId: ctx.account.id,
      },
      'Indicator definition',
    );
    await audit(tx, ctx, { entity: 'indicatorDefinition', entityId: id, action: 'update', before, after });
  });
  const [row] = await select(ctx.db).where(
    and(eq(indicatorDefinitions.institutionId, inst), eq(indicatorDefinitions.id, id)),
  );
  return toDto(row);
}

export async function getDefinition(ctx: InstCtx, report: IndicatorReport, id: number): Promise<IndicatorDefinition> {
  const row = (await listDefinitions(ctx, report)).find((d) => d.id === id);
  if (!row) throw notFound('Indicator definition');
  return row;
}
