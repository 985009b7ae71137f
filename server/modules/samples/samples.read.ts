import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { CollectedSample, SampleHistoryEntry, SampleListQuery, SampleTreeNode } from '../../../contract/samples.contract';
import { type Ctx, instOf, requirePermission } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { likePattern, offsetOf } from '../../platform/paging';
import { selectRecords } from '../../platform/record-refs';
import { cheapCount } from '../../platform/counts';
import { accountNames } from '../../platform/account-names';
import { lookupJoin } from '../../platform/lookups/lookup-refs';
import type { Db } from '../../db/client';
import { siteJoin } from '../institutions';
import { patientSummaryOf } from '../participants';
import { eventRefOf, hasWithdrawnOf, protocolOf, withdrawalsOf } from '../protocols';
import { collectedSamples, sampleEvents } from './samples.table';
import { qualified } from '../../platform/qualified';

const extra = {
  unitSymbol: sql<string | null>`(select u.unit_symbol from unit_of_measurements u where u.id = ${qualified(collectedSamples.unitId)})`,
  collectionProtocolEvent: eventRefOf(qualified(collectedSamples.collectionProtocolEventId)),
  patient: patientSummaryOf(qualified(collectedSamples.patientId)),
  parentSample: sql<{ id: number; sampleId: string } | null>`(select json_build_object('id', p.id, 'sampleId', p.sample_id)
    from collected_samples p where p.id = ${qualified(collectedSamples.parentId)})`,
  hasWithdrawnConsent: hasWithdrawnOf(qualified(collectedSamples.patientId)),
};
const refs = () => [
  lookupJoin('specimenType', 'specimenTypes', collectedSamples.specimenTypeId),
  lookupJoin('unit', 'unitOfMeasurements', collectedSamples.unitId),
  lookupJoin('subSampleLineage', 'subSampleLineages', collectedSamples.subSampleLineageId),
  siteJoin('institutionSite', collectedSamples.institutionSiteId, 'sample_site'),
];

async function select(db: Db, opts: { where: SQL | undefined; orderBy?: SQL; limit?: number; offset?: number }) {
  const page = await selectRecords(db, collectedSamples, { ...opts, orderBy: opts.orderBy ?? desc(collectedSamples.id), refs: refs(), extra });
  return { ...page, rows: page.rows.map(toDto) };
}

type Row = Awaited<ReturnType<typeof selectRecords<typeof collectedSamples, 'specimenType' | 'unit' | 'subSampleLineage' | 'institutionSite', typeof extra>>>['rows'][number];

/**
 * The stored custody (custody.ts) as the API answers it: in an open shipment (packed in a draft, or sent)
 * with the shipment's id, name and 'draft' | 'shipped'.
 */
const transitOf = (r: Pick<Row, 'custodyStatus' | 'custodyShipmentId' | 'custodyShipmentName'>) => {
  const shipment = r.custodyShipmentId === null ? null : { id: r.custodyShipmentId, name: r.custodyShipmentName ?? '', status: r.custodyStatus === 'packed' ? 'draft' : 'shipped' };
  return { inTransit: shipment !== null, transitShipment: shipment };
};

function toDto(r: Row): CollectedSample {
  return {
    id: r.id, isEnabled: r.isEnabled, createdDate: r.createdDate, creatorAccount: r.creatorAccount, enabledDate: r.enabledDate, enablerAccount: r.enablerAccount,
    concurrencyStamp: r.concurrencyStamp, sampleId: r.sampleId, kind: r.kind as CollectedSample['kind'], collectionProtocolId: r.collectionProtocolId,
    collectionProtocolEvent: r.collectionProtocolEvent, institutionSite: r.institutionSite, patientId: r.patientId, participantId: r.participantId,
    patient: r.patient ? { id: r.patient.id, firstName: r.patient.firstName, fatherName: r.patient.fatherName, grandFatherName: r.patient.grandFatherName, patientMRN: r.patient.patientMRN } : null,
    specimenType: r.specimenType, collectedAmount: r.collectedAmount, remainingAmount: r.remainingAmount,
    unitOfMeasurement: { id: r.unitId, unitName: r.unit?.title ?? null, unitSymbol: r.unitSymbol },
    collectedDate: r.collectedDate, collectedTime: r.collectedTime, isSubsample: r.isSubsample, parentSampleId: r.parentId, parentSample: r.parentSample,
    subSampleLineage: r.subSampleLineage, parentAmountUsed: r.parentAmountUsed, hasWithdrawnConsent: Boolean(r.hasWithdrawnConsent),
    collectedOutsideDates: r.collectedOutsideDates, ...transitOf(r),
  };
}

/** The filters of spec 2 §7: IsSubsample, SampleID (exact, any case), PatientId, ParticipantId, StartDate + EndDate (collected). */
function filters(q: SampleListQuery): SQL[] {
  const parts: SQL[] = [];
  if (q.isEnabled !== undefined) parts.push(eq(collectedSamples.isEnabled, q.isEnabled));
  if (q.isSubsample !== undefined) parts.push(eq(collectedSamples.isSubsample, q.isSubsample));
  if (q.sampleId) parts.push(sql`lower(${collectedSamples.sampleId}) = ${q.sampleId.toLowerCase()}`);
  if (q.searchTerm) parts.push(sql`lower(${collectedSamples.sampleId}) like ${likePattern(q.searchTerm)}`);
  if (q.patientId) parts.push(eq(collectedSamples.patientId, q.patientId));
  if (q.participantId) parts.push(eq(collectedSamples.participantId, q.participantId));
  if (q.startDate && q.endDate) parts.push(sql`${collectedSamples.collectedDate} between ${q.startDate} and ${q.endDate}`);
  return parts;
}

