// Issue 33 item 4, the remaining places: a lookup's French title (given through the configuration API) shown to a
// reader of French, its default title in English and where the institution gave none.
import { describe, expect, it } from 'vitest';
import { testApp, json } from './harness';
import { signedIn } from './factories';
import { referenceIds } from './participants-fixtures';
import { protocolRefs, signaturePng } from './protocols-fixtures';
import { sampleSetUp } from './samples-fixtures';
import { labSetup, placeLabOrder } from './orders-fixtures';
import { createNode, nextStorageCode, nodeBody, nodePath, storageRefs } from './storage-fixtures';

const t = await testApp();
const A = await signedIn(t, ['Administrator']);
const inst = A.institution.id;
const api = (p: string) => `/api/institutions/${inst}/${p}`;
const FR = { 'accept-language': 'fr' };
// i33server: an administrator of the same institution who chose French (the account's language, not the header).
const frenchAccount = await signedIn(t, ['Administrator'], A.institution);
const chose = await t.call('PUT', '/api/Authentication/language', {
  token: frenchAccount.token,
  body: { language: 'fr' },
});
if (chose.statusCode !== 200) throw new Error(chose.body);
type Rec = Record<string, unknown> & { id: number };
const refs = { protocol: await protocolRefs(t, inst, A.token), participant: await referenceIds(t, inst, A.token) };

/** Gives a lookup record a French title through the configuration API. */
async function french(key: string, id: number, fr: string) {
  const now = json<Rec>(await t.call('GET', api(`${key}/${id}`), { token: A.token }));
  const res = await t.call('PUT', api(`${key}/${id}`), { token: A.token, body: { ...now, titles: { fr } } });
  expect(res.statusCode, res.body).toBe(200);
}
const get = async <T>(path: string, headers?: Record<string, string>) => {
  const res = await t.call('GET', path, { token: A.token, headers });
  expect(res.statusCode, res.body).toBe(200);
  return json<T>(res);
};

const purposes = json<{ id: number; title: string }[]>(await t.call('GET', api('consentPurposes'), { token: A.token }));
const purpose = (title: string) => purposes.find((p) => p.title === title)!.id;
const FUTURE = purpose('Future research');
const GENETIC = purpose('Genetic research');
await french('consentPurposes', FUTURE, 'Recherche future');
// Genetic research without its seeded French title (server/db/seed/reference-data.ts): a title only in English.
const genetic = json<Rec>(await t.call('GET', api(`consentPurposes/${GENETIC}`), { token: A.token }));
const cleared = await t.call('PUT', api(`consentPurposes/${GENETIC}`), {
  token: A.token,
  body: { ...genetic, titles: null },
});
if (cleared.statusCode !== 200) throw new Error(cleared.body);
const w = await sampleSetUp(t, A.institution, A.token, refs);

