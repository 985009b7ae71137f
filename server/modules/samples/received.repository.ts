import { createHash } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Ctx } from '../../platform/context';
import { auditAll } from '../../platform/audit';
import { specimenTypes, unitOfMeasurements } from '../../platform/lookups/lookup.tables';
import type { Db } from '../../db/client';
import { institutionTitles } from '../institutions';
import { collectedSamples, sampleEvents, sampleOrigins } from './samples.table';
import { sampleErrors } from './samples.errors';
import { ledgerText } from './ledger-words';

// Receiving makes the sample ours (issue 31 item 1, docs/decisions/0014-received-samples.md): accepting a
// shipment item makes a NEW sample record owned and held by the receiver (origin 'received'), with where it
// came from in sample_origins and its custody timeline so far copied into its own history. Written in the
// transaction of the acceptance, a fixed number of statements whatever the number of items (bulk receive).

/** One entry of a sample's custody timeline as it travels (copied at receipt, or carried by a manifest). */
export interface CustodyEvent {
  at: string;
  kind: string;
  summary: string;
  /** The institution where it happened (its title). */
  institution: string;
  reason: string | null;
}

/** The kinds that travel with a sample: its custody, never its donor's consent or another sample's draws. */
export const TRAVELLING_KINDS = [
  'collected',
  'allocated',
  'vacated',
  'shipped',
  'received',
  'rejected',
  'shipment_cancelled',
] as const;
const TRAVELLING = new Set<string>(TRAVELLING_KINDS);

/** What one new record is made from: the item as shipped, and where it came from. */
export interface ReceivedSampleInput {
  /** The sample ID on the tube's label (the sender's). */
  code: string;
  kind: string;
  specimenType: string;
  unit: string;
  amount: number;
  collectedDate: string;
  collectedTime: string;
  source: { sampleId: number | null; institutionId: number | null; institution: string; installation: string | null };
  shipment: { id: number; itemId: number };
  donorCode: string | null;
  timeline: CustodyEvent[];
  receivedSummary: string;
}

