import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Bundle, Provenance, Specimen } from '@medplum/fhirtypes';
import { validate } from '../../test/fhir-validate';
import { labSetup } from '../../test/orders-fixtures';
import { specimenTypes } from '../../platform/lookups/lookup.tables';
import { testApp, json } from '../../test/harness';
import { signedIn } from '../../test/factories';
import { protocolRefs } from '../../test/protocols-fixtures';
import { receivedKit, type Item, type Rec, type Sample, type Who } from '../../test/received-fixtures';
import { nodePath, storageChain, storageRefs } from '../../test/storage-fixtures';

// Receiving makes the sample ours (issue 31 item 1, docs/decisions/0014-received-samples.md).
const t = await testApp();
const A = await signedIn(t, ['Coordinator']);
const B = await signedIn(t, ['Coordinator']);
const C = await signedIn(t, ['Coordinator']);
const { setUp, inst, ship, itemsOf, accept, sampleOf, historyOf } = receivedKit(t);

/** An Institution Administrator (storage.allocate) with a fresh 3 x 3 box. */
async function keeper(who: Who) {
  const admin = await signedIn(t, ['Institution Administrator'], who.institution);
  const chain = await storageChain(
    t,
    who.institution.id,
    admin.token,
    await storageRefs(t, who.institution.id, admin.token),
    { Rows: 3, Columns: 3 },
  );
  const url = nodePath(who.institution.id, chain.ids);
  const positions = json<{ id: number; code: string }[]>(
    await t.call('GET', `${url}/StorageContainerBoxPositions`, { token: admin.token }),
  );
  const allocate = (sampleId: number, position = positions[0]) =>
    t.call('POST', `${url}/StorageContainerBoxPositions/${position.id}/StorageContainerBoxPositionOccupancies`, {
      token: admin.token,
      body: { CollectedSampleID: sampleId },
    });
  return { admin, positions, allocate };
}

const a = await setUp(A);
await setUp(B);

