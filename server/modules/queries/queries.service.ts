import {
  isGroup,
  type CriteriaGroup,
  type QueryAggregate,
  type QueryAggregateInput,
  type QueryCount,
  type QueryCountInput,
  type QueryExportInput,
  type QueryQuestionnaireFields,
  type QueryQuestionnaireQuery,
  type QuerySamplesInput,
  type SavedQuery,
  type SavedQueryInput,
  type SavedQueryListQuery,
  type SavedQueryUpdate,
} from '../../../contract/queries.contract';
import { can, command, type InstCtx } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { audit } from '../../platform/audit';
import { offsetOf } from '../../platform/paging';
import { cellCount, complementaryWithheld } from '../../platform/small-cells';
import { csvDisposition, csvRecord } from '../../platform/csv';
import { wordsOf } from '../../platform/i18n';
import { DEFAULT_LANGUAGE, type LanguageCode } from '../../../contract/i18n/languages';
import type { Db } from '../../db/client';
import {
  aggregateMatching,
  countMatching,
  disableSavedQueryRow,
  insertSavedQuery,
  matchingSamples,
  protocolPurposeIds,
  savedQueryPage,
  savedQueryRecord,
  savedQueryRow,
  updateSavedQueryRow,
  type Ask,
} from './queries.repository';
import { queryErrors } from './queries.errors';
import { askableFields, askableForm, askableForms, unsharedAnswerFields } from '../forms';
import { MSG } from '../../../contract/messages';

// Issue 32 item 4 (docs/research.md "Query builder"). Each route row declares its permission (queries.read for
// counts, aggregates and saved queries; queries.staff for the list and CSV) and the router checks it.

/** Staff see the samples anyway; everyone else (researchers) asks only what the catalogue would show them. */
const sharedOnly = (ctx: InstCtx) => !can(ctx.account, 'queries.staff', ctx.institutionId);

function answersOf(g: CriteriaGroup): { formFieldId: number; value: string }[] {
  return g.items.flatMap((item) => (isGroup(item) ? answersOf(item) : item.field === 'answer' ? [item] : []));
}

/**
 * A researcher's answer criteria must follow the catalogue's rule (a list question of a shared questionnaire, one
 * of its options): any other answer would let counts reveal what the catalogue keeps back, e.g. free text.
 */
async function checkAnswers(ctx: InstCtx, db: Db, criteria: CriteriaGroup) {
  if (!sharedOnly(ctx)) return;
  const refused = await unsharedAnswerFields(db, ctx.institutionId, answersOf(criteria));
  if (refused.length) throw queryErrors.answer_not_shared();
}

/** The ask in SQL terms: the criteria, and the purposes of the chosen distribution protocol (its eligibility). */
async function askOf(ctx: InstCtx, input: QueryCountInput, db: Db = ctx.db): Promise<Ask> {
  await checkAnswers(ctx, db, input.criteria);
  let purposeIds: number[] | null = null;
  if (input.distributionProtocolId != null) {
    purposeIds = await protocolPurposeIds(db, ctx.institutionId, input.distributionProtocolId);
    if (!purposeIds) throw queryErrors.no_protocol({ distributionProtocolId: [MSG.notInstitutionProtocol] });
  }
  return { institutionId: ctx.institutionId, criteria: input.criteria, purposeIds };
}

/**
 * The count, stopped at `cap` (QUERY_COUNT_CAP): above it the answer is the cap with `capped` (issue 32 item 4: a
 * count of millions read only its first cap + 1 samples). Exact (`input.exact`) only for staff who may see the list
 * anyway (queries.staff), bounded by the heavy reads' statement timeout (503). Small-cell suppressed for everyone
 * else; the cap never goes below the suppression threshold, so a capped count is never a small cell.
 */
