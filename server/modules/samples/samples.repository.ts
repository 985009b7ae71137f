import { and, asc, eq, inArray, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { CollectedSample, SampleListQuery } from '../../../contract/samples.contract';
import type { Ctx } from '../../platform/context';
import type { Db } from '../../db/client';
import { likePattern } from '../../platform/paging';
import { selectRecords } from '../../platform/record-refs';
import { anyId, insertValues, placeholders, preparedStatements } from '../../platform/statement-cache';
import type { AnchorScope } from '../../platform/page-anchors';
import { cheapCount } from '../../platform/counts';
import { accountNames } from '../../platform/account-names';
import { isUniqueViolation } from '../../platform/errors';
import { lookupJoin, lookupTitleSql } from '../../platform/lookups/lookup-refs';
import { qualified } from '../../platform/qualified';
import { institutionTitleOf, siteJoin } from '../institutions';
import { patientSummaryOf } from '../participants';
import { eventRefOf, hasWithdrawnOf } from '../protocols';
import { specimenTypes } from '../../platform/lookups/lookup.tables';
import { collectedSamples, sampleEvents } from './samples.table';
import { recordEvent } from './ledger.repository';

// The samples module's read surface for other modules (orders, storage allocation): they never read its tables.

/** What another module needs to know of a sample before acting on it. */
export interface SampleRef {
  id: number;
  sampleId: string;
  /** Null on a received sample (origin 'received'): its donor and protocol are the sender's. */
  patientId: number | null;
  collectionProtocolId: number | null;
  specimenTypeId: number;
  isEnabled: boolean;
  /** When it was collected (institution's wall clock): protocols' assertUsable decides re-consents by it. */
  collectedDate: string;
  collectedTime: string;
}

export const refColumns = {
  id: collectedSamples.id,
  sampleId: collectedSamples.sampleId,
  patientId: collectedSamples.patientId,
  collectionProtocolId: collectedSamples.collectionProtocolId,
  specimenTypeId: collectedSamples.specimenTypeId,
  isEnabled: collectedSamples.isEnabled,
  collectedDate: collectedSamples.collectedDate,
  collectedTime: collectedSamples.collectedTime,
};

/** Samples of this institution by record id (another institution's ids are simply absent): who they came from, what they are, whether enabled. */
export async function sampleRefsOf(db: Db, institutionId: number, ids: number[]): Promise<SampleRef[]> {
  if (!ids.length) return [];
  return db
    .select(refColumns)
    .from(collectedSamples)
    .where(and(eq(collectedSamples.institutionId, institutionId), inArray(collectedSamples.id, ids)));
}

export async function sampleRefOf(db: Db, institutionId: number, id: number): Promise<SampleRef | null> {
  return (await sampleRefsOf(db, institutionId, [id]))[0] ?? null;
}

/** The kinds of history entry other modules write on a sample. */
export type ForeignSampleEventKind = 'allocated' | 'vacated';

/** Appends an entry to a sample's history, in the caller's transaction (its `summary` is the line a person reads). */
export async function appendSampleEvent(
  tx: Db,
  ctx: Ctx,
  sampleId: number,
  kind: ForeignSampleEventKind,
  detail: { summary: string; reason?: string | null },
) {
  await recordEvent(tx, ctx, sampleId, kind, detail);
}

/**
 * A sample as a list shows it, for a query whose rows hold a sample id in `col`:
 * `{ id, sampleId, specimenType: {id, title}, collectionProtocolId }` or null. The specimen type's title in
 * `language` (a code, or a prepared statement's placeholder) when the institution gave one, else its default title.
 */
export const sampleSummaryOf = (col: SQL, language?: Placeholder | string) => sql<{
  id: number;
  sampleId: string;
  specimenType: { id: number; title: string | null } | null;
  collectionProtocolId: number | null;
} | null>`(
  select json_build_object('id', s.id, 'sampleId', s.sample_id, 'collectionProtocolId', s.collection_protocol_id,
    'specimenType', json_build_object('id', s.specimen_type_id, 'title', (select ${
      language === undefined
        ? sql`st.title`
        : sql`coalesce(nullif(btrim(st.titles ->> ${language}::text), ''), st.title)`
    } from specimen_types st where st.id = s.specimen_type_id)))
  from collected_samples s where s.id = ${col})`;

/** The ids of the institution's samples of one protocol and specimen type, as a subquery. */
export const sameKindSampleIds = (institutionId: number, protocolId: number, specimenTypeId: number) => sql`(
  select s.id from collected_samples s
  where s.institution_id = ${institutionId} and s.collection_protocol_id = ${protocolId} and s.specimen_type_id = ${specimenTypeId})`;

/** SQL for the record ids of the institution's samples whose sample ID holds `term` (any case, a part of it). */
export const sampleIdsContaining = (inst: number, term: string) =>
  sql`(select s.id from collected_samples s where s.institution_id = ${inst} and lower(s.sample_id) like ${likePattern(term)})`;

/** SQL for the record ids of the institution's samples whose sample ID is `text` (any case; the unique index answers). */
export const sampleIdsNamed = (inst: number, text: string) =>
  sql`(select s.id from collected_samples s where s.institution_id = ${inst} and lower(s.sample_id) = ${text.toLowerCase()})`;

/** SQL for `{ id, sampleId }` of the sample a column points at, or null. */
export const sampleRefSql = (column: SQL) =>
  sql<{
    id: number;
    sampleId: string;
  } | null>`(select json_build_object('id', s.id, 'sampleId', s.sample_id) from collected_samples s where s.id = ${column})`;

/** A sample of the institution by its sample ID (any case; the unique index answers), or null. */
export async function sampleNamed(db: Db, inst: number, text: string) {
  const [row] = await db
    .select(refColumns)
    .from(collectedSamples)
    .where(
      and(eq(collectedSamples.institutionId, inst), sql`lower(${collectedSamples.sampleId}) = ${text.toLowerCase()}`),
    )
    .limit(1);
  return row ?? null;
}

// The module's own reads (sample-reads.service.ts): a sample as the API answers it.

const heldBy = qualified(collectedSamples.heldByInstitutionId);
const extra = {
  unitSymbol: sql<
    string | null
  >`(select u.unit_symbol from unit_of_measurements u where u.id = ${qualified(collectedSamples.unitId)})`,
  collectionProtocolEvent: eventRefOf(qualified(collectedSamples.collectionProtocolEventId)),
  patient: patientSummaryOf(qualified(collectedSamples.patientId)),
  parentSample: sql<{
    id: number;
    sampleId: string;
  } | null>`(select json_build_object('id', p.id, 'sampleId', p.sample_id)
    from collected_samples p where p.id = ${qualified(collectedSamples.parentId)})`,
  hasWithdrawnConsent: hasWithdrawnOf(
    qualified(collectedSamples.patientId),
    qualified(collectedSamples.collectedDate),
    qualified(collectedSamples.collectedTime),
  ),
  // Held by another institution (it accepted the sample): who, and since when its own record says it received it.
  heldElsewhere: sql<{ id: number; title: string; since: string | null } | null>`(
    case when ${heldBy} <> ${qualified(collectedSamples.institutionId)} then json_build_object('id', ${heldBy},
      'title', ${institutionTitleOf(heldBy)}, 'since', (
      select max(o.received_at) from sample_origins o where o.source_sample_id = ${qualified(collectedSamples.id)} and o.institution_id = ${heldBy}))
    end)`,
  receivedFrom: sql<{
    institution: string;
    installation: string | null;
    sampleId: string;
    shipmentId: number;
    donorCode: string | null;
    consentState: string;
    receivedDate: string;
  } | null>`(
    select json_build_object('institution', o.source_institution, 'installation', o.source_installation,
      'sampleId', o.sender_sample_code, 'shipmentId', o.shipment_id, 'donorCode', o.donor_code,
      'consentState', o.consent_state, 'receivedDate', o.received_at)
    from sample_origins o where o.sample_id = ${qualified(collectedSamples.id)})`,
};
const refs = () => [
  lookupJoin('specimenType', 'specimenTypes', collectedSamples.specimenTypeId),
  lookupJoin('unit', 'unitOfMeasurements', collectedSamples.unitId),
  lookupJoin('subSampleLineage', 'subSampleLineages', collectedSamples.subSampleLineageId),
  siteJoin('institutionSite', collectedSamples.institutionSiteId, 'sample_site'),
];

export async function selectSamples(
  db: Db,
  opts: {
    where: SQL | undefined;
    orderBy?: SQL;
    limit?: number;
    offset?: number;
    /** A whole list (no filter): page N by number seeks (platform/page-anchors.ts). */
    wholeScope?: AnchorScope;
    /** The reader's language: lookup titles in it (issue 33 item 4). */
    language?: string;
  },
) {
  const { wholeScope, ...rest } = opts;
  const page = await selectRecords(db, collectedSamples, {
    ...rest,
    // Newest first is id order: a whole list's deep page by number seeks from the rank anchors.
    ...(opts.orderBy ? { orderBy: opts.orderBy } : { byId: { desc: true }, ...(wholeScope ? { wholeScope } : {}) }),
    refs: refs(),
    extra,
  });
  return { ...page, rows: page.rows.map(toDto) };
}

type Row = Awaited<
  ReturnType<
    typeof selectRecords<
      typeof collectedSamples,
      'specimenType' | 'unit' | 'subSampleLineage' | 'institutionSite',
      typeof extra
    >
  >
>['rows'][number];

/**
 * The stored custody (custody.repository.ts) as the API answers it: in an open shipment (packed in a draft, or sent)
 * with the shipment's id, name and 'draft' | 'shipped'.
 */
const transitOf = (r: Pick<Row, 'custodyStatus' | 'custodyShipmentId' | 'custodyShipmentName'>) => {
  const shipment =
    r.custodyShipmentId === null
      ? null
      : {
          id: r.custodyShipmentId,
          name: r.custodyShipmentName ?? '',
          status: r.custodyStatus === 'packed' ? 'draft' : 'shipped',
        };
  return { inTransit: shipment !== null, transitShipment: shipment };
};

function toDto(r: Row): CollectedSample {
  return {
    id: r.id,
    isEnabled: r.isEnabled,
    createdDate: r.createdDate,
    creatorAccount: r.creatorAccount,
    enabledDate: r.enabledDate,
    enablerAccount: r.enablerAccount,
    concurrencyStamp: r.concurrencyStamp,
    sampleId: r.sampleId,
    kind: r.kind as CollectedSample['kind'],
    collectionProtocolId: r.collectionProtocolId,
    collectionProtocolEvent: r.collectionProtocolEvent,
    institutionSite: r.institutionSite,
    patientId: r.patientId,
    participantId: r.participantId,
    patient: r.patient
      ? {
          id: r.patient.id,
          firstName: r.patient.firstName,
          fatherName: r.patient.fatherName,
          grandFatherName: r.patient.grandFatherName,
          patientMRN: r.patient.patientMRN,
        }
      : null,
    specimenType: r.specimenType,
    collectedAmount: r.collectedAmount,
    remainingAmount: r.remainingAmount,
    unitOfMeasurement: { id: r.unitId, unitName: r.unit?.title ?? null, unitSymbol: r.unitSymbol },
    collectedDate: r.collectedDate,
    collectedTime: r.collectedTime,
    isSubsample: r.isSubsample,
    parentSampleId: r.parentId,
    parentSample: r.parentSample,
    subSampleLineage: r.subSampleLineage,
    parentAmountUsed: r.parentAmountUsed,
    hasWithdrawnConsent: Boolean(r.hasWithdrawnConsent),
    collectedOutsideDates: r.collectedOutsideDates,
    ...transitOf(r),
    origin: r.origin === 'received' ? 'received' : 'collected',
    heldBy: r.heldElsewhere
      ? {
          id: r.heldElsewhere.id,
          title: r.heldElsewhere.title,
          since: r.heldElsewhere.since ? new Date(r.heldElsewhere.since).toISOString() : null,
        }
      : null,
    receivedFrom: r.receivedFrom
      ? { ...r.receivedFrom, receivedDate: new Date(r.receivedFrom.receivedDate).toISOString() }
      : null,
  };
}

/** The filters of spec 2 §7: IsSubsample, SampleID (exact, any case), PatientId, ParticipantId, StartDate + EndDate (collected). */
export function sampleFilters(q: SampleListQuery): SQL[] {
  const parts: SQL[] = [];
  if (q.isEnabled !== undefined) parts.push(eq(collectedSamples.isEnabled, q.isEnabled));
  if (q.isSubsample !== undefined) parts.push(eq(collectedSamples.isSubsample, q.isSubsample));
  if (q.sampleId) parts.push(sql`lower(${collectedSamples.sampleId}) = ${q.sampleId.toLowerCase()}`);
  if (q.searchTerm) parts.push(sql`lower(${collectedSamples.sampleId}) like ${likePattern(q.searchTerm)}`);
  if (q.patientId) parts.push(eq(collectedSamples.patientId, q.patientId));
  if (q.participantId) parts.push(eq(collectedSamples.participantId, q.participantId));
  if (q.startDate && q.endDate)
    parts.push(sql`${collectedSamples.collectedDate} between ${q.startDate} and ${q.endDate}`);
  return parts;
}

/** One page of the institution's samples (of one protocol, or of all with null), filtered as spec 2 §7 lists them, newest first. */
export function samplePage(
  db: Db,
  inst: number,
  protocolId: number | null,
  q: SampleListQuery,
  offset: number,
  language?: string,
) {
  const filters = sampleFilters(q);
  const where = and(
    eq(collectedSamples.institutionId, inst),
    protocolId === null ? undefined : eq(collectedSamples.collectionProtocolId, protocolId),
    ...filters,
  );
  const scope: AnchorScope = { column: collectedSamples.institutionId, value: inst };
  if (protocolId !== null) scope.also = { column: collectedSamples.collectionProtocolId, value: protocolId };
  return selectSamples(db, {
    where,
    limit: q.pageSize,
    offset,
    language,
    ...(filters.length ? {} : { wholeScope: scope }),
  });
}

/** One sample of the institution's protocol, or undefined. */
export async function sampleInProtocol(
  db: Db,
  inst: number,
  protocolId: number | null,
  id: number,
  language?: string,
): Promise<CollectedSample | undefined> {
  const where = and(
    eq(collectedSamples.institutionId, inst),
    protocolId === null ? undefined : eq(collectedSamples.collectionProtocolId, protocolId),
    eq(collectedSamples.id, id),
  );
  return (await selectSamples(db, { where, limit: 1, language })).rows[0];
}

/** The institution's samples by record id, oldest first. */
export async function samplesWithIds(db: Db, inst: number, ids: number[], language?: string) {
  return (
    await selectSamples(db, {
      where: and(eq(collectedSamples.institutionId, inst), anyId(collectedSamples.id, ids)),
      orderBy: asc(collectedSamples.id),
      language,
    })
  ).rows;
}

/** The institution's enabled samples of every protocol, counted cheaply (the dashboard). */
export const enabledSampleCount = (db: Db, inst: number) =>
  cheapCount(db, () =>
    db
      .select({ id: collectedSamples.id })
      .from(collectedSamples)
      .where(and(eq(collectedSamples.institutionId, inst), eq(collectedSamples.isEnabled, true)))
      .$dynamic(),
  );

/**
 * A sample's descendants (to 50 levels, at most `max`) as records, oldest first, in one statement. The walk is a
 * sub-query of the record select, so the statement's shape is the same for every tree and it is prepared by name
 * (statement-cache.ts): planning its fourteen sub-plans cost more than running them (1.5 of 2.2 ms at full size).
 * Its generic plan walks `parent_id` and reads each found id by primary key, whatever the tree's size.
 */
export async function descendantsOf(db: Db, inst: number, id: number, max: number, language?: string) {
  const walk = sql`(with recursive t(id, depth) as (
      select ${id}::integer, 0 union all
      select c.id, t.depth + 1 from collected_samples c join t on c.parent_id = t.id where t.depth < 50)
    select id from t where id <> ${id} limit ${max})`;
  return (
    await selectSamples(db, {
      where: and(eq(collectedSamples.institutionId, inst), sql`${collectedSamples.id} in ${walk}`),
      orderBy: asc(collectedSamples.id),
      language,
    })
  ).rows;
}

/** A sample's own history entries, oldest first. */
export const sampleEventsOf = (db: Db, sampleId: number) =>
  db.select().from(sampleEvents).where(eq(sampleEvents.sampleId, sampleId)).orderBy(asc(sampleEvents.id));

/** Accounts' names by id (who wrote a history entry). */
export async function accountNamesOf(db: Db, ids: number[]) {
  const rows = ids.length ? await db.select().from(accountNames).where(inArray(accountNames.id, ids)) : [];
  return new Map(rows.map((a) => [a.id, { firstName: a.firstName, lastName: a.lastName }]));
}

/** The protocol's samples (by record id) a label request names, for the labels. */
/**
 * The rows a label is made from: the samples of the protocol, or (protocolId null) any of the institution's, a received
 * one included (docs/labels.md "Sample labels"); a received record adds its specimen type, donor code and consent state.
 */
export const labelRowsOf = (tx: Db, inst: number, protocolId: number | null, ids: number[], language?: string) =>
  tx
    .select({
      id: collectedSamples.id,
      sampleId: collectedSamples.sampleId,
      patientId: collectedSamples.patientId,
      collectedDate: collectedSamples.collectedDate,
      collectedTime: collectedSamples.collectedTime,
      institutionId: collectedSamples.institutionId,
      heldBy: collectedSamples.heldByInstitutionId,
      isEnabled: collectedSamples.isEnabled,
      origin: collectedSamples.origin,
      // Printed in the language of who prints it (the label is read at their bench).
      specimenType: sql<string | null>`${lookupTitleSql(specimenTypes, 'specimenTypes', language)}`,
      // A sub-sample of a received record has no origin row of its own: its nearest received ancestor's.
      receivedFrom: sql<{
        donorCode: string | null;
        consentState: string;
      } | null>`(case when ${qualified(collectedSamples.origin)} = 'received' then (
        with recursive up(id, parent_id, depth) as (
          select c.id, c.parent_id, 0 from collected_samples c where c.id = ${qualified(collectedSamples.id)}
          union all select p.id, p.parent_id, up.depth + 1 from collected_samples p join up on p.id = up.parent_id
          where up.depth < 100)
        select json_build_object('donorCode', o.donor_code, 'consentState', o.consent_state)
        from up join sample_origins o on o.sample_id = up.id order by up.depth limit 1) end)`,
    })
    .from(collectedSamples)
    .leftJoin(specimenTypes, eq(specimenTypes.id, collectedSamples.specimenTypeId))
    .where(
      and(
        eq(collectedSamples.institutionId, inst),
        protocolId === null ? undefined : eq(collectedSamples.collectionProtocolId, protocolId),
        inArray(collectedSamples.id, ids),
      ),
    );

/**
 * One sample of the institution as another module checks it before using it (an order on it, issue 31): its
 * donor, who holds it, and for a received record (or a sub-sample of one) its donor code and stored consent
 * state. Null when it is not the institution's.
 */
export async function sampleForUseOf(db: Db, inst: number, id: number) {
  const [row] = await labelRowsOf(db, inst, null, [id]);
  return row ?? null;
}

/** The columns a new sample's insert binds (samples.service.ts collectPrimary and createChild give them). */
const SAMPLE_INSERT = [
  'institutionId',
  'creatorId',
  'enablerId',
  'collectionProtocolId',
  'participantId',
  'patientId',
  'institutionSiteId',
  'collectionProtocolEventId',
  'origin',
  'sampleId',
  'kind',
  'specimenTypeId',
  'collectedAmount',
  'remainingAmount',
  'unitId',
  'collectedDate',
  'collectedTime',
  'parentId',
  'isSubsample',
  'subSampleLineageId',
  'parentAmountUsed',
  'collectedOutsideDates',
  'heldByInstitutionId',
  'concurrencyStamp',
] as const;
type SampleInsert = Pick<
  typeof collectedSamples.$inferInsert,
  Exclude<(typeof SAMPLE_INSERT)[number], 'heldByInstitutionId' | 'concurrencyStamp'>
>;

const sampleInsert = preparedStatements('samples.insertSampleRow', (db: Db) =>
  db.insert(collectedSamples).values(placeholders(SAMPLE_INSERT)).returning(),
);

/** Inserts a sample row, in its owner's custody; null when its sample ID was taken meanwhile (the unique index). */
export async function insertSampleRow(tx: Db, values: SampleInsert) {
  try {
    // A new sample is in its owner's custody (custody.repository.ts changes it only through a shipment). Prepared
    // once per connection: an insert's plan is the same whatever its values.
    const [row] = await sampleInsert(tx, '', true).execute(
      insertValues(collectedSamples, SAMPLE_INSERT, { ...values, heldByInstitutionId: values.institutionId }),
    );
    return row;
  } catch (e) {
    if (isUniqueViolation(e)) return null;
    throw e;
  }
}
