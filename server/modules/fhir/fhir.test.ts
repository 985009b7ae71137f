import { beforeAll, describe, expect, it } from 'vitest';
import type { Bundle, Resource } from '@medplum/fhirtypes';
import { LOOKUP_BY_KEY as L } from '../../../contract/lookups.registry';
import { testApp, json } from '../../test/harness';
import { bindingsSeen, validate } from '../../test/fhir-validate';
import { signedIn } from '../../test/factories';
import { participant } from '../../test/participants-fixtures';
import { signaturePng } from '../../test/protocols-fixtures';
import { sampleSetUp, type Sample } from '../../test/samples-fixtures';
import { nodePath, storageChain, storageRefs } from '../../test/storage-fixtures';
import { createSample } from '../../test/lookup-samples';
import { sentStatements } from '../../test/sent-statements';
import { formsKit } from '../../test/forms-kit';
import { patients } from '../participants/participants.table';
import { protocolParticipants } from '../protocols/protocols.table';
import { type FhirCtx, MAX_ENTRIES, participantBundle } from './fhir.service';

// Issue 17, FHIR R4 export: every resource type the export emits, alone and in both bundles, passes the
// FHIR 4.0.1 JSON schema (@d4l/js-fhir-validator, ajv), for a data set with every form field type, a
// withdrawn consent, a sub-sample with its parent, released numeric (flagged) and text results, and storage.

const t = await testApp();
const { institution, token } = await signedIn(t, ['Institution Administrator']);
const inst = institution.id;
const fhir = (p: string, tok = token, i = inst) => t.call('GET', `/api/institutions/${i}/fhir/${p}`, { token: tok });
const api = (p: string) => `/api/institutions/${inst}/${p}`;
type Rec = Record<string, unknown> & { id: number };
const post = async <T = Rec>(url: string, body: unknown): Promise<T> => {
  const res = await t.call('POST', url, { token, body });
  if (res.statusCode >= 300) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return res.json() as T;
};

// The data set, built through the API as people would.
const k = await formsKit(t, inst, token);
const p = await sampleSetUp(t, institution, token);
const phoneTypes = json<(Rec & { title: string })[]>(
  await t.call('GET', api('phoneNumberTypes?PageSize=50'), { token }),
);
const phone = (title: string) => phoneTypes.find((x) => x.title === title)!.id;
const MRN = `FHIR-${Date.now().toString(36)}`;
const patient = await post<Rec & { patientMRN: string }>(
  api('patients/register'),
  participant(k.refs, {
    PatientMRN: MRN,
    ExternalSubjectId: 'EXT-42',
    races: [k.refs.black, k.refs.asian],
    ethnicities: [k.refs.notHispanic],
    phoneNumbers: [
      { phoneNumberTypeId: k.refs.mobile, phoneNumber: '+251911223344' },
      { phoneNumberTypeId: phone('Next of Kin'), phoneNumber: '+251911000111' },
    ],
    siteMrns: [{ institutionSiteId: k.refs.site, mrn: `${MRN}-SITE` }],
  }),
);
const [enrolment] = await post<Rec[]>(`${p.base}/collectionProtocolParticipants`, { PatientIds: [patient.id] });
// Two consents signed, the second withdrawn.
const consentText = async (title: string) =>
  post<Rec & { consentVersionId: number }>(`${p.base}/collectionProtocolConsents`, {
    Title: title,
    Consent: `<p>${title}: I agree.</p>`,
  });
const sign = async (versionId: number) =>
  post<Rec>(`${p.base}/collectionProtocolParticipantConsents`, {
    ParticipantId: enrolment.id,
    ConsentVersionId: versionId,
    Signature: signaturePng().dataUrl,
  });
