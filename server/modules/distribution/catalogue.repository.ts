import { sql, type SQL } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client';
import { anatomicSites, specimenTypes, unitOfMeasurements } from '../../platform/lookups/lookup.tables';
import { lookupTitleSql } from '../../platform/lookups/lookup-refs';
import { shareableAnswerCounts } from '../forms';
import { protocolTitleOf, requirementAnatomicSiteOf } from '../protocols';
import { researchSampleFacts } from '../samples';
import { isStoredOf } from '../storage';
import type { CatalogueDimension } from '../../../contract/catalogue.contract';
import { eligibleSamples } from './eligibility.repository';

// The research catalogue's SQL (issue 32 item 3, docs/research.md "Catalogue"). Every statement groups the samples
// THE eligibility rule admits (eligibleSamples, never a copy) by one dimension: one grouped statement per table,
// no query per group or per sample, each bounded by the pool's statement_timeout. Exact counts leave this file
// only for the service, which suppresses them before anything is answered.

/** An exact group: its label and how many eligible samples it holds (never answered as it is). */
export interface Group {
  label: string;
  n: number;
  /** The table's order (labels otherwise): quantity buckets read smallest first. */
  order?: string;
}

/** Remaining-quantity buckets, in the sample's own unit (units are not converted: mL and mg do not add up). */
const BUCKETS = sql.raw(`case when e.remaining_amount <= 0 then 0 when e.remaining_amount < 1 then 1
  when e.remaining_amount < 5 then 2 when e.remaining_amount < 10 then 3 else 4 end`);
export const BUCKET_LABELS = ['None left', 'Under 1', '1 to under 5', '5 to under 10', '10 or more'] as const;

const NOT_RECORDED = 'Not recorded';

/** The grouped statement of one dimension over the eligible samples `e`. */
function dimensionSql(dimension: CatalogueDimension, e: SQL, language?: string): SQL {
  const st = specimenTypes;
  const site = anatomicSites;
  // Lookup titles in the reader's language (issue 33 item 4); each group is still one record.
  const stTitle = lookupTitleSql(st, 'specimenTypes', language);
  const siteTitle = lookupTitleSql(site, 'anatomicSites', language);
  const unit = unitOfMeasurements;
  const unitTitle = lookupTitleSql(unit, 'unitOfMeasurements', language);
  switch (dimension) {
    case 'specimenType':
      return sql`select coalesce(${stTitle}, ${NOT_RECORDED}::text) as label, count(*)::int as n
        from (${e}) e left join ${st} on ${st.id} = e.specimen_type_id group by ${st.id}`;
    case 'anatomicSite':
      return sql`select coalesce(${siteTitle}, ${NOT_RECORDED}::text) as label, count(*)::int as n
        from (select ${requirementAnatomicSiteOf(sql`e.event_id`, sql`e.specimen_type_id`)} as site_id from (${e}) e) x
        left join ${site} on ${site.id} = x.site_id group by ${site.id}`;
    case 'collectionProtocol':
      return sql`select coalesce(${protocolTitleOf(sql`e.protocol_id`)}, ${NOT_RECORDED}::text) as label,
        count(*)::int as n from (${e}) e group by e.protocol_id`;
    case 'remainingQuantity':
      return sql`select ${BUCKETS} as bucket, coalesce(nullif(${unit.unitSymbol}, ''), ${unitTitle}, '') as unit,
        count(*)::int as n from (${e}) e left join ${unit} on ${unit.id} = e.unit_id
        group by 1, ${unit.id}, ${unit.unitSymbol}, ${unit.unitName}, ${unit.titles}`;
    case 'storageState':
      return sql`select case when ${isStoredOf(sql`e.id`)} then 'Stored' else 'Not stored' end as label,
        count(*)::int as n from (${e}) e group by 1`;
  }
}

const factsOf = (institutionId: number, purposeIds: readonly number[]) =>
  researchSampleFacts(eligibleSamples(institutionId, purposeIds));

/** The exact groups of one dimension: one statement. */
export async function dimensionGroups(
  db: Db,
  institutionId: number,
  purposeIds: readonly number[],
  dimension: CatalogueDimension,
  language?: string,
): Promise<Group[]> {
  const query = dimensionSql(dimension, factsOf(institutionId, purposeIds), language);
  if (dimension === 'remainingQuantity') {
    const rows = await rowsOf<{ bucket: number; unit: string; n: number }>(db, query);
    return rows.map((r) => ({
      label: `${BUCKET_LABELS[Number(r.bucket)]}${r.unit ? ` ${r.unit}` : ''}`,
      n: Number(r.n),
      order: `${r.unit.toLowerCase()}\u0000${r.bucket}`,
    }));
  }
  const rows = await rowsOf<{ label: string; n: number }>(db, query);
  return rows.map((r) => ({ label: r.label, n: Number(r.n) }));
}

/** One list question of a shareable questionnaire, with its options' exact groups. */
export interface QuestionGroups {
  questionnaire: string;
  question: string;
  groups: Group[];
}

/** The shareable questionnaires' option counts: one statement, grouped here by question. */
export async function questionGroups(
  db: Db,
  institutionId: number,
  purposeIds: readonly number[],
): Promise<QuestionGroups[]> {
  const rows = await rowsOf<{
    form_id: number;
    form_name: string;
    field_id: number;
    prompt: string;
    field_ordinal: number;
    value: string;
    option_ordinal: number;
    n: number;
  }>(db, shareableAnswerCounts(institutionId, factsOf(institutionId, purposeIds)));
  const byField = new Map<number, QuestionGroups & { formOrder: string; fieldOrdinal: number }>();
  for (const r of rows) {
    const q = byField.get(r.field_id) ?? {
      questionnaire: r.form_name,
      question: r.prompt,
      groups: [],
      formOrder: `${r.form_name.toLowerCase()}\u0000${String(r.form_id).padStart(12, '0')}`,
      fieldOrdinal: Number(r.field_ordinal),
    };
    q.groups.push({ label: r.value, n: Number(r.n), order: String(r.option_ordinal).padStart(12, '0') });
    byField.set(r.field_id, q);
  }
  return [...byField.values()]
    .sort((a, b) => a.formOrder.localeCompare(b.formOrder) || a.fieldOrdinal - b.fieldOrdinal)
    .map(({ questionnaire, question, groups }) => ({ questionnaire, question, groups }));
}
