import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Bundle, Specimen, Task } from '@medplum/fhirtypes';
import { testApp, json } from '../../test/harness';
import { createInstitution, signedIn } from '../../test/factories';
import { sampleSetUp, type Sample } from '../../test/samples-fixtures';
import { validate } from '../../test/fhir-validate';
import { auditEvents } from '../../platform/audit.table';
import { signWithActiveKey } from '../partners';
import { canonicalJson, signedBytes } from './shipments.manifest-fhir';

// Issue 17, shipment manifest exchange: two installations (two apps on databases of their own) share
// no server; the sender exports a FHIR R4 Bundle with its SHA-256, the receiver imports it and receives
// item by item (docs/shipments.md "Manifest exchange").

const north = await testApp();
const south = await testApp();
// On the sender's installation: the sender and its record of the receiver (same abbreviation as on the receiver's).
const senderInst = await createInstitution(north, { title: 'North Biobank', abbreviation: 'NBB' });
const mirror = await createInstitution(north, { title: 'South Reference Lab', abbreviation: 'SRL' });
const S = await signedIn(north, ['Coordinator'], senderInst);
// On the receiver's installation: the real receiver (abbreviation in another case), a stranger, a read-only user.
const receiverInst = await createInstitution(south, { title: 'South Reference Lab', abbreviation: 'srl' });
const R = await signedIn(south, ['Coordinator'], receiverInst);
const viewer = await signedIn(south, ['Technician'], receiverInst);
const O = await signedIn(
  south,
  ['Coordinator'],
  await createInstitution(south, { title: 'Other Lab', abbreviation: 'OTH' }),
);

// Signed manifests (issue 31): the receiver's administrator trusts the sender's public key file.
const senderAdmin = await signedIn(north, ['Institution Administrator'], senderInst);
const receiverAdmin = await signedIn(south, ['Institution Administrator'], receiverInst);
const keyFile = await north.call('GET', `/api/institutions/${senderInst.id}/signingKeys/public-keys.json`, {
  token: senderAdmin.token,
});
const trusted = await south.call('POST', `/api/institutions/${receiverInst.id}/trustedPartners`, {
  token: receiverAdmin.token,
  body: JSON.parse(keyFile.body) as object,
});
if (trusted.statusCode !== 201) throw new Error(trusted.body);
/** Signs an edited manifest again with the sender's key, so that only the checks after the signature can refuse it. */
const reSign = async (b: object) => {
  const doc = b as Record<string, unknown> & { signature: { data?: string } };
  doc.signature.data = (await signWithActiveKey(north.db, senderInst.id, signedBytes(doc)))!;
};

type Rec = Record<string, unknown> & { id: number };
type Item = Rec & {
  status: string;
  reason: string | null;
  collectedSampleId: number | null;
  storedAt: string | null;
  collectedSample: { sampleId: string; amount: number; specimenType: { title: string } | null; donor: Rec | null };
};
const ships = (inst: { id: number }, path = '') => `/api/institutions/${inst.id}/collectedSampleShipments${path}`;

const p = await sampleSetUp(north, senderInst, S.token);
const primary = await p.sample({ SampleID: `MX-${Date.now().toString(36)}` });
const child = json<Sample>(await p.sub(primary, { CollectedAmount: 2 }));
const third = await p.sample({ SampleID: `MY-${Date.now().toString(36)}` });