const kept = await sign((await consentText('Main consent')).consentVersionId);
const withdrawn = await sign((await consentText('Genetic research')).consentVersionId);
// A sample and its aliquot, the parent stored in a box five levels down.
const primary = await p.sample({ PatientId: patient.id, SampleID: `FS-${Date.now().toString(36)}` });
const aliquotRes = await p.sub(primary, { CollectedAmount: 2 });
const aliquot = json<Sample>(aliquotRes);
const sr = await storageRefs(t, inst, token);
const chain = await storageChain(t, inst, token, sr, { Rows: 2, Columns: 2 });
const positions = json<{ id: number; code: string }[]>(
  await t.call('GET', `${nodePath(inst, chain.ids)}/StorageContainerBoxPositions`, { token }),
);
await post(
  `${nodePath(inst, chain.ids)}/StorageContainerBoxPositions/${positions[0].id}/StorageContainerBoxPositionOccupancies`,
  { CollectedSampleID: primary.id },
);
// A questionnaire with every field type, filled in.
const form = await k.form('FHIR questionnaire', p.protocol.id);
const field = (kind: string, over: Record<string, unknown> = {}) =>
  post<Rec>(`${k.base(p.protocol.id)}/${form.id}/collectionProtocolFormFields`, {
    DataTypeId: k.type(kind),
    Prompt: `${kind} prompt`,
    ResponseTitle: kind,
    ...over,
  });
const fields = {
  TB: await field('TB', {
    Required: true,
    RequiredMessage: 'Give the code',
    HasValidation: true,
    RegularExpression: '[A-Z]{2}\\d{3}',
    RegularExpressionMessage: 'Two capitals then three digits',
  }),
  TA: await field('TA'),
  TP: await field('TP'),
  DP: await field('DP'),
  DTP: await field('DTP'),
  CB: await field('CB'),
  CBL: await field('CBL', { Options: [{ Value: 'Fever' }, { Value: 'Cough' }, { Value: 'Rash  spots' }] }),
  RL: await field('RL', { Options: [{ Value: 'Yes' }, { Value: 'No' }] }),
  SL: await field('SL', { Options: [{ Value: 'Low' }, { Value: 'High' }] }),
};
const answers = {
  TB: 'AB123',
  TA: 'Line one\nline two',
  TP: '08:30',
  DP: '2024-02-29',
  DTP: '2026-05-01T09:15',
  CB: true,
  CBL: ['Rash  spots', 'Fever'],
  RL: 'Yes',
  SL: 'High',
};
const submission = await post<Rec>(api('submittedCollectionProtocolForms'), {
  InstitutionSiteId: k.refs.site,
  CollectionProtocolFormId: form.id,
  PatientId: patient.id,
  SampleID: primary.sampleId,
  FormFields: Object.entries(answers).map(([kind, value]) => ({
    CollectionProtocolFormFieldId: fields[kind as keyof typeof fields].id,
    Value: value,
  })),
});
// An order of a panel with a numeric test in g/dL (range 12-16) and a free-text test, both released.
const units = json<(Rec & { unitName: string; unitOfMeasurementTypeId: number })[]>(
  await t.call('GET', api('unitOfMeasurements?PageSize=200'), { token }),
);
const unit = units.find((u) => u.unitName === 'Millilitre')!;
const suffix = Math.random().toString(36).slice(2, 7);
const panel = (await createSample(t, inst, token, L.panels, { title: `FHIR panel ${suffix}` })) as Rec;
const hb = await post<Rec>(api('tests'), {
  title: `Haemoglobin ${suffix}`,
  abbreviation: 'HB',
  description: 'g/dL',
  hasRange: true,
  hasUnitOfMeasurement: true,
  unitOfMeasurementTypeId: unit.unitOfMeasurementTypeId,
  unitOfMeasurementId: unit.id,
});
const note = await post<Rec>(api('tests'), { title: `Film ${suffix}`, abbreviation: 'FILM', description: 'Free text' });
await post(api(`tests/${hb.id}/testResultRanges`), { minimumValue: 12, maximumValue: 16 });
for (const test of [hb, note]) await post(api('panelTests'), { panelId: panel.id, testId: test.id });
const priorityId = json<Rec[]>(await t.call('GET', api('priorities?PageSize=10'), { token }))[0].id;
const [order] = await post<Rec[]>(api('LIMSOrders/place'), {
  patientIds: [patient.id],
  priorityId,
  panelIds: [panel.id],
});
type Detail = {
  orderedPanels: {
    id: number;
    orderedTests: { test: { title: string }; testResult: { id: number; concurrencyStamp: string } }[];
  }[];
};
const detail = json<Detail>(await t.call('GET', api(`LIMSOrders/${order.id}`), { token }));
const testOf = (prefix: string) => detail.orderedPanels[0].orderedTests.find((x) => x.test.title.startsWith(prefix))!;
const saved = await t.call('PUT', api(`LIMSOrders/${order.id}/results`), {
  token,
  body: {
    results: [
      {
        resultId: testOf('Haemoglobin').testResult.id,
        result: '17.5',
        concurrencyStamp: testOf('Haemoglobin').testResult.concurrencyStamp,
      },
      {
        resultId: testOf('Film').testResult.id,
        result: 'Normocytic, normochromic',
        concurrencyStamp: testOf('Film').testResult.concurrencyStamp,
      },
    ],
  },
});
if (saved.statusCode !== 200) throw new Error(saved.body);
await post(api(`LIMSOrders/${order.id}/limsOrderedPanels/${detail.orderedPanels[0].id}/release`), {});