describe('receiving makes the sample ours (same server)', () => {
  it("A -> B: B's own record; B stores, aliquots and ships it on to C; C's timeline holds A's and B's events in order; A can no longer use it", async () => {
    const [kA, kB] = [await keeper(A), await keeper(B)];
    const s1 = await a.sample();
    expect((await kA.allocate(s1.id)).statusCode).toBe(201);
    const toB = await ship(A, B, [s1.id], 'To B');
    const [item] = await itemsOf(B, toB);
    expect(item.receivedSample).toBeNull();
    const accepted = await accept(B, toB, item);
    expect(accepted.receivedSample).toMatchObject({ sampleId: s1.sampleId });
    const bId = accepted.receivedSample!.id;
    expect(bId).not.toBe(s1.id);
    // The sender's item view never names the receiver's record.
    expect((await itemsOf(A, toB))[0].receivedSample).toBeNull();

    const bRec = await sampleOf(B, bId);
    expect(bRec).toMatchObject({
      origin: 'received',
      sampleId: s1.sampleId,
      collectionProtocolId: null,
      patientId: null,
      participantId: null,
      patient: null,
      collectedAmount: 10,
      remainingAmount: 10,
      collectedDate: '2026-03-14',
      collectedTime: '09:30',
      specimenType: { title: 'Whole Blood' },
      heldBy: null,
      receivedFrom: {
        institution: A.institution.title,
        installation: null,
        sampleId: s1.sampleId,
        shipmentId: toB.id,
        consentState: 'usable',
      },
    });
    const from = bRec.receivedFrom as { donorCode: string };
    expect(from.donorCode).toMatch(/^D-[0-9a-f]{16}$/);
    // Tenancy: nothing of A's donor reaches B.
    const bText = JSON.stringify([bRec, await historyOf(B, bId)]);
    expect(bText).not.toContain(String(a.patient.firstName));
    expect(bText).not.toContain(String(a.patient.patientMRN ?? 'no-mrn'));
    // A's record: held by B since the receipt; B's specimen type is B's own lookup row.
    const aRec = await sampleOf(A, s1.id);
    expect(aRec.heldBy).toMatchObject({ id: B.institution.id, title: B.institution.title });
    expect((aRec.heldBy as { since: string }).since).toMatch(/^\d{4}-/);
    expect((bRec.specimenType as Rec).id).not.toBe((aRec.specimenType as Rec).id);

    // B stores its record from the normal storage screen's API, finds it by sample ID, and its item shows where.
    const found = json<Rec[]>(
      await t.call('GET', inst(B, `/collectedSamples?SampleID=${s1.sampleId}`), { token: B.token }),
    );
    expect(found.map((x) => x.id)).toEqual([bId]);
    const stored = await kB.allocate(bId);
    expect(stored.statusCode, stored.body).toBe(201);
    expect((await itemsOf(B, toB))[0].storedAt).toContain(kB.positions[0].code);

    // A's uses are refused, each with a clear 409.
    const aBase = `${a.base}/collectedSamples`;
    expect(json(await kA.allocate(s1.id, kA.positions[1]))).toMatchObject({
      status: 409,
      code: 'storage.sample_held_elsewhere',
    });
    const aliquotA = await t.call('POST', aBase, {
      token: A.token,
      body: {
        IsSubSample: true,
        ParentSampleId: s1.id,
        SubSampleLineageId: a.r.aliquot,
        SpecimenTypeId: a.r.type('Whole Blood'),
        CollectedAmount: 1,
      },
    });
    expect(json(aliquotA)).toMatchObject({ status: 409, code: 'samples.held_elsewhere' });
    expect(
      json(
        await t.call('POST', inst(A, '/collectedSamples/subSamples'), {
          token: A.token,
          body: {
            ParentSampleId: s1.id,
            SubSampleLineageId: a.r.aliquot,
            SpecimenTypeId: a.r.type('Whole Blood'),
            CollectedAmount: 1,
          },
        }),
      ),
    ).toMatchObject({ status: 409, code: 'samples.held_elsewhere' });
    const again = await t.call('POST', inst(A, '/collectedSampleShipments'), {
      token: A.token,
      body: {
        Name: 'Again',
        SendingInstitutionSiteId: A.institution.site.id,
        ReceivingInstitutionId: C.institution.id,
        ReceivingInstitutionSiteId: C.institution.site.id,
        CollectedSampleIds: [s1.id],
      },
    });
    expect(json(again)).toMatchObject({ status: 409, code: 'shipments.received_elsewhere' });
    const labels = await t.call('POST', `${aBase}/labels`, {
      token: A.token,
      body: { CollectedSampleIds: [s1.id], Copies: 1 },
    });
    expect(json(labels)).toMatchObject({ status: 409, code: 'samples.held_elsewhere_use' });
    const adjust = await t.call('POST', `${aBase}/${s1.id}/adjustments`, {
      token: A.token,
      body: { Amount: 1, Reason: 'Spilled', ConcurrencyStamp: aRec.concurrencyStamp },
    });
    expect(json(adjust)).toMatchObject({ status: 409, code: 'samples.held_elsewhere_use' });

    // B aliquots its record (the institution-level sub-sample route: it has no protocol here).
    const bRefs = await protocolRefs(t, B.institution.id, B.token);
    const child = await t.call('POST', inst(B, '/collectedSamples/subSamples'), {
      token: B.token,
      body: {
        ParentSampleId: bId,
        SubSampleLineageId: bRefs.aliquot,
        SpecimenTypeId: (bRec.specimenType as Rec).id,
        CollectedAmount: 2,
      },
    });
    expect(child.statusCode, child.body).toBe(201);
    expect(json<Sample>(child)).toMatchObject({ origin: 'received', parentSampleId: bId, patientId: null });
    expect((await sampleOf(B, bId)).remainingAmount).toBe(8);

    // B ships it on to C (its position is vacated by the shipping, as for its own samples).
    const toC = await ship(B, C, [bId], 'To C');
    const [cItem] = await itemsOf(C, toC);
    const cAccepted = await accept(C, toC, cItem);
    const cId = cAccepted.receivedSample!.id;
    const cRec = await sampleOf(C, cId);
    expect(cRec).toMatchObject({
      origin: 'received',
      sampleId: s1.sampleId,
      remainingAmount: 8,
      receivedFrom: { institution: B.institution.title, sampleId: s1.sampleId },
    });
    expect((cRec.receivedFrom as { donorCode: string }).donorCode).toBe(from.donorCode);
    expect((await sampleOf(B, bId)).heldBy).toMatchObject({ id: C.institution.id });

    const timeline = await historyOf(C, cId);
    expect(timeline.map((e) => [e.kind, e.institution])).toEqual([
      ['collected', A.institution.title],
      ['allocated', A.institution.title],
      ['vacated', A.institution.title],
      ['shipped', A.institution.title],
      ['received', B.institution.title],
      ['allocated', B.institution.title],
      ['vacated', B.institution.title],
      ['shipped', B.institution.title],
      ['received', null],
    ]);
    // No storage path of another institution travels.
    expect(timeline[1].summary).toBe(`Stored at ${A.institution.title}.`);
    expect(timeline[5].summary).toBe(`Stored at ${B.institution.title}.`);
    // Its custody as FHIR: the Specimen (the sender's ID as a secondary identifier) and one Provenance per event.
    const fhir = json<Bundle>(
      await t.call('GET', inst(C, `/collectedSamples/${cId}/custody.fhir.json`), { token: C.token }),
    );
    validate(fhir);
    const resources = fhir.entry!.map((e) => e.resource!);
    const specimen = resources.find((r): r is Specimen => r.resourceType === 'Specimen')!;
    expect(specimen.identifier).toContainEqual(expect.objectContaining({ value: s1.sampleId, use: 'secondary' }));
    expect(specimen.container?.[0].specimenQuantity?.value).toBe(8);
    const provenance = resources.filter((r): r is Provenance => r.resourceType === 'Provenance');
    expect(provenance.map((r) => r.activity?.text)).toEqual(timeline.map((e) => e.kind));
    expect(provenance[0].agent[0].who.display).toBe(A.institution.title);
    expect(JSON.stringify(fhir)).not.toContain('"subject"');
    expect(
      (await t.call('GET', inst(A, `/collectedSamples/${cId}/custody.fhir.json`), { token: A.token })).statusCode,
    ).toBe(404);
    // A third institution never sees B's record.
    expect((await t.call('GET', inst(A, `/collectedSamples/${bId}`), { token: A.token })).statusCode).toBe(404);
  });

  it('the tube keeps its ID when free at the receiver, else a suffixed one; an unknown specimen type is refused naming the sample', async () => {
    const s1 = await a.sample();
    // B already has a sample with that ID: the received record is suffixed.
    const b = await setUp(B);
    await b.sample({ SampleID: s1.sampleId });
    const toB = await ship(A, B, [s1.id], 'Clash');
    const [item] = await itemsOf(B, toB);
    const got = await accept(B, toB, item);
    expect(got.receivedSample!.sampleId).toBe(`${s1.sampleId}-R1`);
    const rec = await sampleOf(B, got.receivedSample!.id);
    expect(rec.receivedFrom).toMatchObject({ sampleId: s1.sampleId });

    const s2 = await a.sample({ SpecimenTypeId: a.r.type('Serum') });
    const cRefs = await protocolRefs(t, C.institution.id, C.token);
    // C disabled its Serum: it cannot make a record of that type.
    await t.db
      .update(specimenTypes)
      .set({ isEnabled: false })
      .where(eq(specimenTypes.id, cRefs.type('Serum')));
    const toC = await ship(A, C, [s2.id], 'Serum to C');
    const [cItem] = await itemsOf(C, toC);
    const refused = await t.call(
      'POST',
      inst(C, `/collectedSampleShipments/${toC.id}/collectedSampleShipmentItems/${cItem.id}/receive`),
      { token: C.token, body: {} },
    );
    expect(json(refused)).toMatchObject({
      status: 409,
      code: 'samples.received_type_unknown',
      title: `Sample ${s2.sampleId} cannot be accepted: its specimen type "Serum" is not in your institution's list. Add it in Configuration, then accept again.`,
    });
    // Nothing changed: the item is still pending, the sample still in transit.
    expect((await itemsOf(C, toC))[0].status).toBe('pending');
    expect((await sampleOf(A, s2.id)).inTransit).toBe(true);
  });

  it('bulk receive creates one record per accepted item', async () => {
    const list = [await a.sample(), await a.sample(), await a.sample()];
    const s = await ship(
      A,
      B,
      list.map((x) => x.id),
      'Bulk',
    );
    const items = await itemsOf(B, s);
    const res = await t.call(
      'POST',
      inst(B, `/collectedSampleShipments/${s.id}/collectedSampleShipmentItems/receive`),
      {
        token: B.token,
        body: { Items: items.map((i) => ({ Id: i.id })) },
      },
    );
    expect(res.statusCode, res.body).toBe(200);
    const out = json<{ items: Item[] }>(res).items;
    expect(out.map((i) => i.receivedSample?.sampleId)).toEqual(list.map((x) => x.sampleId));
    for (const i of out) {
      const rec = await sampleOf(B, i.receivedSample!.id);
      expect(rec).toMatchObject({ origin: 'received', remainingAmount: 10 });
      expect((await historyOf(B, rec.id)).map((e) => e.kind)).toEqual(['collected', 'shipped', 'received']);
    }
  });

  it("the spec's order calls cannot name a received sample with a participant (409 pointing to the sample's Order tests; orders-received.test.ts)", async () => {
    const s1 = await a.sample();
    const toB = await ship(A, B, [s1.id], 'For orders');
    const [item] = await itemsOf(B, toB);
    const bId = (await accept(B, toB, item)).receivedSample!.id;
    const admin = await signedIn(t, ['Institution Administrator'], B.institution);
    const lab = await labSetup(t, B.institution.id, admin.token);
    const res = await t.call('POST', inst(B, '/LIMSOrders/place'), {
      token: admin.token,
      body: {
        patientIds: [lab.patient.id],
        priorityId: lab.priorityId,
        panelIds: [lab.panel.id],
        collectedSampleId: bId,
      },
    });
    expect(json(res)).toMatchObject({
      status: 409,
      code: 'orders.collected_sample_received',
      errors: { collectedSampleId: ['Received from another institution: order it from its sample page'] },
    });
  });
});