export async function countQuery(ctx: InstCtx, input: QueryCountInput, min: number, cap: number): Promise<QueryCount> {
  const staff = can(ctx.account, 'queries.staff', ctx.institutionId);
  if (input.exact && !staff) throw queryErrors.exact_staff_only();
  const ask = await askOf(ctx, input);
  const upTo = Math.max(cap, min);
  const n = input.exact ? await countMatching(ctx.db, ask) : await countMatching(ctx.db, ask, upTo);
  const capped = !input.exact && n > upTo;
  const shown = capped ? upTo : n;
  const count = staff ? shown : cellCount(shown, min);
  return { count, suppressed: count !== shown, capped };
}

/**
 * Counts by a dimension, every cell and the total small-cell suppressed (whoever asks: the table is what a
 * researcher takes away). Labels are lookup titles, years, bands: never an identity.
 */
export async function aggregateQuery(ctx: InstCtx, input: QueryAggregateInput, min: number): Promise<QueryAggregate> {
  const ask = await askOf(ctx, input);
  const groups = (await aggregateMatching(ctx.db, ask, input.groupBy, ctx.language)).map((r) => ({
    label: r.label,
    n: r.count,
  }));
  const total = groups.reduce((sum, g) => sum + g.n, 0);
  // Every dimension splits the matching samples (each sample in one group), whose count the count call answers.
  const withheld = complementaryWithheld(groups, min);
  const rows = groups.map((g) => ({ label: g.label, count: withheld.has(g) ? null : cellCount(g.n, min) }));
  return {
    groupBy: input.groupBy,
    total: cellCount(total, min),
    rows,
    hiddenGroups: rows.filter((r) => typeof r.count !== 'number').length,
  };
}

/** A page of the matching samples (staff): sample ID, type, quantity, protocol; never the donor. */
export async function sampleQuery(ctx: InstCtx, input: QuerySamplesInput) {
  const ask = await askOf(ctx, input);
  const [rows, total] = await Promise.all([
    matchingSamples(ctx.db, ask, { limit: input.pageSize, offset: offsetOf(input) }, ctx.language),
    countMatching(ctx.db, ask),
  ]);
  return { rows, total };
}

const CSV_BATCH = 1000;
/**
 * The whole list as CSV through the one writer (platform/csv.ts), read in batches by id while it is sent. Headings,
 * lineage, Yes / No and the specimen type's and unit's titles in the caller's language (`research.samplesCsv`,
 * issue 33: English as it was); dates stay YYYY-MM-DD and amounts numbers in every language.
 */
export async function exportQuery(ctx: InstCtx, input: QueryExportInput, db: Db, lng: LanguageCode = DEFAULT_LANGUAGE) {
  const ask = await askOf(ctx, input, db);
  const w = wordsOf(lng, 'research').samplesCsv;
  const c = w.columns;
  const lineages: Readonly<Record<string, string>> = w.lineages;
  const lineage = (kind: string) => (Object.hasOwn(lineages, kind) ? lineages[kind] : kind);
  async function* lines() {
    yield `\uFEFF${csvRecord([c.sampleId, c.specimenType, c.kind, c.remainingAmount, c.unit, c.collectedDate, c.collectionProtocol, c.inStorage])}`;
    for (let afterId = 0; ;) {
      const rows = await matchingSamples(db, ask, { limit: CSV_BATCH, afterId }, lng);
      if (rows.length)
        yield rows
          .map((r) =>
            csvRecord([
              r.sampleId,
              r.specimenType,
              lineage(r.kind),
              r.remainingAmount,
              r.unit,
              r.collectedDate,
              r.collectionProtocol,
              r.inStorage ? w.yes : w.no,
            ]),
          )
          .join('');
      if (rows.length < CSV_BATCH) break;
      afterId = rows[rows.length - 1].id;
    }
  }
  return { disposition: csvDisposition('Query samples', 'query'), lines };
}

/** The questionnaires the caller may name in an answer criterion (researchers: the shared ones), by name. */
export async function listQuestionnaires(ctx: InstCtx, q: QueryQuestionnaireQuery) {
  return askableForms(ctx.db, ctx.institutionId, sharedOnly(ctx), {
    searchTerm: q.searchTerm,
    fieldId: q.fieldId,
    limit: q.pageSize,
    offset: offsetOf(q),
  });
}