/** The protocol's samples, newest first, paged. */
export async function listSamples(ctx: Ctx, protocolId: number, q: SampleListQuery) {
  requirePermission(ctx, 'samples.read');
  await protocolOf(ctx, protocolId);
  const where = and(eq(collectedSamples.institutionId, instOf(ctx)), eq(collectedSamples.collectionProtocolId, protocolId), ...filters(q));
  return select(ctx.db, { where, limit: q.pageSize, offset: offsetOf(q) });
}

/** Any protocol's samples of the institution (New Order's COLLECTED SAMPLE ID tab: `SampleID`, exact). */
export async function listInstitutionSamples(ctx: Ctx, q: SampleListQuery) {
  requirePermission(ctx, 'samples.read');
  const where = and(eq(collectedSamples.institutionId, instOf(ctx)), ...filters(q));
  return select(ctx.db, { where, limit: q.pageSize, offset: offsetOf(q) });
}

/** GET collectedSamples/count (spec 1 §7, the dashboard): enabled samples of every protocol of the institution, like patients/count. */
export async function countSamples(ctx: Ctx) {
  requirePermission(ctx, 'samples.read');
  return cheapCount(ctx.db, () => ctx.db.select({ id: collectedSamples.id }).from(collectedSamples)
    .where(and(eq(collectedSamples.institutionId, instOf(ctx)), eq(collectedSamples.isEnabled, true))).$dynamic());
}

const inProtocol = (ctx: Ctx, protocolId: number) => and(eq(collectedSamples.institutionId, instOf(ctx)), eq(collectedSamples.collectionProtocolId, protocolId));

export async function getSample(ctx: Ctx, protocolId: number, id: number, db: Db = ctx.db) {
  requirePermission(ctx, 'samples.read');
  const [row] = (await select(db, { where: and(inProtocol(ctx, protocolId), eq(collectedSamples.id, id)), limit: 1 })).rows;
  if (!row) throw notFound('Collected sample');
  return row;
}

/** Samples by id in the given order (a command's answer). */
export async function samplesByIds(ctx: Ctx, ids: number[]) {
  const rows = (await select(ctx.db, { where: and(eq(collectedSamples.institutionId, instOf(ctx)), inArray(collectedSamples.id, ids)), orderBy: asc(collectedSamples.id) })).rows;
  return rows;
}

/** Most nodes a tree answer holds. */
const MAX_TREE = 5000;

/** A sample with all its descendants and their remaining amounts (children oldest first). */
export async function sampleTree(ctx: Ctx, protocolId: number, id: number): Promise<SampleTreeNode> {
  const root = await getSample(ctx, protocolId, id);
  const ids = (await ctx.db.execute(sql`with recursive t(id, depth) as (
      select ${id}::integer, 0 union all
      select c.id, t.depth + 1 from collected_samples c join t on c.parent_id = t.id where t.depth < 50)
    select id from t where id <> ${id} limit ${MAX_TREE}`)) as unknown as { rows: { id: number }[] };
  const list = ids.rows.map((r) => Number(r.id));
  const nodes = new Map<number, SampleTreeNode>([[root.id, { ...root, children: [] }]]);
  if (list.length) for (const s of await samplesByIds(ctx, list)) nodes.set(s.id, { ...s, children: [] });
  for (const n of nodes.values()) if (n.id !== root.id && n.parentSampleId && nodes.has(n.parentSampleId)) nodes.get(n.parentSampleId)!.children.push(n);
  return nodes.get(root.id)!;
}

type Detail = { summary: string; amount?: number | null; remainingAfter?: number | null; otherSample?: { id: number; sampleId: string } | null; reason?: string | null };

/** The sample's timeline: its own events, and the donor's consent withdrawals; oldest first. */
export async function sampleHistory(ctx: Ctx, protocolId: number, id: number): Promise<SampleHistoryEntry[]> {
  const sample = await getSample(ctx, protocolId, id);
  const events = await ctx.db.select().from(sampleEvents).where(eq(sampleEvents.sampleId, id)).orderBy(asc(sampleEvents.id));
  const withdrawals = await withdrawalsOf(ctx.db, instOf(ctx), sample.patientId);
  const who = [...new Set([...events.map((e) => e.creatorId), ...withdrawals.map((w) => w.withdrawnById)].filter((x): x is number => x !== null))];
  const names = new Map((who.length ? await ctx.db.select().from(accountNames).where(inArray(accountNames.id, who)) : []).map((a) => [a.id, { firstName: a.firstName, lastName: a.lastName }]));
  const entries: SampleHistoryEntry[] = events.map((e) => {
    const d = e.detail as Detail;
    return {
      at: e.createdDate.toISOString(), kind: e.kind as SampleHistoryEntry['kind'], account: (e.creatorId && names.get(e.creatorId)) || null,
      summary: d.summary, amount: d.amount ?? null, remainingAfter: d.remainingAfter ?? null, otherSample: d.otherSample ?? null, reason: d.reason ?? null,
    };
  });
  for (const w of withdrawals) {
    entries.push({
      at: (w.withdrawnAt ?? new Date(`${w.withdrawnDate}T00:00:00Z`)).toISOString(), kind: 'consent_withdrawn', account: (w.withdrawnById && names.get(w.withdrawnById)) || null,
      summary: `The donor withdrew consent "${w.consent}" on ${w.withdrawnDate} (${String(w.effect).replace(/_/g, ' ')}).`,
      amount: null, remainingAfter: null, otherSample: null, reason: w.reason,
    });
  }
  return entries.sort((a, b) => a.at.localeCompare(b.at));
}
