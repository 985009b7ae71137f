import { randomUUID } from 'node:crypto';
import type { Bundle, BundleEntry, Resource } from '@medplum/fhirtypes';
import type { InstCtx } from '../../platform/context';
import type { ExportScope } from '../../platform/export-scope';
import { exportPatients } from '../participants';
import { exportConsents, exportConsentSignatures, exportEnrolments, exportProtocols } from '../protocols';
import { exportForms, exportSubmissions } from '../forms';
import { exportSamples } from '../samples';
import { type ExportNode, exportNode, exportNodesWithAncestors, exportSamplePlaces } from '../storage';
import { exportOrders, exportReleasedResults } from '../orders';
import { readParticipantBundle } from './fhir.repository';
import { fhirErrors } from './fhir.errors';
import {
  type DistributedSampleFacts,
  type MapCtx,
  type SamplePlace,
  type SampleRow,
  serverOffset,
  toConsent,
  toDistributedConsent,
  toDistributedSpecimen,
  toLocation,
  toObservation,
  toPatient,
  toQuestionnaire,
  toQuestionnaireResponse,
  toResearchStudy,
  toResearchSubject,
  toServiceRequest,
  toSpecimen,
} from './fhir.mapping';

/** For the shipment manifest (docs/shipments.md "Manifest exchange"): the same Specimen mapping. */
export { extensionUrl, localDateTime, serverOffset, toSpecimen, type MapCtx } from './fhir.mapping';
export { type DistributedSampleFacts, distributionCodeSystem } from './fhir.mapping';

// The FHIR R4 export (docs/fhir.md): read-only, one institution, a fixed number of statements per
// resource or bundle whatever the data (each read takes a list of ids), bundles capped at MAX_ENTRIES.

/** The most entries a bundle holds; a bigger one is refused (413) before the rest is read. */
export const MAX_ENTRIES = 5000;
/** The most characters of signature images (base64) a bundle carries: 64 MB of text, about 48 MB of PNG. */
export const MAX_SIGNATURE_CHARS = 64 * 1024 * 1024;

export interface FhirCtx extends InstCtx {
  /** The absolute base of this institution's FHIR addresses (`https://host/api/institutions/7/fhir`), for `fullUrl`. */
  base: string;
  /** MAX_SIGNATURE_CHARS unless told (a test proves the refusal without 64 MB of images). */
  maxSignatureChars?: number;
}

const mapCtx = (ctx: InstCtx): MapCtx => ({ institutionId: ctx.institutionId, offsetOf: serverOffset });
const today = (ctx: InstCtx) => ctx.now().toISOString().slice(0, 10);
const one = (ids: number[]): ExportScope => ({ ids, limit: 1 });

async function single<T, R>(rows: Promise<T[]>, what: string, map: (row: T) => R): Promise<R> {
  const [row] = await rows;
  if (!row) throw fhirErrors.not_found(what);
  return map(row);
}

export async function patient(ctx: InstCtx, id: number) {
  return single(exportPatients(ctx.db, ctx.institutionId, [id]), 'Patient', (p) => toPatient(mapCtx(ctx), p));
}
export async function researchStudy(ctx: InstCtx, id: number) {
  return single(exportProtocols(ctx.db, ctx.institutionId, one([id])), 'ResearchStudy', (p) =>
    toResearchStudy(mapCtx(ctx), p, today(ctx)),
  );
}
export async function researchSubject(ctx: InstCtx, id: number) {
  return single(exportEnrolments(ctx.db, ctx.institutionId, one([id])), 'ResearchSubject', toResearchSubject);
}
export async function consent(ctx: InstCtx, id: number) {
  return single(exportConsents(ctx.db, ctx.institutionId, one([id])), 'Consent', (c) => toConsent(mapCtx(ctx), c));
}
export async function questionnaire(ctx: InstCtx, id: number) {
  return single(exportForms(ctx.db, ctx.institutionId, one([id])), 'Questionnaire', (f) =>
    toQuestionnaire(mapCtx(ctx), f),
  );
}
export async function questionnaireResponse(ctx: InstCtx, id: number) {
  return single(exportSubmissions(ctx.db, ctx.institutionId, one([id])), 'QuestionnaireResponse', (s) =>
    toQuestionnaireResponse(mapCtx(ctx), s),
  );
}
export async function specimen(ctx: InstCtx, id: number) {
  const [sample] = await exportSamples(ctx.db, ctx.institutionId, one([id]));
  if (!sample) throw fhirErrors.not_found('Specimen');
  const { places } = await placesOf(ctx, [sample]);
  return toSpecimen(mapCtx(ctx), sample, places.get(sample.id));
}
export async function serviceRequest(ctx: InstCtx, id: number) {
  return single(exportOrders(ctx.db, ctx.institutionId, one([id])), 'ServiceRequest', (o) =>
    toServiceRequest(mapCtx(ctx), o),
  );
}
/** A released result as an Observation (its id is the result's id); an unreleased one is not found. */
export async function observation(ctx: InstCtx, resultId: number) {
  const [result] = await exportReleasedResults(ctx.db, ctx.institutionId, { ids: [resultId] }, 1);
  if (!result) throw fhirErrors.not_found('Observation');
  const [order] = await exportOrders(ctx.db, ctx.institutionId, one([result.orderId]));
  if (!order) throw fhirErrors.not_found('Observation');
  return toObservation(mapCtx(ctx), result, order);
}
export async function location(ctx: InstCtx, id: number) {
  const node = await exportNode(ctx.db, ctx.institutionId, id);
  if (!node) throw fhirErrors.not_found('Location');
  return toLocation(mapCtx(ctx), node);
}

