import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { testApp, json, pagination } from './harness';
import { signedIn } from './factories';
import { participant, referenceIds } from './participants-fixtures';
import { protocolRefs } from './protocols-fixtures';
import { sampleSetUp } from './samples-fixtures';
import { labSetup } from './orders-fixtures';
import { nodePath, storageChain, storageRefs } from './storage-fixtures';
import { formsKit } from './forms-kit';
import { collectedSamples } from '../modules/samples/samples.table';
import { patients } from '../modules/participants/participants.table';

// Issue 27 item 6: every filter spec 1 §7 and spec 2 §7 name, and the general list parameters, filter.
// Each check lists with the filter and expects a row to be left out: it fails if the filter is ignored.
const t = await testApp();
const A = await signedIn(t, ['Super Administrator']);
const B = await signedIn(t, ['Super Administrator']);
const inst = A.institution;
const token = A.token;
type Rec = Record<string, unknown> & { id: number };
const api = (p: string, i = inst.id) => `/api/institutions/${i}/${p}`;
const get = async <T = Rec>(url: string, as = token) => {
  const res = await t.call('GET', url, { token: as });
  expect(res.statusCode, `${url}: ${res.body.slice(0, 300)}`).toBe(200);
  return json<T[]>(res);
};
const ids = (rows: Rec[]) => rows.map((r) => r.id).sort((a, b) => a - b);
const post = async (url: string, body: unknown = {}) => {
  const res = await t.call('POST', url, { token, body });
  expect(res.statusCode, `${url}: ${res.body.slice(0, 300)}`).toBeLessThan(300);
  return json<Rec>(res);
};

const refs = await referenceIds(t, inst.id, token);
const own = await protocolRefs(t, inst.id, token);
// A man and a woman, enrolled in one protocol (the reproducer).
const s = await sampleSetUp(t, inst, token, { protocol: own, participant: refs });
const woman = s.patient;
const man = await post(
  api('patients/register'),
  participant(refs, {
    GenderId: refs.male,
    FirstName: 'Dawit',
    FatherName: 'Kebede',
    GrandFatherName: 'Alemu',
    ExternalSubjectID: 'EXT-M-777',
    PatientMRN: 'MRN-MAN-4242',
    races: [refs.asian],
    phoneNumbers: [{ phoneNumber: '0922333444', phoneNumberTypeId: refs.mobile }],
  }),
);
const [manEnrolment] = json<Rec[]>(
  await t.call('POST', `${s.base}/collectionProtocolParticipants`, { token, body: { PatientIds: [man.id] } }),
);
const enrolments = `${s.base}/collectionProtocolParticipants`;

describe('spec 2 §7 protocol participants: ExternalSubjectID, NameQuery, PhoneNumberQuery, GenderIDs', () => {
  it("GenderIDs=<the woman's gender> lists the woman only (the issue's reproducer)", async () => {
    expect(ids(await get(`${enrolments}?GenderIDs=${refs.female}`))).toEqual([s.enrolment.id]);
    expect(ids(await get(`${enrolments}?GenderIDs=${refs.male}`))).toEqual([manEnrolment.id]);
  });

  it('GenderIDs is a list: repeated, comma-separated, any case; empty is no filter', async () => {
    const both = ids([s.enrolment, manEnrolment]);
    expect(ids(await get(`${enrolments}?GenderIDs=${refs.female}&GenderIDs=${refs.male}`))).toEqual(both);
    expect(ids(await get(`${enrolments}?genderids=${refs.female},${refs.male}`))).toEqual(both);
    expect(ids(await get(`${enrolments}?GenderIDs=`))).toEqual(both);
    const bad = await t.call('GET', `${enrolments}?GenderIDs=female`, { token });
    expect(bad.statusCode).toBe(400);
  });

  it('ExternalSubjectID, NameQuery, PhoneNumberQuery and SearchTerm each leave the other out', async () => {
    expect(ids(await get(`${enrolments}?ExternalSubjectID=ext-m-7`))).toEqual([manEnrolment.id]);
    expect(ids(await get(`${enrolments}?NameQuery=dawit`))).toEqual([manEnrolment.id]);
    expect(ids(await get(`${enrolments}?PhoneNumberQuery=0922`))).toEqual([manEnrolment.id]);
    expect(ids(await get(`${enrolments}?SearchTerm=MRN-MAN-4242`))).toEqual([manEnrolment.id]);
    expect(ids(await get(`${enrolments}?SearchTerm=Almaz`))).toEqual([s.enrolment.id]);
    expect(await get(`${enrolments}?NameQuery=dawit&GenderIDs=${refs.female}`)).toEqual([]);
  });

  it('IsEnabled: true (and absent) the enrolled, false the disabled ones', async () => {
    const p = await sampleSetUp(t, inst, token, { protocol: own, participant: refs });
    const [other] = json<Rec[]>(
      await t.call('POST', `${p.base}/collectionProtocolParticipants`, { token, body: { PatientIds: [man.id] } }),
    );
    await post(`${p.base}/collectionProtocolParticipants/${other.id}/disable`);
    const list = `${p.base}/collectionProtocolParticipants`;
    expect(ids(await get(`${list}?IsEnabled=true`))).toEqual([p.enrolment.id]);
    expect(ids(await get(list))).toEqual([p.enrolment.id]);
    expect(ids(await get(`${list}?IsEnabled=false`))).toEqual([other.id]);
  });
});

