import { describe, expect, it } from 'vitest';
import type { Bundle, Provenance, Specimen } from '@medplum/fhirtypes';
import { testApp, json } from '../../test/harness';
import { createInstitution, signedIn } from '../../test/factories';
import { sampleSetUp } from '../../test/samples-fixtures';
import { validate } from '../../test/fhir-validate';

// Issue 31 item 1 across installations: a sample shipped A (north) -> B (south) -> C (north) through signed
// manifests becomes each receiver's own record and keeps one custody timeline (docs/decisions/0014-received-samples.md).

const north = await testApp();
const south = await testApp();
type App = typeof north;
type Rec = Record<string, unknown> & { id: number };
type Who = { institution: { id: number; site: { id: number } }; token: string };

const aInst = await createInstitution(north, { title: 'Alpha Biobank', abbreviation: 'ALP' });
const cInst = await createInstitution(north, { title: 'Gamma Lab', abbreviation: 'GAM' });
const bMirror = await createInstitution(north, { title: 'Beta Lab', abbreviation: 'BET' });
const bInst = await createInstitution(south, { title: 'Beta Lab', abbreviation: 'BET' });
const cMirror = await createInstitution(south, { title: 'Gamma Lab', abbreviation: 'GAM' });
const A = await signedIn(north, ['Coordinator'], aInst);
const AA = await signedIn(north, ['Institution Administrator'], aInst);
const C = await signedIn(north, ['Coordinator'], cInst);
const CA = await signedIn(north, ['Institution Administrator'], cInst);
const B = await signedIn(south, ['Coordinator'], bInst);
const BA = await signedIn(south, ['Institution Administrator'], bInst);

const ships = (inst: { id: number }, path = '') => `/api/institutions/${inst.id}/collectedSampleShipments${path}`;
const keyFile = async (app: App, who: Who) =>
  JSON.parse(
    (
      await app.call('GET', `/api/institutions/${who.institution.id}/signingKeys/public-keys.json`, {
        token: who.token,
      })
    ).body,
  ) as object;
