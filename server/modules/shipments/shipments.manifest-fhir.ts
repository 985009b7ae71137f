import { createHash, randomUUID } from 'node:crypto';
import type {
  Bundle,
  BundleEntry,
  Organization,
  Patient,
  Provenance,
  Resource,
  Specimen,
  Task,
} from '@medplum/fhirtypes';
import type { Shipment, ShipmentItem } from '../../../contract/shipments.contract';
import { type InstCtx } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { institutionAbbreviations, institutionTitles } from '../institutions';
import { custodyTimelinesOf, donorCodesOf, exportSamples, originsOf } from '../samples';
import { extensionUrl, localDateTime, serverOffset, toSpecimen, type MapCtx } from '../fhir';
import { SIG_FORMAT, signDocument } from '../partners';
import { shipmentErrors } from './shipments.errors';
import { getShipment, listItems } from './shipment-reads.service';

// The shipment manifest another installation imports (docs/shipments.md "Manifest exchange"): a FHIR R4
// Bundle (type collection) of a Task (the shipment), two Organizations (sender and receiver), the shipped
// Specimens (and the donors' Patients only when the sender included donor identity), with Bundle.signature
// carrying the sender institution's Ed25519 signature (a detached JWS, partners/signing.ts) of the bundle's
// canonical JSON without the signature: integrity and authenticity (docs/shipments.md "Signed manifests").

/** Identifies an institution across installations: its abbreviation (the import's matching rule). */
export const ABBREVIATION_SYSTEM = 'urn:biobank-lims:institution-abbreviation';
export const TRACKING_SYSTEM = 'urn:biobank-lims:shipment-tracking-number';
/** The sample ID a received sample had at its sender's (issue 31). */
export const EXTERNAL_ID_SYSTEM = 'urn:biobank-lims:external-sample-id';
export const EXT = {
  sendingSite: extensionUrl('shipment-sending-site'),
  receivingSite: extensionUrl('shipment-receiving-site'),
  trackingUrl: extensionUrl('shipment-tracking-url'),
  installation: extensionUrl('installation'),
  /** primary | aliquot | derivative: what the receiver's record is (issue 31). */
  sampleKind: extensionUrl('sample-kind'),
  /** A pseudonymous donor reference (never a name or MRN): samples of one donor share it across institutions. */
  donorCode: extensionUrl('donor-code'),
  /** A custody event's one-line summary, on its Provenance. */
  custodySummary: extensionUrl('custody-summary'),
};
/** ASTM E1762 "Source Signature": the sender vouches for the content. */
export const SIGNATURE_TYPE = {
  system: 'urn:iso-astm:E1762-95:2013',
  code: '1.2.840.10065.1.12.1.14',
  display: 'Source Signature',
};