describe('spec 1 §7 participants: patients?SearchTerm, ?PhoneNumber, institutions/patientMRNs?institutionId&mrn, child lists', () => {
  it('patients: SearchTerm, PhoneNumber (exact) and IsEnabled', async () => {
    expect(ids(await get(api('patients?SearchTerm=Dawit')))).toEqual([man.id]);
    expect(ids(await get(api('patients?PhoneNumber=0922333444')))).toEqual([man.id]);
    expect(await get(api('patients?PhoneNumber=0922333'))).toEqual([]);
    const gone = await post(api('patients/register'), participant(refs, { FirstName: 'Gone' }));
    await t.db.update(patients).set({ isEnabled: false }).where(eq(patients.id, gone.id));
    expect(ids(await get(api('patients?IsEnabled=false')))).toEqual([gone.id]);
    const enabled = ids(await get(api('patients?IsEnabled=true&PageSize=1000')));
    expect(enabled).toEqual(expect.arrayContaining([woman.id, man.id]));
    expect(enabled).not.toContain(gone.id);
  });

  it('institutions/patientMRNs?institutionId&mrn: the patient with that MRN only', async () => {
    const rows = await get<{ patient: Rec }>(`/api/institutions/patientMRNs?institutionId=${inst.id}&mrn=mrn-man-4242`);
    expect(rows.map((r) => r.patient.id)).toEqual([man.id]);
  });

  it('patientMRNs, patientPhoneNumbers, patientRaces, patientEthnicities: SearchTerm and IsEnabled', async () => {
    const child = (kind: string, q: string) => get(api(`patients/${man.id}/${kind}?${q}`));
    await post(api(`patients/${man.id}/patientMRNs`), {
      mrn: 'SITE-55',
      institutionSiteId: inst.site.id,
      patientId: man.id,
    });
    expect((await child('patientMRNs', 'SearchTerm=site')).map((m) => m.mrn)).toEqual(['SITE-55']);
    expect((await child('patientMRNs', '')).length).toBe(2);
    await post(api(`patients/${man.id}/patientPhoneNumbers`), {
      phoneNumber: '0911000111',
      phoneNumberTypeId: refs.mobile,
      patientId: man.id,
    });
    expect((await child('patientPhoneNumbers', 'SearchTerm=0911-000')).map((m) => m.phoneNumber)).toEqual([
      '0911000111',
    ]);
    const white = await post(api(`patients/${man.id}/patientRaces`), { raceId: refs.white, patientId: man.id });
    expect((await child('patientRaces', 'SearchTerm=whi')).map((r) => r.id)).toEqual([white.id]);
    await post(api(`patients/${man.id}/patientRaces/${white.id}/disable`));
    expect((await child('patientRaces', 'IsEnabled=true')).map((r) => (r.race as Rec).id)).toEqual([refs.asian]);
    expect((await child('patientRaces', 'IsEnabled=false')).map((r) => r.id)).toEqual([white.id]);
    expect((await child('patientEthnicities', 'SearchTerm=not hisp')).length).toBe(1);
    expect(await child('patientEthnicities', 'SearchTerm=zzz')).toEqual([]);
  });
});