/** Where samples are: their places and the storage nodes above them (two statements for any number of samples). */
async function placesOf(
  ctx: InstCtx,
  samples: SampleRow[],
): Promise<{ places: Map<number, SamplePlace>; nodes: ExportNode[] }> {
  const rows = await exportSamplePlaces(
    ctx.db,
    ctx.institutionId,
    samples.map((s) => s.id),
  );
  const nodes = await exportNodesWithAncestors(
    ctx.db,
    ctx.institutionId,
    rows.map((r) => r.boxId),
  );
  return placesFrom(rows, nodes);
}

/** The samples' places with the path of titles down to their box, from their place rows and the nodes above them. */
function placesFrom(
  rows: { sampleId: number; boxId: number; positionCode: string }[],
  nodes: ExportNode[],
): { places: Map<number, SamplePlace>; nodes: ExportNode[] } {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const pathOf = (boxId: number) => {
    const titles: string[] = [];
    for (let n = byId.get(boxId); n && titles.length < 10; n = n.parentId ? byId.get(n.parentId) : undefined)
      titles.unshift(n.title);
    return titles.join(' > ');
  };
  return {
    places: new Map(
      rows.map((r) => [r.sampleId, { boxId: r.boxId, positionCode: r.positionCode, path: pathOf(r.boxId) }]),
    ),
    nodes,
  };
}

/** Collects a bundle's entries and refuses it as soon as it would exceed MAX_ENTRIES. */
class Entries {
  readonly list: BundleEntry[] = [];
  constructor(private readonly base: string) {}
  /** The room left, plus one: a read asks for this many rows, so one too many shows the bundle is too big. */
  get room() {
    return MAX_ENTRIES - this.list.length + 1;
  }
  add(resources: Resource[]) {
    if (this.list.length + resources.length > MAX_ENTRIES) throw fhirErrors.too_large(MAX_ENTRIES);
    for (const r of resources) this.list.push({ fullUrl: `${this.base}/${r.resourceType}/${r.id}`, resource: r });
  }
  bundle(ctx: InstCtx): Bundle {
    return {
      resourceType: 'Bundle',
      type: 'collection',
      timestamp: ctx.now().toISOString(),
      // No `total`: FHIR allows it on searchset and history bundles only (invariant bdl-1); count `entry`.
      entry: this.list,
    };
  }
}
const scope = (e: Entries, s: Omit<ExportScope, 'limit'>): ExportScope => ({ ...s, limit: e.room });
const unique = (ids: number[]) => [...new Set(ids)];

/** A bundle's consents: their rows first, then their signature images only if they fit MAX_SIGNATURE_CHARS (two statements). */
async function consentsOf(ctx: FhirCtx, e: Entries, s: Omit<ExportScope, 'limit'>) {
  return withSignatures(ctx, e, await exportConsents(ctx.db, ctx.institutionId, scope(e, s), false));
}
type ConsentRow = Awaited<ReturnType<typeof exportConsents>>[number];
async function withSignatures(ctx: FhirCtx, e: Entries, rows: ConsentRow[]) {
  if (rows.length > e.room - 1) throw fhirErrors.too_large(MAX_ENTRIES);
  const chars = rows.reduce((sum, r) => sum + Number(r.signatureChars), 0);
  const max = ctx.maxSignatureChars ?? MAX_SIGNATURE_CHARS;
  if (chars > max) throw fhirErrors.signatures_too_large(Math.round((max / 1024 / 1024) * 10) / 10);
  const signatures = await exportConsentSignatures(
    ctx.db,
    ctx.institutionId,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({ ...r, signature: signatures.get(r.id) ?? '' }));
}