async function send(ids: number[], over: Record<string, unknown> = {}) {
  const res = await north.call('POST', ships(senderInst), {
    token: S.token,
    body: {
      Name: 'Plasma to South',
      TrackingNumber: 'TRK-77',
      TrackingURL: 'https://track.example/77',
      SendingInstitutionSiteId: senderInst.site.id,
      ReceivingInstitutionId: mirror.id,
      ReceivingInstitutionSiteId: mirror.site.id,
      CollectedSampleIds: ids,
      ...over,
    },
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  return json<Rec>(res);
}
const exportOf = async (id: number) =>
  north.call('GET', ships(senderInst, `/${id}/manifest.fhir.json`), { token: S.token });
const importAs = (who: typeof R, manifest: unknown, path = '/import') =>
  south.call('POST', ships(who.institution, path), { token: who.token, body: manifest as object });

const shipment = await send([child.id, third.id]);
const exported = await exportOf(shipment.id);
const manifest = json<Bundle>(exported);
const clone = () => JSON.parse(JSON.stringify(manifest)) as Bundle;
const specimens = () =>
  manifest.entry!.map((e) => e.resource!).filter((r): r is Specimen => r.resourceType === 'Specimen');

describe('export', () => {
  it('is a valid FHIR R4 Bundle of the shipped specimens, both organizations and the shipment Task, signed', () => {
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toMatch(/application\/fhir\+json/);
    expect(exported.headers['content-disposition']).toContain('Plasma to South manifest.fhir.json');
    validate(manifest);
    expect(manifest.type).toBe('collection');
    const task = manifest.entry!.find((e) => e.resource!.resourceType === 'Task')!.resource as Task;
    expect(task.description).toBe('Plasma to South');
    expect(task.identifier).toContainEqual({ system: 'urn:biobank-lims:shipment-tracking-number', value: 'TRK-77' });
    expect(task.executionPeriod?.start).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00[+-]\d{2}:\d{2}$/);
    const orgs = manifest
      .entry!.filter((e) => e.resource!.resourceType === 'Organization')
      .map((e) => e.resource as { name: string; identifier: { value: string }[] });
    expect(orgs.map((o) => [o.name, o.identifier[0].value])).toEqual([
      ['North Biobank', 'NBB'],
      ['South Reference Lab', 'SRL'],
    ]);
    const sp = specimens();
    expect(sp.map((s) => s.identifier![0].value)).toEqual([child.sampleId, third.sampleId]);
    expect(sp[0].identifier![0].system).toMatch(/^urn:biobank-lims:installation:.+:institution:NBB:sample-id$/);
    expect(sp[0].parent).toEqual([
      { identifier: { system: sp[0].identifier![0].system, value: primary.sampleId }, display: primary.sampleId },
    ]);
    expect(sp[0].container![0].specimenQuantity).toEqual({ value: 2, unit: 'mL' });
    expect(sp[0].type?.text).toBe('Whole Blood');
    expect(sp[0].collection?.collectedDateTime).toMatch(/^\d{4}-\d{2}-\d{2}/);
    // No donor without includeDonorIdentity: no Patient, no subject.
    expect(manifest.entry!.some((e) => e.resource!.resourceType === 'Patient')).toBe(false);
    expect(sp.every((s) => s.subject === undefined)).toBe(true);
    const { signature } = manifest;
    expect(signature?.who?.display).toBe('North Biobank');
    expect(signature?.sigFormat).toBe('application/jose');
    expect(Buffer.from(signature!.data!, 'base64').toString()).toMatch(/^[\w-]+\.\.[\w-]+$/);
  });

  it('canonical JSON sorts keys at every depth and keeps array order', () => {
    expect(canonicalJson({ b: 1, a: [{ d: 'x', c: null }, 2], e: undefined })).toBe(
      '{"a":[{"c":null,"d":"x"},2],"b":1}',
    );
  });

  it('with donor identity carries a Patient per donor as the specimen subject, still valid', async () => {
    const s = await send([primary.id], { Name: 'With donors', IncludeDonorIdentity: true });
    const b = json<Bundle>(await exportOf(s.id));
    validate(b);
    const patient = b.entry!.find((e) => e.resource!.resourceType === 'Patient')!;
    expect(
      (b.entry!.find((e) => e.resource!.resourceType === 'Specimen')!.resource as Specimen).subject?.reference,
    ).toBe(patient.fullUrl);
    await north.call('POST', ships(senderInst, `/${s.id}/cancel`), { token: S.token });
  });

  it('only the sender exports a sent shipment: a draft is 409, another institution 404', async () => {
    const draft = await send([], { Name: 'Draft one' });
    const res = await exportOf(draft.id);
    expect(res.statusCode).toBe(409);
    expect(json(res).title).toMatch(/draft/);
    const stranger = await signedIn(north, ['Coordinator']);
    expect(
      (
        await north.call('GET', ships(stranger.institution, `/${shipment.id}/manifest.fhir.json`), {
          token: stranger.token,
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('import on the other installation', () => {
  it('a tampered manifest (one amount edited) is 400 naming the signature and the SHA-256, and nothing is created', async () => {
    const b = clone();
    (
      b.entry!.find((e) => e.resource!.resourceType === 'Specimen')!.resource as Specimen
    ).container![0].specimenQuantity!.value = 200;
    for (const path of ['/import/preview', '/import']) {
      const res = await importAs(R, b, path);
      expect(res.statusCode).toBe(400);
      expect(json(res).code).toBe('partners.bad_signature');
      expect(json(res).title).toMatch(/North Biobank.*signature.*SHA-256/);
    }
    const list = await south.call('GET', ships(receiverInst, `?ReceivingInstitutionID=${receiverInst.id}`), {
      token: R.token,
    });
    expect(json<Rec[]>(list)).toEqual([]);
  });

  it('a manifest without its signature, or not a bundle, is 400 with a title', async () => {
    const { signature: _s, ...unsigned } = clone();
    for (const body of [unsigned, { resourceType: 'Bundle', type: 'collection' }, { resourceType: 'Patient' }]) {
      const res = await importAs(R, body);
      expect(res.statusCode).toBe(400);
      expect(json(res).title).toBeTruthy();
    }
  });

  it('a consistent re-signed manifest of another shape is still checked (zod): 400', async () => {
    const b = clone() as unknown as Record<string, unknown> & {
      entry: { resource: Record<string, unknown> }[];
      signature: { data: string };
    };
    b.entry = b.entry.filter((e) => e.resource.resourceType !== 'Task');
    await reSign(b);
    const res = await importAs(R, b);
    expect(res.statusCode).toBe(400);
    expect(json(res).code).toBe('shipments.manifest_invalid');
  });

  /** A copy of the manifest changed by `edit`, then re-hashed so that only the shape checks can refuse it. */
  const reHashed = async (edit: (b: Bundle) => void) => {
    const b = clone();
    edit(b);
    await reSign(b);
    return b;
  };
  const task = (b: Bundle) => b.entry!.find((e) => e.resource!.resourceType === 'Task')!.resource as Task;
  const firstSpecimen = (b: Bundle) =>
    b.entry!.find((e) => e.resource!.resourceType === 'Specimen')!.resource as Specimen;

  it('hostile content is a 400 with a title, never a 500: an impossible date, a negative amount, control characters, a duplicate sample, an array body', async () => {
    const cases: [string, Promise<Bundle> | unknown[]][] = [
      [
        'impossible date',
        reHashed((b) => {
          task(b).executionPeriod = { start: '2026-02-31T10:00:00Z' };
        }),
      ],
      [
        'negative amount',
        reHashed((b) => {
          firstSpecimen(b).container![0].specimenQuantity!.value = -1;
        }),
      ],
      [
        'huge name',
        reHashed((b) => {
          task(b).description = 'x'.repeat(5000);
        }),
      ],
      [
        'duplicate sample',
        reHashed((b) => {
          b.entry!.push({
            ...b.entry!.find((e) => e.resource!.resourceType === 'Specimen')!,
            fullUrl: 'urn:uuid:00000000-0000-4000-8000-000000000000',
          });
        }),
      ],
      [
        'no receiver',
        reHashed((b) => {
          task(b).owner = { reference: 'urn:uuid:missing' };
        }),
      ],
      ['array body', [manifest]],
    ];
    for (const [what, body] of cases) {
      const res = await importAs(R, await body);
      expect(res.statusCode, what).toBe(400);
      expect(json(res).title, what).toBeTruthy();
    }
    // Control characters in a text are kept as text, not a failure (JSON carries them escaped).
    const odd = await importAs(
      R,
      await reHashed((b) => {
        task(b).description = 'Odd\u0007name';
      }),
      '/import/preview',
    );
    expect(odd.statusCode).toBe(200);
  });

  it('an import under another institution than the caller is refused before the file is read', async () => {
    const res = await south.call('POST', ships(O.institution, '/import'), { token: R.token, body: manifest as object });
    expect([403, 404]).toContain(res.statusCode);
    expect(json(res).title).toBeTruthy();
  });

  it('another institution than the one addressed is refused: untrusted sender, then (trusted) 403 naming the addressee', async () => {
    expect(json(await importAs(O, manifest)).code).toBe('partners.untrusted');
    const admin = await signedIn(south, ['Institution Administrator'], O.institution);
    const added = await south.call('POST', `/api/institutions/${O.institution.id}/trustedPartners`, {
      token: admin.token,
      body: JSON.parse(keyFile.body) as object,
    });
    expect(added.statusCode).toBe(201);
    const res = await importAs(O, manifest);
    expect(res.statusCode).toBe(403);
    expect(json(res).title).toBe('This manifest is addressed to South Reference Lab (SRL), not to your institution.');
  });

  it('without shipments.manage the import is 403', async () => {
    expect((await importAs(viewer, manifest)).statusCode).toBe(403);
  });

  it('round trip: preview, import, receive one, reject one with a reason; the same file again is 409 naming the shipment', async () => {
    const preview = json<Rec & { items: Rec[]; sender: Rec; alreadyImported: unknown }>(
      await importAs(R, manifest, '/import/preview'),
    );
    expect(preview.sender).toMatchObject({ title: 'North Biobank', abbreviation: 'NBB' });
    expect(preview.signedBy).toMatchObject({ title: 'North Biobank', abbreviation: 'NBB', keyStatus: 'active' });
    expect(preview.items.map((i) => i.sampleId)).toEqual([child.sampleId, third.sampleId]);
    expect(preview.items[0]).toMatchObject({
      amount: 2,
      unit: 'mL',
      specimenType: 'Whole Blood',
      parentSampleId: primary.sampleId,
    });
    expect(preview.alreadyImported).toBeNull();

    const res = await importAs(R, manifest);
    expect(res.statusCode).toBe(201);
    const incoming = json<
      Rec & {
        status: string;
        direction: string;
        sendingInstitution: Rec;
        receivingInstitutionSite: Rec;
        externalSender: Rec;
        trackingNumber: string;
        trackingURL: string;
      }
    >(res);
    expect(incoming).toMatchObject({
      name: 'Plasma to South',
      status: 'shipped',
      direction: 'received',
      trackingNumber: 'TRK-77',
      trackingURL: 'https://track.example/77',
      sendingInstitution: { id: null, title: 'North Biobank' },
      receivingInstitutionSite: { id: receiverInst.site.id },
      externalSender: { title: 'North Biobank', abbreviation: 'NBB', site: 'Main Site' },
    });
    // The Requests overview (sent to us, waiting) lists it; the SENT side does not.
    const requests = json<Rec[]>(
      await south.call(
        'GET',
        ships(receiverInst, `?ReceivingInstitutionID=${receiverInst.id}&Statuses=shipped,partially_received`),
        { token: R.token },
      ),
    );
    expect(requests.map((s) => s.id)).toEqual([incoming.id]);
    expect(
      json<Rec[]>(
        await south.call('GET', ships(receiverInst, `?SendingInstitutionID=${receiverInst.id}`), { token: R.token }),
      ),
    ).toEqual([]);
    // A third institution on the receiver's installation does not see it.
    expect((await south.call('GET', ships(O.institution, `/${incoming.id}`), { token: O.token })).statusCode).toBe(404);
    expect(
      (
        await south.call('GET', ships(O.institution, `/${incoming.id}/collectedSampleShipmentItems`), {
          token: O.token,
        })
      ).statusCode,
    ).toBe(404);

    const itemsUrl = ships(receiverInst, `/${incoming.id}/collectedSampleShipmentItems`);
    const items = json<Item[]>(await south.call('GET', itemsUrl, { token: R.token }));
    expect(
      items.map((i) => [
        i.collectedSample.sampleId,
        i.collectedSample.amount,
        i.collectedSample.specimenType?.title,
        i.status,
        i.collectedSampleId,
      ]),
    ).toEqual([
      [child.sampleId, 2, 'Whole Blood', 'pending', null],
      [third.sampleId, 10, 'Whole Blood', 'pending', null],
    ]);
    // The receiver cannot cancel it as if it sent it.
    expect(
      (await south.call('POST', ships(receiverInst, `/${incoming.id}/cancel`), { token: R.token })).statusCode,
    ).toBe(403);

    const got = await south.call('POST', `${itemsUrl}/${items[0].id}/receive`, { token: R.token, body: {} });
    expect(got.statusCode).toBe(200);
    expect(json<Item>(got)).toMatchObject({ status: 'received', storedAt: null });
    const again = await south.call('POST', `${itemsUrl}/${items[0].id}/receive`, { token: R.token, body: {} });
    expect(again.statusCode).toBe(409);
    expect(json(again).title).toBe(`Sample ${child.sampleId} is already received.`);
    const refused = await south.call('POST', `${itemsUrl}/${items[1].id}/reject`, {
      token: R.token,
      body: { Reason: 'Tube cracked' },
    });
    expect(json<Item>(refused)).toMatchObject({ status: 'rejected', reason: 'Tube cracked' });
    const done = json<Rec & { status: string; itemCounts: Rec }>(
      await south.call('GET', ships(receiverInst, `/${incoming.id}`), { token: R.token }),
    );
    expect(done).toMatchObject({ status: 'received', itemCounts: { total: 2, pending: 0, received: 1, rejected: 1 } });
    // Audited in the receiver's institution.
    const audits = await south.db.select().from(auditEvents).where(eq(auditEvents.institutionId, receiverInst.id));
    expect(audits.map((a) => `${a.entity} ${a.action}`)).toEqual(
      expect.arrayContaining(['shipment import', 'shipmentItem receive', 'shipmentItem reject']),
    );

    const twice = await importAs(R, manifest);
    expect(twice.statusCode).toBe(409);
    expect(json(twice).title).toBe('This manifest was already imported as the shipment "Plasma to South".');
    expect(
      json<Rec & { alreadyImported: Rec }>(await importAs(R, manifest, '/import/preview')).alreadyImported,
    ).toEqual({ id: incoming.id, name: 'Plasma to South' });
  });
});
