import { and, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import {
  isGroup,
  type CriteriaGroup,
  type Criterion,
  type QueryDimension,
  type ResultFlag,
  type SavedQueryListQuery,
} from '../../../contract/queries.contract';
import { type Db, rowsOf } from '../../db/client';
import { likePattern, offsetOf } from '../../platform/paging';
import { selectRecords } from '../../platform/record-refs';
import { setEnabled, updateStamped } from '../../platform/crud/stamp';
import { qualified } from '../../platform/qualified';
import { lookupTitleOrder, lookupTitleSql, type AnyLookupTable } from '../../platform/lookups/lookup-refs';
import { genders, specimenTypes, unitOfMeasurements, vitalStatuses } from '../../platform/lookups/lookup.tables';
import { eligibleSampleCondition } from '../distribution';
import { distributionProtocolPurposes, distributionProtocols } from '../distribution/distribution.table';
import { collectionProtocols } from '../protocols/protocols.table';
import { patients } from '../participants/participants.table';
import { collectedSamples } from '../samples/samples.table';
import { boxPositionOccupancies } from '../storage/storage.table';
import {
  limsOrderedTestResultReleases,
  limsOrderedTestResults,
  limsOrderedTests,
  limsOrders,
  patientLabFlags,
} from '../orders/orders.table';
import { answerKeys } from '../forms/forms.table';
import { savedQueries } from './queries.table';

// The query builder's SQL (issue 32 item 4, docs/research.md "Query builder"). A read model across areas like
// reports (ADR 0012): a criteria tree compiles to ONE statement over the institution's samples (alias s) and their
// donors (alias p). Every value is a bound parameter; nothing the client sent is ever spliced into the text.
// Consent goes through THE eligibility rule (distribution's eligibleSampleCondition on s), never a copy of it.

/** A released numeric result: optional sign, digits, optional decimals (anything else is not compared). */
const NUMERIC_RESULT = '^[[:space:]]*[-+]?[0-9]+([.][0-9]+)?[[:space:]]*$';

const int = (n: number) => sql`${n}::int`;
const intList = (ids: readonly number[]) =>
  sql.join(
    [...new Set(ids)].map((id) => int(id)),
    sql`, `,
  );
const num = (n: number) => sql`${n}::float8`;
const all = (parts: SQL[]) => (parts.length ? sql.join(parts, sql` and `) : sql`true`);

/**
 * The sample's columns THE eligibility rule decides by, on this statement's own scan of the institution's enabled
 * samples (alias s): testing the rule here instead of `s.id in (eligibleSamples(...))` spares a second scan of the
 * samples (issue 32 item 4's benchmark, docs/performance.md).
 */
const sampleColumns = {
  participantId: sql`s.participant_id`,
  patientId: sql`s.patient_id`,
  collectedDate: sql`s.collected_date`,
  collectedTime: sql`s.collected_time`,
};
const eligible = (purposeIds: readonly number[]) => sql`(${eligibleSampleCondition(sampleColumns, purposeIds)})`;

/** The donor's age in whole years on the collection date. */
const ageAtCollection = sql`date_part('year', age(s.collected_date, p.birth_date))`;

/**
 * Cheap bounds on the days between birth and collection (an integer subtraction of two dates) that every donor of
 * the age range passes, asked before age(), which costs ten times more per sample (issue 32 item 4's benchmark,
 * docs/performance.md): aged at least n years is at least 365n days plus the Feb 29s of n years (at least n/4 - 2,
 * two century years without one), aged at most m years is fewer days than m + 1 years (at most (m+1)/4 + 1 Feb
 * 29s). A margin of one more day each side; age() still decides exactly. No bound below 1 year: a sample dated
 * before the birth has a negative difference but an age of 0 within its first year (age() counts it so).
 */
function agePrefilter(min: number | null | undefined, max: number | null | undefined): SQL[] {
  const days = sql`(s.collected_date - p.birth_date)`;
  const parts: SQL[] = [];
  if (min != null && min >= 1) parts.push(sql`${days} >= ${int(365 * min + Math.floor(min / 4) - 3)}`);
  if (max != null && max >= 0) parts.push(sql`${days} < ${int(365 * (max + 1) + Math.ceil((max + 1) / 4) + 2)}`);
  return parts;
}

function criterionSql(c: Criterion, inst: number): SQL {
  switch (c.field) {
    case 'age': {
      const parts = [sql`p.id is not null`, ...agePrefilter(c.min, c.max)];
      if (c.min != null) parts.push(sql`${ageAtCollection} >= ${int(c.min)}`);
      if (c.max != null) parts.push(sql`${ageAtCollection} <= ${int(c.max)}`);
      return sql`(${all(parts)})`;
    }
    case 'gender':
      return sql`p.gender_id in (${intList(c.ids)})`;
    case 'vitalStatus':
      return sql`p.vital_status_id in (${intList(c.ids)})`;
    case 'consentPurposes':
      // THE rule (docs/research.md "Eligibility"): every chosen purpose granted by a signature in force.
      return eligible(c.ids);
    case 'specimenType':
      return sql`s.specimen_type_id in (${intList(c.ids)})`;
    case 'remainingQuantity': {
      const parts: SQL[] = [];
      if (c.min != null) parts.push(sql`s.remaining_amount >= ${num(c.min)}`);
      if (c.max != null) parts.push(sql`s.remaining_amount <= ${num(c.max)}`);
      if (c.unitId != null) parts.push(sql`s.unit_id = ${int(c.unitId)}`);
      return sql`(${all(parts)})`;
    }
    case 'collectedDate': {
      const parts: SQL[] = [];
      if (c.from) parts.push(sql`s.collected_date >= ${c.from}::date`);
      if (c.to) parts.push(sql`s.collected_date <= ${c.to}::date`);
      return sql`(${all(parts)})`;
    }
    case 'lineage':
      return sql`s.kind in (${sql.join(
        [...new Set(c.values)].map((v) => sql`${v}::text`),
        sql`, `,
      )})`;
    case 'inStorage': {
      const stored = sql`exists(select 1 from ${boxPositionOccupancies} o
        where o.collected_sample_id = s.id and o.vacated_at is null)`;
      return c.value ? stored : sql`not ${stored}`;
    }
    case 'labResult': {
      if (c.min == null && c.max == null) return labFlagSql(c.testId, c.flag, inst);
      const parts: SQL[] = [];
      const value = sql`(case when r.result ~ ${NUMERIC_RESULT} then trim(r.result)::float8 end)`;
      if (c.min != null) parts.push(sql`${value} >= ${num(c.min)}`);
      if (c.max != null) parts.push(sql`${value} <= ${num(c.max)}`);
      if (c.flag === 'L' || c.flag === 'H') parts.push(sql`r.flag = ${c.flag}::text`);
      if (c.flag === 'normal') parts.push(sql`r.flag is null and r.result is not null`);
      return sql`exists(select 1 from ${limsOrderedTests} ot
        join ${limsOrders} lo on lo.id = ot.lims_order_id
        join ${limsOrderedTestResults} r on r.lims_ordered_test_id = ot.id
        join ${limsOrderedTestResultReleases} rr on rr.lims_ordered_test_result_id = r.id and rr.is_released
        where ot.institution_id = ${int(inst)} and ot.test_id = ${int(c.testId)} and ot.is_enabled
          and lo.is_enabled and lo.patient_id = s.patient_id and ${all(parts)})`;
    }
    case 'answer':
      return sql`exists(select 1 from ${answerKeys} k
        where k.institution_id = ${int(inst)} and k.field_id = ${int(c.formFieldId)} and k.is_enabled
          and k.value = lower(trim(${c.value}::text)) and k.patient_id = s.patient_id
          and k.protocol_id = s.collection_protocol_id)`;
  }
}

/**
 * The lab criterion without a value range, read from the donors' stored released flags (patient_lab_flags, kept by
 * migration 0057's triggers with the rule below): a semi-join on one small table instead of the orders, tests,
 * results and releases per sample (issue 32 item 4's benchmark, docs/performance.md). Same answer as the rule over
 * the results: a released result of an enabled test of an enabled order of the sample's donor, flagged as asked
 * ('normal': no flag and a value; no flag asked: any released result). queries-lab-flags.test.ts compares the two.
 */
function labFlagSql(testId: number, flag: ResultFlag | null | undefined, inst: number) {
  const f = patientLabFlags;
  const which =
    flag === 'L' || flag === 'H'
      ? sql` and ${f.flag} = ${flag}::text`
      : flag === 'normal'
        ? sql` and ${f.flag} = '' and ${f.hasResult}`
        : sql``;
  return sql`exists(select 1 from ${f} where ${f.institutionId} = ${int(inst)} and ${f.testId} = ${int(testId)}${which}
    and ${f.patientId} = s.patient_id)`;
}

/** A group: its items joined by its op, in parentheses. */
export function groupSql(g: CriteriaGroup, inst: number): SQL {
  const parts = g.items.map((item) => (isGroup(item) ? groupSql(item, inst) : criterionSql(item, inst)));
  return sql`(${sql.join(parts, g.op === 'and' ? sql` and ` : sql` or `)})`;
}

export interface Ask {
  institutionId: number;
  criteria: CriteriaGroup;
  /** The consent purposes of the chosen distribution protocol: only samples eligible for them count. */
  purposeIds: number[] | null;
}

/** `from ... where ...` of the institution's enabled samples matching the ask. */
function matching(ask: Ask): SQL {
  const inst = ask.institutionId;
  const forProtocol = ask.purposeIds ? sql` and ${eligible(ask.purposeIds)}` : sql``;
  return sql`from ${collectedSamples} s left join ${patients} p on p.id = s.patient_id
    where s.institution_id = ${int(inst)} and s.is_enabled and ${groupSql(ask.criteria, inst)}${forProtocol}`;
}

/**
 * How many samples match: exact without `upTo`; with it, counting stops after `upTo` + 1 matching samples (an answer
 * above `upTo` means "more than `upTo`"), so a criterion matching millions reads only the first ones (issue 32
 * item 4's benchmark, docs/performance.md).
 */
export async function countMatching(db: Db, ask: Ask, upTo?: number): Promise<number> {
  if (upTo === undefined) {
    const [row] = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n ${matching(ask)}`);
    return Number(row?.n ?? 0);
  }
  // A capped count wants a plan that starts at once and stops at the cap. The planner multiplies the criteria's
  // selectivities as if independent, expects a few hundred matches, and so builds hashes over every donor with a lab
  // flag or a purpose before the first match (1.6 s at full size for count 2 of bench/research-queries.ts, 0.7 s
  // with nested loops; counts 1 and 3 unchanged: docs/performance.md). Nested loops and index look-ups only, here.
  const [row] = await db.transaction(async (tx) => {
    // One round trip: set_config(..., true) is `set local`.
    await tx.execute(sql`select set_config('enable_hashjoin', 'off', true), set_config('enable_mergejoin', 'off', true),
      set_config('enable_hashagg', 'off', true), set_config('max_parallel_workers_per_gather', '0', true),
      set_config('jit', 'off', true)`);
    return rowsOf<{ n: number }>(
      tx,
      sql`select count(*)::int as n from (select 1 ${matching(ask)} limit ${int(upTo + 1)}) capped`,
    );
  });
  return Number(row?.n ?? 0);
}

const stored = sql`exists(select 1 from ${boxPositionOccupancies} o
  where o.collected_sample_id = s.id and o.vacated_at is null)`;

/**
 * A lookup's title for each sample: in `language` (issue 33 item 4) as the label, and the groups in that label's
 * order as people read it (i33server: a French reader's groups in French order).
 */
function lookupLabel(x: AnyLookupTable, key: string, fk: SQL, language: string | undefined) {
  return {
    label: sql`(select ${lookupTitleSql(x, key, language)} from ${x} where ${x.id} = ${fk})`,
    order: sql`(select ${lookupTitleOrder(x, key, language)} from ${x} where ${x.id} = ${fk})`,
  };
}

/** The label of each sample for a dimension (one expression, grouped on) and, when it differs, its order. */
function dimensionSql(d: QueryDimension, language: string | undefined): SQL | { label: SQL; order: SQL } {
  switch (d) {
    case 'specimenType':
      return lookupLabel(specimenTypes, 'specimenTypes', sql`s.specimen_type_id`, language);
    case 'gender':
      return lookupLabel(genders, 'genders', sql`p.gender_id`, language);
    case 'vitalStatus':
      return lookupLabel(vitalStatuses, 'vitalStatuses', sql`p.vital_status_id`, language);
    case 'lineage':
      return sql`initcap(s.kind)`;
    case 'storage':
      return sql`(case when ${stored} then 'In storage' else 'Not in storage' end)`;
    case 'ageBand':
      return sql`(case when p.id is null then null else
        (floor(${ageAtCollection} / 10) * 10)::int || '-' || ((floor(${ageAtCollection} / 10) * 10)::int + 9) end)`;
    case 'collectionYear':
      return sql`date_part('year', s.collected_date)::int::text`;
    case 'collectionProtocol':
      return sql`(select x.title from ${collectionProtocols} x where x.id = s.collection_protocol_id)`;
  }
}

/**
 * Counts of the matching samples by a dimension (exact; the service suppresses small cells), in label order: an
 * order by size would rank the groups the service hides.
 */
export async function aggregateMatching(db: Db, ask: Ask, by: QueryDimension, language?: string) {
  const d = dimensionSql(by, language);
  const { label, order } = 'label' in d ? d : { label: d, order: d };
  const rows = await rowsOf<{ label: string | null; n: number }>(
    db,
    sql`select g.label, count(*)::int as n from (select ${label} as label, ${order} as o ${matching(ask)}) g
      group by g.label order by min(g.o) nulls last, g.label limit 500`,
  );
  return rows.map((r) => ({ label: r.label ?? 'Unknown', count: Number(r.n) }));
}

export interface SampleRow {
  id: number;
  sampleId: string;
  specimenType: string;
  kind: string;
  remainingAmount: number;
  unit: string;
  collectedDate: string;
  collectionProtocol: string | null;
  inStorage: boolean;
}

/** A page of the matching samples (staff only), by id; `afterId` walks the whole set for the CSV. */
export async function matchingSamples(
  db: Db,
  ask: Ask,
  page: { limit: number; offset?: number; afterId?: number },
  /** The reader's language: the specimen type's and unit's titles in it (issue 33 item 4), else the default titles. */
  language?: string,
): Promise<SampleRow[]> {
  const after = page.afterId ? sql` and s.id > ${int(page.afterId)}` : sql``;
  const rows = await rowsOf<SampleRow & { collectedDate: string | Date }>(
    db,
    sql`select s.id, s.sample_id as "sampleId",
        coalesce(${lookupLabel(specimenTypes, 'specimenTypes', sql`s.specimen_type_id`, language).label}, '') as "specimenType",
        s.kind, s.remaining_amount as "remainingAmount",
        coalesce(${lookupLabel(unitOfMeasurements, 'unitOfMeasurements', sql`s.unit_id`, language).label}, '') as "unit",
        s.collected_date::text as "collectedDate",
        (select x.title from ${collectionProtocols} x where x.id = s.collection_protocol_id) as "collectionProtocol",
        ${stored} as "inStorage"
      ${matching(ask)}${after} order by s.id limit ${int(page.limit)} offset ${int(page.offset ?? 0)}`,
  );
  return rows.map((r) => ({
    ...r,
    id: Number(r.id),
    remainingAmount: Number(r.remainingAmount),
    collectedDate: String(r.collectedDate),
  }));
}

/** The consent purposes a distribution protocol of the institution needs, or null when it is not one of its. */
export async function protocolPurposeIds(db: Db, institutionId: number, protocolId: number) {
  const dp = distributionProtocols;
  const [found] = await db
    .select({ id: dp.id })
    .from(dp)
    .where(and(eq(dp.id, protocolId), eq(dp.institutionId, institutionId)))
    .limit(1);
  if (!found) return null;
  const rows = await db
    .select({ id: distributionProtocolPurposes.purposeId })
    .from(distributionProtocolPurposes)
    .where(eq(distributionProtocolPurposes.distributionProtocolId, protocolId));
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

// Saved queries.
const q = savedQueries;
const WHAT = 'Saved query';
const scope = (institutionId: number) => eq(q.institutionId, institutionId);
type AccountOption = { id: number; firstName: string; lastName: string };
const extra = {
  owner: sql<AccountOption | null>`(select json_build_object('id', a.id, 'firstName', a.first_name,
    'lastName', a.last_name) from accounts a where a.id = ${qualified(q.ownerId)})`,
};

/** The list: search on name and description; newest first. */
export async function savedQueryPage(db: Db, institutionId: number, query: SavedQueryListQuery) {
  const parts: SQL[] = [scope(institutionId)];
  if (query.isEnabled !== undefined) parts.push(eq(q.isEnabled, query.isEnabled));
  if (query.searchTerm) {
    const p = likePattern(query.searchTerm);
    parts.push(or(ilike(q.name, p), ilike(q.description, p))!);
  }
  return selectRecords(db, q, {
    where: and(...parts),
    byId: { desc: true },
    limit: query.pageSize,
    offset: offsetOf(query),
    extra,
  });
}

export async function savedQueryRecord(db: Db, institutionId: number, id: number) {
  const page = await selectRecords(db, q, {
    where: and(eq(q.id, id), scope(institutionId)),
    orderBy: desc(q.id),
    limit: 1,
    extra,
  });
  return page.rows[0];
}

/** The bare row of this institution, or undefined (`lock`: held for the rest of the transaction). */
/** A saved query's name by its id and institution (an SQL column of another module's statement: a request's list). */
export const savedQueryNameOf = (id: SQL, institutionId: SQL) =>
  sql<string | null>`(select ${q.name} from ${q} where ${q.id} = ${id} and ${q.institutionId} = ${institutionId})`;

export async function savedQueryRow(db: Db, institutionId: number, id: number, lock = false) {
  const query = db
    .select()
    .from(q)
    .where(and(eq(q.id, id), scope(institutionId)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export type NewSavedQuery = typeof q.$inferInsert;

export async function insertSavedQuery(db: Db, values: NewSavedQuery) {
  const [row] = await db.insert(q).values(values).returning();
  return row;
}

export async function updateSavedQueryRow(
  db: Db,
  institutionId: number,
  id: number,
  stamp: string,
  values: Partial<NewSavedQuery>,
) {
  return updateStamped(db, q, scope(institutionId), id, stamp, values, WHAT);
}

export async function disableSavedQueryRow(db: Db, institutionId: number, id: number, accountId: number, now: Date) {
  return setEnabled(db, q, scope(institutionId), id, false, accountId, now, WHAT);
}

/**
 * The ids of the institution's enabled samples a criteria tree matches, as a sub-select (issue 32 item 5: a
 * research request's pick list suggests them; the caller adds THE eligibility rule for its protocol).
 */
export function matchingSampleIds(institutionId: number, criteria: CriteriaGroup): SQL {
  return sql`select s.id ${matching({ institutionId, criteria, purposeIds: null })}`;
}
