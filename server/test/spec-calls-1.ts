import { expect } from 'vitest';
import { json, pagination } from './harness';
import { PASSWORD } from './factories';
import { expectList, ids, type Rec, type Row, type World } from './spec-calls-world';

const LIST = 'IsEnabled=true&SearchTerm=&PageNumber=1&PageSize=10';
const CAP = 'capped at 1000 per page';
const STAMP = 'concurrencyStamp';
const word = () => Math.random().toString(36).slice(2, 8);
const simple = (what: string) => ({
  Title: `${what} ${word()}`,
  Abbreviation: 'AB',
  Description: `${what} made by the spec table`,
});

/** spec 1 §7 "Lists": the lookups read with the list query. */
const LISTS = [
  'tests',
  'panels',
  'panelTests',
  'anatomicSites',
  'pathologicalStatuses',
  'specimenCollectionProcedures',
  'collectionProtocolEventUnitOfMeasurements',
  'departments',
  'ethnicities',
  'genders',
  'subSampleLineages',
  'institutionSites',
  'labelingSchemas',
  'LIMSOrderCommentTypes',
  'maritalStatuses',
  'patientTypes',
  'positionLabelingOptions',
  'priorities',
  'races',
  'specimenTypeCategories',
  'specimenTypes',
  'phoneNumberCategories',
  'phoneNumberTypeCategories',
  'unitOfMeasurements',
  'unitOfMeasurementTypes',
  'vitalStatuses',
];

/** spec 1 §7 "Create": the list a create goes to and the spec 1 §3 fields it sends. */
const CREATES: [string, (w: World) => Rec][] = [
  [
    'institutionSites',
    (w) => ({ Title: `Site ${word()}`, Abbreviation: 'ST', Address: '2 Lab Road', InstitutionId: w.A.id }),
  ],
  [
    'departments',
    (w) => ({
      ...simple('Department'),
      IsSubDepartment: true,
      ParentDepartmentId: w.lab.panel.departmentId,
      InstitutionId: w.A.id,
    }),
  ],
  [
    'panels',
    (w) => ({
      ...simple('Panel'),
      ICDCode: 'D50',
      SpecimenTypeId: w.pr.type('Whole Blood'),
      DepartmentId: w.lab.panel.departmentId,
      InstitutionId: w.A.id,
    }),
  ],
  [
    'tests',
    (w) => ({
      ...simple('Test'),
      ICDCode: 'R73',
      HasUnitOfMeasurement: true,
      UnitOfMeasurementId: w.pr.unit('Millilitre'),
      HasRange: true,
      HasAcceptedValue: true,
      InstitutionId: w.A.id,
    }),
  ],
  ...[
    'ethnicities',
    'genders',
    'labelingSchemas',
    'maritalStatuses',
    'patientTypes',
    'positionLabelingOptions',
    'priorities',
    'races',
  ].map((key): [string, (w: World) => Rec] => [key, (w) => ({ ...simple(key), InstitutionId: w.A.id })]),
  ['vitalStatuses', (w) => ({ ...simple('Vital status'), IsDefault: false, InstitutionId: w.A.id })],
  ['specimenTypeCategories', (w) => ({ ...simple('Category'), InstitutionId: w.A.id })],
  [
    'unitOfMeasurementTypes',
    (w) => ({
      Title: `Type ${word()}`,
      QuantitySymbol: 'n',
      DimensionSymbol: 'N',
      Description: 'Counted things',
      IsDefault: false,
      Abbreviation: 'abbr',
      InstitutionId: w.A.id,
    }),
  ],
  ['panelTests', (w) => ({ TestId: w.lab.glucose.id, PanelId: w.lab.second.id, InstitutionId: w.A.id })],
  ...['anatomicSites', 'pathologicalStatuses', 'specimenCollectionProcedures', 'subSampleLineages'].map(
    (key): [string, (w: World) => Rec] => [key, (w) => ({ ...simple(key), InstitutionId: w.A.id })],
  ),
  [
    'collectionProtocolEventUnitOfMeasurements',
    (w) => ({
      UnitName: `Fortnight ${word()}`,
      UnitSymbol: 'fn',
      Description: 'Two weeks',
      ToMinuteConversionRate: 20160,
      InstitutionId: w.A.id,
    }),
  ],
  [
    'limsorderCommentTypes',
    (w) => ({
      ...simple('Comment type'),
      HasValidation: true,
      RegularExpression: '^[A-Z]+$',
      RegularExpressionMessage: 'Capitals only',
      InstitutionId: w.A.id,
    }),
  ],
];

/** The created record: in the list the spec reads (GET of the same collection). */
const createRow = ([key, body]: [string, (w: World) => Rec]): Row => ({
  spec: 'spec 1 §7 Create',
  call: `POST institutions/{instId}/${key}`,
  body,
  status: 201,
  check: async (res, w) => {
    const made = json<Rec>(res);
    w.saved[key.toLowerCase()] = made;
    expect(ids(await w.list(key))).toContain(made.id);
  },
});

