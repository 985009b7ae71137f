import { and, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type {
  RequestItem,
  RequestLine,
  ResearchRequestListQuery,
  SuggestionQuery,
} from '../../../contract/requests.contract';
import { type Db, rowsOf } from '../../db/client';
import { likePattern, offsetOf } from '../../platform/paging';
import { selectRecords } from '../../platform/record-refs';
import { updateStamped } from '../../platform/crud/stamp';
import { qualified } from '../../platform/qualified';
import {
  anatomicSites,
  consentPurposes,
  specimenTypes,
  unitOfMeasurements,
} from '../../platform/lookups/lookup.tables';
import { lookupTitleSql } from '../../platform/lookups/lookup-refs';
import { DEFAULT_LANGUAGE } from '../../../contract/i18n/languages';
import type { DistributedSampleFacts } from '../fhir';
import { grantedPurposesOf, requirementAnatomicSiteOf } from '../protocols';
import { savedQueryNameOf } from '../queries';
import { researchExportFacts, researchPickRows } from '../samples';
import { shipmentNameOf } from '../shipments';
import { isStoredOf } from '../storage';
import { eligibleSamples } from './eligibility.repository';
import { documentChunks, storeDocument } from './distribution.repository';
import {
  researchRequestDocuments,
  researchRequestEvents,
  researchRequestItems,
  researchRequests,
} from './requests.table';

// Research requests' SQL (issue 32 item 5, docs/research.md "Requests"). Eligibility is ALWAYS THE rule
// (eligibility.repository.ts's eligibleSamples), composed into each statement, never copied.

const rr = researchRequests;
const items = researchRequestItems;
const WHAT = 'Research request';
const scope = (institutionId: number) => eq(rr.institutionId, institutionId);
const int = (n: number) => sql`${n}::int`;

type AccountOption = { id: number; firstName: string; lastName: string };
const accountOf = (column: SQL) => sql<AccountOption | null>`(select json_build_object('id', a.id,
  'firstName', a.first_name, 'lastName', a.last_name) from accounts a where a.id = ${column})`;

type LineView = {
  specimenTypeId: number;
  specimenType: string | null;
  count: number;
  amount: number | null;
  unitId: number | null;
  unit: string | null;
  note: string | null;
};
type Mta = {
  signedDate: string;
  fileName: string;
  contentType: string;
  size: number;
  sha256: string;
  uploadedDate: string;
};
type Event = { at: string; action: string; account: AccountOption | null; reason: string | null };

const extra = {
  distributionProtocol: sql<{ id: number; title: string }>`(select json_build_object('id', dp.id, 'title', dp.title)
    from distribution_protocols dp where dp.id = ${qualified(rr.distributionProtocolId)})`,
  requester: accountOf(qualified(rr.requesterId)),
  decidedBy: accountOf(qualified(rr.decidedById)),
  lineViews: sql<LineView[]>`coalesce((select json_agg(json_build_object(
      'specimenTypeId', (x.l->>'specimenTypeId')::int, 'specimenType', st.title, 'count', (x.l->>'count')::int,
      'amount', (x.l->>'amount')::float8, 'unitId', (x.l->>'unitId')::int,
      'unit', coalesce(u.unit_symbol, u.unit_name), 'note', x.l->>'note') order by x.o)
    from jsonb_array_elements(${qualified(rr.lines)}) with ordinality as x(l, o)
    left join ${specimenTypes} st on st.id = (x.l->>'specimenTypeId')::int
    left join ${unitOfMeasurements} u on u.id = (x.l->>'unitId')::int), '[]'::json)`,
  mta: sql<Mta | null>`(select json_build_object('signedDate', d.signed_date, 'fileName', d.file_name,
    'contentType', d.content_type, 'size', d.size, 'sha256', d.sha256, 'uploadedDate', d.created_date)
    from research_request_documents d where d.research_request_id = ${qualified(rr.id)} order by d.id desc limit 1)`,
  history: sql<Event[]>`coalesce((select json_agg(json_build_object('at', e.created_date, 'action', e.action,
    'reason', e.reason, 'account', (select json_build_object('id', a.id, 'firstName', a.first_name,
    'lastName', a.last_name) from accounts a where a.id = e.account_id)) order by e.id)
    from research_request_events e where e.research_request_id = ${qualified(rr.id)}), '[]'::json)`,
  savedQueryName: savedQueryNameOf(qualified(rr.savedQueryId), qualified(rr.institutionId)),
  shipmentName: shipmentNameOf(qualified(rr.shipmentId), qualified(rr.institutionId)),
  /** Reserved or distributed items (the service narrows reserved ones to the eligible). */
  openItems: sql<number>`(select count(*)::int from research_request_items i
    where i.research_request_id = ${qualified(rr.id)} and i.state in ('reserved', 'distributed'))`,
};

export type RequestRecord = NonNullable<Awaited<ReturnType<typeof requestRecord>>>;

/** The list: a requester's own (`requesterId`), or all of the institution; newest first. */
export async function requestPage(
  db: Db,
  institutionId: number,
  q: ResearchRequestListQuery,
  requesterId: number | null,
) {
  const parts: SQL[] = [scope(institutionId)];
  if (requesterId !== null) parts.push(eq(rr.requesterId, requesterId));
  if (q.isEnabled !== undefined) parts.push(eq(rr.isEnabled, q.isEnabled));
  if (q.states?.length) parts.push(inArray(rr.state, q.states));
  if (q.distributionProtocolId) parts.push(eq(rr.distributionProtocolId, q.distributionProtocolId));
  if (q.searchTerm) parts.push(ilike(rr.title, likePattern(q.searchTerm)));
  return selectRecords(db, rr, {
    where: and(...parts),
    byId: { desc: true },
    limit: q.pageSize,
    offset: offsetOf(q),
    extra,
  });
}

export async function requestRecord(db: Db, institutionId: number, id: number) {
  const page = await selectRecords(db, rr, {
    where: and(eq(rr.id, id), scope(institutionId)),
    orderBy: desc(rr.id),
    limit: 1,
    extra,
  });
  return page.rows[0];
}

/** The bare row of this institution, or undefined (`lock`: held for the rest of the transaction). */
export async function requestRow(db: Db, institutionId: number, id: number, lock = false) {
  const q = db
    .select()
    .from(rr)
    .where(and(eq(rr.id, id), scope(institutionId)))
    .limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row;
}
export type RequestRow = typeof rr.$inferSelect;

export async function insertRequest(db: Db, values: typeof rr.$inferInsert) {
  const [row] = await db.insert(rr).values(values).returning();
  return row;
}

/** Changes the request when `stamp` is current (else 409 stale), giving it a new stamp. */
export async function updateRequestRow(
  db: Db,
  institutionId: number,
  id: number,
  stamp: string | undefined,
  values: Partial<typeof rr.$inferInsert>,
) {
  return updateStamped(db, rr, scope(institutionId), id, stamp, values, WHAT);
}

export async function insertRequestEvent(
  db: Db,
  values: {
    institutionId: number;
    researchRequestId: number;
    action: string;
    reason: string | null;
    accountId: number;
    at: Date;
  },
) {
  const { at, ...rest } = values;
  await db.insert(researchRequestEvents).values({ ...rest, createdDate: at });
}

// Items.

/**
 * How many reserved items of each request are eligible now, for a page of requests in ONE statement: each request
 * with the purposes of its protocol (THE rule per distinct purpose set, `union all`): request id -> count.
 */
export async function eligibleReservedCounts(
  db: Db,
  institutionId: number,
  requests: { id: number; purposeIds: number[] }[],
) {
  const out = new Map<number, number>();
  const bySet = new Map<string, { purposeIds: number[]; ids: number[] }>();
  for (const r of requests) {
    const key = r.purposeIds.join(',');
    const group = bySet.get(key) ?? { purposeIds: r.purposeIds, ids: [] };
    group.ids.push(r.id);
    bySet.set(key, group);
  }
  if (!bySet.size) return out;
  const parts = [...bySet.values()].map(
    (g) => sql`(select i.research_request_id as id, count(*)::int as n from ${items} i
      where i.research_request_id in (${sql.join(
        g.ids.map((id) => int(id)),
        sql`, `,
      )}) and i.state = 'reserved' and i.collected_sample_id in (${eligibleSamples(institutionId, g.purposeIds)})
      group by i.research_request_id)`,
  );
  const rows = await rowsOf<{ id: number; n: number }>(db, sql.join(parts, sql` union all `));
  for (const r of rows) out.set(Number(r.id), Number(r.n));
  return out;
}

/** How many reserved items of the request are eligible now (THE rule for the protocol's purposes). */
export async function eligibleReservedCount(db: Db, institutionId: number, requestId: number, purposeIds: number[]) {
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from ${items} i where i.research_request_id = ${int(requestId)}
      and i.state = 'reserved' and i.collected_sample_id in (${eligibleSamples(institutionId, purposeIds)})`,
  );
  return Number(row?.n ?? 0);
}

/** The request's items as staff see them (the lab's sample ID, never the donor), with eligibility now. */
export async function itemRows(
  db: Db,
  institutionId: number,
  requestId: number,
  purposeIds: number[],
): Promise<RequestItem[]> {
  const rows = await rowsOf<RequestItem & { reservedDate: string | Date }>(
    db,
    sql`select i.id, i.collected_sample_id as "collectedSampleId", f.sample_id as "sampleId",
        (select x.title from ${specimenTypes} x where x.id = f.specimen_type_id) as "specimenType",
        (select coalesce(x.unit_symbol, x.unit_name) from ${unitOfMeasurements} x where x.id = f.unit_id) as "unit",
        i.amount, i.returned_amount as "returnedAmount", f.remaining_amount as "remainingAmount", i.state,
        i.collected_sample_id in (${eligibleSamples(institutionId, purposeIds)}) as "eligible",
        i.code, i.reserved_date as "reservedDate", i.released_reason as "releasedReason"
      from ${items} i join (${researchPickRows(
        institutionId,
        sql`select x.collected_sample_id from ${items} x where x.research_request_id = ${int(requestId)}`,
      )}) f on f.id = i.collected_sample_id
      where i.research_request_id = ${int(requestId)} order by i.id`,
  );
  return rows.map((r) => ({
    ...r,
    id: Number(r.id),
    collectedSampleId: Number(r.collectedSampleId),
    amount: Number(r.amount),
    returnedAmount: Number(r.returnedAmount),
    remainingAmount: Number(r.remainingAmount),
    eligible: Boolean(r.eligible),
    reservedDate: new Date(r.reservedDate).toISOString(),
  }));
}

/** A distributed sample as the researcher sees it: its code, type, amounts and unit; no sample ID, no id. */
export async function distributedRows(db: Db, institutionId: number, requestId: number) {
  const rows = await rowsOf<{
    code: string;
    specimenType: string | null;
    amount: number;
    returnedAmount: number;
    unit: string | null;
    distributedDate: string | Date;
  }>(
    db,
    sql`select i.code, (select x.title from ${specimenTypes} x where x.id = f.specimen_type_id) as "specimenType",
        i.amount, i.returned_amount as "returnedAmount",
        (select coalesce(x.unit_symbol, x.unit_name) from ${unitOfMeasurements} x where x.id = f.unit_id) as "unit",
        i.distributed_date as "distributedDate"
      from ${items} i join (${researchPickRows(
        institutionId,
        sql`select x.collected_sample_id from ${items} x where x.research_request_id = ${int(requestId)}`,
      )}) f on f.id = i.collected_sample_id
      where i.research_request_id = ${int(requestId)} and i.state = 'distributed' order by i.code`,
  );
  return rows.map((r) => ({
    code: r.code,
    specimenType: r.specimenType,
    amount: Number(r.amount),
    returnedAmount: Number(r.returnedAmount),
    unit: r.unit,
    distributedDate: new Date(r.distributedDate).toISOString(),
  }));
}

/**
 * What a distribution's export says of each distributed sample (issue 32 item 6, docs/research.md "Export of a
 * distribution"), by code: specimen type, anatomic site (the catalogue's reading), the amount given and its unit,
 * the month of collection, the purposes its donor's consent grants now. One statement; no sample ID, donor or id.
 */
export async function exportRows(
  db: Db,
  institutionId: number,
  requestId: number,
  /** The reader's language (the CSV's): the lists' titles in it (issue 33 item 4); none for FHIR, the default titles. */
  language?: string,
): Promise<DistributedSampleFacts[]> {
  const rows = await rowsOf<{
    code: string;
    specimenTypeCode: string | null;
    specimenType: string | null;
    anatomicSite: string | null;
    amount: number;
    unit: string | null;
    collectedMonth: string;
    purposes: { id: number; title: string }[] | null;
  }>(
    db,
    sql`select i.code, st.abbreviation as "specimenTypeCode",
        (select ${lookupTitleSql(specimenTypes, 'specimenTypes', language)} from ${specimenTypes}
          where ${specimenTypes.id} = f.specimen_type_id) as "specimenType",
        (select ${lookupTitleSql(anatomicSites, 'anatomicSites', language)} from ${anatomicSites}
          where ${anatomicSites.id} = ${requirementAnatomicSiteOf(sql`f.event_id`, sql`f.specimen_type_id`)}) as "anatomicSite",
        i.amount, (select coalesce(nullif(${unitOfMeasurements.unitSymbol}, ''), ${lookupTitleSql(unitOfMeasurements, 'unitOfMeasurements', language)})
          from ${unitOfMeasurements} where ${unitOfMeasurements.id} = f.unit_id) as "unit",
        f.collected_month as "collectedMonth", f.purposes
      from ${items} i join (${researchExportFacts(
        institutionId,
        sql`select x.collected_sample_id from ${items} x where x.research_request_id = ${int(requestId)}`,
        grantedPurposesOf,
      )}) f on f.id = i.collected_sample_id
      left join ${specimenTypes} st on st.id = f.specimen_type_id
      where i.research_request_id = ${int(requestId)} and i.state = 'distributed' order by i.code`,
  );
  const said = await purposeTitles(
    db,
    rows.flatMap((r) => (r.purposes ?? []).map((p) => Number(p.id))),
    language,
  );
  return rows.map((r) => ({
    ...r,
    amount: Number(r.amount),
    purposes: (r.purposes ?? []).map((p) => ({ id: Number(p.id), title: said.get(Number(p.id)) ?? p.title })),
  }));
}

/** The consent purposes' titles in `language` by id (one statement); empty for the default language. */
async function purposeTitles(db: Db, ids: number[], language: string | undefined) {
  const wanted = [...new Set(ids)];
  if (!wanted.length || !language || language === DEFAULT_LANGUAGE) return new Map<number, string>();
  const title = lookupTitleSql(consentPurposes, 'consentPurposes', language);
  const rows = await rowsOf<{ id: number; title: string }>(
    db,
    sql`select ${consentPurposes.id} as id, ${title} as title from ${consentPurposes}
      where ${consentPurposes.id} in (${sql.join(
        wanted.map((id) => sql`${id}::int`),
        sql`, `,
      )})`,
  );
  return new Map(rows.map((r) => [Number(r.id), r.title]));
}

export interface PickSample {
  id: number;
  sampleId: string;
  remainingAmount: number;
  eligible: boolean;
  reservedElsewhere: boolean;
}

/** The samples about to be picked: the institution's, with THE rule's answer and any open reservation, in this transaction. */
export async function pickSamples(
  db: Db,
  institutionId: number,
  ids: number[],
  purposeIds: number[],
): Promise<PickSample[]> {
  if (!ids.length) return [];
  const list = sql.join(
    ids.map((id) => int(id)),
    sql`, `,
  );
  const rows = await rowsOf<PickSample>(
    db,
    sql`select f.id, f.sample_id as "sampleId", f.remaining_amount as "remainingAmount",
        f.id in (${eligibleSamples(institutionId, purposeIds)}) as eligible,
        exists(select 1 from ${items} i where i.collected_sample_id = f.id and i.state = 'reserved') as "reservedElsewhere"
      from (${researchPickRows(institutionId, sql`select y.id from unnest(array[${list}]) as y(id)`)}) f`,
  );
  return rows.map((r) => ({
    ...r,
    id: Number(r.id),
    remainingAmount: Number(r.remainingAmount),
    eligible: Boolean(r.eligible),
    reservedElsewhere: Boolean(r.reservedElsewhere),
  }));
}

/**
 * Reserves the samples for the request in ONE statement and answers the ids it reserved: a sample missing from the
 * answer is held by another open reservation (the partial unique index `research_request_items_open_uq` settles
 * races: of two requests reserving one sample at once, the later insert skips it once the first commits).
 */
export async function insertReservations(
  db: Db,
  common: { institutionId: number; researchRequestId: number; creatorId: number; at: Date },
  picks: readonly { collectedSampleId: number; amount: number }[],
): Promise<Set<number>> {
  const { at, ...rest } = common;
  const rows = await db
    .insert(items)
    .values(picks.map((p) => ({ ...rest, collectedSampleId: p.collectedSampleId, amount: p.amount, reservedDate: at })))
    .onConflictDoNothing()
    .returning({ collectedSampleId: items.collectedSampleId });
  return new Set(rows.map((r) => r.collectedSampleId));
}

/** How many samples the request holds reserved now (its open reservations). */
export async function openReservationCount(db: Db, requestId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(items)
    .where(and(eq(items.researchRequestId, requestId), eq(items.state, 'reserved')));
  return Number(row?.n ?? 0);
}

export async function itemRow(db: Db, requestId: number, itemId: number, lock = false) {
  const q = db
    .select()
    .from(items)
    .where(and(eq(items.id, itemId), eq(items.researchRequestId, requestId)))
    .limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row;
}
export type ItemRow = typeof items.$inferSelect;

/** The request's items in a state, locked for the rest of the transaction, by id. */
export async function lockItems(db: Db, requestId: number, state: ItemRow['state']) {
  return db
    .select()
    .from(items)
    .where(and(eq(items.researchRequestId, requestId), eq(items.state, state)))
    .orderBy(items.id)
    .for('update');
}

/** Which of `sampleIds` THE rule admits now for `purposeIds`. */
export async function eligibleAmong(db: Db, institutionId: number, sampleIds: number[], purposeIds: number[]) {
  if (!sampleIds.length) return new Set<number>();
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`select e.id from (${eligibleSamples(institutionId, purposeIds)}) e(id)
      where e.id in (${sql.join(
        sampleIds.map((id) => int(id)),
        sql`, `,
      )})`,
  );
  return new Set(rows.map((r) => Number(r.id)));
}

export async function updateItem(db: Db, itemId: number, values: Partial<typeof items.$inferInsert>) {
  await db.update(items).set(values).where(eq(items.id, itemId));
}

/** Releases every reserved item of the request (cancelled, rejected): the samples may be picked by others. */
export async function releaseAll(db: Db, requestId: number, reason: string, at: Date) {
  await db
    .update(items)
    .set({ state: 'released', releasedReason: reason, releasedDate: at })
    .where(and(eq(items.researchRequestId, requestId), eq(items.state, 'reserved')));
}

/**
 * The pick list: the institution's samples THE rule admits for the protocol, matching the saved query's criteria
 * (`matching`, a sub-select of ids) or one of the request's specimen lines (type, and at least the amount in that
 * unit), reserved by no open request; by id.
 */
export async function suggestionRows(
  db: Db,
  institutionId: number,
  purposeIds: number[],
  matching: SQL | null,
  lines: RequestLine[],
  q: SuggestionQuery,
) {
  const lineTests = lines.map((l, i) => {
    const amount =
      l.amount != null && l.unitId != null
        ? sql` and f.unit_id = ${int(l.unitId)} and f.remaining_amount >= ${l.amount}::float8`
        : sql``;
    return { index: i, test: sql`(f.specimen_type_id = ${int(l.specimenTypeId)}${amount})` };
  });
  const lineIndex = lineTests.length
    ? sql`case ${sql.join(
        lineTests.map((t) => sql`when ${t.test} then ${int(t.index)}`),
        sql` `,
      )} else null end`
    : sql`null::int`;
  const matches: SQL[] = [];
  if (matching) matches.push(sql`f.id in (${matching})`);
  for (const t of lineTests) matches.push(t.test);
  if (!matches.length) return { rows: [], more: false };
  const types = q.specimenTypeIds?.length
    ? sql` and f.specimen_type_id in (${sql.join(
        q.specimenTypeIds.map((id) => int(id)),
        sql`, `,
      )})`
    : sql``;
  const rows = await rowsOf<{
    collectedSampleId: number;
    sampleId: string;
    specimenTypeId: number;
    specimenType: string | null;
    remainingAmount: number;
    unitId: number;
    unit: string | null;
    collectedDate: string;
    inStorage: boolean;
    lineIndex: number | null;
  }>(
    db,
    sql`select f.id as "collectedSampleId", f.sample_id as "sampleId", f.specimen_type_id as "specimenTypeId",
        (select x.title from ${specimenTypes} x where x.id = f.specimen_type_id) as "specimenType",
        f.remaining_amount as "remainingAmount", f.unit_id as "unitId",
        (select coalesce(x.unit_symbol, x.unit_name) from ${unitOfMeasurements} x where x.id = f.unit_id) as "unit",
        f.collected_date as "collectedDate", ${isStoredOf(sql`f.id`)} as "inStorage", ${lineIndex} as "lineIndex"
      from (${researchPickRows(institutionId, eligibleSamples(institutionId, purposeIds))}) f
      where f.remaining_amount > 0 and (${sql.join(matches, sql` or `)})${types}
        and not exists(select 1 from ${items} i where i.collected_sample_id = f.id and i.state = 'reserved')
      order by f.id limit ${int(q.pageSize + 1)} offset ${int(offsetOf(q))}`,
  );
  const more = rows.length > q.pageSize;
  return {
    rows: rows.slice(0, q.pageSize).map((r) => ({
      ...r,
      collectedSampleId: Number(r.collectedSampleId),
      specimenTypeId: Number(r.specimenTypeId),
      remainingAmount: Number(r.remainingAmount),
      unitId: Number(r.unitId),
      collectedDate: String(r.collectedDate),
      inStorage: Boolean(r.inStorage),
      lineIndex: r.lineIndex === null ? null : Number(r.lineIndex),
    })),
    more,
  };
}

// The material transfer agreement: stored like the ethics documents (distribution.repository.ts).

const rd = researchRequestDocuments;
export const insertMta = (db: Db, values: Omit<typeof rd.$inferInsert, 'content'>, content: Buffer) =>
  storeDocument(db, rd, content, (first) =>
    db
      .insert(rd)
      .values({ ...values, content: first })
      .returning({ id: rd.id }),
  );

export async function currentMta(db: Db, requestId: number) {
  const d = researchRequestDocuments;
  const [row] = await db
    .select({ id: d.id, fileName: d.fileName, contentType: d.contentType, size: d.size })
    .from(d)
    .where(eq(d.researchRequestId, requestId))
    .orderBy(desc(d.id))
    .limit(1);
  return row;
}

export const mtaChunks = (db: Db, documentId: number, size: number) =>
  documentChunks(db, researchRequestDocuments, documentId, size);