const trust = async (app: App, admin: Who, file: object) => {
  const res = await app.call('POST', `/api/institutions/${admin.institution.id}/trustedPartners`, {
    token: admin.token,
    body: file,
  });
  if (res.statusCode !== 201) throw new Error(res.body);
};
async function send(app: App, who: Who, to: { id: number; site: { id: number } }, ids: number[], name: string) {
  const res = await app.call('POST', ships(who.institution), {
    token: who.token,
    body: {
      Name: name,
      SendingInstitutionSiteId: who.institution.site.id,
      ReceivingInstitutionId: to.id,
      ReceivingInstitutionSiteId: to.site.id,
      CollectedSampleIds: ids,
    },
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  return json<Rec>(res);
}
const manifestOf = async (app: App, who: Who, id: number) =>
  json<Bundle>(await app.call('GET', ships(who.institution, `/${id}/manifest.fhir.json`), { token: who.token }));
async function importAndAccept(app: App, who: Who, manifest: Bundle) {
  const imported = await app.call('POST', ships(who.institution, '/import'), { token: who.token, body: manifest });
  if (imported.statusCode !== 201) throw new Error(imported.body);
  const s = json<Rec>(imported);
  const items = json<Rec[]>(
    await app.call('GET', ships(who.institution, `/${s.id}/collectedSampleShipmentItems`), { token: who.token }),
  );
  const res = await app.call('POST', ships(who.institution, `/${s.id}/collectedSampleShipmentItems/receive`), {
    token: who.token,
    body: { Items: items.map((i) => ({ Id: i.id })) },
  });
  if (res.statusCode !== 200) throw new Error(res.body);
  return json<{ items: (Rec & { receivedSample: { id: number; sampleId: string } | null })[] }>(res).items;
}
const sampleOf = async (app: App, who: Who, id: number) =>
  json<Rec>(
    await app.call('GET', `/api/institutions/${who.institution.id}/collectedSamples/${id}`, { token: who.token }),
  );
const historyOf = async (app: App, who: Who, id: number) =>
  json<{ kind: string; institution: string | null; summary: string }[]>(
    await app.call('GET', `/api/institutions/${who.institution.id}/collectedSamples/${id}/history`, {
      token: who.token,
    }),
  );

describe('A -> B -> C over two installations by signed manifests', () => {
  it('each receiver gets its own record; the timeline travels as Provenance and stays one', async () => {
    // Trust: B trusts A's key (south), C trusts B's key (north).
    await trust(south, BA, await keyFile(north, AA));
    await trust(north, CA, await keyFile(south, BA));

    const p = await sampleSetUp(north, aInst, A.token);
    const s1 = await p.sample({ SampleID: `TL-${Date.now().toString(36)}` });
    const toB = await send(north, A, bMirror, [s1.id], 'A to B');
    const m1 = await manifestOf(north, A, toB.id);
    validate(m1);
    const spec = m1.entry!.map((e) => e.resource!).find((r): r is Specimen => r.resourceType === 'Specimen')!;
    const prov = m1.entry!.map((e) => e.resource!).filter((r): r is Provenance => r.resourceType === 'Provenance');
    expect(prov.map((r) => r.activity?.text)).toEqual(['collected', 'shipped']);
    expect(prov.every((r) => r.target[0].reference === `urn:uuid:${spec.id}`)).toBe(true);
    expect(prov[0].agent[0].who).toMatchObject({ display: 'Alpha Biobank' });
    // No donor name or MRN without includeDonorIdentity: only a pseudonymous code.
    expect(JSON.stringify(m1)).not.toContain(String(p.patient.firstName));

    const [bItem] = await importAndAccept(south, B, m1);
    const bId = bItem.receivedSample!.id;
    expect(await sampleOf(south, B, bId)).toMatchObject({
      origin: 'received',
      sampleId: s1.sampleId,
      patientId: null,
      collectedDate: s1.collectedDate,
      receivedFrom: { institution: 'Alpha Biobank', sampleId: s1.sampleId },
    });
    expect((await historyOf(south, B, bId)).map((e) => [e.kind, e.institution])).toEqual([
      ['collected', 'Alpha Biobank'],
      ['shipped', 'Alpha Biobank'],
      ['received', null],
    ]);

    // B ships its record on to C (north), by manifest.
    const toC = await send(south, B, cMirror, [bId], 'B to C');
    const m2 = await manifestOf(south, B, toC.id);
    validate(m2);
    const spec2 = m2.entry!.map((e) => e.resource!).find((r): r is Specimen => r.resourceType === 'Specimen')!;
    expect(spec2.identifier).toContainEqual(
      expect.objectContaining({ system: 'urn:biobank-lims:external-sample-id', value: s1.sampleId }),
    );
    const [cItem] = await importAndAccept(north, C, m2);
    const cId = cItem.receivedSample!.id;
    const timeline = await historyOf(north, C, cId);
    expect(timeline.map((e) => [e.kind, e.institution])).toEqual([
      ['collected', 'Alpha Biobank'],
      ['shipped', 'Alpha Biobank'],
      ['received', 'Beta Lab'],
      ['shipped', 'Beta Lab'],
      ['received', null],
    ]);
    const cRec = await sampleOf(north, C, cId);
    expect(cRec).toMatchObject({ origin: 'received', receivedFrom: { institution: 'Beta Lab' } });
    // The donor code travelled unchanged through both hops.
    const bRec = await sampleOf(south, B, bId);
    expect((cRec.receivedFrom as Rec).donorCode).toBe((bRec.receivedFrom as Rec).donorCode);
    expect((bRec.receivedFrom as Rec).donorCode).toMatch(/^D-/);
    // Same server (north), two institutions: C's record is not A's, and A's id is not C's.
    expect(cId).not.toBe(s1.id);
    expect(
      (await north.call('GET', `/api/institutions/${cInst.id}/collectedSamples/${s1.id}`, { token: C.token }))
        .statusCode,
    ).toBe(404);
  });
});
