import { expect } from 'vitest';
import { json, pagination } from './harness';
import { PASSWORD } from './factories';
import { expectList, ids, type Rec, type Row, type World } from './spec-calls-world';

const CAP = 'capped at 1000 per page';
const STAMP = 'concurrencyStamp';
const P = 'institutions/{i}/collectionProtocols/{p}';
const EVENT = `${P}/collectionProtocolEvents/{eventId}`;
const REQ = `${P}/collectionProtocolEventSpecimenRequirements/{requirementId}`;
const FORM = `${P}/collectionProtocolForms/{f}`;
const FIELD = `${FORM}/collectionProtocolFormFields/{fieldId}`;
const SAMPLES = `${P}/collectedSamples`;
const STORE = 'institutions/{i}/storageContainers';
const BOX = `${STORE}/{containerId}/storageContainerShelfs/{shelfId}/storageContainerRacks/{rackId}/storageContainerDrawers/{drawerId}/storageContainerBoxes/{boxId}`;
const OCC = `${BOX}/StorageContainerBoxPositions/{posId}/StorageContainerBoxPositionOccupancies`;
const SHIP = 'institutions/{i}/collectedSampleShipments';

/** The world's protocol (enrolled patient, event, samples, form), or the one the spec's create made. */
const proto = (w: World) => ({ p: w.s.protocol.id });
const made = (w: World) => ({ p: w.saved.protocol.id });
const local = (path: string, w: World, params: Rec) =>
  path
    .replace(/^institutions\/\{i\}\//, '')
    .replace(/\{(\w+)\}/g, (_, n: string) => String({ ...proto(w), ...params }[n]));
const boxParams = (w: World) => ({
  containerId: w.chain.ids[0],
  shelfId: w.chain.ids[1],
  rackId: w.chain.ids[2],
  drawerId: w.chain.ids[3],
  boxId: w.chain.ids[4],
});
const sampleBody = (w: World, over: Rec = {}) => ({
  InstitutionId: w.A.id,
  CollectionProtocolId: w.s.protocol.id,
  InstitutionSiteId: w.A.site.id,
  CollectionProtocolEventId: w.s.event.id,
  PatientId: w.s.patient.id,
  SampleID: '',
  SpecimenTypeId: w.pr.type('Whole Blood'),
  CollectedAmount: 8,
  RemainingAmount: 8,
  UnitOfMeasurementId: w.pr.unit('Millilitre'),
  CollectedDate: '2026-04-02',
  CollectedTime: '10:20',
  IsSubSample: false,
  ...over,
});
const shipItem = (w: World, key: 'first' | 'other', received: boolean) => ({
  collectedSampleShipmentID: w.saved.shipment.id,
  collectedSampleID: w.saved[key].id,
  received,
  rejected: !received,
  receivedDate: new Date().toISOString(),
});

export const SPEC_2: Row[] = [
  // Protocol area
  {
    spec: 'spec 2 §7 Protocol area',
    call: 'GET institutions',
    status: 200,
    check: (res, w) => expect(ids(json(res))).toContain(w.A.id),
  },
  {
    spec: 'spec 2 §7 Protocol area',
    call: 'GET institutions/{i}/institutionSites',
    params: (w) => ({ i: w.B.id }),
    status: 200,
    check: (res, w) => expect(ids(json(res))).toContain(w.B.site.id),
  },
  {
    spec: 'spec 2 §7 Protocol area',
    call: `GET ${P}`,
    params: proto,
    status: 200,
    check: (res, w) => expect(json(res)).toMatchObject({ id: w.s.protocol.id, title: w.s.protocol.title }),
  },
  {
    spec: 'spec 2 §7 Protocol area',
    call: 'POST institutions/{i}/collectionProtocols',
    before: async (w) => {
      w.saved.protocols = json(await w.call('GET', 'collectionProtocols/count')).count;
    },
    body: (w) => ({
      Title: 'Cervical Cancer Screening',
      Abbreviation: 'CCS',
      Code: 'CC',
      StartDate: '2026-01-01',
      EndDate: '2099-12-31',
      ExpectedParticipants: 0,
      InstitutionId: w.A.id,
    }),
    status: 201,
    check: async (res, w) => {
      w.saved.protocol = json(res);
      expect(ids(await w.list('collectionProtocols'))).toContain(w.saved.protocol.id);
      expect(json(await w.call('GET', 'collectionProtocols/count')).count).toBe(w.saved.protocols + 1);
    },
  },
  {
    spec: 'spec 2 §7 Protocol area',
    call: `PUT ${P}`,
    params: made,
    deviation: STAMP,
    body: (w) => ({ ...w.saved.protocol, Title: 'Cervical Screening', InstitutionId: w.A.id }),
    status: 200,
    check: async (_res, w) =>
      expect((await w.get(`collectionProtocols/${w.saved.protocol.id}`)).title).toBe('Cervical Screening'),
  },
  {
    spec: 'spec 2 §7 Protocol area',
    call: `POST ${P}/collectionProtocolConsents`,
    params: made,
    status: 201,
    body: (w) => ({
      Title: 'Screening consent',
      consent: '<h1>Consent</h1><p>I agree.</p>',
      InstitutionId: w.A.id,
      CollectionProtocolId: w.saved.protocol.id,
    }),
    check: async (res, w) => {
      w.saved.consent = json(res);
      expect(ids(await w.list(`collectionProtocols/${w.saved.protocol.id}/collectionProtocolConsents`))).toContain(
        w.saved.consent.id,
      );
    },
  },
  {
    spec: 'spec 2 §7 Protocol area',
    call: `PUT ${P}/collectionProtocolConsents/{consentId}`,
    params: (w) => ({ ...made(w), consentId: w.saved.consent.id }),
    deviation: STAMP,
    body: (w) => ({
      ...w.saved.consent,
      Title: 'Screening consent v2',
      consent: '<p>I agree, version 2.</p>',
      InstitutionId: w.A.id,
      CollectionProtocolId: w.saved.protocol.id,
    }),
    status: 200,
    check: async (_res, w) =>
      expect(
        await w.get(`collectionProtocols/${w.saved.protocol.id}/collectionProtocolConsents/${w.saved.consent.id}`),
      ).toMatchObject({ title: 'Screening consent v2', consent: '<p>I agree, version 2.</p>' }),
  },
  {
    spec: 'spec 2 §7 Protocol area',
    call: `GET ${P}/collectionProtocolConsents`,
    params: made,
    status: 200,
    check: (res, w) => expect(ids(expectList(res))).toEqual([w.saved.consent.id]),
  },
  {
    spec: 'spec 2 §7 Protocol area',
    call: `POST ${P}/collectionProtocolSites`,
    params: made,
    body: (w) => ({ InstitutionId: w.A.id, CollectionProtocolId: w.saved.protocol.id, InstitutionSiteId: w.A.site.id }),
    status: 200,
    check: async (_res, w) =>
      expect(
        (await w.list(`collectionProtocols/${w.saved.protocol.id}/collectionProtocolSites`)).map(
          (x) => x.institutionSite.id,
        ),
      ).toEqual([w.A.site.id]),
  },
  {
    spec: 'spec 2 §7 Protocol area',
    call: `GET ${P}/collectionProtocolSites`,
    params: made,
    status: 200,
    check: (res, w) => expect(expectList(res).map((x) => x.institutionSite.title)).toEqual([w.A.site.title]),
  },
  {
    spec: 'spec 2 §7 Protocol area',
    call: `POST ${P}/collectionProtocolEvents`,
    params: made,
    status: 201,
    body: (w) => ({
      Label: 'Month 6',
      EventCode: 'M6',
      EventPoint: 6,
      CollectionProtocolEventUnitOfMeasurementId: w.pr.eventUnit('Month'),
      InstitutionSiteId: w.A.site.id,
      CollectionProtocolId: w.saved.protocol.id,
    }),
    check: async (res, w) => {
      w.saved.event = json(res);
      expect(ids(await w.list(`collectionProtocols/${w.saved.protocol.id}/collectionProtocolEvents`))).toEqual([
        w.saved.event.id,
      ]);
    },
  },
  {
    spec: 'spec 2 §7 Protocol area',
    call: `GET ${P}/collectionProtocolEvents`,
    params: made,
    status: 200,
    check: (res) => expect(expectList(res)).toMatchObject([{ label: 'Month 6', eventCode: 'M6', eventPoint: 6 }]),
  },
  {
    spec: 'spec 2 §7 Protocol area',
    call: `GET ${EVENT}`,
    params: (w) => ({ ...made(w), eventId: w.saved.event.id }),
    status: 200,
    check: (res) => expect(json(res)).toMatchObject({ label: 'Month 6' }),
  },
  {
    spec: 'spec 2 §7 Protocol area',
    call: `POST ${EVENT}/collectionProtocolEventSpecimenRequirements`,
    params: (w) => ({ ...made(w), eventId: w.saved.event.id }),
    status: 201,
    body: (w) => ({
      Title: 'Serum',
      Code: 'SR',
      InitialQuantity: 5,
      AnatomicSiteId: w.pr.blood,
      SpecimenTypeId: w.pr.type('Whole Blood'),
      PathologicalStatusId: w.pr.malignant,
      UnitOfMeasurementId: w.pr.unit('Millilitre'),
      SpecimenCollectionProcedureId: w.pr.venipuncture,
      CollectionProtocolEventId: w.saved.event.id,
    }),
    check: async (res, w) => {
      w.saved.requirement = json(res);
      expect(
        ids(
          await w.list(
            `collectionProtocols/${w.saved.protocol.id}/collectionProtocolEvents/${w.saved.event.id}/collectionProtocolEventSpecimenRequirements`,
          ),
        ),
      ).toEqual([w.saved.requirement.id]);
    },
  },
  {
    spec: 'spec 2 §7 Protocol area',
    call: `GET ${EVENT}/collectionProtocolEventSpecimenRequirements`,
    params: (w) => ({ ...made(w), eventId: w.saved.event.id }),
    status: 200,
    check: (res) => expect(expectList(res)).toMatchObject([{ title: 'Serum', code: 'SR', initialQuantity: 5 }]),
  },
  {
    spec: 'spec 2 §7 Protocol area',
    call: `POST ${REQ}/collectionProtocolEventSpecimenRequirementItems`,
    params: (w) => ({ ...made(w), requirementId: w.saved.requirement.id }),
    status: 201,
    body: (w) => ({
      specimenTypeID: w.pr.type('Whole Blood'),
      subSampleLineageID: w.pr.aliquot,
      initialQuantity: 2,
      unitOfMeasurementID: w.pr.unit('Millilitre'),
      collectionProtocolEventSpecimenRequirementID: w.saved.requirement.id,
      parentCollectionProtocolEventSpecimenRequirementItemID: null,
    }),
    check: (res, w) => {
      w.saved.item = json(res);
      expect(w.saved.item).toMatchObject({ parentCollectionProtocolEventSpecimenRequirementItemId: null });
    },
  },
  {
    spec: 'spec 2 §7 Protocol area (a child item)',
    call: `POST ${REQ}/collectionProtocolEventSpecimenRequirementItems`,
    params: (w) => ({ ...made(w), requirementId: w.saved.requirement.id }),
    status: 201,
    body: (w) => ({
      specimenTypeID: w.pr.type('Whole Blood'),
      subSampleLineageID: w.pr.derived,
      initialQuantity: 1,
      unitOfMeasurementID: w.pr.unit('Millilitre'),
      collectionProtocolEventSpecimenRequirementID: w.saved.requirement.id,
      parentCollectionProtocolEventSpecimenRequirementItemID: w.saved.item.id,
    }),
    check: (res, w) => {
      w.saved.child = json(res);
      expect(w.saved.child).toMatchObject({ parentCollectionProtocolEventSpecimenRequirementItemId: w.saved.item.id });
    },
  },
  {
    spec: 'spec 2 §7 Protocol area',
    call: `GET ${REQ}/collectionProtocolEventSpecimenRequirementItems`,
    params: (w) => ({ ...made(w), requirementId: w.saved.requirement.id }),
    status: 200,
    pending: 'i27-lists',
    check: (res, w) => expect(ids(json(res))).toContain(w.saved.item.id),
  },
  {
    spec: 'spec 2 §7 Protocol area',
    call: `POST ${P}/collectionProtocolForms`,
    params: made,
    status: 201,
    body: (w) => ({
      Name: 'Follow-up',
      Description: 'Month 6 questions',
      InstitutionId: w.A.id,
      CollectionProtocolId: w.saved.protocol.id,
    }),
    check: async (res, w) => {
      w.saved.form = json(res);
      expect(ids(await w.list(`collectionProtocols/${w.saved.protocol.id}/collectionProtocolForms`))).toEqual([
        w.saved.form.id,
      ]);
    },
  },
  {
    spec: 'spec 2 §7 Protocol area',
    call: `GET ${P}/collectionProtocolForms`,
    params: proto,
    status: 200,
    check: (res, w) => expect(ids(expectList(res))).toEqual([w.form.id]),
  },
  {
    spec: 'spec 2 §7 Protocol area',
    call: `GET ${FORM}`,
    params: (w) => ({ ...proto(w), f: w.form.id }),
    status: 200,
    check: (res, w) =>
      expect(json(res)).toMatchObject({
        name: 'Screening',
        fields: [{ id: w.textField.id }, { id: w.spareField.id }, { id: w.choiceField.id }],
      }),
  },
  {
    spec: 'spec 2 §7 Protocol area',
    call: `GET ${FORM}/collectionProtocolFormFields?PageSize=100000`,
    params: (w) => ({ ...proto(w), f: w.form.id }),
    status: 200,
    pending: 'i27-lists',
    deviation: CAP,
    check: (res, w) => expect(ids(expectList(res))).toEqual([w.textField.id, w.spareField.id, w.choiceField.id]),
  },
  {
    spec: 'spec 2 §7 Protocol area',
    call: `GET ${FIELD}/collectionProtocolFormFieldOptions`,
    params: (w) => ({ ...proto(w), f: w.form.id, fieldId: w.choiceField.id }),
    status: 200,
    pending: 'i27-lists',
    check: (res) => expect(expectList(res).map((o) => o.value)).toEqual(['Yes', 'No']),
  },
  {
    spec: 'spec 2 §7 Protocol area (typeahead)',
    call: 'GET institutions/{i}/unitOfMeasurements?SearchTerm=millil',
    status: 200,
    check: (res) => expect(expectList(res).map((u) => u.unitName)).toContain('Millilitre'),
  },
  {
    spec: 'spec 2 §7 Protocol area (typeahead)',
    call: 'GET institutions/{i}/specimenTypes?SearchTerm=whole',
    status: 200,
    check: (res) => expect(expectList(res).map((u) => u.title)).toContain('Whole Blood'),
  },

  // Form editor
  {
    spec: 'spec 2 §7 Form editor',
    call: 'GET institutions/{i}/dataTypes',
    status: 200,
    check: (res) =>
      expect(expectList(res).map((d) => d.abbreviation)).toEqual(
        expect.arrayContaining(['TB', 'TA', 'TP', 'DP', 'DTP', 'CB', 'CBL', 'RL', 'SL']),
      ),
  },
  {
    spec: 'spec 2 §7 Form editor',
    call: `POST ${FORM}/collectionProtocolFormFields`,
    params: (w) => ({ ...made(w), f: w.saved.form.id }),
    status: 201,
    body: (w) => ({
      name: 'pain',
      prompt: 'Any pain?',
      placeholder: 'none',
      responseTitle: 'Pain',
      ordinal: 1,
      onNewLine: true,
      required: true,
      requiredMessage: 'Say yes or no',
      hasValidation: false,
      regularExpression: '',
      regularExpressionMessage: '',
      verticalView: true,
      horizontalView: false,
      value: '',
      dataTypeId: w.dataType('RL'),
      Options: ['Yes', 'No'],
    }),
    check: async (res, w) => {
      w.saved.field = json(res);
      const form = await w.get(`collectionProtocols/${w.saved.protocol.id}/collectionProtocolForms/${w.saved.form.id}`);
      expect(form.fields).toMatchObject([
        { prompt: 'Any pain?', verticalView: true, options: [{ value: 'Yes' }, { value: 'No' }] },
      ]);
    },
  },
  {
    spec: 'spec 2 §7 Form editor',
    call: `POST ${FIELD}/collectionProtocolFormFieldOptions`,
    params: (w) => ({ ...made(w), f: w.saved.form.id, fieldId: w.saved.field.id }),
    status: 201,
    body: () => ({ value: 'Unsure', ordinal: 2 }),
    check: async (res, w) => {
      w.saved.option = json(res);
      expect(w.saved.option).toMatchObject({ value: 'Unsure', ordinal: 2 });
      const form = await w.get(`collectionProtocols/${w.saved.protocol.id}/collectionProtocolForms/${w.saved.form.id}`);
      expect(form.fields[0].options.map((o: Rec) => o.value)).toEqual(['Yes', 'No', 'Unsure']);
    },
  },
  {
    spec: 'spec 2 §7 Form editor',
    call: `PUT ${FIELD}`,
    params: (w) => ({ ...made(w), f: w.saved.form.id, fieldId: w.saved.field.id }),
    deviation: STAMP,
    status: 200,
    before: async (w) => {
      w.saved.field = (
        await w.get(`collectionProtocols/${w.saved.protocol.id}/collectionProtocolForms/${w.saved.form.id}`)
      ).fields[0];
    },
    body: (w) => ({ ...w.saved.field, prompt: 'Any pain today?', dataTypeId: w.dataType('RL') }),
    check: async (_res, w) =>
      expect(
        (await w.get(`collectionProtocols/${w.saved.protocol.id}/collectionProtocolForms/${w.saved.form.id}`)).fields[0]
          .prompt,
      ).toBe('Any pain today?'),
  },
  {
    spec: 'spec 2 §7 Form editor',
    call: `PUT ${FIELD}/collectionProtocolFormFieldOptions/{optionId}`,
    deviation: STAMP,
    status: 200,
    params: (w) => ({ ...made(w), f: w.saved.form.id, fieldId: w.saved.field.id, optionId: w.saved.option.id }),
    before: async (w) => {
      const form = await w.get(`collectionProtocols/${w.saved.protocol.id}/collectionProtocolForms/${w.saved.form.id}`);
      w.saved.option = form.fields[0].options.find((o: Rec) => o.id === w.saved.option.id);
    },
    body: (w) => ({ ...w.saved.option, value: 'Not sure' }),
    check: async (_res, w) =>
      expect(
        (
          await w.get(`collectionProtocols/${w.saved.protocol.id}/collectionProtocolForms/${w.saved.form.id}`)
        ).fields[0].options.map((o: Rec) => o.value),
      ).toEqual(['Yes', 'No', 'Not sure']),
  },
  {
    spec: 'spec 2 §7 Form editor',
    call: `POST ${FIELD}/disable`,
    params: (w) => ({ ...proto(w), f: w.form.id, fieldId: w.spareField.id }),
    status: 200,
    check: async (_res, w) =>
      expect(
        ids((await w.get(`collectionProtocols/${w.s.protocol.id}/collectionProtocolForms/${w.form.id}`)).fields),
      ).toEqual([w.textField.id, w.choiceField.id]),
  },
  {
    spec: 'spec 2 §7 Form editor',
    call: `POST ${FIELD}/collectionProtocolFormFieldOptions/{optionId}/disable`,
    status: 200,
    params: (w) => ({ ...made(w), f: w.saved.form.id, fieldId: w.saved.field.id, optionId: w.saved.option.id }),
    check: async (_res, w) =>
      expect(
        (
          await w.get(`collectionProtocols/${w.saved.protocol.id}/collectionProtocolForms/${w.saved.form.id}`)
        ).fields[0].options.map((o: Rec) => o.value),
      ).toEqual(['Yes', 'No']),
  },

  // Samples
  {
    spec: 'spec 2 §7 Samples',
    call: `GET ${SAMPLES}`,
    params: proto,
    status: 200,
    check: (res, w) => expect(ids(expectList(res))).toEqual(expect.arrayContaining([w.sample.id, w.second.id])),
  },
  {
    spec: 'spec 2 §7 Samples',
    call: `GET ${SAMPLES}?IsSubsample=true`,
    params: proto,
    status: 200,
    check: (res, w) => expect(expectList(res).map((x) => x.parentSampleId)).toEqual([w.sample.id]),
  },
  {
    spec: 'spec 2 §7 Samples',
    call: `GET ${SAMPLES}?IsSubsample=false`,
    params: proto,
    status: 200,
    check: (res) => expect(expectList(res).every((x) => x.isSubsample === false)).toBe(true),
  },
  {
    spec: 'spec 2 §7 Samples',
    call: `GET ${SAMPLES}?SampleID=SPEC-0001`,
    params: proto,
    status: 200,
    check: (res, w) => expect(ids(expectList(res))).toEqual([w.sample.id]),
  },
  {
    spec: 'spec 2 §7 Samples',
    call: `GET ${SAMPLES}?patientId={patientId}`,
    params: (w) => ({ ...proto(w), patientId: w.s.patient.id }),
    status: 200,
    check: (res, w) => expect(expectList(res).every((x) => x.patientId === w.s.patient.id)).toBe(true),
  },
  {
    spec: 'spec 2 §7 Samples',
    call: `GET ${SAMPLES}?StartDate=2026-03-14&EndDate=2026-03-14`,
    params: proto,
    status: 200,
    check: (res) => expect(expectList(res).every((x) => x.collectedDate.startsWith('2026-03-14'))).toBe(true),
  },
  {
    spec: 'spec 2 §7 Samples',
    call: `POST ${SAMPLES}`,
    params: proto,
    before: async (w) => {
      w.saved.samples = json(await w.call('GET', 'collectedSamples/count')).count;
    },
    body: (w) => sampleBody(w),
    status: 201,
    check: async (res, w) => {
      w.saved.first = json(res);
      expect(w.saved.first).toMatchObject({ collectedAmount: 8, remainingAmount: 8, isSubsample: false });
      expect(ids(await w.list(`collectionProtocols/${w.s.protocol.id}/collectedSamples`))).toContain(w.saved.first.id);
      expect(json(await w.call('GET', 'collectedSamples/count')).count).toBe(w.saved.samples + 1);
    },
  },
  {
    spec: 'spec 2 §7 Samples (sub-sample)',
    call: `POST ${SAMPLES}`,
    params: proto,
    status: 201,
    body: (w) =>
      sampleBody(w, {
        parentSampleID: w.saved.first.id,
        isSubsample: true,
        IsSubSample: true,
        subSampleLineageID: w.pr.aliquot,
        specimenTypeID: w.pr.type('Whole Blood'),
        CollectedAmount: 2,
        RemainingAmount: 2,
      }),
    check: async (res, w) => {
      expect(json(res)).toMatchObject({ isSubsample: true, parentSampleId: w.saved.first.id });
      expect(
        (await w.get(`collectionProtocols/${w.s.protocol.id}/collectedSamples/${w.saved.first.id}`)).remainingAmount,
      ).toBe(6);
    },
  },
  {
    spec: 'spec 2 §7 Samples',
    call: 'GET institutions/PatientMRNs?institutionId={i}&mrn={mrn}',
    params: (w) => ({ mrn: w.man.patientMRN }),
    status: 200,
    check: (res, w) => expect(json<Rec[]>(res).map((r) => r.patient.id)).toEqual([w.man.id]),
  },
  {
    spec: 'spec 2 §7 Samples',
    call: 'GET institutions/{i}/patients?PhoneNumber=0911777888',
    status: 200,
    check: (res, w) => expect(ids(json(res))).toEqual([w.man.id]),
  },
  {
    spec: 'spec 2 §7 Samples',
    call: 'GET institutions/{i}/specimenTypes?SearchTerm=Whole',
    status: 200,
    check: (res) => expect(expectList(res).map((u) => u.title)).toContain('Whole Blood'),
  },
  {
    spec: 'spec 2 §7 Samples',
    call: 'GET institutions/{i}/unitOfMeasurements?SearchTerm=Milli',
    status: 200,
    check: (res) => expect(expectList(res).map((u) => u.unitName)).toContain('Millilitre'),
  },

  // Storage
  {
    spec: 'spec 2 §7 Storage',
    call: `GET ${STORE}`,
    status: 200,
    check: (res, w) => expect(ids(expectList(res))).toContain(w.chain.ids[0]),
  },
  ...(
    ['storageContainerShelfs', 'storageContainerRacks', 'storageContainerDrawers', 'storageContainerBoxes'] as const
  ).map((level, depth): Row => {
    const parents = [
      '{containerId}',
      'storageContainerShelfs/{shelfId}',
      'storageContainerRacks/{rackId}',
      'storageContainerDrawers/{drawerId}',
    ]
      .slice(0, depth + 1)
      .join('/');
    return {
      spec: 'spec 2 §7 Storage',
      call: `GET ${STORE}/${parents}/${level}`,
      params: boxParams,
      status: 200,
      check: (res, w) => expect(ids(expectList(res))).toEqual([w.chain.ids[depth + 1]]),
    };
  }),
  {
    spec: 'spec 2 §7 Storage',
    call: `GET ${BOX}/StorageContainerBoxPositions`,
    params: boxParams,
    status: 200,
    check: (res, w) => {
      const rows = expectList(res);
      expect(rows.map((x) => x.code)).toEqual(['A1', 'A2', 'A3', 'B1', 'B2', 'B3', 'C1', 'C2', 'C3']);
      expect(rows[0]).toMatchObject({ id: w.positions[0].id, occupied: true, rowIndex: 1, columnIndex: 1 });
    },
  },
  {
    spec: 'spec 2 §7 Storage',
    call: `GET ${OCC}`,
    params: (w) => ({ ...boxParams(w), posId: w.positions[0].id }),
    status: 200,
    check: (res, w) =>
      expect(json<Rec[]>(res)[0]).toMatchObject({
        collectedSample: { id: w.second.id },
        concurrencyStamp: expect.any(String),
      }),
  },
  {
    spec: 'spec 2 §7 Storage',
    call: `POST ${OCC}`,
    params: (w) => ({ ...boxParams(w), posId: w.positions[1].id }),
    status: 201,
    body: (w) => ({ StorageContainerBoxPositionID: w.positions[1].id, CollectedSampleID: w.saved.first.id }),
    check: async (res, w) => {
      w.saved.occupancy = json(res);
      const grid = (await w.get(local(`${BOX}/StorageContainerBoxPositions`, w, boxParams(w)))) as Rec[];
      expect(grid[1]).toMatchObject({ occupied: true, occupant: { collectedSampleId: w.saved.first.id } });
    },
  },
  {
    spec: 'spec 2 §7 Storage',
    call: `PUT ${OCC}/{occId}/vacate`,
    params: (w) => ({ ...boxParams(w), posId: w.positions[1].id, occId: w.saved.occupancy.id }),
    status: 200,
    body: (w) => ({
      concurrencyStamp: w.saved.occupancy.concurrencyStamp,
      vacateReason: 'Vacated from the web front end',
    }),
    check: async (_res, w) =>
      expect((await w.get(local(`${BOX}/StorageContainerBoxPositions`, w, boxParams(w))))[1]).toMatchObject({
        occupied: false,
      }),
  },

  // Protocol participants
  {
    spec: 'spec 2 §7 Protocol participants',
    call: `POST ${P}/collectionProtocolParticipants`,
    params: proto,
    status: 201,
    body: (w) => ({ InstitutionId: w.A.id, CollectionProtocolId: w.s.protocol.id, PatientId: w.saved.patient.id }),
    check: async (res, w) => {
      const body = json(res);
      w.saved.participant = Array.isArray(body) ? body[0] : body;
      expect(
        (await w.list(`collectionProtocols/${w.s.protocol.id}/collectionProtocolParticipants`)).map((x) => x.patientId),
      ).toContain(w.saved.patient.id);
    },
  },
  {
    spec: 'spec 2 §7 Protocol participants',
    call: `GET ${P}/collectionProtocolParticipants/{participantId}`,
    params: (w) => ({ ...proto(w), participantId: w.saved.participant.id }),
    status: 200,
    check: (res, w) =>
      expect(json(res)).toMatchObject({ patientId: w.saved.patient.id, patient: { firstName: 'Selamawit' } }),
  },
  {
    spec: 'spec 2 §7 Protocol participants',
    call: `GET ${P}/collectionProtocolParticipants?ExternalSubjectID=EXT-SPEC-9&PageNumber=1&PageSize=10`,
    params: proto,
    status: 200,
    check: (res, w) => expect(expectList(res).map((x) => x.patientId)).toEqual([w.man.id]),
  },
  {
    spec: 'spec 2 §7 Protocol participants',
    call: `GET ${P}/collectionProtocolParticipants?NameQuery=Dawit`,
    params: proto,
    status: 200,
    check: (res, w) => expect(expectList(res).map((x) => x.patientId)).toEqual([w.man.id]),
  },
  {
    spec: 'spec 2 §7 Protocol participants',
    call: `GET ${P}/collectionProtocolParticipants?PhoneNumberQuery=0911777`,
    params: proto,
    status: 200,
    check: (res, w) => expect(expectList(res).map((x) => x.patientId)).toEqual([w.man.id]),
  },
  {
    spec: 'spec 2 §7 Protocol participants',
    call: `GET ${P}/collectionProtocolParticipants?GenderIDs={gender}`,
    params: (w) => ({ ...proto(w), gender: w.lab.refs.male }),
    status: 200,
    pending: 'i27-query',
    check: (res, w) => expect(expectList(res).map((x) => x.patientId)).toEqual([w.man.id]),
  },
  ...['patientMRNs', 'patientRaces', 'patientEthnicities'].map((child): Row => ({
    spec: 'spec 2 §7 Protocol participants',
    call: `GET institutions/{i}/patients/{patientId}/${child}`,
    params: (w) => ({ patientId: w.s.patient.id }),
    status: 200,
    check: (res) => expect(expectList(res).length).toBeGreaterThan(0),
  })),
  {
    spec: 'spec 2 §7 Protocol participants',
    call: `POST ${P}/collectionProtocolParticipants/{participantId}/disable`,
    params: (w) => ({ ...proto(w), participantId: w.saved.participant.id }),
    body: (w) => w.saved.participant,
    status: 200,
    check: async (_res, w) =>
      expect(ids(await w.list(`collectionProtocols/${w.s.protocol.id}/collectionProtocolParticipants`))).not.toContain(
        w.saved.participant.id,
      ),
  },
  {
    spec: 'spec 2 §7 Protocol participants',
    call: `GET ${P}/collectionProtocolParticipantConsents?PatientId={patientId}`,
    params: (w) => ({ ...proto(w), patientId: w.man.id }),
    status: 200,
    check: (res) => expect(expectList(res, { nonEmpty: false })).toEqual([]),
  },
  {
    spec: 'spec 2 §7 Protocol participants',
    call: `POST ${P}/collectionProtocolParticipantConsents`,
    params: proto,
    status: 201,
    body: (w) => ({
      InstitutionId: w.A.id,
      CollectionProtocolId: w.s.protocol.id,
      CollectionProtocolConsentId: w.consent.id,
      PatientId: w.man.id,
      Consent: '<p>I agree to give samples.</p>',
      Signature: w.signature,
    }),
    check: async (_res, w) => {
      const signed = await w.get(
        `collectionProtocols/${w.s.protocol.id}/collectionProtocolParticipantConsents?PatientId=${w.man.id}`,
      );
      expect(signed).toMatchObject([{ collectionProtocolConsent: { id: w.consent.id } }]);
    },
  },

  // Submitted forms
  {
    spec: 'spec 2 §7 Submitted forms',
    call: 'GET institutions/{i}/submittedCollectionProtocolForms?PatientID={patientId}',
    params: (w) => ({ patientId: w.s.patient.id }),
    status: 200,
    check: (res, w) => expect(ids(expectList(res))).toEqual([w.submission.id]),
  },
  {
    spec: 'spec 2 §7 Submitted forms',
    call: 'GET institutions/{i}/submittedCollectionProtocolForms?CollectionProtocolFormID={f}&PageSize=10000000&EnabledStartDate={from}&EnabledEndDate={to}',
    params: (w) => ({
      f: w.form.id,
      from: new Date(Date.now() - 864e5).toISOString().slice(0, 10),
      to: new Date(Date.now() + 864e5).toISOString().slice(0, 10),
    }),
    status: 200,
    deviation: CAP,
    check: (res, w) => {
      expect(ids(expectList(res))).toEqual([w.submission.id]);
      expect(pagination(res).PageSize).toBe(1000);
    },
  },
  {
    spec: 'spec 2 §7 Submitted forms',
    call: 'GET institutions/{i}/submittedCollectionProtocolForms/{formId}/submittedCollectionProtocolFormValues',
    params: (w) => ({ formId: w.submission.id }),
    status: 200,
    check: (res) =>
      expect(json<Rec[]>(res)).toMatchObject([
        { collectionProtocolFormField: { prompt: 'Smoker since' }, value: '1999' },
      ]),
  },
  {
    spec: 'spec 2 §7 Submitted forms',
    call: 'POST institutions/{i}/submittedCollectionProtocolForms/submittedCollectionProtocolFormValues/search',
    pending: 'i27-lists',
    status: 200,
    body: (w) => ({ SubmittedCollectionProtocolFormIds: [w.submission.id], PageSize: 10000000 }),
    check: (res, w) => {
      // The spec's submittedCollectionProtocolFormID, answered in the API's camelCase (docs/spec-deviations.md, response names).
      const [value] = json<Rec[]>(res);
      expect([value.submittedCollectionProtocolFormId ?? value.submittedCollectionProtocolFormID, value.value]).toEqual(
        [w.submission.id, '1999'],
      );
    },
  },
  {
    spec: 'spec 2 §7 Submitted forms',
    call: 'POST institutions/{i}/submittedCollectionProtocolForms',
    status: 201,
    body: (w) => ({
      InstitutionId: w.A.id,
      InstitutionSiteId: w.A.site.id,
      CollectionProtocolFormId: w.form.id,
      PatientId: w.man.id,
      SampleID: '',
      FormFields: [{ collectionProtocolFormFieldID: w.textField.id, value: '2005' }],
    }),
    check: async (res, w) => {
      w.saved.submission = json(res);
      expect(ids(await w.list(`submittedCollectionProtocolForms?PatientID=${w.man.id}`))).toEqual([
        w.saved.submission.id,
      ]);
    },
  },
  {
    spec: 'spec 2 §7 Submitted forms (each value)',
    call: 'POST institutions/{i}/submittedCollectionProtocolForms/{formId}/submittedCollectionProtocolFormValues',
    params: (w) => ({ formId: w.saved.submission.id }),
    status: 201,
    body: (w) => ({ collectionProtocolFormFieldID: w.choiceField.id, value: 'Yes' }),
    check: async (_res, w) =>
      expect(
        (await w.get(`submittedCollectionProtocolForms/${w.saved.submission.id}/submittedCollectionProtocolFormValues`))
          .map((v: Rec) => v.value)
          .sort(),
      ).toEqual(['2005', 'Yes']),
  },
  {
    spec: 'spec 2 §7 Submitted forms',
    call: 'POST institutions/{i}/submittedCollectionProtocolForms/{formId}/disable',
    params: (w) => ({ formId: w.saved.submission.id }),
    body: (w) => w.saved.submission,
    status: 200,
    check: async (_res, w) =>
      expect(await w.list(`submittedCollectionProtocolForms?PatientID=${w.man.id}`)).toEqual([]),
  },

  // Shipments
  {
    spec: 'spec 2 §7 Shipments',
    call: `GET ${SHIP}?SendingInstitutionID={i}`,
    status: 200,
    check: (res) => expectList(res, { nonEmpty: false }),
  },
  {
    spec: 'spec 2 §7 Shipments',
    call: `POST ${SHIP}`,
    status: 201,
    body: (w) => ({
      Name: 'To the partner lab',
      TrackingNumber: 'TRK-SPEC-1',
      TrackingURL: 'https://track.example/TRK-SPEC-1',
      SendingInstitutionId: w.A.id,
      SendingInstitutionSiteId: w.A.site.id,
      ReceivingInstitutionId: w.B.id,
      ReceivingInstitutionSiteId: w.B.site.id,
      ShippedDate: new Date().toISOString().slice(0, 10),
      ShippedTime: '11:30',
      CollectionProtocolId: w.s.protocol.id,
    }),
    check: async (res, w) => {
      w.saved.shipment = json(res);
      expect(ids(await w.list(`collectedSampleShipments?SendingInstitutionID=${w.A.id}`))).toContain(
        w.saved.shipment.id,
      );
    },
  },
  ...(['first', 'other'] as const).map((key): Row => ({
    spec: 'spec 2 §7 Shipments',
    call: `POST ${SHIP}/{shipmentId}/collectedSampleShipmentItems`,
    params: (w) => ({ shipmentId: w.saved.shipment.id }),
    status: 201,
    before: async (w) => {
      if (key === 'other') w.saved.other = await w.s.sample();
    },
    body: (w) => ({
      CollectedSampleShipmentID: w.saved.shipment.id,
      CollectedSampleID: w.saved[key].id,
      Rejected: false,
      Received: false,
    }),
    check: async (_res, w) =>
      expect(
        ids(await w.list(`collectedSampleShipments?ReceivingInstitutionID=${w.B.id}`, w.receiverToken, w.B.id)),
      ).toContain(w.saved.shipment.id),
  })),
  {
    spec: 'spec 2 §7 Shipments',
    call: `GET ${SHIP}?ReceivingInstitutionID={i}`,
    as: 'receiver',
    params: (w) => ({ i: w.B.id }),
    status: 200,
    check: (res, w) =>
      expect(expectList(res).find((x) => x.id === w.saved.shipment.id)).toMatchObject({
        status: 'shipped',
        itemCounts: { total: 2, pending: 2 },
      }),
  },
  {
    spec: 'spec 2 §7 Shipments',
    call: `GET ${SHIP}/{shipmentId}/collectedSampleShipmentItems`,
    as: 'receiver',
    params: (w) => ({ i: w.B.id, shipmentId: w.saved.shipment.id }),
    status: 200,
    check: (res, w) => {
      w.saved.items = expectList(res);
      expect(w.saved.items.map((x: Rec) => x.collectedSample.id)).toEqual([w.saved.first.id, w.saved.other.id]);
    },
  },
  {
    spec: 'spec 2 §7 Shipments',
    call: `POST ${SHIP}/{shipmentId}/collectedSampleShipmentItems/{itemId}/receive`,
    as: 'receiver',
    status: 200,
    params: (w) => ({ i: w.B.id, shipmentId: w.saved.shipment.id, itemId: w.saved.items[0].id }),
    body: (w) => shipItem(w, 'first', true),
    check: (res) =>
      expect(json(res)).toMatchObject({
        status: 'received',
        received: true,
        rejected: false,
        receivedDate: expect.any(String),
      }),
  },
  {
    spec: 'spec 2 §7 Shipments',
    call: `POST ${SHIP}/{shipmentId}/collectedSampleShipmentItems/{itemId}/reject`,
    as: 'receiver',
    status: 200,
    params: (w) => ({ i: w.B.id, shipmentId: w.saved.shipment.id, itemId: w.saved.items[1].id }),
    body: (w) => shipItem(w, 'other', false),
    check: async (res, w) => {
      expect(json(res)).toMatchObject({ status: 'rejected', received: false, rejected: true });
      expect(await w.get(`collectedSampleShipments/${w.saved.shipment.id}`)).toMatchObject({
        status: 'received',
        itemCounts: { received: 1, rejected: 1 },
      });
    },
  },

  // Accounts
  {
    spec: 'spec 2 §7 Accounts',
    call: 'GET users?PageNumber=1&PageSize=10&SearchTerm={term}',
    params: (w) => ({ term: w.account.email }),
    status: 200,
    check: (res, w) => expect(ids(expectList(res))).toEqual([w.account.id]),
  },
  {
    spec: 'spec 2 §7 Accounts',
    call: 'POST users',
    status: 201,
    body: (w) => ({
      FirstName: 'Liya',
      LastName: 'Kebede',
      Email: `liya.${Math.random().toString(36).slice(2, 8)}@lab.test`,
      Password: 'Amber-Kettle-Lantern-42',
      ConfirmPassword: 'Amber-Kettle-Lantern-42',
      PhoneNumber: '+251911000111',
      Roles: ['Technician'],
      InstitutionId: w.A.id,
    }),
    check: async (res, w) => {
      w.saved.user = json(res);
      expect(
        ids(
          json(
            await w.t.call('GET', `/api/users?SearchTerm=${encodeURIComponent(w.saved.user.email)}`, {
              token: w.token,
            }),
          ),
        ),
      ).toEqual([w.saved.user.id]);
    },
  },
  {
    spec: 'spec 2 §7 Accounts',
    call: 'POST users/overwritepassword',
    status: 200,
    body: (w) => ({
      User: w.saved.user.email,
      OldPassword: 'Amber-Kettle-Lantern-42',
      NewPassword: 'Violet-Harbor-Compass-77',
      AdminPassword: PASSWORD,
    }),
    check: async (_res, w) => {
      const signIn = (password: string) =>
        w.t.call('POST', '/api/Authentication/login', {
          body: { userName: w.saved.user.email, password },
          address: '10.77.0.1',
        });
      expect((await signIn('Violet-Harbor-Compass-77')).statusCode).toBe(200);
    },
  },
];