const lower = (v: string) => v.trim().toLowerCase();
const inList = (values: string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/** The receiver's enabled specimen types and units matching the items' by title/abbreviation and symbol/name; else 409 naming the first sample. */
async function matchLookups(tx: Db, inst: number, list: ReceivedSampleInput[]) {
  const typeNames = [...new Set(list.map((v) => lower(v.specimenType)))];
  const unitNames = [...new Set(list.map((v) => lower(v.unit)))];
  const types = await tx
    .select({ id: specimenTypes.id, title: specimenTypes.title, abbreviation: specimenTypes.abbreviation })
    .from(specimenTypes)
    .where(
      and(
        eq(specimenTypes.institutionId, inst),
        eq(specimenTypes.isEnabled, true),
        sql`(lower(trim(${specimenTypes.title})) in (${inList(typeNames)}) or lower(trim(${specimenTypes.abbreviation})) in (${inList(typeNames)}))`,
      ),
    )
    .orderBy(asc(specimenTypes.id));
  const units = await tx
    .select({ id: unitOfMeasurements.id, symbol: unitOfMeasurements.unitSymbol, name: unitOfMeasurements.unitName })
    .from(unitOfMeasurements)
    .where(
      and(
        eq(unitOfMeasurements.institutionId, inst),
        eq(unitOfMeasurements.isEnabled, true),
        sql`(lower(trim(${unitOfMeasurements.unitSymbol})) in (${inList(unitNames)}) or lower(trim(${unitOfMeasurements.unitName})) in (${inList(unitNames)}))`,
      ),
    )
    .orderBy(asc(unitOfMeasurements.id));
  const text = (v: unknown) => (typeof v === 'string' ? lower(v) : null);
  // The title wins over an abbreviation, the symbol over a name; the oldest row first.
  const typeOf = (name: string) =>
    types.find((t) => text(t.title) === name) ?? types.find((t) => text(t.abbreviation) === name);
  const unitOf = (name: string) =>
    units.find((u) => text(u.symbol) === name) ?? units.find((u) => text(u.name) === name);
  return list.map((v) => {
    const type = typeOf(lower(v.specimenType));
    if (!type) throw sampleErrors.received_type_unknown(v.code, 'specimen type', v.specimenType);
    const unit = unitOf(lower(v.unit));
    if (!unit) throw sampleErrors.received_type_unknown(v.code, 'unit', v.unit);
    return { specimenTypeId: type.id, unitId: unit.id };
  });
}

/** Each tube's own sample ID when free in the receiver's institution, else the first free `<ID>-R<n>`. */
async function freeSampleIds(tx: Db, inst: number, codes: string[]) {
  const wanted = [...new Set(codes.map((c) => c.toLowerCase()))];
  const rows = await tx
    .select({ s: sql<string>`lower(${collectedSamples.sampleId})` })
    .from(collectedSamples)
    .where(
      and(
        eq(collectedSamples.institutionId, inst),
        sql`(lower(${collectedSamples.sampleId}) in (${inList(wanted)})
          or split_part(lower(${collectedSamples.sampleId}), '-r', 1) in (${inList(wanted)}))`,
      ),
    );
  const taken = new Set(rows.map((r) => r.s));
  return codes.map((code) => {
    let id = code;
    for (let n = 1; taken.has(id.toLowerCase()); n++) id = `${code}-R${n}`;
    taken.add(id.toLowerCase());
    return id;
  });
}

/**
 * Makes the receiver's records of accepted items, in the caller's transaction: the receiver's specimen type
 * and unit (matched by name: lookups are per institution), its sample ID (the tube's, or suffixed), the amount
 * as shipped, held by the receiver; their origin rows; their histories = the timeline so far, then their own
 * `received` entry; one audit row each. Returns the new record ids in the input's order.
 */
export async function createReceivedSamples(tx: Db, ctx: Ctx, receiverId: number, list: ReceivedSampleInput[]) {
  if (!list.length) return [];
  const inst = receiverId;
  const lookups = await matchLookups(tx, inst, list);
  const ids = await freeSampleIds(
    tx,
    inst,
    list.map((v) => v.code),
  );
  const at = ctx.now();
  const rows = await tx
    .insert(collectedSamples)
    .values(
      list.map((v, i) => ({
        institutionId: inst,
        creatorId: ctx.account.id,
        enablerId: ctx.account.id,
        origin: 'received',
        sampleId: ids[i],
        kind: v.kind,
        specimenTypeId: lookups[i].specimenTypeId,
        collectedAmount: v.amount,
        remainingAmount: v.amount,
        unitId: lookups[i].unitId,
        collectedDate: v.collectedDate,
        collectedTime: v.collectedTime,
        isSubsample: false,
        heldByInstitutionId: inst,
      })),
    )
    .returning();
  // RETURNING gives the rows in the VALUES order (one statement, identity ids ascending): sorted to be sure.
  rows.sort((a, b) => a.id - b.id);
  await tx.insert(sampleOrigins).values(
    list.map((v, i) => ({
      sampleId: rows[i].id,
      institutionId: inst,
      sourceSampleId: v.source.sampleId,
      sourceInstitutionId: v.source.institutionId,
      sourceInstitution: v.source.institution,
      sourceInstallation: v.source.installation,
      senderSampleCode: v.code,
      shipmentId: v.shipment.id,
      shipmentItemId: v.shipment.itemId,
      donorCode: v.donorCode,
      receivedAt: at,
    })),
  );
  await tx.insert(sampleEvents).values(
    list.flatMap((v, i) => [
      ...v.timeline
        .filter((e) => TRAVELLING.has(e.kind))
        .map((e) => ({
          institutionId: inst,
          sampleId: rows[i].id,
          kind: e.kind,
          detail: { summary: e.summary, reason: e.reason, institution: e.institution, copied: true },
          creatorId: null,
          createdDate: new Date(e.at),
        })),
      {
        institutionId: inst,
        sampleId: rows[i].id,
        kind: 'received',
        detail: { summary: v.receivedSummary, amount: v.amount, remainingAfter: v.amount },
        creatorId: ctx.account.id,
        createdDate: at,
      },
    ]),
  );
  await auditAll(
    tx,
    ctx,
    rows.map((row, i) => ({
      entity: 'collectedSample',
      entityId: row.id,
      action: 'receive',
      after: {
        ...row,
        receivedFrom: { ...list[i].source, senderSampleCode: list[i].code, shipmentId: list[i].shipment.id },
      },
    })),
  );
  return rows.map((r) => r.id);
}

/** Storage entries travel without the holder's storage path: "Stored at A." / "Taken out of storage at A.". */
function neutral(kind: string, summary: string, institution: string) {
  if (kind === 'allocated') return ledgerText('storedAt', { where: institution });
  if (kind === 'vacated') return ledgerText('takenOutAt', { where: institution });
  return summary;
}

/** Samples' custody timelines as they travel: each one's custody entries, with the institution where each happened. */
export async function custodyTimelinesOf(db: Db, sampleIds: number[]): Promise<Map<number, CustodyEvent[]>> {
  const out = new Map<number, CustodyEvent[]>(sampleIds.map((id) => [id, []]));
  if (!sampleIds.length) return out;
  const rows = await db
    .select({
      sampleId: sampleEvents.sampleId,
      at: sampleEvents.createdDate,
      kind: sampleEvents.kind,
      detail: sampleEvents.detail,
      institutionId: sampleEvents.institutionId,
    })
    .from(sampleEvents)
    .where(and(inArray(sampleEvents.sampleId, sampleIds), inArray(sampleEvents.kind, [...TRAVELLING_KINDS])))
    .orderBy(asc(sampleEvents.id));
  const titles = await institutionTitles(db, [...new Set(rows.map((r) => r.institutionId))]);
  for (const r of rows) {
    const d = r.detail as { summary?: string; reason?: string | null; institution?: string };
    const institution = d.institution ?? titles.get(r.institutionId) ?? '';
    out.get(r.sampleId)?.push({
      at: r.at.toISOString(),
      kind: r.kind,
      summary: d.institution ? (d.summary ?? '') : neutral(r.kind, d.summary ?? '', institution),
      institution,
      reason: d.reason ?? null,
    });
  }
  return out;
}

/** A pseudonymous donor reference for another institution: stable per donor, never a name, MRN or record id. */
export const donorCodeOf = (institutionId: number, patientId: number | null) =>
  patientId === null
    ? null
    : `D-${createHash('sha256').update(`biobank-lims donor ${institutionId}:${patientId}`).digest('hex').slice(0, 16)}`;

/** Where a received sample came from (its origin row), or null for a collected one. */
export async function originsOf(db: Db, sampleIds: number[]) {
  if (!sampleIds.length) return new Map<number, typeof sampleOrigins.$inferSelect>();
  const rows = await db.select().from(sampleOrigins).where(inArray(sampleOrigins.sampleId, sampleIds));
  return new Map(rows.map((o) => [o.sampleId, o]));
}

/** What a same-server receipt reads of the sender's records: what the tube is, and its donor's pseudonymous code. */
async function sourceSamplesOf(db: Db, ids: number[]) {
  const rows = await db
    .select({
      id: collectedSamples.id,
      institutionId: collectedSamples.institutionId,
      code: collectedSamples.sampleId,
      kind: collectedSamples.kind,
      collectedDate: collectedSamples.collectedDate,
      collectedTime: collectedSamples.collectedTime,
      patientId: collectedSamples.patientId,
      specimenType: sql<string>`(select st.title from specimen_types st where st.id = ${collectedSamples.specimenTypeId})`,
      unit: sql<string>`(select coalesce(u.unit_symbol, u.unit_name) from unit_of_measurements u where u.id = ${collectedSamples.unitId})`,
    })
    .from(collectedSamples)
    .where(inArray(collectedSamples.id, ids));
  const origins = await originsOf(
    db,
    rows.map((r) => r.id),
  );
  return new Map(
    rows.map((r) => [
      r.id,
      { ...r, donorCode: origins.get(r.id)?.donorCode ?? donorCodeOf(r.institutionId, r.patientId) },
    ]),
  );
}

/**
 * Same server: the receiver's records of accepted items of a local shipment, from the sender's records (what the
 * tube is, its custody timeline so far, its donor's pseudonymous code). Returns the new record id per item id.
 */
export async function receiveLocalItems(
  tx: Db,
  ctx: Ctx,
  v: {
    receiverId: number;
    senderTitle: string;
    shipment: { id: number; name: string };
    items: { itemId: number; sourceId: number; amount: number }[];
  },
) {
  if (!v.items.length) return new Map<number, number>();
  const sources = await sourceSamplesOf(
    tx,
    v.items.map((i) => i.sourceId),
  );
  const timelines = await custodyTimelinesOf(
    tx,
    v.items.map((i) => i.sourceId),
  );
  const list = v.items.map((i): ReceivedSampleInput => {
    const src = sources.get(i.sourceId);
    if (!src) throw new Error(`receive: sample ${i.sourceId} not found`);
    return {
      code: src.code,
      kind: src.kind,
      specimenType: src.specimenType ?? '',
      unit: src.unit ?? '',
      amount: i.amount,
      collectedDate: src.collectedDate,
      collectedTime: src.collectedTime,
      source: { sampleId: src.id, institutionId: src.institutionId, institution: v.senderTitle, installation: null },
      shipment: { id: v.shipment.id, itemId: i.itemId },
      donorCode: src.donorCode,
      timeline: timelines.get(i.sourceId) ?? [],
      receivedSummary: ledgerText('receivedFrom', { sender: v.senderTitle, name: v.shipment.name, code: src.code }),
    };
  });
  const ids = await createReceivedSamples(tx, ctx, v.receiverId, list);
  return new Map(v.items.map((i, n) => [i.itemId, ids[n]]));
}

/** Each sample's pseudonymous donor code, as it travels: the one it was received with, else made from its donor. */
export async function donorCodesOf(db: Db, ids: number[]) {
  const sources = await sourceSamplesOf(db, ids);
  return new Map([...sources].map(([id, s]) => [id, s.donorCode]));
}