describe('spec 2 §7 samples: IsSubsample, SampleID, patientId, StartDate and EndDate', async () => {
  // A protocol of its own: the other groups collect samples while their set-up runs.
  const s = await sampleSetUp(t, inst, token, { protocol: own, participant: refs });
  await post(`${s.base}/collectionProtocolParticipants`, { PatientIds: [man.id] });
  const womansFirst = await s.sample({ SampleID: 'FLT-W-1', CollectedDate: '2026-03-01' });
  const womansSecond = await s.sample({ SampleID: 'FLT-W-2', CollectedDate: '2026-03-20' });
  const sub = json<Rec>(await s.sub(womansFirst as never));
  const mans = await s.sample({ SampleID: 'FLT-M-1', PatientId: man.id, CollectedDate: '2026-03-10' });
  const list = (q: string) => get(`${s.api()}?PageSize=100&${q}`);

  it('each filter leaves the others out, on the protocol list and the institution list', async () => {
    expect(ids(await list('IsSubsample=true'))).toEqual([sub.id]);
    expect(ids(await list('IsSubsample=false'))).toEqual(ids([womansFirst, womansSecond, mans]));
    expect(ids(await list('SampleID=flt-w-2'))).toEqual([womansSecond.id]);
    expect(ids(await list(`patientId=${man.id}`))).toEqual([mans.id]);
    expect(ids(await list('StartDate=2026-03-05&EndDate=2026-03-15'))).toEqual([mans.id]);
    expect(ids(await list('SearchTerm=FLT-M'))).toEqual([mans.id]);
    expect(ids(await get(api('collectedSamples?SampleID=FLT-M-1')))).toEqual([mans.id]);
    expect(ids(await get(api(`collectedSamples?patientId=${man.id}&SearchTerm=FLT`)))).toEqual([mans.id]);
  });

  it('one date alone is refused, not ignored', async () => {
    const res = await t.call('GET', `${s.api()}?StartDate=2026-03-05`, { token });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.endDate).toEqual(['Give both the start and the end date']);
  });

  it('IsEnabled=false lists disabled samples only', async () => {
    await t.db.update(collectedSamples).set({ isEnabled: false }).where(eq(collectedSamples.id, womansSecond.id));
    expect(ids(await list('IsEnabled=false'))).toEqual([womansSecond.id]);
    expect(ids(await list('IsEnabled=true&IsSubsample=false'))).toEqual(ids([womansFirst, mans]));
    await t.db.update(collectedSamples).set({ isEnabled: true }).where(eq(collectedSamples.id, womansSecond.id));
  });
});

