import { sql } from 'drizzle-orm';
import type { DistributionPeriod } from '../../../contract/reports.contract';
import { type Db, rowsOf } from '../../db/client';
import type { Range } from './range';
import { unitOfMeasurements } from '../../platform/lookups/lookup.tables';
import { lookupTitleSql } from '../../platform/lookups/lookup-refs';

// The research reports' SQL (issue 32 item 7, docs/reports.md "Research reports"): a read model (ADR 0012) over the
// distribution module's requests, their items and history, its protocols, and the samples' units. One statement per
// report, scoped to the institution, over whole days of its time zone (range.ts). The range is found on indexes of
// migration 0052: research_requests (institution_id, distributed_date) and (institution_id, created_date); items and
// history are joined per request on their request indexes (never a statement per request).

const within = (col: string, r: Range) =>
  sql`${sql.raw(col)} >= ${r.start.toISOString()}::timestamptz and ${sql.raw(col)} < ${r.end.toISOString()}::timestamptz`;

/** A distributed row: a protocol (and month) and unit, with its requests, samples and quantities. */
export interface DistributedRow {
  protocol: string;
  month: string | null;
  unit: string | null;
  requests: number;
  samples: number;
  quantity: number;
  returned: number;
}

/**
 * Every row of the distributed samples report (a range holds a few hundred requests at most; the rows are grouped
 * once, so the page and the CSV read the same statement): items distributed by requests whose distribution falls in
 * the range, per protocol, month (when asked) and the sample's unit. Sums rounded to 6 decimals (float noise).
 */
export function distributedRows(db: Db, inst: number, r: Range, period: DistributionPeriod, language?: string) {
  const u = unitOfMeasurements;
  // A unit without a symbol is named in the reader's language (issue 33 item 4); the rows keep the default order.
  const month = period === 'month' ? sql`to_char(rr.distributed_date at time zone ${r.zone}, 'YYYY-MM')` : sql`null`;
  return rowsOf<DistributedRow>(
    db,
    sql`select p.title as protocol, x.month, coalesce(${u.unitSymbol}, ${lookupTitleSql(u, 'unitOfMeasurements', language)}) as unit, x.requests, x.samples,
        x.quantity, x.returned
      from (select rr.distribution_protocol_id as pid, ${month} as month, f.unit_id,
          count(distinct rr.id)::int as requests, count(*)::int as samples,
          round(sum(i.amount)::numeric, 6)::float8 as quantity,
          round(sum(i.returned_amount)::numeric, 6)::float8 as returned
        from research_requests rr
        join research_request_items i on i.research_request_id = rr.id and i.state = 'distributed'
        join collected_samples f on f.id = i.collected_sample_id
        where rr.institution_id = ${inst} and rr.distributed_date is not null and ${within('rr.distributed_date', r)}
        group by 1, 2, 3) x
      join distribution_protocols p on p.id = x.pid
      left join ${u} on ${u.id} = x.unit_id
      order by p.title, p.id, x.month nulls first, coalesce(${u.unitSymbol}, ${u.unitName}) nulls last`,
  );
}

/** One group of the requests report: a state (null: every state), its count and turnaround figures in days. */
export interface TurnaroundRow {
  state: string | null;
  requests: number;
  sa50: number | null;
  sa90: number | null;
  ad50: number | null;
  ad90: number | null;
  sd50: number | null;
  sd90: number | null;
}

const days = (a: string, b: string) => `extract(epoch from (${b} - ${a})) / 86400.0`;
const pct = (p: number, expr: string) =>
  sql.raw(`round((percentile_cont(${p}) within group (order by ${expr}))::numeric, 2)::float8`);

/**
 * The requests created in the range by their state now, and the whole set (grouping sets), each with the median
 * and 90th percentile of three turnarounds in days, from the request's history (research_request_events, written in
 * the transaction of every state change): its first submission, its approval, its distribution. percentile_cont
 * ignores the requests that did not reach both steps.
 */
export function turnaroundRows(db: Db, inst: number, r: Range) {
  const sa = days('t.submitted', 't.approved');
  const ad = days('t.approved', 't.distributed');
  const sd = days('t.submitted', 't.distributed');
  return rowsOf<TurnaroundRow>(
    db,
    sql`select t.state, count(*)::int as requests,
        ${pct(0.5, sa)} as sa50, ${pct(0.9, sa)} as sa90,
        ${pct(0.5, ad)} as ad50, ${pct(0.9, ad)} as ad90,
        ${pct(0.5, sd)} as sd50, ${pct(0.9, sd)} as sd90
      from (select rr.state, e.submitted, e.approved, e.distributed
        from research_requests rr
        cross join lateral (select min(ev.created_date) filter (where ev.action = 'submit') as submitted,
            max(ev.created_date) filter (where ev.action = 'approve') as approved,
            max(ev.created_date) filter (where ev.action = 'distribute') as distributed
          from research_request_events ev where ev.research_request_id = rr.id) e
        where rr.institution_id = ${inst} and ${within('rr.created_date', r)}) t
      group by grouping sets ((t.state), ())`,
  );
}
