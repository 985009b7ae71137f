import { z } from 'zod';
import { isoDate } from '../../../contract/common.contract';
import { MAX_SHIPMENT_ITEMS, type ManifestPreview } from '../../../contract/shipments.contract';
import { command, type InstCtx } from '../../platform/context';
import { isUniqueViolation } from '../../platform/errors';
import { audit } from '../../platform/audit';
import { newStamp } from '../../platform/records';
import type { Db } from '../../db/client';
import { enabledSitesOf, institutionAbbreviations } from '../institutions';
import { verifyDocument, type Signer } from '../partners';
import { TRAVELLING_KINDS } from '../samples';
import { MAX_JSON_MEMBERS } from '../../platform/body-limits';
import { ABBREVIATION_SYSTEM, EXT, manifestDigest, signedBytes, TRACKING_SYSTEM } from './shipments.manifest-fhir';
import {
  type ExternalSample,
  importedAs,
  insertItemRows,
  insertShipment,
  type ShipmentRow,
} from './shipments.repository';
import { shipmentErrors } from './shipments.errors';
import { getShipment } from './shipment-reads.service';
import { MSG } from '../../../contract/messages';

// Importing another installation's manifest (docs/shipments.md "Manifest exchange"): the signature is
// checked on the file as posted against the institution's trusted partners (docs/shipments.md "Signed
// manifests and receipts"), then its shape (zod), then that the signer is the sender it names and that it is
// addressed to the caller's institution (the Organizations' abbreviation identifiers), then it becomes an
// incoming shipment.

const text = (max: number) => z.string().trim().min(1).max(max);
const Identifier = z.looseObject({ system: z.string().max(500).optional(), value: text(200) });
const Reference = z.looseObject({ reference: z.string().max(500) });
const Extension = z.looseObject({
  url: z.string().max(500),
  valueString: z.string().max(500).optional(),
  valueUrl: z.string().max(2000).optional(),
  valueCode: z.string().max(100).optional(),
});
const Organization = z.looseObject({
  resourceType: z.literal('Organization'),
  identifier: z.array(Identifier).min(1).max(20),
  name: text(200),
});
const Task = z.looseObject({
  resourceType: z.literal('Task'),
  description: text(200),
  extension: z.array(Extension).max(20).optional(),
  identifier: z.array(Identifier).max(20).optional(),
  executionPeriod: z.looseObject({
    start: z.string().regex(/^\d{4}-\d{2}-\d{2}(T([01]\d|2[0-3]):[0-5]\d)?/, 'Not a FHIR dateTime'),
  }),
  requester: Reference,
  owner: Reference,
});
const Specimen = z.looseObject({
  resourceType: z.literal('Specimen'),
  extension: z.array(Extension).max(20).optional(),
  identifier: z.array(Identifier).min(1).max(20),
  type: z.looseObject({ text: z.string().max(200).optional() }).optional(),
  subject: Reference.optional(),
  parent: z
    .array(z.looseObject({ identifier: Identifier.optional() }))
    .max(5)
    .optional(),
  collection: z.looseObject({ collectedDateTime: z.string().max(40).optional() }).optional(),
  container: z
    .array(
      z.looseObject({
        specimenQuantity: z.looseObject({
          value: z.number().finite().min(0).max(1e9),
          unit: z.string().max(50).optional(),
        }),
      }),
    )
    .min(1)
    .max(5),
});
/** A custody event of a shipped sample (issue 31): its Specimen, when, what, and the institution (agent). */
const Provenance = z.looseObject({
  resourceType: z.literal('Provenance'),
  extension: z.array(Extension).max(20).optional(),
  target: z.array(Reference).min(1).max(5),
  occurredDateTime: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}T/, 'Not a FHIR dateTime')
    .max(40),
  activity: z.looseObject({ text: z.enum(TRAVELLING_KINDS) }),
  reason: z
    .array(z.looseObject({ text: z.string().max(500).optional() }))
    .max(5)
    .optional(),
  agent: z
    .array(z.looseObject({ who: z.looseObject({ display: text(200) }) }))
    .min(1)
    .max(5),
});
const Patient = z.looseObject({
  resourceType: z.literal('Patient'),
  identifier: z.array(Identifier).max(20).optional(),
  name: z
    .array(
      z.looseObject({ given: z.array(z.string().max(100)).max(5).optional(), family: z.string().max(100).optional() }),
    )
    .max(5)
    .optional(),
});
const Other = z.looseObject({ resourceType: z.string().max(64) });
const Entry = z.looseObject({
  fullUrl: z.string().max(500),
  resource: z.union([Organization, Task, Specimen, Patient, Other]),
});
const Bundle = z.looseObject({
  resourceType: z.literal('Bundle'),
  type: z.literal('collection'),
  entry: z
    .array(Entry)
    .min(1)
    // Specimens, donors, Organizations and (issue 31) one Provenance per custody event of each item.
    .max(MAX_JSON_MEMBERS),
  signature: z.looseObject({ data: z.string().max(2000) }),
});