describe('lookup titles per language, the remaining places', () => {
  it("shows consent purposes in the reader's language: the consent, its versions, a signature", async () => {
    const made = await t.call('POST', `${w.base}/collectionProtocolConsents`, {
      token: A.token,
      body: { Title: 'Biobank consent', Consent: '<p>I agree.</p>', purposeIds: [FUTURE, GENETIC] },
    });
    expect(made.statusCode, made.body).toBe(201);
    const consent = json<Rec & { consentVersionId: number }>(made);
    type Purposes = { purposes: { id: number; title: string }[] };
    const one = `${w.base}/collectionProtocolConsents/${consent.id}`;
    const titles = (x: Purposes) => x.purposes.map((p) => p.title);
    // Ordered by the title shown (i33server): Genetic research has no French title, so it comes first in French.
    expect(titles(await get<Purposes>(one, FR))).toEqual(['Genetic research', 'Recherche future']);
    expect(titles(await get<Purposes>(one))).toEqual(['Future research', 'Genetic research']);
    const byAccount = await t.call('GET', one, { token: frenchAccount.token });
    expect(titles(json<Purposes>(byAccount))).toEqual(['Genetic research', 'Recherche future']);
    const list = await get<(Rec & Purposes)[]>(`${w.base}/collectionProtocolConsents`, FR);
    expect(titles(list.find((c) => c.id === consent.id)!)).toEqual(['Genetic research', 'Recherche future']);
    const versions = await get<Purposes[]>(`${one}/versions`, FR);
    expect(titles(versions[0])).toEqual(['Genetic research', 'Recherche future']);
    const signed = await t.call('POST', `${w.base}/collectionProtocolParticipantConsents`, {
      token: A.token,
      body: {
        ParticipantId: w.enrolment.id,
        ConsentVersionId: consent.consentVersionId,
        Signature: signaturePng().dataUrl,
        purposes: [
          { purposeId: FUTURE, granted: true },
          { purposeId: GENETIC, granted: false },
        ],
      },
    });
    expect(signed.statusCode, signed.body).toBe(201);
    const signature = `${w.base}/collectionProtocolParticipantConsents/${json<Rec>(signed).id}`;
    expect(titles(await get<Purposes>(signature, FR))).toEqual(['Genetic research', 'Recherche future']);
    expect(titles(await get<Purposes>(signature))).toEqual(['Future research', 'Genetic research']);
  });

  it("shows a protocol's event unit and its requirements' lookups in the reader's language", async () => {
    const r = refs.protocol;
    await french('collectionProtocolEventUnitOfMeasurements', r.eventUnit('Day'), 'Jour');
    await french('unitOfMeasurements', r.unit('Millilitre'), 'Millilitre (fr)');
    await french('specimenTypes', r.type('Whole Blood'), 'Sang total');
    await french('anatomicSites', r.blood, 'Sang');
    await french('pathologicalStatuses', r.malignant, 'Malin');
    await french('specimenCollectionProcedures', r.venipuncture, 'Ponction veineuse');
    await french('subSampleLineages', r.aliquot, 'Aliquote');
    type Ev = Rec & { unit: { title: string } };
    const event = `${w.base}/collectionProtocolEvents/${w.event.id}`;
    expect((await get<Ev>(event, FR)).unit.title).toBe('Jour');
    expect((await get<Ev>(event)).unit.title).toBe('Day');
    const events = await get<Ev[]>(`${w.base}/collectionProtocolEvents`, FR);
    expect(events.find((e) => e.id === w.event.id)?.unit.title).toBe('Jour');
    const path = `${event}/collectionProtocolEventSpecimenRequirements`;
    const made = await t.call('POST', path, {
      token: A.token,
      body: {
        Title: 'Whole blood',
        Code: 'WB',
        InitialQuantity: 10,
        UnitOfMeasurementId: r.unit('Millilitre'),
        SpecimenTypeId: r.type('Whole Blood'),
        AnatomicSiteId: r.blood,
        PathologicalStatusId: r.malignant,
        SpecimenCollectionProcedureId: r.venipuncture,
        items: [{ key: 'a', SubSampleLineageId: r.aliquot, SpecimenTypeId: r.type('Whole Blood'), InitialQuantity: 4 }],
      },
    });
    expect(made.statusCode, made.body).toBe(201);
    const t1 = (x: { title: string }) => x.title;
    type Req = Rec & {
      unitOfMeasurement: { unitName: string };
      specimenType: { title: string };
      anatomicSite: { title: string };
      pathologicalStatus: { title: string };
      specimenCollectionProcedure: { title: string };
      children: {
        subSampleLineage: { title: string };
        specimenType: { title: string };
        unitOfMeasurement: { unitName: string };
      }[];
    };
    const shown = (q: Req) => [
      q.unitOfMeasurement.unitName,
      t1(q.specimenType),
      t1(q.anatomicSite),
      t1(q.pathologicalStatus),
      t1(q.specimenCollectionProcedure),
      t1(q.children[0].subSampleLineage),
      t1(q.children[0].specimenType),
      q.children[0].unitOfMeasurement.unitName,
    ];
    expect(shown((await get<Req[]>(path, FR))[0])).toEqual([
      'Millilitre (fr)',
      'Sang total',
      'Sang',
      'Malin',
      'Ponction veineuse',
      'Aliquote',
      'Sang total',
      'Millilitre (fr)',
    ]);
    expect(shown((await get<Req[]>(path))[0])).toEqual([
      'Millilitre',
      'Whole Blood',
      'Blood',
      'Malignant',
      'Venipuncture',
      'Aliquot',
      'Whole Blood',
      'Millilitre',
    ]);
  });

  it("labels the query builder's aggregates in the reader's language, in that language's order", async () => {
    const r = refs.protocol;
    await french('specimenTypes', r.type('Whole Blood'), 'Sang total');
    await french('specimenTypes', r.type('Plasma'), 'Zplasma');
    await w.sample({ SpecimenTypeId: r.type('Plasma') });
    await w.sample();
    const labels = async (headers?: Record<string, string>, token = A.token) => {
      const res = await t.call('POST', api('queries/aggregate'), {
        token,
        headers,
        body: {
          criteria: { op: 'and', items: [{ field: 'collectedDate', from: '2000-01-01' }] },
          groupBy: 'specimenType',
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      return json<{ rows: { label: string }[] }>(res).rows.map((x) => x.label);
    };
    // Plasma before Whole Blood in English; in French the French titles' order (i33server): Sang total, Zplasma.
    expect(await labels(FR)).toEqual(['Sang total', 'Zplasma']);
    expect(await labels(undefined, frenchAccount.token)).toEqual(['Sang total', 'Zplasma']);
    expect(await labels()).toEqual(['Plasma', 'Whole Blood']);
    // As people read it (ICU), accent and case aside: 'épasma' before 'Sang total', where bytes put it after.
    await french('specimenTypes', r.type('Plasma'), 'épasma');
    expect(await labels(FR)).toEqual(['épasma', 'Sang total']);
  });

  it("shows a storage node's labeling option and schemas in the reader's language", async () => {
    const sr = await storageRefs(t, inst, A.token);
    await french('positionLabelingOptions', sr.twoD, 'Deux dimensions');
    await french('labelingSchemas', sr.upper, 'Lettres majuscules');
    const node = await createNode(t, inst, A.token, [], nodeBody(sr, { Code: nextStorageCode() }));
    type Node = Rec &
      Record<'positionLabelingOption' | 'rowLabelingSchema' | 'columnLabelingSchema', { title: string }>;
    const shown = (n: Node) =>
      [n.positionLabelingOption, n.rowLabelingSchema, n.columnLabelingSchema].map((x) => x.title);
    // Numbers keeps its seeded French title (server/db/seed/reference-data.ts).
    expect(shown(await get<Node>(nodePath(inst, [node.id]), FR))).toEqual([
      'Deux dimensions',
      'Lettres majuscules',
      'Chiffres',
    ]);
    expect(shown(await get<Node>(nodePath(inst, [node.id])))).toEqual([
      'Two Dimensional',
      'Letters Upper Case',
      'Numbers',
    ]);
    const list = await get<Node[]>(api('storageContainers?PageSize=100'), FR);
    expect(shown(list.find((n) => n.id === node.id)!)).toEqual(['Deux dimensions', 'Lettres majuscules', 'Chiffres']);
  });

  it("names the tests and panels of the order reports in the reader's language", async () => {
    const lab = await labSetup(t, inst, A.token);
    await french('panels', Number(lab.panel.id), 'Panneau (fr)');
    await french('tests', Number(lab.glucose.id), 'Glycémie');
    await placeLabOrder(t, inst, A.token, lab);
    const names = async (report: string, headers?: Record<string, string>) =>
      (await get<{ rows: { name: string }[] }>(api(`reports/${report}`), headers)).rows.map((x) => x.name);
    expect(await names('panel-usage', FR)).toEqual(['Panneau (fr)']);
    expect(await names('panel-usage')).toEqual([lab.panel.title]);
    const tests = await names('test-usage', FR);
    expect(tests).toContain('Glycémie');
    // In the order of the names shown (i33server): Glycémie among the G's in French.
    expect(tests).toEqual([...tests].sort((x, y) => x.localeCompare(y, 'fr')));
    expect(tests).toContain(lab.hiv.title);
    expect(await names('test-usage')).toContain(lab.glucose.title);
  });
});