/** JSON with every object's keys sorted (code point order), arrays kept in order, no white space. */
export function canonicalJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonicalJson).join(',')}]`;
  if (v && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    return `{${Object.keys(o)
      .filter((k) => o[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson(o[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v) ?? 'null';
}

/** The bytes a manifest's (or a receipt's) signature covers: its canonical JSON (UTF-8) without `signature`. */
export function signedBytes(doc: Record<string, unknown>): Buffer {
  const { signature: _signature, ...rest } = doc;
  return Buffer.from(canonicalJson(rest), 'utf8');
}

/** The SHA-256 of the bundle's canonical JSON (UTF-8) without `signature`: the manifest's identity. */
export function manifestDigest(bundle: Record<string, unknown>): Buffer {
  return createHash('sha256').update(signedBytes(bundle)).digest();
}

/** The URN naming one kind of identifier of the sending institution on this installation. */
export const senderSystem = (installation: string, abbreviation: string, kind: string) =>
  `urn:biobank-lims:installation:${encodeURIComponent(installation)}:institution:${encodeURIComponent(abbreviation)}:${kind}`;

const entry = (resource: Resource & { id: string }): BundleEntry => ({ fullUrl: `urn:uuid:${resource.id}`, resource });
const refTo = (r: { id: string }, display?: string | null) => ({
  reference: `urn:uuid:${r.id}`,
  ...(display ? { display } : {}),
});

function organization(title: string | null, abbreviation: string): Organization & { id: string } {
  return {
    resourceType: 'Organization',
    id: randomUUID(),
    identifier: [{ system: ABBREVIATION_SYSTEM, value: abbreviation }],
    name: title ?? abbreviation,
  };
}

function donorPatient(
  donor: NonNullable<ShipmentItem['collectedSample']['donor']>,
  mrnSystem: string,
): Patient & { id: string } {
  return {
    resourceType: 'Patient',
    id: randomUUID(),
    ...(donor.mrn ? { identifier: [{ system: mrnSystem, value: donor.mrn }] } : {}),
    name: [
      {
        given: [donor.firstName, donor.fatherName].filter(Boolean),
        ...(donor.grandFatherName ? { family: donor.grandFatherName } : {}),
      },
    ],
  };
}

/**
 * The manifest of a shipment the caller's institution sent (draft and cancelled have none; the
 * receiver and imported shipments: 403). `installation` names this installation (the request's host).
 */
export async function manifestBundle(
  ctx: InstCtx,
  shipmentId: number,
  installation: string,
): Promise<{ shipment: Shipment; bundle: Bundle }> {
  const s = await getShipment(ctx, shipmentId);
  if (s.direction !== 'sent') throw shipmentErrors.sender_only();
  if (s.status === 'draft' || s.status === 'cancelled') throw shipmentErrors.manifest_not_sent(s.status);
  const items = (await listItems(ctx, s.id)).filter((i) => i.status !== 'cancelled');
  const inst = ctx.institutionId;
  const abbr = await institutionAbbreviations(ctx.db, [inst, s.receivingInstitution!.id!]);
  const senderAbbr = abbr.get(inst) ?? String(inst);
  const sampleSystem = senderSystem(installation, senderAbbr, 'sample-id');
  const m: MapCtx = { institutionId: inst, offsetOf: serverOffset };
  const rows = new Map(
    (await exportSamples(ctx.db, inst, { ids: items.map((i) => i.collectedSampleId!), limit: items.length + 1 })).map(
      (r) => [r.id, r],
    ),
  );

  const sender = organization(s.sendingInstitution?.title ?? null, senderAbbr);
  const receiver = organization(s.receivingInstitution?.title ?? null, abbr.get(s.receivingInstitution!.id!) ?? '');
  const patients: (Patient & { id: string })[] = [];
  // Each item's custody timeline so far (issue 31): one Provenance per event, its agent the institution's Organization.
  const sourceIds = items.map((i) => i.collectedSampleId!);
  const timelines = await custodyTimelinesOf(ctx.db, sourceIds);
  const donorCodes = await donorCodesOf(ctx.db, sourceIds);
  const origins = await originsOf(ctx.db, sourceIds);
  const orgs = new Map<string, Organization & { id: string }>([
    [sender.name ?? '', sender],
    [receiver.name ?? '', receiver],
  ]);
  const orgNamed = (title: string) => {
    if (!orgs.has(title)) orgs.set(title, { resourceType: 'Organization', id: randomUUID(), name: title });
    return orgs.get(title)!;
  };
  const provenances: (Provenance & { id: string })[] = [];
  const specimens = items.map((i): Specimen & { id: string } => {
    const row = rows.get(i.collectedSampleId!)!;
    const { subject: _s, parent: _p, container: _c, identifier: _i, id: _id, ...rest } = toSpecimen(m, row, undefined);
    let subject: Specimen['subject'];
    if (s.includeDonorIdentity && i.collectedSample.donor) {
      const p = donorPatient(i.collectedSample.donor, senderSystem(installation, senderAbbr, 'mrn'));
      patients.push(p);
      subject = refTo(p);
    }
    const id = randomUUID();
    for (const e of timelines.get(i.collectedSampleId!) ?? []) {
      const org = orgNamed(e.institution);
      provenances.push({
        resourceType: 'Provenance',
        id: randomUUID(),
        extension: [{ url: EXT.custodySummary, valueString: e.summary }],
        target: [{ reference: `urn:uuid:${id}` }],
        occurredDateTime: e.at,
        recorded: e.at,
        activity: { text: e.kind },
        ...(e.reason ? { reason: [{ text: e.reason }] } : {}),
        agent: [{ who: refTo(org, org.name) }],
      });
    }
    const donorCode = donorCodes.get(i.collectedSampleId!);
    const origin = origins.get(i.collectedSampleId!);
    return {
      ...rest,
      id,
      extension: [
        ...(rest.extension ?? []),
        { url: EXT.sampleKind, valueCode: row.kind },
        ...(donorCode ? [{ url: EXT.donorCode, valueString: donorCode }] : []),
      ],
      status: 'available',
      identifier: [
        { use: 'official', system: sampleSystem, value: i.collectedSample.sampleId },
        // A received sample keeps the ID its sender gave it (the external ID), named by the sender's institution.
        ...(origin
          ? [
              {
                use: 'secondary' as const,
                system: EXTERNAL_ID_SYSTEM,
                value: origin.senderSampleCode,
                assigner: { display: origin.sourceInstitution },
              },
            ]
          : []),
      ],
      ...(subject ? { subject } : {}),
      // The parent is not shipped: referred to by its sample ID only.
      ...(row.parentSampleId
        ? { parent: [{ identifier: { system: sampleSystem, value: row.parentSampleId }, display: row.parentSampleId }] }
        : {}),
      container: [
        { specimenQuantity: { value: i.collectedSample.amount, ...(unitText(i) ? { unit: unitText(i)! } : {}) } },
      ],
    };
  });
  const extension = [
    ...(s.sendingInstitutionSite?.title ? [{ url: EXT.sendingSite, valueString: s.sendingInstitutionSite.title }] : []),
    ...(s.receivingInstitutionSite?.title
      ? [{ url: EXT.receivingSite, valueString: s.receivingInstitutionSite.title }]
      : []),
    ...(s.trackingURL ? [{ url: EXT.trackingUrl, valueUrl: s.trackingURL }] : []),
    { url: EXT.installation, valueString: installation },
  ];
  const task: Task & { id: string } = {
    resourceType: 'Task',
    id: randomUUID(),
    extension,
    status: 'in-progress',
    intent: 'order',
    identifier: [
      { system: senderSystem(installation, senderAbbr, 'shipment'), value: String(s.id) },
      ...(s.trackingNumber ? [{ system: TRACKING_SYSTEM, value: s.trackingNumber }] : []),
    ],
    code: { text: 'Specimen shipment' },
    description: s.name,
    executionPeriod: { start: localDateTime(m, s.shippedDate, s.shippedTime) },
    requester: refTo(sender, sender.name),
    owner: refTo(receiver, receiver.name),
    input: specimens.map((sp) => ({ type: { text: 'Specimen' }, valueReference: refTo(sp, sp.identifier![0].value) })),
  };
  const now = ctx.now().toISOString();
  const unsigned: Bundle = {
    resourceType: 'Bundle',
    id: randomUUID(),
    type: 'collection',
    timestamp: now,
    identifier: { system: senderSystem(installation, senderAbbr, 'shipment-manifest'), value: String(s.id) },
    entry: [task, ...new Set([sender, receiver, ...orgs.values()]), ...specimens, ...patients, ...provenances].map(
      entry,
    ),
  };
  const signed = await signDocument(ctx, inst, {
    kind: 'manifest',
    shipmentId: s.id,
    payload: signedBytes({ ...unsigned }),
  });
  const bundle: Bundle = {
    ...unsigned,
    signature: {
      type: [SIGNATURE_TYPE],
      when: now,
      who: refTo(sender, sender.name),
      targetFormat: 'application/fhir+json',
      sigFormat: SIG_FORMAT,
      data: Buffer.from(signed.jws).toString('base64'),
    },
  };
  return { shipment: s, bundle };
}

const unitText = (i: ShipmentItem) =>
  i.collectedSample.unitOfMeasurement.unitSymbol ?? i.collectedSample.unitOfMeasurement.unitName;

/**
 * GET /institutions/{i}/collectedSamples/{id}/custody.fhir.json: one sample of the caller's institution (a received
 * one included) as a FHIR R4 collection Bundle: its Specimen (collection, container with the remaining amount,
 * parent, identifiers: the sample ID and, for a received sample, the sender's ID), one Provenance per custody event
 * (agent the institution's Organization), the Organizations. No donor: the subject is left out.
 */
export async function custodyBundle(ctx: InstCtx, sampleId: number, installation: string): Promise<Bundle> {
  const inst = ctx.institutionId;
  const [row] = await exportSamples(ctx.db, inst, { ids: [sampleId], limit: 2 });
  if (!row) throw notFound('Collected sample');
  const abbr = (await institutionAbbreviations(ctx.db, [inst])).get(inst) ?? String(inst);
  const sampleSystem = senderSystem(installation, abbr, 'sample-id');
  const m: MapCtx = { institutionId: inst, offsetOf: serverOffset };
  const timeline = (await custodyTimelinesOf(ctx.db, [sampleId])).get(sampleId) ?? [];
  const origin = (await originsOf(ctx.db, [sampleId])).get(sampleId);
  const { subject: _s, parent: _p, container: _c, identifier: _i, id: _id, ...rest } = toSpecimen(m, row, undefined);
  const id = randomUUID();
  const orgs = new Map<string, Organization & { id: string }>();
  const orgNamed = (title: string) => {
    if (!orgs.has(title)) orgs.set(title, { resourceType: 'Organization', id: randomUUID(), name: title });
    return orgs.get(title)!;
  };
  const here = (await institutionTitles(ctx.db, [inst])).get(inst) ?? abbr;
  const provenances = timeline.map((e): Provenance & { id: string } => ({
    resourceType: 'Provenance',
    id: randomUUID(),
    extension: [{ url: EXT.custodySummary, valueString: e.summary }],
    target: [{ reference: `urn:uuid:${id}` }],
    occurredDateTime: e.at,
    recorded: e.at,
    activity: { text: e.kind },
    ...(e.reason ? { reason: [{ text: e.reason }] } : {}),
    agent: [{ who: refTo(orgNamed(e.institution || here), e.institution || here) }],
  }));
  const specimen: Specimen & { id: string } = {
    ...rest,
    id,
    extension: [...(rest.extension ?? []), { url: EXT.sampleKind, valueCode: row.kind }],
    identifier: [
      { use: 'official', system: sampleSystem, value: row.sampleId },
      ...(origin
        ? [
            {
              use: 'secondary' as const,
              system: EXTERNAL_ID_SYSTEM,
              value: origin.senderSampleCode,
              assigner: { display: origin.sourceInstitution },
            },
          ]
        : []),
    ],
    ...(row.parentSampleId
      ? { parent: [{ identifier: { system: sampleSystem, value: row.parentSampleId }, display: row.parentSampleId }] }
      : {}),
    container: [
      {
        specimenQuantity: {
          value: row.remainingAmount,
          ...((row.unitSymbol ?? row.unitName) ? { unit: String(row.unitSymbol ?? row.unitName) } : {}),
        },
      },
    ],
  };
  return {
    resourceType: 'Bundle',
    id: randomUUID(),
    type: 'collection',
    timestamp: ctx.now().toISOString(),
    entry: [specimen, ...orgs.values(), ...provenances].map(entry),
  };
}
