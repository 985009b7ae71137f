import { z } from 'zod';
import { CellCount } from './research.contract';

// The research catalogue (issue 32 item 3, docs/research.md "Catalogue"): what the biobank holds that a
// distribution protocol may receive, as counts only. No sample ID, donor, date or internal id of a sample or
// participant is in it; counts of 1 to min - 1 read '< min' (contract/research.contract.ts).

/** The tables that split the eligible samples: every sample is in exactly one row of each. */
export const CATALOGUE_DIMENSIONS = [
  'specimenType',
  'anatomicSite',
  'collectionProtocol',
  'remainingQuantity',
  'storageState',
] as const;
export type CatalogueDimension = (typeof CATALOGUE_DIMENSIONS)[number];

export const CATALOGUE_TITLES: Record<CatalogueDimension, string> = {
  specimenType: 'Specimen type',
  anatomicSite: 'Anatomic site',
  collectionProtocol: 'Collection protocol',
  remainingQuantity: 'Remaining quantity',
  storageState: 'Storage state',
};

/**
 * One group: its label and how many eligible samples it holds. `count` null: withheld (secondary suppression)
 * so that the one small group of a table cannot be worked out by subtracting the others from the total.
 */
export const CatalogueRow = z.object({ label: z.string(), count: CellCount.nullable() });
export type CatalogueRow = z.infer<typeof CatalogueRow>;

/**
 * A table of groups, largest first. `shownTotal` sums only the counts shown as numbers; `hiddenGroups` says how
 * many groups are '< min' or withheld. The table never states its exact total.
 */
export const CatalogueTable = z.object({
  key: z.string(),
  title: z.string(),
  rows: z.array(CatalogueRow),
  shownTotal: z.number().int().nonnegative(),
  hiddenGroups: z.number().int().nonnegative(),
});
export type CatalogueTable = z.infer<typeof CatalogueTable>;

/** A list question of a questionnaire its protocol shares: samples by their donor's chosen option. */
export const CatalogueQuestion = CatalogueTable.extend({ questionnaire: z.string() });
export type CatalogueQuestion = z.infer<typeof CatalogueQuestion>;

export const Catalogue = z.object({
  distributionProtocol: z.object({ id: z.number(), title: z.string() }),
  /** Counts from 1 to smallCellMin - 1 read '< smallCellMin'. */
  smallCellMin: z.number().int().positive(),
  dimensions: z.array(CatalogueTable),
  questions: z.array(CatalogueQuestion),
});
export type Catalogue = z.infer<typeof Catalogue>;
