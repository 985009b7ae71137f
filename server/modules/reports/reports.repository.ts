import { sql, type SQL } from 'drizzle-orm';
import { PAYMENT_COLUMNS, type PaymentKey, type ReportPeriod } from '../../../contract/reports.contract';
import { type Db, rowsOf } from '../../db/client';
import type { Range } from './range';
import { departments, panels, tests } from '../../platform/lookups/lookup.tables';
import { lookupTitleSql, type AnyLookupTable } from '../../platform/lookups/lookup-refs';
import { DEFAULT_LANGUAGE } from '../../../contract/i18n/languages';
import { collated } from '../../platform/collation';

// The order reports' SQL (spec 2 §2 Reports, §9): a read model over the orders, participants, accounts and
// configuration tables (ADR 0012), each report one statement (no service call per order), scoped to the
// institution, over whole days of its time zone (range.ts: the instants of its midnights; the roll-up's
// `day` is already the institution's day). Callers pass deps.reportDb's handle (the longer statement timeout).

/** A timestamp as 'YYYY-MM-DD HH:mm' on the institution's clock. */
const LOCAL_MINUTE = (col: SQL, r: Range) => sql`to_char(${col} at time zone ${r.zone}, 'YYYY-MM-DD HH24:MI')`;
const within = (col: SQL, r: Range) =>
  sql`${col} >= ${r.start.toISOString()}::timestamptz and ${col} < ${r.end.toISOString()}::timestamptz`;
const countOf = async (db: Db, query: SQL) => (await rowsOf<{ n: number }>(db, query))[0].n;

// Usage and summaries ---------------------------------------------------------------------------

/** What a usage report counts: tests or panels of an institution in a range; with a period, per period (a summary). */
export interface UsageSpec {
  kind: 'test' | 'panel';
  institutionId: number;
  range: Range;
  period?: ReportPeriod;
  /** The reader's language: the tests' and panels' titles in it (issue 33 item 4), their order the default titles'. */
  language?: string;
}

/** A usage row: per payment category and in total; a summary's rows also name their period. */
export type UsageRow = { period?: string; name: string; total: number } & Record<PaymentKey, number>;
/** A summary's chart bar before 'other' is worked out: a period's counts per category and in total. */
export type UsageBar = { period: string; total: number } & Record<PaymentKey, number>;

/**
 * Where the counts come from: the daily roll-up report_daily_counts (kept by triggers on the orders
 * tables, migration 0023; checked against the direct count in reports.test.ts), a few thousand rows a
 * year per test or panel instead of every ordered test. The roll-up's rows of the range are summed per
 * (period, test or panel) in one pass, each payment category's count a filtered sum on the category's
 * title (trimmed and lower-cased once per category, not per row: `offset 0` keeps the planner from pulling
 * the expression up into every filter), then named: the join sees one row per
 * group and nothing sorts on a title (issue 30 item 4: grouping by the title as well cost most of the
 * 40 ms of a year by day at full size).
 */
const categoryCounts = sql.join(
  PAYMENT_COLUMNS.map(
    (c) => sql`coalesce(sum(c.n) filter (where pc.t = ${c.title.toLowerCase()}), 0)::int as ${sql.identifier(c.key)}`,
  ),
  sql`, `,
);
const categoryColumns = sql.join(
  PAYMENT_COLUMNS.map((c) => sql`x.${sql.identifier(c.key)}`),
  sql`, `,
);
const periodLabel = (p: ReportPeriod, bucket: SQL) =>
  p === 'month'
    ? sql`to_char(${bucket}, 'YYYY-MM')`
    : p === 'week'
      ? sql`'Week of ' || to_char(${bucket}, 'YYYY-MM-DD')`
      : sql`to_char(${bucket}, 'YYYY-MM-DD')`;
const usageSums = sql.join(
  [...PAYMENT_COLUMNS.map((c) => c.key), 'total'].map(
    (k) => sql`sum(${sql.identifier(k)})::int as ${sql.identifier(k)}`,
  ),
  sql`, `,
);

/** The report's rows grouped per (period,) test or panel; the period unit is written into the statement (from the enum), not bound: GROUP BY must see the same expression as SELECT. */
function usageGrouped({ kind, institutionId: inst, range: r, period, language }: UsageSpec) {
  const bucket = period ? sql`date_trunc(${sql.raw(`'${period}'`)}, c.day::timestamp)` : null;
  const tt = kind === 'test' ? tests : panels;
  return {
    bucket: bucket ? sql`x.bucket` : null,
    grouped: sql`select ${bucket ? sql`${periodLabel(period!, sql`x.bucket`)} as period, x.bucket,` : sql``}
      ${lookupTitleSql(tt, kind === 'test' ? 'tests' : 'panels', language)} as name, x.ref_id,
      ${categoryColumns}, x.total
    from (select ${bucket ? sql`${bucket} as bucket, ` : sql``}c.ref_id, ${categoryCounts}, sum(c.n)::int as total
      from report_daily_counts c left join (select id, lower(trim(title)) as t from payment_categories offset 0) pc on pc.id = c.payment_category_id
      where c.institution_id = ${inst} and c.kind = ${kind} and c.day >= ${r.from}::date and c.day <= ${r.to}::date
      group by ${bucket ? sql`1, ` : sql``}c.ref_id having sum(c.n) > 0) x
    join ${tt} on ${tt.id} = x.ref_id`,
  };
}

