import { expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { json, pagination, type TestApp } from './harness';
import { createAccount, createInstitution, login, signedIn } from './factories';
import { labSetup } from './orders-fixtures';
import { participant } from './participants-fixtures';
import { protocolRefs, signaturePng } from './protocols-fixtures';
import { sampleSetUp } from './samples-fixtures';
import { storageChain, storageRefs } from './storage-fixtures';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read field by field as the spec names them
export type Rec = Record<string, any>;

/**
 * One row per call of spec 1 §7 and spec 2 §7: the call as the spec writes it (method and path with
 * its placeholders, the query it sends), the spec's field list filled, and the effect the spec describes.
 */
export interface Row {
  /** Where the spec writes the call: 'spec 1 §7 Lists'. */
  spec: string;
  /** 'GET institutions/{instId}/tests?IsEnabled=true' : the path below the API root, placeholders in braces. */
  call: string;
  /** Values of the placeholders other than {instId} and {i} (the caller's institution). */
  params?: (w: World) => Record<string, unknown>;
  body?: (w: World) => unknown;
  /** Who calls: the receiving institution's administrator, or the Super Administrator. */
  as?: 'receiver' | 'super';
  /** Runs before the call (e.g. reads a count the call should change). */
  before?: (w: World) => Promise<void>;
  status: number;
  /** The effect the spec describes, checked on the answer and with the spec's own reads. */
  check?: (res: LightMyRequestResponse, w: World) => unknown;
  /** A call we answer otherwise than the spec: the text of its row in docs/spec-deviations.md. */
  deviation?: string;
  /** Served by a branch that merges before this one: skipped until the coordinator flips it on. */
  pending?: 'i27-lists' | 'i27-query';
}

/** A first-class call: the URL a row sends, its placeholders filled. */
export function urlOf(row: Row, w: World): string {
  const values: Record<string, unknown> = { instId: w.A.id, i: w.A.id, ...row.params?.(w) };
  const path = row.call.replace(/^[A-Z]+ /, '').replace(/\{(\w+)\}/g, (_, name: string) => {
    if (values[name] === undefined) throw new Error(`${row.call}: no value for {${name}}`);
    return encodeURIComponent(String(values[name]));
  });
  return `/api/${path}`;
}
export const methodOf = (row: Row) => row.call.split(' ')[0];

/** The data the rows work on, made through the API before the first row, and what rows leave for later ones. */
export async function buildWorld(t: TestApp) {
  const { institution: A, token, account } = await signedIn(t, ['Institution Administrator']);
  const B = await createInstitution(t, { abbreviation: 'RCV' });
  const receiver = await createAccount(t, { roles: ['Institution Administrator'], institutionIds: [B.id] });
  const receiverToken = await login(t, receiver.email);
  const superAccount = await createAccount(t, { roles: ['Super Administrator'], institutionIds: [A.id] });
  const superToken = await login(t, superAccount.email);

  const call = (method: string, path: string, body?: unknown, who = token, inst = A.id) =>
    t.call(method, `/api/institutions/${inst}/${path}`, { token: who, body });
  const get = async (path: string, who = token, inst = A.id) => {
    const res = await call('GET', path, undefined, who, inst);
    expect(res.statusCode, `GET ${path}: ${res.body.slice(0, 300)}`).toBe(200);
    return json<Rec>(res);
  };
  const made = async (path: string, body: unknown) => {
    const res = await call('POST', path, body);
    if (res.statusCode !== 201 && res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode} ${res.body}`);
    return json<Rec>(res);
  };

  const lab = await labSetup(t, A.id, token);
  const pr = await protocolRefs(t, A.id, token);
  const sr = await storageRefs(t, A.id, token);
  const s = await sampleSetUp(t, A, token, { protocol: pr, participant: lab.refs });
  const sample = await s.sample({ SampleID: 'SPEC-0001' });
  const second = await s.sample();
  const aliquot = await s.sub(sample);
  if (aliquot.statusCode !== 201) throw new Error(aliquot.body);
  const order = await made('LIMSOrders/place', {
    PatientIds: [s.patient.id],
    PanelIds: [lab.panel.id],
    PriorityId: lab.priorityId,
    CollectedSampleId: sample.id,
  });
  const chain = await storageChain(t, A.id, token, sr, { Rows: 3, Columns: 3 });
  const box = `storageContainers/${chain.ids[0]}/storageContainerShelfs/${chain.ids[1]}/storageContainerRacks/${chain.ids[2]}/storageContainerDrawers/${chain.ids[3]}/storageContainerBoxes/${chain.ids[4]}`;
  const positions = (await get(`${box}/StorageContainerBoxPositions`)) as Rec[];
  await made(`${box}/StorageContainerBoxPositions/${positions[0].id}/StorageContainerBoxPositionOccupancies`, {
    CollectedSampleID: second.id,
  });
  // A second enrolled patient with a phone and an external subject id, for the participant filters.
  const man = await made(
    'patients/register',
    participant(lab.refs, {
      FirstName: 'Dawit',
      GenderId: lab.refs.male,
      ExternalSubjectId: 'EXT-SPEC-9',
      phoneNumbers: [{ phoneNumberTypeId: lab.refs.mobile, phoneNumber: '0911777888' }],
    }),
  );
  await made(`collectionProtocols/${s.protocol.id}/collectionProtocolParticipants`, { PatientIds: [man.id] });
  const consent = await made(`collectionProtocols/${s.protocol.id}/collectionProtocolConsents`, {
    Title: 'Main consent',
    Consent: '<p>I agree to give samples.</p>',
  });
  // A questionnaire with one text field and one filled submission.
  const dataTypes = (await get('dataTypes?PageSize=100')) as Rec[];
  const dataType = (abbreviation: string) => dataTypes.find((d) => d.abbreviation === abbreviation)!.id as number;
  const form = await made(`collectionProtocols/${s.protocol.id}/collectionProtocolForms`, {
    Name: 'Screening',
    Description: 'Visit 1',
  });
  const formBase = `collectionProtocols/${s.protocol.id}/collectionProtocolForms/${form.id}`;
  const textField = await made(`${formBase}/collectionProtocolFormFields`, {
    DataTypeId: dataType('TB'),
    Prompt: 'Smoker since',
    ResponseTitle: 'Smoker since',
    Placeholder: 'year',
  });
  const spareField = await made(`${formBase}/collectionProtocolFormFields`, {
    DataTypeId: dataType('TB'),
    Prompt: 'To be disabled',
    ResponseTitle: 'Spare',
  });
  const choiceField = await made(`${formBase}/collectionProtocolFormFields`, {
    DataTypeId: dataType('RL'),
    Prompt: 'Fasting?',
    ResponseTitle: 'Fasting',
    Options: ['Yes', 'No'],
  });
  const submission = await made('submittedCollectionProtocolForms', {
    InstitutionSiteId: A.site.id,
    CollectionProtocolFormId: form.id,
    PatientId: s.patient.id,
    FormFields: [{ CollectionProtocolFormFieldId: textField.id, Value: '1999' }],
  });

  return {
    t,
    A,
    B,
    token,
    receiverToken,
    superToken,
    account,
    lab,
    pr,
    sr,
    s,
    sample,
    second,
    order,
    chain,
    box,
    positions,
    man,
    consent,
    dataType,
    form,
    formBase,
    textField,
    spareField,
    choiceField,
    submission,
    signature: signaturePng().dataUrl.replace(/^data:image\/png;base64,/, ''),
    /** What rows leave for later rows (a created id, a count read before a create). */
    saved: {} as Rec,
    get,
    call,
    /** The list as the spec reads it: every row, unpaged up to the cap. */
    list: async (path: string, who = token, inst = A.id) =>
      (await get(`${path}${path.includes('?') ? '&' : '?'}PageSize=1000`, who, inst)) as Rec[],
    total: async (path: string) => pagination(await call('GET', path)).TotalCount as number,
  };
}
export type World = Awaited<ReturnType<typeof buildWorld>>;

/** A list answer: an array, its total in X-Pagination, only enabled records when IsEnabled=true was asked. */
export function expectList(res: LightMyRequestResponse, { nonEmpty = true, enabled = true } = {}) {
  const rows = json<Rec[]>(res);
  expect(Array.isArray(rows), res.body.slice(0, 200)).toBe(true);
  if (nonEmpty) expect(rows.length).toBeGreaterThan(0);
  if (enabled) for (const r of rows) if ('isEnabled' in r) expect(r.isEnabled).toBe(true);
  const header = res.headers['x-pagination'];
  if (header) expect(pagination(res).TotalCount).toBeGreaterThanOrEqual(rows.length);
  return rows;
}

export const ids = (rows: Rec[]) => rows.map((r) => r.id);