// Withdrawn last: a withdrawn participant's samples may not be used any more.
await post(`${p.base}/collectionProtocolParticipantConsents/${withdrawn.id}/withdraw`, {
  WithdrawnDate: new Date().toISOString().slice(0, 10),
  Reason: 'Changed my mind',
  Effect: 'stop_use',
});

const other = await signedIn(t, ['Institution Administrator']);

describe('each resource on its own is valid FHIR R4', () => {
  it('the validator refuses what is not FHIR (so a pass below means something)', () => {
    expect(() => validate({ resourceType: 'Patient', gender: 'f' } as unknown as Resource)).toThrow(
      /not valid FHIR R4/,
    );
    expect(() =>
      validate({
        resourceType: 'Bundle',
        type: 'collection',
        entry: [{ resource: { resourceType: 'Specimen', status: 'kept' } }],
      } as unknown as Resource),
    ).toThrow(/Specimen/);
  });

  it('Patient: MRNs with a URN per institution, names, gender, birth date, phones, next of kin, races and ethnicities', async () => {
    const res = await fhir(`Patient/${patient.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/fhir\+json/);
    const r = json<Resource & Record<string, unknown>>(res);
    validate(r);
    expect(r).toMatchObject({
      resourceType: 'Patient',
      id: String(patient.id),
      active: true,
      gender: 'female',
      birthDate: '1984-03-12',
      name: [{ text: 'Almaz Tesfaye Bekele', given: ['Almaz', 'Tesfaye'], family: 'Bekele' }],
      telecom: [{ system: 'phone', value: '+251911223344', use: 'mobile' }],
      contact: [{ relationship: [{ text: 'Next of Kin' }], telecom: [{ value: '+251911000111' }] }],
    });
    expect(r.identifier).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          use: 'official',
          system: `urn:biobank-lims:institution:${inst}:mrn`,
          value: MRN,
          type: expect.objectContaining({ coding: [expect.objectContaining({ code: 'MR' })] }),
        }),
        expect.objectContaining({
          use: 'secondary',
          system: `urn:biobank-lims:institution:${inst}:site:${k.refs.site}:mrn`,
          value: `${MRN}-SITE`,
        }),
        expect.objectContaining({ value: 'EXT-42' }),
      ]),
    );
    expect(
      (r.extension as { valueCodeableConcept: { text: string } }[]).map((e) => e.valueCodeableConcept.text),
    ).toEqual(['Black or African American', 'Asian', 'Not Hispanic or Latino']);
  });

  it('ResearchStudy, ResearchSubject (withdrawn), and the kept and the withdrawn Consent with the signature image', async () => {
    const study = json<Resource>(await fhir(`ResearchStudy/${p.protocol.id}`));
    validate(study);
    expect(study).toMatchObject({ resourceType: 'ResearchStudy', status: 'active', title: p.protocol.title });
    const subject = json<Resource>(await fhir(`ResearchSubject/${enrolment.id}`));
    validate(subject);
    expect(subject).toMatchObject({
      status: 'withdrawn',
      study: { reference: `ResearchStudy/${p.protocol.id}` },
      individual: { reference: `Patient/${patient.id}` },
      consent: { reference: `Consent/${withdrawn.id}` },
    });
    const ok = json<Resource & Record<string, unknown>>(await fhir(`Consent/${kept.id}`));
    validate(ok);
    expect(ok).toMatchObject({
      status: 'active',
      scope: { coding: [{ code: 'research' }] },
      patient: { reference: `Patient/${patient.id}` },
      policyRule: { coding: [{ code: 'OPTIN' }] },
      sourceAttachment: { contentType: 'image/png', data: signaturePng().dataUrl.split(',')[1] },
      provision: { type: 'permit' },
    });
    const gone = json<Resource & Record<string, unknown>>(await fhir(`Consent/${withdrawn.id}`));
    validate(gone);
    expect(gone).toMatchObject({
      status: 'inactive',
      policyRule: { coding: [{ code: 'OPTOUT' }] },
      provision: {
        type: 'permit',
        provision: [{ type: 'deny', code: [{ coding: [{ code: 'stop_use' }], text: 'Changed my mind' }] }],
      },
    });
  });

  it('Questionnaire and QuestionnaireResponse map all nine field types', async () => {
    const q = json<Resource & { item: Record<string, unknown>[] }>(await fhir(`Questionnaire/${form.id}`));
    validate(q);
    expect(q.item.map((i) => [i.text, i.type, i.repeats ?? false])).toEqual([
      ['TB prompt', 'string', false],
      ['TA prompt', 'text', false],
      ['TP prompt', 'time', false],
      ['DP prompt', 'date', false],
      ['DTP prompt', 'dateTime', false],
      ['CB prompt', 'boolean', false],
      ['CBL prompt', 'choice', true],
      ['RL prompt', 'choice', false],
      ['SL prompt', 'choice', false],
    ]);
    expect(q.item[0]).toMatchObject({
      required: true,
      extension: [{ url: 'http://hl7.org/fhir/StructureDefinition/regex', valueString: '[A-Z]{2}\\d{3}' }],
    });
    expect(q.item[6].answerOption).toEqual([
      { valueCoding: expect.objectContaining({ code: 'Fever' }) },
      { valueCoding: expect.objectContaining({ code: 'Cough' }) },
      { valueCoding: expect.objectContaining({ code: 'Rash spots', display: 'Rash  spots' }) },
    ]);
    const r = json<Resource & { questionnaire: string; item: { linkId: string; answer: Record<string, unknown>[] }[] }>(
      await fhir(`QuestionnaireResponse/${submission.id}`),
    );
    validate(r);
    expect(r.questionnaire).toBe(`${(q as unknown as { url: string }).url}|1`);
    const answer = (kind: keyof typeof fields) => r.item.find((i) => i.linkId === String(fields[kind].id))!.answer;
    expect(answer('TB')).toEqual([{ valueString: 'AB123' }]);
    expect(answer('TA')).toEqual([{ valueString: 'Line one\nline two' }]);
    expect(answer('TP')).toEqual([{ valueTime: '08:30:00' }]);
    expect(answer('DP')).toEqual([{ valueDate: '2024-02-29' }]);
    expect(answer('DTP')[0].valueDateTime).toMatch(/^2026-05-01T09:15:00(Z|[+-]\d\d:\d\d)$/);
    expect(answer('CB')).toEqual([{ valueBoolean: true }]);
    expect(answer('CBL').map((a) => (a.valueCoding as { display: string }).display)).toEqual(['Fever', 'Rash  spots']);
    expect(answer('RL')).toEqual([{ valueCoding: expect.objectContaining({ code: 'Yes' }) }]);
    expect(answer('SL')).toEqual([{ valueCoding: expect.objectContaining({ code: 'High' }) }]);
  });

  it('Specimen: the stored parent with its container and the aliquot pointing at it', async () => {
    expect(aliquotRes.statusCode, aliquotRes.body).toBe(201);
    const parent = json<Resource & Record<string, unknown>>(await fhir(`Specimen/${primary.id}`));
    validate(parent);
    expect(parent).toMatchObject({
      identifier: [{ system: `urn:biobank-lims:institution:${inst}:sample-id`, value: primary.sampleId }],
      status: 'available',
      type: { text: 'Whole Blood' },
      subject: { reference: `Patient/${patient.id}` },
      collection: { quantity: { value: 10, unit: 'mL' } },
      container: [
        {
          identifier: [{ value: positions[0].code }],
          specimenQuantity: { value: 8, unit: 'mL' },
          extension: [{ valueReference: { reference: `Location/${chain.box.id}` } }],
        },
      ],
    });
    expect((parent.collection as { collectedDateTime: string }).collectedDateTime).toMatch(
      /^2026-03-14T09:30:00(Z|[+-]\d\d:\d\d)$/,
    );
    const child = json<Resource>(await fhir(`Specimen/${aliquot.id}`));
    validate(child);
    expect(child).toMatchObject({
      parent: [{ reference: `Specimen/${primary.id}`, display: primary.sampleId }],
      container: [{ description: 'Not in storage' }],
    });
  });

  it('ServiceRequest and the released Observations: a flagged quantity with its range, and a text', async () => {
    const sr = json<Resource>(await fhir(`ServiceRequest/${order.id}`));
    validate(sr);
    expect(sr).toMatchObject({
      status: 'completed',
      intent: 'order',
      subject: { reference: `Patient/${patient.id}` },
      code: { text: panel.title },
    });
    const num = json<Resource>(await fhir(`Observation/${testOf('Haemoglobin').testResult.id}`));
    validate(num);
    expect(num).toMatchObject({
      status: 'final',
      basedOn: [{ reference: `ServiceRequest/${order.id}` }],
      valueQuantity: { value: 17.5, unit: 'mL' },
      referenceRange: [{ low: { value: 12, unit: 'mL' }, high: { value: 16, unit: 'mL' } }],
      interpretation: [{ coding: [{ code: 'H' }] }],
    });
    const text = json<Resource & Record<string, unknown>>(await fhir(`Observation/${testOf('Film').testResult.id}`));
    validate(text);
    expect(text).toMatchObject({ valueString: 'Normocytic, normochromic' });
    expect(text.interpretation).toBeUndefined();
  });

  it('Location: each storage level points at the one above', async () => {
    for (const [i, id] of chain.ids.entries()) {
      const loc = json<Resource & Record<string, unknown>>(await fhir(`Location/${id}`));
      validate(loc);
      expect(loc.partOf).toEqual(i === 0 ? undefined : { reference: `Location/${chain.ids[i - 1]}` });
    }
  });
});

describe('bundles', () => {
  let bundle: Bundle;
  beforeAll(async () => {
    bundle = json<Bundle>(await fhir(`Bundle/participant/${patient.id}`));
  });

  it('the participant bundle holds every resource type, each valid, with a fullUrl, in a fixed number of statements', async () => {
    const started = performance.now();
    validate(bundle);
    console.info(
      `fhir-validate: participant bundle of ${bundle.entry!.length} entries validated in ${Math.round(performance.now() - started)} ms`,
    );
    expect(bundle.entry!.every((e) => e.resource)).toBe(true);
    expect(bundle).toMatchObject({ resourceType: 'Bundle', type: 'collection' });
    for (const e of bundle.entry!) {
      expect(e.fullUrl).toMatch(
        new RegExp(
          `^http://localhost(:\\d+)?/api/institutions/${inst}/fhir/${e.resource!.resourceType}/${e.resource!.id}$`,
        ),
      );
    }
    const count = (type: string) => bundle.entry!.filter((e) => e.resource!.resourceType === type).length;
    expect(
      Object.fromEntries(
        [
          'Patient',
          'ResearchStudy',
          'ResearchSubject',
          'Consent',
          'Specimen',
          'Location',
          'Questionnaire',
          'QuestionnaireResponse',
          'ServiceRequest',
          'Observation',
        ].map((x) => [x, count(x)]),
      ),
    ).toEqual({
      Patient: 1,
      ResearchStudy: 1,
      ResearchSubject: 1,
      Consent: 2,
      Specimen: 2,
      Location: 5,
      Questionnaire: 1,
      QuestionnaireResponse: 1,
      ServiceRequest: 1,
      Observation: 2,
    });
    // One statement for every read (issue 30 item 4), one more for the consents' signature images, plus the sign-in's one.
    const statements = await sentStatements([t.db, t.reportDb], () => fhir(`Bundle/participant/${patient.id}`));
    expect(statements).toHaveLength(3);
  });

  it("each entry of the participant bundle's one statement equals the resource read by its own route", async () => {
    expect(bundle.entry!.length).toBeGreaterThan(10);
    for (const e of bundle.entry!) {
      const res = await fhir(`${e.resource!.resourceType}/${e.resource!.id}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(e.resource, `${e.resource!.resourceType}/${e.resource!.id}`).toEqual(JSON.parse(res.body));
    }
  });

  it('the protocol bundle: study, subjects, patients, consents, specimens, questionnaires and responses, each valid', async () => {
    const res = await fhir(`Bundle/protocol/${p.protocol.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="protocol-${p.protocol.id}.fhir.json"`);
    const b = json<Bundle>(res);
    validate(b);
    const types = new Set(b.entry!.map((e) => e.resource!.resourceType));
    expect([...types].sort()).toEqual([
      'Consent',
      'Location',
      'Patient',
      'Questionnaire',
      'QuestionnaireResponse',
      'ResearchStudy',
      'ResearchSubject',
      'Specimen',
    ]);
    // sampleSetUp's own participant and ours.
    expect(b.entry!.filter((e) => e.resource!.resourceType === 'Patient')).toHaveLength(2);
    const statements = await sentStatements([t.db, t.reportDb], () => fhir(`Bundle/protocol/${p.protocol.id}`));
    expect(statements).toHaveLength(11);
  });

  it(`a bundle of ${MAX_ENTRIES} entries or fewer is sent; one more entry is refused with a 413 that says why`, async () => {
    // Written straight to the tables (2,500 registrations through the API would take a minute). The protocol holds
    // its study and, per enrolment, a subject and a patient: 1 + 2 x 2,499 = 4,999 entries, then 5,001.
    const big = await sampleSetUp(t, institution, token);
    const enrolMore = async (n: number) => {
      const people = await t.db
        .insert(patients)
        .values(
          Array.from({ length: n }, (_, i) => ({
            institutionId: inst,
            firstName: `Bulk${i}`,
            fatherName: 'Load',
            grandFatherName: 'Test',
            birthDate: '1990-01-01',
            birthTime: '00:00',
            patientTypeId: k.refs.outpatient,
            genderId: k.refs.male,
            maritalStatusId: k.refs.single,
            vitalStatusId: k.refs.alive,
          })),
        )
        .returning({ id: patients.id });
      await t.db
        .insert(protocolParticipants)
        .values(people.map((x) => ({ institutionId: inst, collectionProtocolId: big.protocol.id, patientId: x.id })));
    };
    await enrolMore((MAX_ENTRIES - 1) / 2 - 1);
    const started = Date.now();
    const ok = await fhir(`Bundle/protocol/${big.protocol.id}`);
    const ms = Date.now() - started;
    expect(ok.statusCode, ok.body.slice(0, 300)).toBe(200);
    const sent = json<Bundle>(ok);
    expect(sent.entry).toHaveLength(MAX_ENTRIES - 1);
    // Valid too: the bundle with its first entries (the study, then a subject and a patient per enrolment; all of
    // them would take the validator most of a minute) and the uniqueness of every fullUrl (bdl-7).
    validate({ ...sent, entry: sent.entry!.slice(0, 51) });
    expect(new Set(sent.entry!.map((x) => x.fullUrl)).size).toBe(MAX_ENTRIES - 1);
    console.info(
      `fhir: protocol bundle of ${MAX_ENTRIES - 1} entries, ${(ok.body.length / 1e6).toFixed(1)} MB, ${ms} ms`,
    );
    await enrolMore(1);
    const res = await fhir(`Bundle/protocol/${big.protocol.id}`);
    expect(res.statusCode).toBe(413);
    expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(json(res)).toMatchObject({
      code: 'fhir.too_large',
      title: `The bundle would hold more than ${MAX_ENTRIES.toLocaleString('en')} entries: export the participants one by one instead.`,
    });
  }, 120_000);

  it('a bundle whose signature images exceed the budget is refused before they are read (413)', async () => {
    const ctx: FhirCtx = {
      db: t.db,
      institutionId: inst,
      address: '127.0.0.1',
      now: () => new Date(),
      base: 'http://localhost/fhir',
      maxSignatureChars: 1024 * 1024,
      account: {
        id: 0,
        firstName: 'T',
        lastName: 'T',
        email: 'x',
        userName: 'x',
        phoneNumber: null,
        language: null,
        isSuperAdmin: true,
        memberships: [],
        institutionIds: [inst],
        timeZones: new Map([[inst, 'UTC']]),
        sessionId: 0,
      },
    };
    const chars = signaturePng().dataUrl.split(',')[1].length;
    await expect(participantBundle({ ...ctx, maxSignatureChars: 2 * chars }, patient.id)).resolves.toMatchObject({
      resourceType: 'Bundle',
    });
    await expect(participantBundle({ ...ctx, maxSignatureChars: 2 * chars - 1 }, patient.id)).rejects.toMatchObject({
      status: 413,
      code: 'fhir.signatures_too_large',
    });
  });
});

describe('what the validation covered', () => {
  it('every required binding our resources reach was checked against its R4 value set, except external code systems', () => {
    const seen = bindingsSeen();
    console.info(
      `fhir-validate: required bindings reached\n${seen.map((b) => `  ${b.checked ? 'checked    ' : 'not checked'} ${b.binding}`).join('\n')}`,
    );
    const checked = seen.filter((b) => b.checked).map((b) => b.binding.split(' -> ')[0]);
    expect(checked).toEqual(
      expect.arrayContaining([
        'Bundle.type',
        'Patient.gender',
        'Identifier.use',
        'ContactPoint.system',
        'ContactPoint.use',
        'ResearchStudy.status',
        'ResearchSubject.status',
        'Consent.status',
        'Consent.provision.type',
        'Questionnaire.status',
        'Questionnaire.item.type',
        'QuestionnaireResponse.status',
        'Specimen.status',
        'ServiceRequest.status',
        'ServiceRequest.intent',
        'Observation.status',
        'Location.status',
        'Location.mode',
      ]),
    );
    // Not expandable here: the signature image's mime type (an external code system, BCP 13).
    const unchecked = seen.filter((b) => !b.checked).map((b) => b.binding);
    expect(unchecked).toContain('Attachment.contentType -> http://hl7.org/fhir/ValueSet/mimetypes|4.0.1');
    expect(unchecked.filter((b) => !/\/(mimetypes|languages|ucum-units)\|/.test(b))).toEqual([]);
  });
});

describe('tenancy, permission and bad input', () => {
  it('another institution reads none of it: its own path says 404 for our ids, ours says 404 for it', async () => {
    for (const path of [
      `Patient/${patient.id}`,
      `Consent/${kept.id}`,
      `Specimen/${primary.id}`,
      `Location/${chain.ids[0]}`,
      `Observation/${testOf('Film').testResult.id}`,
      `Bundle/participant/${patient.id}`,
      `Bundle/protocol/${p.protocol.id}`,
      `ResearchStudy/${p.protocol.id}`,
      `ResearchSubject/${enrolment.id}`,
      `Questionnaire/${form.id}`,
      `QuestionnaireResponse/${submission.id}`,
      `ServiceRequest/${order.id}`,
    ]) {
      const mine = await fhir(path, other.token, other.institution.id);
      expect(mine.statusCode, path).toBe(404);
      expect(json(mine).title, path).toMatch(/not found/);
      expect((await fhir(path, other.token)).statusCode, path).toBe(404);
    }
  });

  it('an unreleased result is no Observation; an unknown type is a 404 problem; hostile ids are 400; signed out is 401', async () => {
    const draft = await post<Rec[]>(api('LIMSOrders/place'), {
      patientIds: [patient.id],
      priorityId,
      panelIds: [panel.id],
    });
    const d = json<Detail>(await t.call('GET', api(`LIMSOrders/${draft[0].id}`), { token }));
    expect(json(await fhir(`Observation/${d.orderedPanels[0].orderedTests[0].testResult.id}`))).toMatchObject({
      status: 404,
      code: 'fhir.not_found',
      title: 'Observation not found.',
    });
    const unknown = await fhir(`Medication/${patient.id}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-type']).toMatch(/application\/problem\+json/);
    for (const bad of ['0', '-1', '1e3', '2147483648', 'abc', '1%00', "1'--"]) {
      const res = await fhir(`Patient/${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(typeof json(res).title).toBe('string');
    }
    expect((await t.call('GET', `/api/institutions/${inst}/fhir/Patient/${patient.id}`)).statusCode).toBe(401);
  });

  it('a re-consent with purposes: the withdrawn Consent ends when it was signed, the new one permits and denies per purpose', async () => {
    const purposes = json<{ id: number; title: string }[]>(
      await t.call('GET', `/api/institutions/${inst}/consentPurposes`, { token }),
    );
    const purpose = (title: string) => purposes.find((x) => x.title === title)!;
    const consentId = Number(withdrawn.consentId);
    const before = json<Rec & { concurrencyStamp: string }>(
      await t.call('GET', `${p.base}/collectionProtocolConsents/${consentId}`, { token }),
    );
    const edited = await t.call('PUT', `${p.base}/collectionProtocolConsents/${consentId}`, {
      token,
      body: {
        Title: 'Genetic research',
        Consent: '<p>Genetic research, again: I agree.</p>',
        ConcurrencyStamp: before.concurrencyStamp,
        PurposeIds: [purpose('Future research').id, purpose('Genetic research').id],
      },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const again = await post<Rec>(`${p.base}/collectionProtocolParticipantConsents`, {
      ParticipantId: enrolment.id,
      ConsentVersionId: json<{ consentVersionId: number }>(edited).consentVersionId,
      Signature: signaturePng().dataUrl,
      PreviousSignatureId: withdrawn.id,
      EarlierSamples: 'keep_blocked',
      Purposes: [
        { PurposeId: purpose('Future research').id, Granted: true },
        { PurposeId: purpose('Genetic research').id, Granted: false },
      ],
    });
    const old = json<Resource & Record<string, unknown>>(await fhir(`Consent/${withdrawn.id}`));
    validate(old);
    const renewed = json<Resource & Record<string, unknown>>(await fhir(`Consent/${again.id}`));
    validate(renewed);
    expect(old).toMatchObject({ status: 'inactive', provision: { period: { end: expect.any(String) } } });
    const ended = (old as { provision: { period: { end: string } } }).provision.period.end;
    expect(Date.parse(ended)).toBe(Date.parse(String(renewed.dateTime)));
    expect(renewed).toMatchObject({
      status: 'active',
      policyRule: { coding: [{ code: 'OPTIN' }] },
      provision: {
        type: 'permit',
        provision: [
          { type: 'permit', purpose: [{ code: String(purpose('Future research').id), display: 'Future research' }] },
          { type: 'deny', purpose: [{ code: String(purpose('Genetic research').id), display: 'Genetic research' }] },
        ],
      },
    });
    const bundle = json<Bundle>(await fhir(`Bundle/participant/${patient.id}`));
    validate(bundle);
    const inBundle = bundle.entry!.map((e) => e.resource!).filter((r) => r.resourceType === 'Consent');
    expect(inBundle.find((r) => r.id === String(again.id))).toMatchObject({ status: 'active' });
    expect(inBundle.find((r) => r.id === String(withdrawn.id))).toMatchObject({ status: 'inactive' });
  });

  it('needs participants.read: every role that reads participants may export', async () => {
    const researcher = await signedIn(t, ['Researcher'], institution);
    expect((await fhir(`Bundle/participant/${patient.id}`, researcher.token)).statusCode).toBe(200);
  });
});