/**
 * Everything about one participant (`Patient/$everything`-like): the Patient, its enrolments
 * (ResearchSubject) and their studies, signed consents, specimens with the storage above them,
 * questionnaires filled and their forms, orders and released results. One statement (prepared), and a
 * second for the signature images when the participant signed consents and they fit.
 */
export async function participantBundle(ctx: FhirCtx, patientId: number): Promise<Bundle> {
  const m = mapCtx(ctx);
  const e = new Entries(ctx.base);
  const read = await readParticipantBundle(ctx.db, ctx.institutionId, patientId, MAX_ENTRIES + 1);
  const [p] = read('patient');
  if (!p) throw fhirErrors.not_found('Patient');
  e.add([toPatient(m, p)]);
  const enrolments = read('enrolments');
  e.add(enrolments.map(toResearchSubject));
  e.add(read('protocols').map((x) => toResearchStudy(m, x, today(ctx))));
  e.add((await withSignatures(ctx, e, read('consents'))).map((c) => toConsent(m, c)));
  const samples = read('samples');
  const { places, nodes } = placesFrom(read('places'), read('nodes'));
  e.add(samples.map((s) => toSpecimen(m, s, places.get(s.id))));
  e.add(nodes.map((n) => toLocation(m, n)));
  const submissions = read('submissions');
  e.add(read('forms').map((f) => toQuestionnaire(m, f)));
  e.add(submissions.map((s) => toQuestionnaireResponse(m, s)));
  const orders = read('orders');
  e.add(orders.map((o) => toServiceRequest(m, o)));
  const byOrder = new Map(orders.map((o) => [o.id, o]));
  e.add(read('results').map((r) => toObservation(m, r, byOrder.get(r.orderId)!)));
  return e.bundle(ctx);
}

/**
 * One protocol: the ResearchStudy, its subjects and their Patients, signed consents, specimens with
 * the storage above them, questionnaires and their responses. Ten statements; refused (413) above MAX_ENTRIES entries or MAX_SIGNATURE_CHARS.
 */
export async function protocolBundle(ctx: FhirCtx, protocolId: number): Promise<Bundle> {
  const m = mapCtx(ctx);
  const inst = ctx.institutionId;
  const e = new Entries(ctx.base);
  const [study] = await exportProtocols(ctx.db, inst, one([protocolId]));
  if (!study) throw fhirErrors.not_found('ResearchStudy');
  e.add([toResearchStudy(m, study, today(ctx))]);
  const its = { protocolIds: [study.id] };
  const enrolments = await exportEnrolments(ctx.db, inst, scope(e, its));
  e.add(enrolments.map(toResearchSubject));
  e.add((await exportPatients(ctx.db, inst, unique(enrolments.map((x) => x.patientId)))).map((p) => toPatient(m, p)));
  e.add((await consentsOf(ctx, e, its)).map((c) => toConsent(m, c)));
  const samples = await exportSamples(ctx.db, inst, scope(e, its));
  const { places, nodes } = await placesOf(ctx, samples);
  e.add(samples.map((s) => toSpecimen(m, s, places.get(s.id))));
  e.add(nodes.map((n) => toLocation(m, n)));
  e.add((await exportForms(ctx.db, inst, scope(e, its))).map((f) => toQuestionnaire(m, f)));
  e.add((await exportSubmissions(ctx.db, inst, scope(e, its))).map((s) => toQuestionnaireResponse(m, s)));
  return e.bundle(ctx);
}

/**
 * A research distribution's export (issue 32 item 6, docs/research.md "Export of a distribution"): a collection
 * Bundle of a Specimen and a Consent per distributed sample, pseudonymous (its code, never a sample ID, donor or
 * internal id: the entries' fullUrls are fresh `urn:uuid:`s, the resources carry no id). No database read: the
 * caller (distribution) reads the facts; refused (413) above MAX_ENTRIES entries like every bundle.
 */
export function distributionBundle(ctx: InstCtx, requestId: number, samples: DistributedSampleFacts[]): Bundle {
  if (samples.length * 2 > MAX_ENTRIES) throw fhirErrors.too_large(MAX_ENTRIES);
  const m = mapCtx(ctx);
  const entry: BundleEntry[] = [];
  for (const d of samples) {
    const specimenUrl = `urn:uuid:${randomUUID()}`;
    entry.push({ fullUrl: specimenUrl, resource: toDistributedSpecimen(m, requestId, d) });
    entry.push({ fullUrl: `urn:uuid:${randomUUID()}`, resource: toDistributedConsent(m, requestId, d, specimenUrl) });
  }
  return { resourceType: 'Bundle', type: 'collection', timestamp: ctx.now().toISOString(), entry };
}