/** Rows [offset, offset + limit), the total, and with `withChart` a summary's bars for every period of the range. */
export async function usageSlice(db: Db, spec: UsageSpec, limit: number, offset: number, withChart: boolean) {
  const { bucket, grouped } = usageGrouped(spec);
  // The names in the reader's language, in the order people read them (i33server).
  const order = sql`${bucket ? sql`bucket, ` : sql``}${collated(sql`name`)}, ref_id`;
  // The grouping runs once (a materialised CTE) for the page, the total and a summary's chart of every period.
  const chartSql =
    spec.period && withChart
      ? sql`(select coalesce(json_agg(b order by b.bucket), '[]'::json) from (select period, bucket, ${usageSums} from g group by period, bucket) b)`
      : sql`null::json`;
  const [res] = await rowsOf<{ rows: UsageRow[]; total: number; chart: UsageBar[] | null }>(
    db,
    sql`with g as materialized (${grouped})
        select (select coalesce(json_agg(r), '[]'::json) from (select * from g order by ${order} limit ${limit} offset ${offset}) r) as rows,
          (select count(*)::int from g) as total, ${chartSql} as chart`,
  );
  return res;
}

export const usageCount = (db: Db, spec: UsageSpec) =>
  countOf(db, sql`select count(*)::int as n from (${usageGrouped(spec).grouped}) g`);

// Test results per date range -------------------------------------------------------------------

/**
 * A configuration list's title in the reader's language (lookupTitleSql: the institution's title of that language,
 * else the default; issue 33 item 4), read by the record's id; `same`, the statement's own column, for the default
 * language (English reads as before, no further lookup).
 */
const titleIn = (language: string | undefined, table: AnyLookupTable, key: string, id: SQL, same: SQL) =>
  language && language !== DEFAULT_LANGUAGE
    ? sql`(select ${lookupTitleSql(table, key, language)} from ${table} where ${table.id} = ${id})`
    : same;
/** A test's column head: its abbreviation (a code, the same in every language), else its title in `language`. */
const testHead = (language: string | undefined) =>
  sql`coalesce(nullif(trim(tt.abbreviation), ''), ${titleIn(language, tests, 'tests', sql`tt.id`, sql`tt.title`)})`;

export async function panelTitle(db: Db, inst: number, panelId: number, language?: string) {
  const [panel] = await rowsOf<{ title: string }>(
    db,
    sql`select ${panels.id}, ${lookupTitleSql(panels, 'panels', language)} as title from ${panels}
      where ${panels.id} = ${panelId} and ${panels.institutionId} = ${inst}`,
  );
  return panel?.title;
}

/**
 * The test columns of a panel's report: the panel's enabled tests in panel order, then tests since
 * removed from it that an order of the range still holds, headed by abbreviation. Ordered tests are only
 * ever made from the panel's panel_tests rows (order-placement.ts), which are never edited or deleted, only
 * disabled: so the candidates are the panel's own rows, and only a disabled one needs a look at the orders
 * (scanning every ordered test of the range for its distinct tests took 0.5-1 s for 7 days at 2M orders a year).
 */
export async function panelTestColumns(db: Db, inst: number, panelId: number, r: Range, language?: string) {
  const rows = await rowsOf<{ id: number; head: string }>(
    db,
    sql`select tt.id, ${testHead(language)} as head, c.ord
    from (
      select pt.test_id, min(pt.id) filter (where pt.is_enabled) as ord from panel_tests pt
      where pt.panel_id = ${panelId} and pt.institution_id = ${inst}
      group by pt.test_id
      having bool_or(pt.is_enabled) or exists (select 1 from lims_ordered_panels op
        join lims_ordered_tests t on t.lims_ordered_panel_id = op.id and t.is_enabled and t.test_id = pt.test_id
        where op.institution_id = ${inst} and op.panel_id = ${panelId} and op.is_enabled and ${within(sql`op.created_date`, r)})
    ) c join tests tt on tt.id = c.test_id
    order by c.ord nulls last, lower(tt.title), tt.id`,
  );
  const seen = new Set<number>();
  return rows.filter((x) => !seen.has(x.id) && seen.add(x.id)).map((x) => ({ testId: x.id, head: x.head }));
}

/**
 * The report's row count: the enabled ordered panels of enabled orders by the institution's day are exactly what the
 * roll-up counts as 'panel' (migration 0023), a few rows per day instead of joining every order of the range.
 */
export const panelOrderCount = (db: Db, inst: number, panelId: number, r: Range) =>
  countOf(
    db,
    sql`select coalesce(sum(c.n), 0)::int as n from report_daily_counts c
    where c.institution_id = ${inst} and c.kind = 'panel' and c.ref_id = ${panelId} and c.day >= ${r.from}::date and c.day <= ${r.to}::date`,
  );