/** spec 1 §7 "Edit": the record as the edit form holds it (read from its list), one field changed. */
const EDITS: [string, (w: World) => Rec, string?][] = [
  ['panels', (w) => w.saved.panels],
  ['tests', (w) => w.saved.tests],
  ['departments', (w) => w.saved.departments],
  ['institutionSites', (w) => w.saved.institutionsites],
  ...[
    'ethnicities',
    'genders',
    'labelingSchemas',
    'maritalStatuses',
    'patientTypes',
    'positionLabelingOptions',
    'priorities',
    'races',
    'vitalStatuses',
    'specimenTypeCategories',
    'anatomicSites',
    'pathologicalStatuses',
    'specimenCollectionProcedures',
    'subSampleLineages',
    'unitOfMeasurementTypes',
  ].map((key): [string, (w: World) => Rec] => [key, (w) => w.saved[key.toLowerCase()]]),
  ['limsorderCommentTypes', (w) => w.saved.limsordercommenttypes],
  ['collectionProtocolEventUnitOfMeasurements', (w) => w.saved.collectionprotocoleventunitofmeasurements, 'UnitName'],
];

const editRow = ([key, record, field = 'Title']: [string, (w: World) => Rec, string?]): Row => ({
  spec: 'spec 1 §7 Edit',
  call: `PUT institutions/{instId}/${key}/{id}`,
  params: (w) => ({ id: record(w).id }),
  deviation: STAMP,
  body: (w) => ({ ...record(w), [field]: `Edited ${key}`, InstitutionId: w.A.id }),
  status: 200,
  check: async (_res, w) => {
    const read = await w.get(`${key}/${record(w).id}`);
    expect(read[field.charAt(0).toLowerCase() + field.slice(1)]).toBe(`Edited ${key}`);
  },
});

const node = (title: string, w: World, over: Rec = {}) => ({
  Title: title,
  Rows: 2,
  Columns: 2,
  PositionLabelingOptionId: w.sr.twoD,
  RowLabelingSchemaId: w.sr.upper,
  ColumnLabelingSchemaId: w.sr.numbers,
  InstitutionId: w.A.id,
  InstitutionSiteId: w.A.site.id,
  ...over,
});
const ORDER = 'institutions/{id}/LIMSOrders/{orderId}/limsOrderedPanels/{panelId}/limsOrderedTests/{testId}';
/** The spec's order, its first ordered panel and the ordered test of the numeric test (glucose). */
const orderParams = (w: World, test: 'glucose' | 'hiv' = 'glucose') => {
  const o = w.saved.orderDetail as Rec;
  const panel = o.orderedPanels[0];
  const t = panel.orderedTests.find((x: Rec) => x.testId === w.lab[test].id);
  return {
    id: w.A.id,
    orderId: o.id,
    panelId: panel.id,
    testId: t.id,
    resultId: t.testResult.id,
    releaseId: t.testResultRelease.id,
  };
};
const reloadOrder = async (w: World) => {
  w.saved.orderDetail = await w.get(`LIMSOrders/${w.saved.order.id}`);
};