describe('spec 1 §7 orders: LIMSOrders?SampleID, ?patientId, ?CollectedSampleId; ordered panels and tests', async () => {
  const lab = await labSetup(t, inst.id, token);
  const sample = await s.sample({ SampleID: 'FLT-ORD-1' });
  const [forSample] = json<Rec[]>(
    await t.call('POST', api('LIMSOrders/place'), {
      token,
      body: {
        patientIds: [woman.id],
        priorityId: lab.priorityId,
        panelIds: [lab.panel.id, lab.second.id],
        collectedSampleId: sample.id,
      },
    }),
  );
  const [forMan] = json<Rec[]>(
    await t.call('POST', api('LIMSOrders/place'), {
      token,
      body: { patientIds: [man.id], priorityId: lab.priorityId, panelIds: [lab.panel.id] },
    }),
  );

  it('each lookup finds its order and not the other', async () => {
    expect(ids(await get(api(`LIMSOrders?SampleID=${String(forMan.sampleId).toLowerCase()}`)))).toEqual([forMan.id]);
    expect(ids(await get(api(`LIMSOrders?patientId=${man.id}`)))).toEqual([forMan.id]);
    expect(ids(await get(api(`LIMSOrders?CollectedSampleId=${sample.id}`)))).toEqual([forSample.id]);
  });

  it('ordered panels and tests (PageSize=5000): SearchTerm; IsEnabled=false lists none (an order shows its enabled ones)', async () => {
    const panels = api(`LIMSOrders/${forSample.id}/limsOrderedPanels`);
    const all = await get<Rec & { panel: { title: string } }>(`${panels}?PageSize=5000`);
    expect(all.length).toBe(2);
    const second = await get<Rec & { panel: { title: string } }>(
      `${panels}?SearchTerm=${encodeURIComponent(String(lab.second.title))}`,
    );
    expect(second.map((p) => p.panel.title)).toEqual([lab.second.title]);
    expect(await get(`${panels}?IsEnabled=false`)).toEqual([]);
    const first = all.find((p) => p.panel.title === lab.panel.title)!;
    const tests = (q: string) =>
      get<Rec & { test: { title: string } }>(`${panels}/${first.id}/limsOrderedTests?PageSize=5000&${q}`);
    expect((await tests('')).length).toBe(3);
    expect((await tests('SearchTerm=HIV')).map((x) => x.test.title)).toEqual([lab.hiv.title]);
    expect(await tests('IsEnabled=false')).toEqual([]);
  });
});

describe('spec 2 §7 submitted forms: PatientID, CollectionProtocolFormID, EnabledStartDate and EnabledEndDate, PageSize', async () => {
  const k = await formsKit(t, inst.id, token);
  const first = await k.form('Intake form');
  const second = await k.form('Follow-up form');
  const a = await k.enrolledPatient();
  const b = await k.enrolledPatient({ FirstName: 'Hana' });
  const submit = async (formId: number, patientId: number) =>
    json<Rec>(await k.submit({ CollectionProtocolFormId: formId, PatientId: patientId, FormFields: [] }));
  const aFirst = await submit(first.id, a.patient.id);
  const bFirst = await submit(first.id, b.patient.id);
  const aSecond = await submit(second.id, a.patient.id);
  const list = (q: string) => get(api(`submittedCollectionProtocolForms?PageSize=10000000&${q}`));
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

  it('each filter leaves the other submissions out', async () => {
    expect(ids(await list(`PatientID=${a.patient.id}`))).toEqual(ids([aFirst, aSecond]));
    expect(ids(await list(`CollectionProtocolFormID=${first.id}`))).toEqual(ids([aFirst, bFirst]));
    expect(ids(await list(`CollectionProtocolFormID=${first.id}&PatientID=${b.patient.id}`))).toEqual([bFirst.id]);
    expect(
      ids(await list(`CollectionProtocolFormID=${first.id}&EnabledStartDate=${day(-1)}&EnabledEndDate=${day(1)}`)),
    ).toEqual(ids([aFirst, bFirst]));
    expect(
      await list(`CollectionProtocolFormID=${first.id}&EnabledStartDate=2000-01-01&EnabledEndDate=2000-12-31`),
    ).toEqual([]);
    expect(ids(await list(`PatientID=${a.patient.id}&SearchTerm=follow`))).toEqual([aSecond.id]);
  });

  it('PageSize pages (capped), IsEnabled=false lists the disabled ones', async () => {
    const res = await t.call('GET', api(`submittedCollectionProtocolForms?PatientID=${a.patient.id}&PageSize=1`), {
      token,
    });
    expect(json<Rec[]>(res).length).toBe(1);
    expect(pagination(res)).toMatchObject({ TotalCount: 2, PageSize: 1 });
    await post(api(`submittedCollectionProtocolForms/${aSecond.id}/disable`));
    expect(ids(await list(`PatientID=${a.patient.id}&IsEnabled=false`))).toEqual([aSecond.id]);
    expect(ids(await list(`PatientID=${a.patient.id}`))).toEqual([aFirst.id]);
  });
});