type Parsed = z.infer<typeof Bundle>;
interface Plan {
  sha256: string;
  preview: Omit<ManifestPreview, 'alreadyImported' | 'sha256' | 'signedBy'>;
  signer: Signer;
  samples: ExternalSample[];
}

const invalid = (why: string) => shipmentErrors.manifest_invalid({ manifest: [why] });
const abbreviationOf = (o: z.infer<typeof Organization>) =>
  o.identifier.find((i) => i.system === ABBREVIATION_SYSTEM)?.value;
const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The file's signature must be a trusted partner's of exactly its canonical bytes (partners' verifyDocument:
 * unsigned 400, untrusted or disabled key 403, changed 400). Returns the signer and the SHA-256 (hex).
 */
async function verifiedSigner(db: Db, inst: number, raw: unknown) {
  if (!isRecord(raw)) throw invalid('Not a JSON object');
  const sig = raw.signature;
  if (!isRecord(sig)) throw shipmentErrors.manifest_invalid({ signature: [MSG.manifestNoSignature] });
  const signer = await verifyDocument(db, inst, 'manifest', sig, signedBytes(raw));
  return { signer, sha256: manifestDigest(raw).toString('hex') };
}

/** A calendar date that exists (2024-02-31 does not), else 400. */
function realDate(v: string, field: string) {
  const r = isoDate.safeParse(v);
  if (!r.success) throw shipmentErrors.manifest_invalid({ [field]: [MSG.invalidDate] });
  return v;
}

const KINDS = ['primary', 'aliquot', 'derivative'] as const;
const ext2 = (list: z.infer<typeof Extension>[] | undefined, url: string) => list?.find((e) => e.url === url);

/** Each Specimen's custody timeline (its Provenance resources, by the Specimen's fullUrl), oldest first. */
function timelinesOf(b: Parsed) {
  const out = new Map<string, NonNullable<ExternalSample['timeline']>>();
  for (const e of b.entry) {
    if (e.resource.resourceType !== 'Provenance') continue;
    const r = Provenance.safeParse(e.resource);
    if (!r.success)
      throw shipmentErrors.manifest_invalid(
        Object.fromEntries(r.error.issues.slice(0, 20).map((i) => [`Provenance.${i.path.join('.')}`, [i.message]])),
      );
    const p = r.data;
    const at = new Date(p.occurredDateTime);
    if (Number.isNaN(at.getTime())) throw invalid('A Provenance has no real occurredDateTime');
    const target = p.target[0].reference;
    const list = out.get(target) ?? [];
    list.push({
      at: at.toISOString(),
      kind: p.activity.text,
      summary: ext2(p.extension, EXT.custodySummary)?.valueString ?? p.activity.text,
      institution: p.agent[0].who.display,
      reason: p.reason?.[0]?.text ?? null,
    });
    out.set(target, list);
  }
  // Kept in the bundle's order (the sender's): the times come from several installations' clocks.
  return out;
}