/** An ordered test of a panel order: its test, released result, comment and column head. */
export interface OrderedTestCell {
  t: number;
  r: string | null;
  c: string | null;
  a: string;
}
export interface PanelOrderRow {
  id: number;
  sample_id: string;
  comment: string | null;
  ordered_date: string;
  tests: OrderedTestCell[];
}

/** Rows [offset, offset + limit) of the panel's orders in the range, oldest first, each with its ordered tests. */
export function panelOrderRows(
  db: Db,
  inst: number,
  panelId: number,
  r: Range,
  limit: number,
  offset: number,
  language?: string,
) {
  const where = sql`from lims_ordered_panels op join lims_orders o on o.id = op.lims_order_id and o.is_enabled
    where op.institution_id = ${inst} and op.panel_id = ${panelId} and op.is_enabled and ${within(sql`op.created_date`, r)}`;
  // The page's ordered panels first (index on institution, panel, date), then their tests for those rows only.
  return rowsOf<PanelOrderRow>(
    db,
    sql`select op.id, o.sample_id, op.comment, ${LOCAL_MINUTE(sql`op.created_date`, r)} as ordered_date,
        coalesce((select json_agg(json_build_object('t', t.test_id, 'r', case when rel.is_released then res.result end, 'c', t.comment,
            'a', ${testHead(language)}) order by t.id)
          from lims_ordered_tests t
          join lims_ordered_test_results res on res.lims_ordered_test_id = t.id
          join lims_ordered_test_result_releases rel on rel.lims_ordered_test_result_id = res.id
          join tests tt on tt.id = t.test_id
          where t.lims_ordered_panel_id = op.id and t.is_enabled), '[]'::json) as tests
        from (select op.id ${where} order by op.created_date, op.id limit ${limit} offset ${offset}) page
        join lims_ordered_panels op on op.id = page.id join lims_orders o on o.id = op.lims_order_id
        order by op.created_date, op.id`,
  );
}

// Unreleased panels -----------------------------------------------------------------------------

// The panel's stored has_unreleased (orders' release-state.ts keeps it with each release) and its partial
// index: only unreleased panels are read (joining every panel of the range to its order took 0.25 s for
// 7 days at 2M orders a year).
const unreleasedFlagged = (inst: number, r: Range) =>
  sql`op.institution_id = ${inst} and op.is_enabled and op.has_unreleased and ${within(sql`op.created_date`, r)}`;

/**
 * The total from the daily roll-up's 'unreleased' rows (migration 0035): the flagged, enabled panels of
 * enabled orders per day of the institution, kept by the triggers in the transaction of each placement and release, so a
 * year is a few thousand roll-up rows instead of counting every flagged panel of the range (200,000 at
 * full size, 137 ms p95 at c=10 before).
 */
export const unreleasedCount = (db: Db, inst: number, r: Range) =>
  countOf(
    db,
    sql`select coalesce(sum(c.n), 0)::int as n from report_daily_counts c
    where c.institution_id = ${inst} and c.kind = 'unreleased' and c.day >= ${r.from}::date and c.day <= ${r.to}::date`,
  );

export interface UnreleasedRow {
  patient_name: string;
  mrn: string | null;
  sample_id: string;
  ordered_on: string;
  ordered_by: string;
  panel_name: string | null;
  department_name: string | null;
  age_seconds: number;
}

/** Rows [offset, offset + limit) of the unreleased panels, oldest first; their age is counted up to `at`. */
export function unreleasedRows(
  db: Db,
  inst: number,
  r: Range,
  at: Date,
  limit: number,
  offset: number,
  language?: string,
) {
  const where = sql`from lims_ordered_panels op join lims_orders o on o.id = op.lims_order_id and o.is_enabled and o.institution_id = ${inst} where ${unreleasedFlagged(inst, r)}`;
  return rowsOf<UnreleasedRow>(
    db,
    // An order on a received sample has no participant: its donor code stands in the name column (no MRN).
    sql`select case when p.id is null then o.donor_code else concat_ws(' ', p.first_name, p.father_name, p.grand_father_name) end as patient_name,
          (select m.mrn from patient_mrns m where m.patient_id = p.id and m.institution_site_id is null and m.is_enabled order by m.id limit 1) as mrn,
          o.sample_id, ${LOCAL_MINUTE(sql`op.created_date`, r)} as ordered_on, concat_ws(' ', a.first_name, a.last_name) as ordered_by,
          ${titleIn(language, panels, 'panels', sql`pn.id`, sql`pn.title`)} as panel_name,
          ${titleIn(language, departments, 'departments', sql`d.id`, sql`d.title`)} as department_name,
          extract(epoch from (${at.toISOString()}::timestamptz - op.created_date))::float8 as age_seconds
        from (select op.id ${where} order by op.created_date, op.id limit ${limit} offset ${offset}) page
        join lims_ordered_panels op on op.id = page.id join lims_orders o on o.id = op.lims_order_id
        left join patients p on p.id = o.patient_id
        left join accounts a on a.id = op.creator_id
        left join panels pn on pn.id = op.panel_id
        left join departments d on d.id = pn.department_id
        order by op.created_date, op.id`,
  );
}