describe('spec 2 §7 shipments: SendingInstitutionID / ReceivingInstitutionID', () => {
  it('the sender lists it as sent, not as received; the receiver as received', async () => {
    const sample = await s.sample();
    const shipment = await post(api('collectedSampleShipments'), {
      Name: 'Filter test',
      SendingInstitutionSiteId: inst.site.id,
      ReceivingInstitutionId: B.institution.id,
      ReceivingInstitutionSiteId: B.institution.site.id,
      CollectionProtocolId: s.protocol.id,
      CollectedSampleIds: [sample.id],
    });
    expect(ids(await get(api(`collectedSampleShipments?SendingInstitutionID=${inst.id}`)))).toContain(shipment.id);
    expect(ids(await get(api(`collectedSampleShipments?ReceivingInstitutionID=${inst.id}`)))).not.toContain(
      shipment.id,
    );
    expect(
      ids(
        await get(
          api(`collectedSampleShipments?ReceivingInstitutionID=${B.institution.id}`, B.institution.id),
          B.token,
        ),
      ),
    ).toEqual([shipment.id]);
    expect(
      await get(api(`collectedSampleShipments?SendingInstitutionID=${B.institution.id}`, B.institution.id), B.token),
    ).toEqual([]);
  });
});

describe('spec 1 §7 and spec 2 §7 typeaheads: races, ethnicities, panels, specimenTypes, unitOfMeasurements ?SearchTerm', () => {
  it.each([
    ['races', 'title'],
    ['ethnicities', 'title'],
    ['specimenTypes', 'title'],
    ['unitOfMeasurements', 'unitName'],
  ])('%s', async (key, field) => {
    const all = await get(api(`${key}?PageSize=1000`));
    expect(all.length).toBeGreaterThan(1);
    const term = String(all[0][field]);
    const found = await get(api(`${key}?PageSize=1000&SearchTerm=${encodeURIComponent(term)}`));
    expect(found.map((r) => r.id)).toContain(all[0].id);
    expect(found.length).toBeLessThan(all.length);
  });

  it('panels', async () => {
    const lab = await labSetup(t, inst.id, token);
    expect(
      ids(await get(api(`panels?PageSize=50000&SearchTerm=${encodeURIComponent(String(lab.second.title))}`))),
    ).toEqual([lab.second.id]);
  });

  it('a nested list applies its other reference filters too, and refuses its parent again in the query', async () => {
    const types = await get(api('specimenTypes?PageSize=1000'));
    const withUnit = types.find((x) => x.unitOfMeasurementId)!;
    const category = withUnit.specimenTypeCategoryId as number;
    const nested = api(`specimenTypeCategories/${category}/specimenTypes?PageSize=1000`);
    const inCategory = await get(nested);
    const sameUnit = await get(`${nested}&UnitOfMeasurementId=${String(withUnit.unitOfMeasurementId)}`);
    expect(sameUnit.every((x) => x.unitOfMeasurementId === withUnit.unitOfMeasurementId)).toBe(true);
    expect(sameUnit.map((x) => x.id)).toContain(withUnit.id);
    expect(await get(`${nested}&UnitOfMeasurementId=2000000`)).toEqual([]);
    expect(inCategory.length).toBeGreaterThanOrEqual(sameUnit.length);
    const again = await t.call('GET', `${nested}&SpecimenTypeCategoryId=${category}`, { token });
    expect(again.json()).toMatchObject({ status: 400, code: 'unknown_query_parameter' });
  });
});