export const SPEC_1: Row[] = [
  // Session and institutions
  {
    spec: 'spec 1 §7 Session',
    call: 'POST Authentication/login',
    body: (w) => ({ userName: w.account.email, password: PASSWORD }),
    status: 200,
    check: (res) => expect(typeof json(res).token).toBe('string'),
  },
  {
    spec: 'spec 1 §7 Session',
    call: 'GET institutions',
    status: 200,
    check: (res, w) => expect(ids(json(res))).toContain(w.A.id),
  },
  {
    spec: 'spec 1 §7 Session',
    call: 'GET institutions/{instId}',
    status: 200,
    check: (res, w) => expect(json(res)).toMatchObject({ id: w.A.id, title: w.A.title }),
  },
  {
    spec: 'spec 1 §7 Session',
    call: 'POST institutions',
    as: 'super',
    body: () => ({ Title: `Partner lab ${word()}`, Abbreviation: 'PL', Address: '5 Partner Way' }),
    status: 201,
    check: async (res, w) =>
      expect(ids(json(await w.t.call('GET', '/api/institutions', { token: w.superToken })))).toContain(json(res).id),
  },
  {
    spec: 'spec 1 §7 Session',
    call: 'PUT institutions',
    body: (w) => w.saved.institution,
    status: 200,
    deviation: STAMP,
    before: async (w) => {
      w.saved.institution = {
        ...(await w.get('')),
        Title: `${w.A.title} edited`,
        Abbreviation: 'INS',
        Address: '11 Lab Street',
      };
    },
    check: async (_res, w) =>
      expect(await w.get('')).toMatchObject({ title: `${w.A.title} edited`, address: '11 Lab Street' }),
  },
  {
    spec: 'spec 1 §7 Session',
    call: 'GET institutions/{id}/institutionSites',
    params: (w) => ({ id: w.B.id }),
    status: 200,
    check: (res, w) => expect(ids(json(res))).toContain(w.B.site.id),
  },

  // Lists
  // No comment type is seeded: that list is read empty until the create below.
  ...LISTS.map((key): Row => ({
    spec: 'spec 1 §7 Lists',
    call: `GET institutions/{instId}/${key}?${LIST}`,
    status: 200,
    check: (res) => expectList(res, { nonEmpty: key !== 'LIMSOrderCommentTypes' }),
  })),
  {
    spec: 'spec 1 §7 Lists',
    call: `GET institutions/{instId}/patients?${LIST.replace('SearchTerm=', 'SearchTerm=Almaz')}`,
    status: 200,
    check: (res, w) => expect(ids(expectList(res))).toContain(w.s.patient.id),
  },
  {
    spec: 'spec 1 §7 Lists',
    call: 'GET institutions/{instId}/limsOrders?PageNumber=1&PageSize=10',
    status: 200,
    check: (res, w) => expect(ids(expectList(res))).toContain(w.order[0].id),
  },
  {
    spec: 'spec 1 §7 Lists (large sizes)',
    call: 'GET institutions/{instId}/panels?PageSize=50000',
    status: 200,
    deviation: CAP,
    check: (res) => {
      expectList(res);
      expect(pagination(res).PageSize).toBe(1000);
    },
  },
  {
    spec: 'spec 1 §7 Lists (large sizes)',
    call: 'GET institutions/{instId}/panelTests?PageSize=10000',
    status: 200,
    deviation: CAP,
    check: (res) => {
      expectList(res);
      expect(pagination(res).PageSize).toBe(1000);
    },
  },
  {
    spec: 'spec 1 §7 Lists (unpaged)',
    call: 'GET institutions/{instId}/orderedTests',
    status: 404,
    deviation: 'GET orderedTests',
  },
  {
    spec: 'spec 1 §7 Lists (unpaged)',
    call: 'GET institutions/{instId}/testAcceptedValues',
    status: 200,
    check: (res) =>
      expect(expectList(res).map((v) => v.title)).toEqual(expect.arrayContaining(['Positive', 'Negative'])),
  },
  {
    spec: 'spec 1 §7 Lists (unpaged)',
    call: 'GET institutions/{instId}/testResultRanges',
    status: 200,
    check: (res, w) => expect(expectList(res).map((r) => r.testId)).toContain(w.lab.glucose.id),
  },
  {
    spec: 'spec 1 §7 Lists (unpaged)',
    call: 'GET institutions/{instId}/storageContainers',
    status: 200,
    check: (res, w) => expect(ids(expectList(res))).toContain(w.chain.ids[0]),
  },
  {
    spec: 'spec 1 §7 Lists (unpaged)',
    call: 'GET institutions/{instId}/storageContainerBoxs',
    status: 200,
    pending: 'i27-lists',
    check: (res, w) => expect(ids(expectList(res))).toContain(w.chain.ids[4]),
  },
  {
    spec: 'spec 1 §7 Lists (unpaged)',
    call: 'GET institutions/{instId}/storageContainerBoxPositions',
    status: 200,
    pending: 'i27-lists',
    check: (res, w) => expect(ids(expectList(res))).toEqual(expect.arrayContaining(ids(w.positions))),
  },
  {
    spec: 'spec 1 §7 Lists (unpaged)',
    call: 'GET institutions/{instId}/storageContainerBoxPositionOccupancies',
    status: 200,
    pending: 'i27-lists',
    check: (res, w) => expect(expectList(res).map((o) => o.collectedSampleId)).toContain(w.second.id),
  },
  {
    spec: 'spec 1 §7 Lists (unpaged)',
    call: 'GET institutions/{instId}/storageContainerDrawers',
    status: 200,
    pending: 'i27-lists',
    check: (res, w) => expect(ids(expectList(res))).toContain(w.chain.ids[3]),
  },
  // Dependent lists
  {
    spec: 'spec 1 §7 Dependent lists',
    call: 'GET institutions/{instId}/tests/{testId}/testAcceptedValues',
    params: (w) => ({ testId: w.lab.hiv.id }),
    status: 200,
    check: (res) =>
      expect(
        expectList(res)
          .map((v) => v.title)
          .sort(),
      ).toEqual(['Negative', 'Positive']),
  },
  {
    spec: 'spec 1 §7 Dependent lists',
    call: 'GET institutions/{instId}/tests/{testId}/testResultRanges',
    params: (w) => ({ testId: w.lab.glucose.id }),
    status: 200,
    check: (res) => expect(expectList(res)[0]).toMatchObject({ minimumValue: 3.5, maximumValue: 5.5 }),
  },
  {
    spec: 'spec 1 §7 Dependent lists',
    call: 'GET institutions/{instId}/specimenTypeCategories/{id}/specimenTypes',
    params: (w) => ({ id: w.pr.types.find((x) => x.title === 'Whole Blood')!.specimenTypeCategoryId as number }),
    status: 200,
    check: (res) => expect(expectList(res).map((x) => x.title)).toContain('Whole Blood'),
  },
  {
    spec: 'spec 1 §7 Dependent lists',
    call: 'GET institutions/{instId}/unitOfMeasurementTypes/{id}/unitOfMeasurements',
    params: (w) => ({ id: w.pr.units.find((x) => x.unitName === 'Millilitre')!.unitOfMeasurementTypeId as number }),
    status: 200,
    check: (res) => expect(expectList(res).map((x) => x.unitName)).toContain('Millilitre'),
  },
  {
    spec: 'spec 1 §7 Dependent lists',
    call: 'GET institutions/{instId}/phoneNumberTypeCategories/{id}/phoneNumberTypes',
    before: async (w) => {
      w.saved.mobile = await w.get(`phoneNumberTypes/${w.lab.refs.mobile}`);
    },
    params: (w) => ({ id: w.saved.mobile.phoneNumberTypeCategoryId }),
    status: 200,
    check: (res, w) => expect(ids(expectList(res))).toContain(w.lab.refs.mobile),
  },
  {
    spec: 'spec 1 §7 Dependent lists',
    call: 'GET institutions/{instId}/storageContainers/{id}/storageContainerShelfs',
    params: (w) => ({ id: w.chain.ids[0] }),
    status: 200,
    check: (res, w) => expect(ids(expectList(res))).toEqual([w.chain.ids[1]]),
  },
  ...['patients', 'collectionProtocols', 'collectedSamples'].map((key): Row => ({
    spec: 'spec 1 §7 Dependent lists (counts)',
    call: `GET institutions/{instId}/${key}/count`,
    status: 200,
    check: (res) => expect(json(res)).toMatchObject({ count: expect.any(Number), isEstimate: false }),
  })),
  {
    spec: 'spec 1 §7 Dependent lists',
    call: 'GET institutions/{instId}/unitOfMeasurements/{id}',
    params: (w) => ({ id: w.pr.unit('Millilitre') }),
    status: 200,
    check: (res) => expect(json(res)).toMatchObject({ unitName: 'Millilitre', unitSymbol: 'mL' }),
  },
  {
    spec: 'spec 1 §7 Dependent lists',
    call: 'GET institutions/{instId}/specimenTypeCategories/{id}',
    params: (w) => ({ id: w.pr.types.find((x) => x.title === 'Whole Blood')!.specimenTypeCategoryId as number }),
    status: 200,
    check: (res) => expect(typeof json(res).title).toBe('string'),
  },
  {
    spec: 'spec 1 §7 Typeahead',
    call: 'GET institutions/{instId}/races?SearchTerm=black',
    status: 200,
    check: (res) => expect(expectList(res).map((r) => r.title)).toEqual(['Black or African American']),
  },
  {
    spec: 'spec 1 §7 Typeahead',
    call: 'GET institutions/{instId}/ethnicities?SearchTerm=hispanic',
    status: 200,
    check: (res) =>
      expect(
        expectList(res)
          .map((r) => r.title)
          .sort(),
      ).toEqual(['Hispanic or Latino', 'Not Hispanic or Latino']),
  },

  // Create
  ...CREATES.map(createRow),
  {
    spec: 'spec 1 §7 Create (nested)',
    call: 'POST institutions/{instId}/UnitOfMeasurementTypes/{typeId}/unitOfMeasurements',
    params: (w) => ({ typeId: w.saved.unitofmeasurementtypes.id }),
    body: (w) => ({
      UnitOfMeasurementTypeId: w.saved.unitofmeasurementtypes.id,
      UnitName: 'Dozen',
      UnitSymbol: 'dz',
      Code: 'DZ',
      Description: 'Twelve',
      InstitutionId: w.A.id,
    }),
    status: 201,
    check: async (res, w) => {
      w.saved.unit = json(res);
      expect(
        ids(await w.list(`unitOfMeasurementTypes/${w.saved.unitofmeasurementtypes.id}/unitOfMeasurements`)),
      ).toEqual([w.saved.unit.id]);
    },
  },
  {
    spec: 'spec 1 §7 Create (nested)',
    call: 'POST institutions/{instId}/specimenTypeCategories/{categoryId}/specimenTypes',
    params: (w) => ({ categoryId: w.saved.specimentypecategories.id }),
    body: (w) => ({
      ...simple('Specimen type'),
      SpecimenTypeCategoryId: w.saved.specimentypecategories.id,
      UnitOfMeasurementId: w.pr.unit('Millilitre'),
      Ordinal: 0,
      IsDefault: false,
      InstitutionId: w.A.id,
    }),
    status: 201,
    check: async (res, w) =>
      expect(ids(await w.list(`specimenTypeCategories/${w.saved.specimentypecategories.id}/specimenTypes`))).toEqual([
        json(res).id,
      ]),
  },
  {
    spec: 'spec 1 §7 Create (nested, "one variant uses PUT here")',
    call: 'PUT institutions/{instId}/specimenTypeCategories/{categoryId}/specimenTypes',
    params: (w) => ({ categoryId: w.saved.specimentypecategories.id }),
    deviation: 'one variant uses PUT',
    body: (w) => ({
      ...simple('Specimen type'),
      SpecimenTypeCategoryId: w.saved.specimentypecategories.id,
      UnitOfMeasurementId: w.pr.unit('Millilitre'),
      Ordinal: 0,
      IsDefault: false,
    }),
    status: 404,
  },
  {
    spec: 'spec 1 §7 Create (nested)',
    call: 'POST institutions/{instId}/tests/{testId}/testAcceptedValues',
    params: (w) => ({ testId: w.saved.tests.id }),
    body: (w) => ({ TestId: w.saved.tests.id, Title: 'Trace', Abbreviation: 'TR', Description: 'Barely there' }),
    status: 201,
    check: async (_res, w) =>
      expect((await w.list(`tests/${w.saved.tests.id}/testAcceptedValues`)).map((v) => v.title)).toEqual(['Trace']),
  },
  {
    spec: 'spec 1 §7 Create (nested)',
    call: 'POST institutions/{instId}/tests/{testId}/testResultRanges',
    params: (w) => ({ testId: w.saved.tests.id }),
    body: (w) => ({ TestId: w.saved.tests.id, MinimumValue: 1, MaximumValue: 9 }),
    status: 201,
    check: async (_res, w) =>
      expect(await w.list(`tests/${w.saved.tests.id}/testResultRanges`)).toMatchObject([
        { minimumValue: 1, maximumValue: 9 },
      ]),
  },
  {
    spec: 'spec 1 §7 Create (storage)',
    call: 'POST institutions/{instId}/storageContainers',
    body: (w) => node('Spec freezer', w, { Code: 'SF' }),
    status: 201,
    check: async (res, w) => {
      w.saved.container = json(res);
      expect(ids(await w.list('storageContainers'))).toContain(w.saved.container.id);
    },
  },
  {
    spec: 'spec 1 §7 Create (storage)',
    call: 'POST institutions/{instId}/storageContainers/{containerId}/storageContainerShelfs',
    params: (w) => ({ containerId: w.saved.container.id }),
    body: (w) => node('Spec shelf', w),
    status: 201,
    check: async (res, w) => {
      w.saved.shelf = json(res);
      expect(ids(await w.list(`storageContainers/${w.saved.container.id}/storageContainerShelfs`))).toEqual([
        w.saved.shelf.id,
      ]);
    },
  },
  {
    spec: 'spec 1 §7 Create (storage)',
    call: 'POST institutions/{instId}/storageContainers/{containerId}/storageContainerShelfs/{shelfId}/storageContainerRacks',
    params: (w) => ({ containerId: w.saved.container.id, shelfId: w.saved.shelf.id }),
    body: (w) => node('Spec rack', w),
    status: 201,
    check: async (res, w) => {
      w.saved.rack = json(res);
    },
  },
  {
    spec: 'spec 1 §7 Create (storage)',
    call: 'POST institutions/{instId}/storageContainers/{containerId}/storageContainerShelfs/{shelfId}/storageContainerRacks/{rackId}/storageContainerDrawers',
    params: (w) => ({ containerId: w.saved.container.id, shelfId: w.saved.shelf.id, rackId: w.saved.rack.id }),
    body: (w) => node('Spec drawer', w),
    status: 201,
    check: async (res, w) => {
      w.saved.drawer = json(res);
    },
  },
  {
    spec: 'spec 1 §7 Create (storage)',
    call: 'POST institutions/{instId}/storageContainers/{containerId}/storageContainerShelfs/{shelfId}/storageContainerRacks/{rackId}/storageContainerDrawers/{drawerId}/storageContainerBoxes',
    params: (w) => ({
      containerId: w.saved.container.id,
      shelfId: w.saved.shelf.id,
      rackId: w.saved.rack.id,
      drawerId: w.saved.drawer.id,
    }),
    body: (w) => node('Spec box', w, { Rows: 9, Columns: 9 }),
    status: 201,
    check: async (res, w) => {
      const path = `storageContainers/${w.saved.container.id}/storageContainerShelfs/${w.saved.shelf.id}/storageContainerRacks/${w.saved.rack.id}/storageContainerDrawers/${w.saved.drawer.id}`;
      expect(ids(await w.list(`${path}/storageContainerBoxes`))).toEqual([json(res).id]);
      expect(await w.get(`${path}/storageContainerBoxes/${json(res).id}/StorageContainerBoxPositions`)).toHaveLength(
        81,
      );
    },
  },

  // Edit
  ...EDITS.map(editRow),
  {
    spec: 'spec 1 §7 Edit',
    call: 'PUT institutions/{instId}/unitOfMeasurementTypes/{typeId}/unitOfMeasurements/{id}',
    deviation: STAMP,
    params: (w) => ({ typeId: w.saved.unitofmeasurementtypes.id, id: w.saved.unit.id }),
    body: (w) => ({ ...w.saved.unit, UnitName: "Baker's dozen" }),
    status: 200,
    check: async (_res, w) =>
      expect((await w.get(`unitOfMeasurements/${w.saved.unit.id}`)).unitName).toBe("Baker's dozen"),
  },

  // Participants
  {
    spec: 'spec 1 §7 Participants',
    call: 'GET institutions/{instId}/patients?SearchTerm=Tesfaye',
    status: 200,
    check: (res, w) => expect(ids(expectList(res))).toContain(w.s.patient.id),
  },
  {
    spec: 'spec 1 §7 Participants',
    call: 'POST institutions/{instId}/patients',
    before: async (w) => {
      w.saved.patientCount = json(await w.call('GET', 'patients/count')).count;
    },
    body: (w) => ({
      PatientMRN: `MRN-SPEC-${word()}`,
      SocialSecurityNumber: 'SSN-1',
      ExternalSubjectID: 'EXT-SPEC-1',
      FirstName: 'Selam',
      FatherName: 'Girma',
      GrandFatherName: 'Haile',
      PatientTypeId: w.lab.refs.outpatient,
      GenderId: w.lab.refs.female,
      MaritalStatusId: w.lab.refs.single,
      VitalStatusId: w.lab.refs.alive,
      BirthDate: '1990-05-01',
      BirthTime: '07:15',
      InstitutionId: w.A.id,
    }),
    status: 201,
    check: async (res, w) => {
      w.saved.patient = json(res);
      expect(json(await w.call('GET', 'patients/count')).count).toBe(w.saved.patientCount + 1);
      expect(ids(await w.list('patients?SearchTerm=Selam Girma'))).toEqual([w.saved.patient.id]);
    },
  },
  ...(
    [
      [
        'patientMRNs',
        (w: World) => ({
          institutionId: w.A.id,
          patientId: w.saved.patient.id,
          mrn: `SITE-MRN-${word()}`,
          InstitutionSiteID: w.A.site.id,
        }),
      ],
      [
        'patientRaces',
        (w: World) => ({ raceId: w.lab.refs.asian, patientId: w.saved.patient.id, institutionSiteId: w.A.site.id }),
      ],
      [
        'patientEthnicities',
        (w: World) => ({
          ethnicityId: w.lab.refs.hispanic,
          patientId: w.saved.patient.id,
          institutionSiteId: w.A.site.id,
        }),
      ],
      [
        'patientPhoneNumbers',
        (w: World) => ({
          institutionSiteId: w.A.site.id,
          patientId: w.saved.patient.id,
          phoneNumberTypeId: w.lab.refs.mobile,
          phoneNumber: '0911222333',
        }),
      ],
    ] as const
  ).map(([child, body]): Row => ({
    spec: 'spec 1 §7 Participants',
    call: `POST institutions/{instId}/patients/{patientId}/${child}`,
    params: (w) => ({ patientId: w.saved.patient.id }),
    body,
    status: 201,
    check: (res, w) => {
      w.saved[child] = json(res);
    },
  })),
  ...['patientMRNs', 'patientRaces', 'patientEthnicities', 'patientPhoneNumbers'].map((child): Row => ({
    spec: 'spec 1 §7 Participants',
    call: `GET institutions/{instId}/patients/{patientId}/${child}?IsEnabled=true`,
    params: (w) => ({ patientId: w.saved.patient.id }),
    status: 200,
    check: (res, w) => expect(ids(expectList(res))).toContain(w.saved[child].id),
  })),
  ...['patientPhoneNumbers', 'patientRaces', 'patientEthnicities'].map((child): Row => ({
    spec: 'spec 1 §7 Participants',
    call: `POST institutions/{instId}/patients/{patientId}/${child}/{id}/disable`,
    params: (w) => ({ patientId: w.saved.patient.id, id: w.saved[child].id }),
    body: (w) => w.saved[child],
    status: 200,
    check: async (_res, w) =>
      expect(ids(await w.list(`patients/${w.saved.patient.id}/${child}?IsEnabled=true`))).not.toContain(
        w.saved[child].id,
      ),
  })),
  {
    spec: 'spec 1 §7 Participants',
    call: 'PUT institutions/{instId}/patients/{patientId}',
    params: (w) => ({ patientId: w.saved.patient.id }),
    deviation: STAMP,
    before: async (w) => {
      w.saved.patientRead = await w.get(`patients/${w.saved.patient.id}`);
      w.saved.married = (await w.list('maritalStatuses')).find((m) => m.id !== w.lab.refs.single)!.id;
    },
    // The patient as read, its first name edited, and the selects' values added under the spec's names: the
    // marital status chosen in the form is the added MaritalStatusId, not the patient's old maritalStatusId.
    body: (w) => ({
      ...w.saved.patientRead,
      firstName: 'Selamawit',
      InstitutionId: w.A.id,
      PatientTypeId: w.lab.refs.outpatient,
      GenderId: w.lab.refs.female,
      MaritalStatusId: w.saved.married,
      VitalStatusId: w.lab.refs.alive,
    }),
    status: 200,
    check: async (_res, w) =>
      expect(await w.get(`patients/${w.saved.patient.id}`)).toMatchObject({
        firstName: 'Selamawit',
        maritalStatusId: w.saved.married,
      }),
  },
  {
    spec: 'spec 1 §7 Participants',
    call: 'GET institutions/patientMRNs?institutionId={instId}&mrn={mrn}',
    params: (w) => ({ mrn: w.saved.patient.patientMRN }),
    status: 200,
    check: (res, w) => expect(json<Rec[]>(res).map((r) => r.patient.id)).toEqual([w.saved.patient.id]),
  },
  {
    spec: 'spec 1 §7 Participants',
    call: 'GET institutions/{id}/patients?PhoneNumber={phone}',
    params: (w) => ({ id: w.A.id, phone: '0911777888' }),
    status: 200,
    check: (res, w) => expect(ids(json(res))).toEqual([w.man.id]),
  },

  // Orders
  {
    spec: 'spec 1 §7 Orders',
    call: 'POST institutions/{id}/LIMSOrders',
    params: (w) => ({ id: w.A.id }),
    body: (w) => ({
      InstitutionId: w.A.id,
      PatientId: w.saved.patient.id,
      PriorityId: w.lab.priorityId,
      InstitutionSiteId: w.A.site.id,
      CommentToLab: 'Fasting sample',
      PatientMRN: w.saved.patient.patientMRN,
      SampleId: `ORD-${word()}`,
      HasSampleID: true,
      OrderedBy: w.account.id,
      SocialSecurityNumber: 'SSN-1',
      BirthDate: '1990-05-01',
      BirthTime: '07:15',
      Panels: [w.lab.panel.id],
    }),
    status: 201,
    check: async (res, w) => {
      w.saved.order = json(res);
      expect(ids(await w.list('LIMSOrders'))).toContain(w.saved.order.id);
    },
  },
  {
    spec: 'spec 1 §7 Orders',
    call: 'POST institutions/{id}/LIMSOrders/{orderId}/LIMSOrderedPanels',
    params: (w) => ({ id: w.A.id, orderId: w.saved.order.id }),
    body: (w) => ({ limsOrderID: w.saved.order.id, panelID: w.lab.panel.id, comment: 'Urgent please' }),
    status: 201,
    check: async (_res, w) => {
      await reloadOrder(w);
      expect(w.saved.orderDetail.orderedPanels).toMatchObject([{ panelId: w.lab.panel.id, comment: 'Urgent please' }]);
      expect(w.saved.orderDetail.orderedPanels[0].orderedTests).toHaveLength(3);
    },
  },
  {
    spec: 'spec 1 §7 Orders',
    call: 'GET institutions/{instId}/panels?SearchTerm={term}',
    params: (w) => ({ term: w.lab.panel.title }),
    status: 200,
    check: (res, w) => expect(ids(expectList(res))).toEqual([w.lab.panel.id]),
  },
  {
    spec: 'spec 1 §7 Orders',
    call: 'GET institutions/{instId}/collectedSamples?SampleID=spec-0001',
    status: 200,
    check: (res, w) => expect(ids(expectList(res))).toEqual([w.sample.id]),
  },
  {
    spec: 'spec 1 §7 Orders',
    call: 'GET institutions/{instId}/LIMSOrders?SampleID={sampleId}',
    params: (w) => ({ sampleId: w.saved.order.sampleId }),
    status: 200,
    check: (res, w) => expect(ids(expectList(res))).toEqual([w.saved.order.id]),
  },
  {
    spec: 'spec 1 §7 Orders',
    call: 'GET institutions/{instId}/LIMSOrders?patientId={patientId}',
    params: (w) => ({ patientId: w.s.patient.id }),
    status: 200,
    check: (res, w) => expect(ids(expectList(res))).toEqual([w.order[0].id]),
  },
  {
    spec: 'spec 1 §7 Orders',
    call: 'GET institutions/{instId}/LIMSOrders?CollectedSampleId={sampleId}',
    params: (w) => ({ sampleId: w.sample.id }),
    status: 200,
    check: (res, w) => expect(ids(expectList(res))).toEqual([w.order[0].id]),
  },
  {
    spec: 'spec 1 §7 Orders (detail)',
    call: 'GET institutions/{id}/LIMSOrders/{orderId}/limsOrderedPanels?PageSize=5000',
    params: orderParams,
    status: 200,
    deviation: CAP,
    check: (res, w) => {
      expect(ids(expectList(res))).toEqual([orderParams(w).panelId]);
      expect(pagination(res).PageSize).toBe(1000);
    },
  },
  {
    spec: 'spec 1 §7 Orders (detail)',
    call: 'GET institutions/{id}/LIMSOrders/{orderId}/limsOrderedPanels/{panelId}/limsOrderedTests?PageSize=5000',
    params: orderParams,
    status: 200,
    deviation: CAP,
    check: (res, w) =>
      expect(
        expectList(res)
          .map((x) => x.testId)
          .sort(),
      ).toEqual([w.lab.glucose.id, w.lab.hiv.id, w.lab.note.id].sort()),
  },
  {
    spec: 'spec 1 §7 Orders (detail)',
    call: 'GET institutions/{id}/tests/{testId}/testAcceptedValues',
    params: (w) => ({ id: w.A.id, testId: w.lab.hiv.id }),
    status: 200,
    check: (res) => expect(expectList(res)).toHaveLength(2),
  },
  {
    spec: 'spec 1 §7 Orders (detail)',
    call: `GET ${ORDER}/limsOrderedTestResults`,
    params: orderParams,
    status: 200,
    check: (res, w) => expect(ids(json(res))).toEqual([orderParams(w).resultId]),
  },
  {
    spec: 'spec 1 §7 Orders (detail)',
    call: 'GET institutions/{id}/tests/{testId}/testResultRanges/{rangeId}',
    before: async (w) => {
      w.saved.range = (await w.list(`tests/${w.lab.glucose.id}/testResultRanges`))[0];
    },
    params: (w) => ({ id: w.A.id, testId: w.lab.glucose.id, rangeId: w.saved.range.id }),
    status: 200,
    check: (res) => expect(json(res)).toMatchObject({ minimumValue: 3.5, maximumValue: 5.5 }),
  },
  {
    spec: 'spec 1 §7 Orders (detail)',
    call: `GET ${ORDER}/limsOrderedTestResults/{resultId}/limsOrderedTestResultReleases`,
    params: orderParams,
    status: 200,
    check: (res, w) => expect(json<Rec[]>(res)).toMatchObject([{ id: orderParams(w).releaseId, isReleased: false }]),
  },
  {
    spec: 'spec 1 §7 Orders (detail)',
    call: 'GET institutions/{id}/patients/{patientId}/patientMRNs',
    params: (w) => ({ id: w.A.id, patientId: w.saved.patient.id }),
    status: 200,
    check: (res, w) => expect(json<Rec[]>(res).map((m) => m.mrn)).toContain(w.saved.patient.patientMRN),
  },
  {
    spec: 'spec 1 §7 Orders (save result)',
    call: `PUT ${ORDER}/limsOrderedTestResults/{resultId}`,
    params: orderParams,
    deviation: STAMP,
    before: async (w) => {
      w.saved.result = (await w.get(urlTail(`${ORDER}/limsOrderedTestResults`, orderParams(w))))[0];
    },
    body: (w) => ({ ...w.saved.result, result: '4.2' }),
    status: 200,
    check: async (_res, w) => {
      await reloadOrder(w);
      expect((await w.get(urlTail(`${ORDER}/limsOrderedTestResults`, orderParams(w))))[0].result).toBe('4.2');
    },
  },
  {
    spec: 'spec 1 §7 Orders (release)',
    call: `POST ${ORDER}/limsOrderedTestResults/{resultId}/limsOrderedTestResultReleases/{releaseId}/release`,
    params: orderParams,
    body: (w) => ({ id: orderParams(w).releaseId, limsOrderedTestResultID: orderParams(w).resultId }),
    status: 200,
    check: async (_res, w) => {
      expect(
        (
          await w.get(
            urlTail(`${ORDER}/limsOrderedTestResults/{resultId}/limsOrderedTestResultReleases`, orderParams(w)),
          )
        )[0],
      ).toMatchObject({ isReleased: true });
    },
  },
  {
    spec: 'spec 1 §7 Orders (panel release: each test)',
    call: `POST ${ORDER}/limsOrderedTestResults/{resultId}/limsOrderedTestResultReleases/{releaseId}/release`,
    params: (w) => orderParams(w, 'hiv'),
    status: 200,
    before: async (w) => {
      const p = orderParams(w, 'hiv');
      const result = (await w.get(urlTail(`${ORDER}/limsOrderedTestResults`, p)))[0];
      expect(
        (
          await w.call('PUT', urlTail(`${ORDER}/limsOrderedTestResults/{resultId}`, p), {
            ...result,
            result: 'Negative',
          })
        ).statusCode,
      ).toBe(200);
    },
    body: (w) => ({
      id: orderParams(w, 'hiv').releaseId,
      limsOrderedTestResultID: orderParams(w, 'hiv').resultId,
      isReleased: true,
      releasedDate: new Date().toISOString(),
    }),
    check: async (_res, w) => {
      await reloadOrder(w);
      expect(
        (
          await w.get(
            urlTail(`${ORDER}/limsOrderedTestResults/{resultId}/limsOrderedTestResultReleases`, orderParams(w, 'hiv')),
          )
        )[0].isReleased,
      ).toBe(true);
    },
  },
  {
    spec: 'spec 1 §7 Orders (comment)',
    call: `PUT ${ORDER}`,
    params: orderParams,
    deviation: STAMP,
    before: async (w) => {
      const p = orderParams(w);
      w.saved.orderedTest = (
        await w.list(`LIMSOrders/${p.orderId}/limsOrderedPanels/${p.panelId}/limsOrderedTests`)
      ).find((x) => x.id === p.testId);
    },
    body: (w) => ({ ...w.saved.orderedTest, comment: 'Haemolysed' }),
    status: 200,
    check: async (_res, w) => {
      await reloadOrder(w);
      expect(
        w.saved.orderDetail.orderedPanels[0].orderedTests.find((x: Rec) => x.id === orderParams(w).testId).comment,
      ).toBe('Haemolysed');
    },
  },
];

/** A spec path below institutions/{id}/ filled with params, for the world's own reads. */
function urlTail(path: string, params: Record<string, string | number>) {
  return path.replace(/^institutions\/\{id\}\//, '').replace(/\{(\w+)\}/g, (_, n: string) => String(params[n]));
}
