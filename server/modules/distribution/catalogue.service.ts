import {
  CATALOGUE_DIMENSIONS,
  CATALOGUE_TITLES,
  type Catalogue,
  type CatalogueRow,
  type CatalogueTable,
} from '../../../contract/catalogue.contract';
import type { InstCtx } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { cellCount, complementaryWithheld, smallCellMin } from '../../platform/small-cells';
import { dimensionGroups, type Group, questionGroups } from './catalogue.repository';
import { distributionProtocolRow, purposeIdsOf } from './distribution.repository';

// Issue 32 item 3 (docs/research.md "Catalogue"): what a distribution protocol may receive, as suppressed counts.
// catalogue.read is checked by the route row in the path's institution.

/**
 * Suppresses a table's exact groups for a researcher. Counts 1 to min - 1 read '< min' (primary). A table that
 * splits every eligible sample (`partition`) adds up to the protocol's eligible total, which a researcher can
 * learn (another table without small groups, the eligibility count): when it would have exactly one small group,
 * that group's count would be the total minus the others, so the smallest other group is withheld too (count
 * null, secondary). The table states only the sum of the counts it shows, never its exact total. Rows are in
 * label (or the table's own) order, not by size: the order says nothing about the small groups.
 */
export function suppressTable(
  key: string,
  title: string,
  groups: Group[],
  min: number,
  partition: boolean,
): CatalogueTable {
  const present = groups.filter((g) => g.n > 0);
  const withheld = partition ? complementaryWithheld(present, min) : new Set<Group>();
  const ordered = [...present].sort((a, b) => (a.order ?? a.label).localeCompare(b.order ?? b.label));
  const rows: CatalogueRow[] = ordered.map((g) => ({
    label: g.label,
    count: withheld.has(g) ? null : cellCount(g.n, min),
  }));
  const shown = rows.flatMap((r) => (typeof r.count === 'number' ? [r.count] : []));
  return {
    key,
    title,
    rows,
    shownTotal: shown.reduce((a, b) => a + b, 0),
    hiddenGroups: rows.length - shown.length,
  };
}

/** GET .../distributionProtocols/{id}/catalogue: the samples eligible for the protocol now, grouped, suppressed. */
export async function catalogue(ctx: InstCtx, id: number): Promise<Catalogue> {
  const protocol = await distributionProtocolRow(ctx.db, ctx.institutionId, id);
  if (!protocol) throw notFound('Distribution protocol');
  const purposeIds = await purposeIdsOf(ctx.db, id);
  const min = smallCellMin();
  const dimensions: CatalogueTable[] = [];
  for (const key of CATALOGUE_DIMENSIONS) {
    const groups = await dimensionGroups(ctx.db, ctx.institutionId, purposeIds, key, ctx.language);
    dimensions.push(suppressTable(key, CATALOGUE_TITLES[key], groups, min, true));
  }
  const questions = (await questionGroups(ctx.db, ctx.institutionId, purposeIds)).map((q, i) => ({
    ...suppressTable(`question${i + 1}`, q.question, q.groups, min, false),
    questionnaire: q.questionnaire,
  }));
  return { distributionProtocol: { id: protocol.id, title: protocol.title }, smallCellMin: min, dimensions, questions };
}