/** One of them with the fields the caller may ask about; 404 when it is not one the caller may name. */
export async function getQuestionnaire(ctx: InstCtx, formId: number): Promise<QueryQuestionnaireFields> {
  const form = await askableForm(ctx.db, ctx.institutionId, formId, sharedOnly(ctx));
  if (!form) throw notFound('Questionnaire');
  return { ...form, fields: await askableFields(ctx.db, formId, sharedOnly(ctx)) };
}

// Saved queries.
const WHAT = 'Saved query';
const ENTITY = 'savedQuery';

export async function listSavedQueries(ctx: InstCtx, q: SavedQueryListQuery) {
  return savedQueryPage(ctx.db, ctx.institutionId, q);
}

export async function getSavedQuery(ctx: InstCtx, id: number, db: Db = ctx.db): Promise<SavedQuery> {
  const row = await savedQueryRecord(db, ctx.institutionId, id);
  if (!row) throw notFound(WHAT);
  return row;
}

async function checkProtocol(ctx: InstCtx, db: Db, id: number | null | undefined) {
  if (id != null && !(await protocolPurposeIds(db, ctx.institutionId, id)))
    throw queryErrors.no_protocol({ distributionProtocolId: [MSG.notInstitutionProtocol] });
}

const values = (input: SavedQueryInput) => ({
  name: input.name,
  description: input.description ?? null,
  criteria: input.criteria,
  distributionProtocolId: input.distributionProtocolId ?? null,
  groupBy: input.groupBy ?? null,
});

export async function createSavedQuery(ctx: InstCtx, input: SavedQueryInput) {
  const id = await command(ctx, 'queries.read', async ({ db: tx }) => {
    await checkProtocol(ctx, tx, input.distributionProtocolId);
    await checkAnswers(ctx, tx, input.criteria);
    const row = await insertSavedQuery(tx, {
      ...values(input),
      institutionId: ctx.institutionId,
      ownerId: ctx.account.id,
      creatorId: ctx.account.id,
      enablerId: ctx.account.id,
    });
    await audit(tx, ctx, { entity: ENTITY, entityId: row.id, action: 'create', after: row });
    return row.id;
  });
  return getSavedQuery(ctx, id);
}

/** The owner's own, enabled saved query, locked for the change. */
async function ownEnabled(ctx: InstCtx, tx: Db, id: number) {
  const current = await savedQueryRow(tx, ctx.institutionId, id, true);
  if (!current) throw notFound(WHAT);
  if (current.ownerId !== ctx.account.id) throw queryErrors.not_owner();
  if (!current.isEnabled) throw queryErrors.disabled(current.name);
  return current;
}

export async function updateSavedQuery(ctx: InstCtx, id: number, input: SavedQueryUpdate) {
  await command(ctx, 'queries.read', async ({ db: tx }) => {
    await ownEnabled(ctx, tx, id);
    await checkProtocol(ctx, tx, input.distributionProtocolId);
    await checkAnswers(ctx, tx, input.criteria);
    const { before, after } = await updateSavedQueryRow(
      tx,
      ctx.institutionId,
      id,
      input.concurrencyStamp,
      values(input),
    );
    await audit(tx, ctx, { entity: ENTITY, entityId: id, action: 'update', before, after });
  });
  return getSavedQuery(ctx, id);
}

export async function disableSavedQuery(ctx: InstCtx, id: number) {
  await command(ctx, 'queries.read', async ({ db: tx }) => {
    await ownEnabled(ctx, tx, id);
    const { before, after } = await disableSavedQueryRow(tx, ctx.institutionId, id, ctx.account.id, ctx.now());
    await audit(tx, ctx, { entity: ENTITY, entityId: id, action: 'disable', before, after });
  });
  return getSavedQuery(ctx, id);
}