/** Reads the shipment out of a verified manifest: Task, both Organizations, the Specimens (and donors, if present). */
async function plan(db: Db, inst: number, raw: unknown): Promise<Plan> {
  const { signer, sha256 } = await verifiedSigner(db, inst, raw);
  const r = Bundle.safeParse(raw);
  if (!r.success)
    throw shipmentErrors.manifest_invalid(
      Object.fromEntries(r.error.issues.slice(0, 20).map((i) => [i.path.join('.') || 'manifest', [i.message]])),
    );
  const b: Parsed = r.data;
  const byUrl = new Map(b.entry.map((e) => [e.fullUrl, e.resource]));
  const tasks = b.entry.map((e) => e.resource).filter((x): x is z.infer<typeof Task> => x.resourceType === 'Task');
  if (tasks.length !== 1) throw invalid('A manifest holds exactly one Task (the shipment)');
  // The entry union let it through as a resource of any kind: its own schema says what is wrong.
  const parsedTask = Task.safeParse(tasks[0]);
  if (!parsedTask.success)
    throw shipmentErrors.manifest_invalid(
      Object.fromEntries(parsedTask.error.issues.slice(0, 20).map((i) => [`Task.${i.path.join('.')}`, [i.message]])),
    );
  const task = parsedTask.data;
  const org = (ref: string, who: string) => {
    const o = Organization.safeParse(byUrl.get(ref));
    if (!o.success || !abbreviationOf(o.data))
      throw invalid(`The ${who} Organization (with an abbreviation identifier) is missing`);
    return { title: o.data.name, abbreviation: abbreviationOf(o.data)! };
  };
  const sender = org(task.requester.reference, 'sending');
  const receiver = org(task.owner.reference, 'receiving');
  // The key must be the sender's: a partner's key does not vouch for a manifest in another institution's name.
  if (!same(signer.abbreviation, sender.abbreviation))
    throw shipmentErrors.manifest_wrong_signer(sender.title, sender.abbreviation, signer.title, signer.abbreviation);
  const ext = (url: string) => task.extension?.find((e) => e.url === url);
  const start = task.executionPeriod.start;
  const shippedDate = realDate(start.slice(0, 10), 'shippedDate');
  const shippedTime = start.length >= 16 ? start.slice(11, 16) : '00:00';
  const timelines = timelinesOf(b);
  const samples = b.entry
    .filter((e) => e.resource.resourceType === 'Specimen')
    .map(({ fullUrl, resource: x }): ExternalSample => {
      const sp = Specimen.safeParse(x);
      if (!sp.success)
        throw shipmentErrors.manifest_invalid({ specimen: [sp.error.issues[0]?.message ?? 'Not a specimen'] });
      const s = sp.data;
      const patient = s.subject ? Patient.safeParse(byUrl.get(s.subject.reference)) : undefined;
      const name = patient?.success ? patient.data.name?.[0] : undefined;
      const collected = s.collection?.collectedDateTime;
      return {
        sampleId: s.identifier[0].value,
        specimenType: s.type?.text?.trim() || null,
        amount: s.container[0].specimenQuantity.value,
        unit: s.container[0].specimenQuantity.unit?.trim() || null,
        collectedDate: collected && isoDate.safeParse(collected.slice(0, 10)).success ? collected.slice(0, 10) : null,
        parentSampleId: s.parent?.[0]?.identifier?.value ?? null,
        donor: patient?.success
          ? {
              firstName: name?.given?.[0] ?? '',
              fatherName: name?.given?.[1] ?? '',
              grandFatherName: name?.family ?? '',
              mrn: patient.data.identifier?.[0]?.value ?? null,
            }
          : null,
        kind: KINDS.find((k) => k === ext2(s.extension, EXT.sampleKind)?.valueCode) ?? 'primary',
        collectedTime:
          collected && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(collected) ? collected.slice(11, 16) : '00:00',
        donorCode: ext2(s.extension, EXT.donorCode)?.valueString ?? null,
        timeline: timelines.get(fullUrl) ?? [],
      };
    });
  if (!samples.length) throw invalid('The manifest holds no Specimen');
  if (samples.length > MAX_SHIPMENT_ITEMS) throw shipmentErrors.too_many(MAX_SHIPMENT_ITEMS);
  const ids = new Set(samples.map((s) => s.sampleId.toLowerCase()));
  if (ids.size !== samples.length) throw invalid('A sample ID is listed twice');
  return {
    sha256,
    signer,
    samples,
    preview: {
      name: task.description,
      trackingNumber: task.identifier?.find((i) => i.system === TRACKING_SYSTEM)?.value ?? null,
      trackingURL: ext(EXT.trackingUrl)?.valueUrl ?? null,
      shippedDate,
      shippedTime,
      sender: {
        ...sender,
        site: ext(EXT.sendingSite)?.valueString ?? null,
        installation: ext(EXT.installation)?.valueString ?? null,
      },
      receiver: { ...receiver, site: ext(EXT.receivingSite)?.valueString ?? null },
      includeDonorIdentity: samples.some((s) => s.donor !== null),
      items: samples.map((s) => ({
        sampleId: s.sampleId,
        specimenType: s.specimenType,
        amount: s.amount,
        unit: s.unit,
        parentSampleId: s.parentSampleId,
      })),
    },
  };
}

