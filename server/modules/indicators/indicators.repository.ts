import { and, asc, eq } from 'drizzle-orm';
import type { IndicatorReport } from '../../../contract/indicators.contract';
import type { Db } from '../../db/client';
import { accountNames } from '../../platform/account-names';
import { updateStamped } from '../../platform/crud/stamp';
import { DEFAULTS, noteOf, remarksOf, titlesOf } from './defaults';
import { indicatorDefinitions } from './indicators.table';

// All of the indicators module's SQL: an institution's definitions of a report, seeded from the defaults.

export type DefinitionRow = typeof indicatorDefinitions.$inferSelect;

/** The definition columns an edit changes. */
export type DefinitionValues = Pick<
  DefinitionRow,
  'title' | 'protocolAbbreviation' | 'fieldPrompt' | 'matchingValues' | 'countMode' | 'remark' | 'updaterId'
> &
  // Left out (undefined): the stored titles and remarks in other languages stay as they are.
  Partial<Pick<DefinitionRow, 'titles' | 'remarks'>>;

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
          titles: titlesOf(d),
          remarks: remarksOf(d),
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
export async function definitionsOf(db: Db, institutionId: number, report: IndicatorReport) {
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

/** One definition of the institution with its editor's names (undefined when absent). */
export async function definitionById(db: Db, institutionId: number, id: number) {
  const [row] = await select(db).where(
    and(eq(indicatorDefinitions.institutionId, institutionId), eq(indicatorDefinitions.id, id)),
  );
  return row;
}

/** Changes a definition of the report, guarded by its concurrency stamp (a stale one is a 409). */
export async function updateDefinitionRow(
  tx: Db,
  institutionId: number,
  report: IndicatorReport,
  id: number,
  stamp: string | undefined,
  values: DefinitionValues,
) {
  return updateStamped(
    tx,
    indicatorDefinitions,
    and(eq(indicatorDefinitions.institutionId, institutionId), eq(indicatorDefinitions.report, report)),
    id,
    stamp,
    values,
    'Indicator definition',
  );
}