describe('the general list parameters on the other lists the spec reads', () => {
  it('protocol sites and events: SearchTerm', async () => {
    const site = await post(api('institutionSites'), {
      title: 'Northern Annex',
      abbreviation: 'NA',
      address: '1 North Road',
    });
    await post(`${s.base}/collectionProtocolSites`, { InstitutionSiteId: site.id });
    const sites = await get<Rec & { institutionSite: { title: string } }>(
      `${s.base}/collectionProtocolSites?SearchTerm=northern`,
    );
    expect(sites.map((x) => x.institutionSite.title)).toEqual(['Northern Annex']);
    await post(`${s.base}/collectionProtocolEvents`, {
      Label: 'Six months',
      EventCode: 'M6',
      EventPoint: 6,
      CollectionProtocolEventUnitOfMeasurementId: own.eventUnit('Day'),
    });
    expect((await get(`${s.base}/collectionProtocolEvents?SearchTerm=six`)).map((e) => e.label)).toEqual([
      'Six months',
    ]);
    expect((await get(`${s.base}/collectionProtocolEvents?SearchTerm=bl`)).map((e) => e.eventCode)).toEqual(['BL']);
  });

  it('specimen requirements: SearchTerm; IsEnabled=false lists none', async () => {
    const reqs = `${s.base}/collectionProtocolEvents/${s.event.id}/collectionProtocolEventSpecimenRequirements`;
    for (const [title, code] of [
      ['Serum tube', 'ST'],
      ['Plasma tube', 'PT'],
    ]) {
      await post(reqs, {
        Title: title,
        Code: code,
        InitialQuantity: 5,
        UnitOfMeasurementId: own.unit('Millilitre'),
        SpecimenTypeId: own.type('Whole Blood'),
      });
    }
    expect((await get(`${reqs}?SearchTerm=plasma`)).map((r) => r.title)).toEqual(['Plasma tube']);
    expect((await get(reqs)).length).toBe(2);
    expect(await get(`${reqs}?IsEnabled=false`)).toEqual([]);
  });

  it('consents: SearchTerm takes % and _ literally', async () => {
    const consents = `${s.base}/collectionProtocolConsents`;
    await post(consents, { Title: 'Main consent', consent: '<p>I agree</p>' });
    await post(consents, { Title: '100% consent', consent: '<p>I agree</p>' });
    expect((await get(`${consents}?SearchTerm=${encodeURIComponent('%')}`)).map((c) => c.title)).toEqual([
      '100% consent',
    ]);
  });

  it('storage tree: SearchTerm; occupancies: IsEnabled (the current one) and SearchTerm (sample ID)', async () => {
    const sr = await storageRefs(t, inst.id, token);
    const chain = await storageChain(t, inst.id, token, sr, { Rows: 2, Columns: 2 });
    const [containerId] = chain.ids;
    const tree = (q: string) => get(api(`storageContainers/tree?parentId=${containerId}&${q}`));
    expect((await tree('')).length).toBe(1);
    expect(await tree('SearchTerm=no-such-shelf')).toEqual([]);
    expect((await tree('SearchTerm=shelf')).length).toBe(1);
    const box = nodePath(inst.id, chain.ids);
    const [position] = await get<Rec & { id: number }>(`${box}/StorageContainerBoxPositions`);
    const occupancies = `${box}/StorageContainerBoxPositions/${position.id}/StorageContainerBoxPositionOccupancies`;
    const first = await s.sample({ SampleID: 'OCC-FIRST' });
    const second = await s.sample({ SampleID: 'OCC-SECOND' });
    const gone = await post(occupancies, { CollectedSampleId: first.id });
    const vacated = await t.call('PUT', `${occupancies}/${gone.id}/vacate`, {
      token,
      body: { concurrencyStamp: gone.concurrencyStamp, vacateReason: 'Moved' },
    });
    expect(vacated.statusCode, vacated.body).toBe(200);
    const now = await post(occupancies, { CollectedSampleId: second.id });
    expect(ids(await get(`${occupancies}?IsEnabled=true`))).toEqual([now.id]);
    expect(ids(await get(`${occupancies}?IsEnabled=false`))).toEqual([gone.id]);
    expect(ids(await get(`${occupancies}?SearchTerm=occ-fir`))).toEqual([gone.id]);
  });

  it('lists with nothing to search or enable take paging only, and refuse the rest by name', async () => {
    for (const url of [
      api('auditEvents?SearchTerm=x'),
      api('reports/test-usage?From=2026-01-01&To=2026-01-31&IsEnabled=true'),
      api('collectedSampleShipments/candidates?SampleID=x&SearchTerm=x'),
    ]) {
      const res = await t.call('GET', url, { token });
      expect(res.json(), url).toMatchObject({ status: 400, code: 'unknown_query_parameter' });
    }
    expect((await t.call('GET', api('auditEvents?PageNumber=1&PageSize=5'), { token })).statusCode).toBe(200);
  });
});