/** The manifest must name the caller's institution as receiver: same abbreviation, ignoring case and outer spaces. */
async function assertReceiver(db: Db, inst: number, p: Plan) {
  const mine = (await institutionAbbreviations(db, [inst])).get(inst);
  if (mine === undefined || !same(mine, p.preview.receiver.abbreviation))
    throw shipmentErrors.manifest_wrong_receiver(p.preview.receiver.title, p.preview.receiver.abbreviation);
}

/** What the file holds, checked as the import checks it, without creating anything (the route row checks shipments.manage). */
export async function previewManifest(ctx: InstCtx, raw: unknown): Promise<ManifestPreview> {
  const p = await plan(ctx.db, ctx.institutionId, raw);
  await assertReceiver(ctx.db, ctx.institutionId, p);
  return {
    ...p.preview,
    sha256: p.sha256,
    signedBy: p.signer,
    alreadyImported: await importedAs(ctx.db, ctx.institutionId, p.sha256),
  };
}

/** The receiving site: the caller's enabled site titled as the manifest says, else its first enabled site. */
async function receivingSite(tx: Db, inst: number, title: string | null) {
  const sites = await enabledSitesOf(tx, inst);
  const site = (title && sites.find((s) => same(s.title, title))) || sites[0];
  if (!site) throw shipmentErrors.manifest_no_site();
  return site.id;
}

/**
 * Creates the incoming shipment (status shipped, the sender external) with one pending item per
 * Specimen, in one transaction, audited; the same manifest twice is 409 naming the shipment.
 */
export async function importManifest(ctx: InstCtx, raw: unknown) {
  const inst = ctx.institutionId;
  const id = await command(ctx, 'shipments.manage', async ({ db: tx }) => {
    const p = await plan(tx, inst, raw);
    await assertReceiver(tx, inst, p);
    const before = await importedAs(tx, inst, p.sha256);
    if (before) throw shipmentErrors.manifest_imported(before.name);
    const v = p.preview;
    let row: ShipmentRow;
    try {
      row = await insertShipment(tx, {
        institutionId: inst,
        creatorId: ctx.account.id,
        enablerId: ctx.account.id,
        createdDate: ctx.now(),
        enabledDate: ctx.now(),
        sendingInstitutionSiteId: null,
        receivingInstitutionId: inst,
        receivingInstitutionSiteId: await receivingSite(tx, inst, v.receiver.site),
        name: v.name,
        trackingNumber: v.trackingNumber,
        trackingUrl: v.trackingURL && /^https?:\/\//i.test(v.trackingURL) ? v.trackingURL : null,
        shippedDate: v.shippedDate,
        shippedTime: v.shippedTime,
        status: 'shipped',
        includeDonorIdentity: v.includeDonorIdentity,
        sentAt: ctx.now(),
        externalSender: v.sender,
        manifestSha256: p.sha256,
      });
    } catch (e) {
      // A parallel import of the same file won: it carries the same name.
      if (!isUniqueViolation(e)) throw e;
      throw shipmentErrors.manifest_imported(v.name);
    }
    // Imported items hold no local sample: the open-shipment index never refuses them.
    const inserted = await insertItemRows(
      tx,
      p.samples.map((s) => ({
        institutionId: inst,
        shipmentId: row.id,
        collectedSampleId: null,
        specimenTypeId: null,
        unitId: null,
        amount: s.amount,
        externalSample: s,
        status: 'pending',
        creatorId: ctx.account.id,
        createdDate: ctx.now(),
        concurrencyStamp: newStamp(),
      })),
    );
    if (!inserted) throw new Error('an imported item was refused by a unique index');
    await audit(tx, ctx, {
      entity: 'shipment',
      entityId: row.id,
      action: 'import',
      after: { ...row, items: p.samples.length, signedBy: p.signer },
    });
    return row.id;
  });
  return getShipment(ctx, id);
}
