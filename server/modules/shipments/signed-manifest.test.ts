import { describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import type { Bundle, Specimen } from '@medplum/fhirtypes';
import { testApp, json } from '../../test/harness';
import { createInstitution, signedIn } from '../../test/factories';
import { sampleSetUp } from '../../test/samples-fixtures';
import { auditEvents } from '../../platform/audit.table';
import { collectedSamples } from '../samples/samples.table';
import { institutionSigningKeys } from '../partners/partners.table';
import { openPrivateKey } from '../partners/key-store';
import { signWithActiveKey } from '../partners';
import { signedBytes } from './shipments.manifest-fhir';

// Issue 31 items 3 and 2: signed manifests and receipts between two installations (two apps on their own
// databases). The receiver trusts the sender's public key file; the manifest's Ed25519 signature is checked
// on import; the receiver's outcome travels back as a signed receipt the sender imports to close its items.

const north = await testApp();
const south = await testApp();
const senderInst = await createInstitution(north, { title: 'North Biobank', abbreviation: 'NBB' });
const mirror = await createInstitution(north, { title: 'South Reference Lab', abbreviation: 'SRL' });
// Another institution of the sender's installation, also trusted by the receiver: its key must not vouch for NBB.
const evil = await createInstitution(north, { title: 'Evil Lab', abbreviation: 'EVL' });
const S = await signedIn(north, ['Coordinator'], senderInst);
const SA = await signedIn(north, ['Institution Administrator'], senderInst);
const EA = await signedIn(north, ['Institution Administrator'], evil);
const receiverInst = await createInstitution(south, { title: 'South Reference Lab', abbreviation: 'SRL' });
const R = await signedIn(south, ['Coordinator'], receiverInst);
const RA = await signedIn(south, ['Institution Administrator'], receiverInst);

type Rec = Record<string, unknown> & { id: number };
type Who = { institution: { id: number }; token: string };
const ships = (inst: { id: number }, path = '') => `/api/institutions/${inst.id}/collectedSampleShipments${path}`;
const keysUrl = (inst: { id: number }, path = '') => `/api/institutions/${inst.id}/signingKeys${path}`;
const partnersUrl = (inst: { id: number }, path = '') => `/api/institutions/${inst.id}/trustedPartners${path}`;
const keyFileOf = async (app: typeof north, who: Who) =>
  JSON.parse((await app.call('GET', keysUrl(who.institution, '/public-keys.json'), { token: who.token })).body) as Rec;
const trust = (app: typeof north, admin: Who, file: unknown) =>
  app.call('POST', partnersUrl(admin.institution), { token: admin.token, body: file as object });
const clone = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;

const p = await sampleSetUp(north, senderInst, S.token);
const stamp = Date.now().toString(36);
const [a, b, c, d] = [
  await p.sample({ SampleID: `SG-A-${stamp}` }),
  await p.sample({ SampleID: `SG-B-${stamp}` }),
  await p.sample({ SampleID: `SG-C-${stamp}` }),
  await p.sample({ SampleID: `SG-D-${stamp}` }),
];

async function send(ids: number[], name: string) {
  const res = await north.call('POST', ships(senderInst), {
    token: S.token,
    body: {
      Name: name,
      SendingInstitutionSiteId: senderInst.site.id,
      ReceivingInstitutionId: mirror.id,
      ReceivingInstitutionSiteId: mirror.site.id,
      CollectedSampleIds: ids,
    },
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  return json<Rec>(res);
}
const exportOf = async (id: number) =>
  json<Bundle>(await north.call('GET', ships(senderInst, `/${id}/manifest.fhir.json`), { token: S.token }));
const importAs = (who: Who, manifest: unknown, path = '/import') =>
  south.call('POST', ships(who.institution, path), { token: who.token, body: manifest as object });

const shipment = await send([a.id, b.id], 'Signed to South');
const other = await send([c.id], 'Another shipment');
const manifest = await exportOf(shipment.id);

describe('keys and trusted partners', () => {
  it('an institution has one active Ed25519 key; its public key file names the institution, installation and fingerprint', async () => {
    const keys = json<Rec[]>(await north.call('GET', keysUrl(senderInst), { token: SA.token }));
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({ status: 'active', algorithm: 'Ed25519' });
    expect(keys[0].keyId).toMatch(/^[0-9a-f]{64}$/);
    const file = await keyFileOf(north, SA);
    expect(file).toMatchObject({
      format: 'biobank-lims-public-keys',
      institution: { title: 'North Biobank', abbreviation: 'NBB' },
      keys: [{ keyId: keys[0].keyId, status: 'active' }],
    });
    expect(file.installation).toBeTruthy();
    // Not for a coordinator: the keys are the administrator's.
    expect((await north.call('GET', keysUrl(senderInst), { token: S.token })).statusCode).toBe(403);
  });

  it('an untrusted sender is refused (403 saying so), nothing is created', async () => {
    const res = await importAs(R, manifest, '/import/preview');
    expect(res.statusCode).toBe(403);
    expect(json(res).code).toBe('partners.untrusted');
    expect(json(res).title).toMatch(/does not trust/);
  });

  it('the administrator adds the key file; the list shows it; a key file with a wrong fingerprint or a non-Ed25519 key is 400', async () => {
    const file = await keyFileOf(north, SA);
    const bad = clone(file) as Rec & { keys: Rec[] };
    bad.keys[0].keyId = '0'.repeat(64);
    expect(json(await trust(south, RA, bad)).code).toBe('partners.key_file_invalid');
    const rsa = clone(file) as Rec & { keys: Rec[] };
    rsa.keys[0].publicKey = '-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----';
    expect((await trust(south, RA, rsa)).statusCode).toBe(400);
    const added = await trust(south, RA, file);
    expect(added.statusCode).toBe(201);
    expect(json<{ added: Rec[] }>(added).added).toMatchObject([
      { title: 'North Biobank', abbreviation: 'NBB', keyStatus: 'active', isEnabled: true },
    ]);
    const again = await trust(south, RA, file);
    expect(again.statusCode).toBe(409);
    expect(json(again).title).toMatch(/already trusted/);
    const list = json<Rec[]>(await south.call('GET', partnersUrl(receiverInst), { token: RA.token }));
    expect(list.map((k) => k.title)).toEqual(['North Biobank']);
    // Its own key file is refused as a partner.
    expect(json(await trust(south, RA, await keyFileOf(south, RA))).code).toBe('partners.own_key');
  });

  it('a trusted signer: the preview says who signed with which key, verified', async () => {
    const res = await importAs(R, manifest, '/import/preview');
    expect(res.statusCode).toBe(200);
    expect(json<Rec>(res).signedBy).toMatchObject({ title: 'North Biobank', abbreviation: 'NBB', keyStatus: 'active' });
  });

  it('a disabled partner key is refused (403), enabled again it verifies', async () => {
    const [row] = json<Rec[]>(await south.call('GET', partnersUrl(receiverInst), { token: RA.token }));
    const off = await south.call('POST', partnersUrl(receiverInst, `/${row.id}/disable`), { token: RA.token });
    expect(json<Rec>(off).isEnabled).toBe(false);
    expect(json(await importAs(R, manifest, '/import/preview')).code).toBe('partners.partner_disabled');
    await south.call('POST', partnersUrl(receiverInst, `/${row.id}/enable`), { token: RA.token });
    expect((await importAs(R, manifest, '/import/preview')).statusCode).toBe(200);
  });

  it('a tampered manifest is 400 (signature), an unsigned legacy one 400 (unsigned), a trusted key of another sender 403 (wrong signer)', async () => {
    const tampered = clone(manifest);
    (
      tampered.entry!.find((e) => e.resource!.resourceType === 'Specimen')!.resource as Specimen
    ).container![0].specimenQuantity!.value = 999;
    const t1 = await importAs(R, tampered);
    expect(t1.statusCode).toBe(400);
    expect(json(t1).code).toBe('partners.bad_signature');

    const legacy = clone(manifest);
    legacy.signature = { ...legacy.signature!, sigFormat: 'application/octet-stream', data: 'AAAA' };
    const t2 = await importAs(R, legacy);
    expect(t2.statusCode).toBe(400);
    expect(json(t2).code).toBe('partners.unsigned');

    // EVL's key is trusted by the receiver, but EVL signs a manifest in NBB's name.
    expect((await trust(south, RA, await keyFileOf(north, EA))).statusCode).toBe(201);
    const forged = clone(manifest);
    forged.signature!.data = (await signWithActiveKey(
      north.db,
      evil.id,
      signedBytes(forged as unknown as Record<string, unknown>),
    ))!;
    const t3 = await importAs(R, forged);
    expect(t3.statusCode).toBe(403);
    expect(json(t3).code).toBe('shipments.manifest_wrong_signer');
    expect(json(t3).title).toMatch(/North Biobank \(NBB\) but is signed by Evil Lab/);
  });

  it('key rotation: the old key is retired and kept; a manifest it signed still verifies once the new key file is imported', async () => {
    const rotated = json<Rec[]>(await north.call('POST', keysUrl(senderInst, '/rotate'), { token: SA.token }));
    expect(rotated.map((k) => k.status)).toEqual(['active', 'retired']);
    const later = await send([d.id], 'After rotation').then((s) => exportOf(s.id));
    // The receiver holds the old key only: the new manifest is untrusted until it imports the new key file.
    expect(json(await importAs(R, later, '/import/preview')).code).toBe('partners.untrusted');
    const res = json<{ added: Rec[]; alreadyTrusted: string[] }>(await trust(south, RA, await keyFileOf(north, SA)));
    expect(res.added.map((k) => k.keyStatus)).toEqual(['active']);
    expect(res.alreadyTrusted).toEqual([rotated[1].keyId]);
    expect((await importAs(R, later, '/import/preview')).statusCode).toBe(200);
    // The manifest signed before the rotation still verifies with the retired key.
    const old = await importAs(R, manifest, '/import/preview');
    expect(old.statusCode).toBe(200);
    expect(json<Rec & { signedBy: Rec }>(old).signedBy.keyId).toBe(rotated[1].keyId);
  });
});

describe('receipts: the outcome travels back', () => {
  let incoming: Rec;
  it('the receiver imports, but has no receipt while items are pending (409)', async () => {
    const res = await importAs(R, manifest);
    expect(res.statusCode).toBe(201);
    incoming = json<Rec>(res);
    const early = await south.call('GET', ships(receiverInst, `/${incoming.id}/receipt.json`), { token: R.token });
    expect(early.statusCode).toBe(409);
    expect(json(early).code).toBe('shipments.receipt_not_ready');
    // The sender's own shipment has no receipt to download (it imports one).
    const own = await north.call('GET', ships(senderInst, `/${shipment.id}/receipt.json`), { token: S.token });
    expect(json(own).code).toBe('shipments.receipt_not_imported');
  });

  let receipt: Rec & { items: Rec[]; signature: Rec };
  it('once processed, the receipt lists each outcome, who, when and why, against the manifest SHA-256, signed', async () => {
    const itemsUrl = ships(receiverInst, `/${incoming.id}/collectedSampleShipmentItems`);
    const items = json<Rec[]>(await south.call('GET', itemsUrl, { token: R.token }));
    await south.call('POST', `${itemsUrl}/${items[0].id}/receive`, { token: R.token, body: {} });
    await south.call('POST', `${itemsUrl}/${items[1].id}/reject`, { token: R.token, body: { Reason: 'Thawed' } });
    const res = await south.call('GET', ships(receiverInst, `/${incoming.id}/receipt.json`), { token: R.token });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('Signed to South receipt.json');
    receipt = json(res);
    expect(receipt).toMatchObject({
      format: 'biobank-lims-shipment-receipt',
      manifestSha256: incoming.manifestSha256,
      sender: { abbreviation: 'NBB' },
      receiver: { title: 'South Reference Lab', abbreviation: 'SRL' },
      signature: { sigFormat: 'application/jose' },
    });
    expect(receipt.items.map((i) => [i.sampleId, i.outcome, i.reason])).toEqual([
      [a.sampleId, 'received', null],
      [b.sampleId, 'rejected', 'Thawed'],
    ]);
    expect(receipt.items[0].processedBy).toBeTruthy();
  });

  const importReceipt = (id: number, body: unknown) =>
    north.call('POST', ships(senderInst, `/${id}/receipt`), { token: S.token, body: body as object });

  it('the sender refuses the receipt while it does not trust the receiver (403)', async () => {
    const res = await importReceipt(shipment.id, receipt);
    expect(res.statusCode).toBe(403);
    expect(json(res).code).toBe('partners.untrusted');
  });

  it('trusted: a tampered receipt is 400, a receipt for another shipment 409, and nothing changes', async () => {
    expect((await trust(north, SA, await keyFileOf(south, RA))).statusCode).toBe(201);
    const tampered = clone(receipt);
    tampered.items[1].outcome = 'received';
    const t1 = await importReceipt(shipment.id, tampered);
    expect(t1.statusCode).toBe(400);
    expect(json(t1).code).toBe('partners.bad_signature');
    const t2 = await importReceipt(other.id, receipt);
    expect(t2.statusCode).toBe(409);
    expect(json(t2).code).toBe('shipments.receipt_other_shipment');
    const s = json<Rec>(await north.call('GET', ships(senderInst, `/${shipment.id}`), { token: S.token }));
    expect(s.status).toBe('shipped');
  });

  it('imported on the sender: items take the receiver outcome, the samples are marked by the custody writer; again changes nothing', async () => {
    const res = await importReceipt(shipment.id, receipt);
    expect(res.statusCode).toBe(200);
    expect(json<Rec>(res)).toMatchObject({ applied: 2, unchanged: 0, signedBy: { title: 'South Reference Lab' } });
    const items = json<Rec[]>(
      await north.call('GET', ships(senderInst, `/${shipment.id}/collectedSampleShipmentItems`), { token: S.token }),
    );
    expect(items.map((i) => [i.status, i.reason])).toEqual([
      ['received', null],
      ['rejected', 'Thawed'],
    ]);
    const s = json<Rec>(await north.call('GET', ships(senderInst, `/${shipment.id}`), { token: S.token }));
    expect(s.status).toBe('received');
    const custody = await north.db
      .select({
        id: collectedSamples.id,
        heldBy: collectedSamples.heldByInstitutionId,
        status: collectedSamples.custodyStatus,
      })
      .from(collectedSamples)
      .where(inArray(collectedSamples.id, [a.id, b.id]))
      .orderBy(collectedSamples.id);
    expect(custody).toEqual([
      { id: a.id, heldBy: mirror.id, status: 'held' },
      { id: b.id, heldBy: senderInst.id, status: 'held' },
    ]);
    const again = await importReceipt(shipment.id, receipt);
    expect(again.statusCode).toBe(200);
    expect(json<Rec>(again)).toMatchObject({
      applied: 0,
      unchanged: 2,
      message: expect.stringMatching(/already imported/),
    });
  });

  it('no private key appears in any API answer or audit row', async () => {
    const answers = [
      await north.call('GET', keysUrl(senderInst), { token: SA.token }),
      await north.call('POST', keysUrl(senderInst, '/rotate'), { token: SA.token }),
      await north.call('GET', keysUrl(senderInst, '/public-keys.json'), { token: SA.token }),
      await north.call('GET', partnersUrl(senderInst), { token: SA.token }),
      await south.call('GET', partnersUrl(receiverInst), { token: RA.token }),
    ].map((r) => r.body);
    const stored = await north.db.select().from(institutionSigningKeys);
    const secrets = stored.map((k) => openPrivateKey(k.privateKey));
    expect(secrets.length).toBeGreaterThan(1);
    const audits = [...(await north.db.select().from(auditEvents)), ...(await south.db.select().from(auditEvents))].map(
      (row) => JSON.stringify(row),
    );
    for (const text of [...answers, ...audits]) {
      expect(text).not.toMatch(/PRIVATE KEY/);
      for (const pem of secrets) {
        const body = pem.split('\n')[1];
        expect(text.includes(body)).toBe(false);
      }
    }
    expect(audits.some((x) => x.includes('"signingKey"') && x.includes('rotate'))).toBe(true);
  });
});
