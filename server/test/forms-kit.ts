import type { TestApp } from './harness';
import { participant, referenceIds } from './participants-fixtures';
import { createProtocol } from './protocols-fixtures';

// Test set-up shared by the forms test files: an institution's protocol, its data types, a
// questionnaire with fields of each type, and enrolled participants.

type Rec = Record<string, unknown> & { id: number };
export type Field = Rec & {
  prompt: string;
  ordinal: number;
  concurrencyStamp: string;
  options: (Rec & { value: string; ordinal: number })[];
};

export async function formsKit(t: TestApp, instId: number, token: string) {
  const refs = await referenceIds(t, instId, token);
  const protocol = await createProtocol(t, instId, token);
  const types = (await t.call('GET', `/api/institutions/${instId}/dataTypes?PageSize=50`, { token })).json() as (Rec & {
    abbreviation: string;
  })[];
  const type = (abbreviation: string) => types.find((x) => x.abbreviation === abbreviation)!.id;
  const base = (protocolId = protocol.id, inst = instId) =>
    `/api/institutions/${inst}/collectionProtocols/${protocolId}/collectionProtocolForms`;
  const call = (method: string, url: string, body?: unknown, as = token) => t.call(method, url, { token: as, body });

  async function form(name = 'Screening questionnaire', protocolId = protocol.id) {
    const res = await call('POST', base(protocolId), { Name: name, Description: 'Asked at the first visit' });
    if (res.statusCode !== 201) throw new Error(`form: ${res.statusCode} ${res.body}`);
    return res.json() as Rec & { name: string; concurrencyStamp: string; collectionProtocolId: number };
  }
  const fieldsUrl = (formId: number, protocolId = protocol.id) =>
    `${base(protocolId)}/${formId}/collectionProtocolFormFields`;
  async function field(formId: number, abbreviation: string, over: Record<string, unknown> = {}) {
    const res = await call('POST', fieldsUrl(formId), {
      DataTypeId: type(abbreviation),
      Prompt: `${abbreviation} prompt`,
      ResponseTitle: abbreviation,
      ...over,
    });
    if (res.statusCode !== 201) throw new Error(`field: ${res.statusCode} ${res.body}`);
    return res.json() as Field;
  }
  async function enrolledPatient(over: Record<string, unknown> = {}, protocolId = protocol.id) {
    const p = await call('POST', `/api/institutions/${instId}/patients/register`, participant(refs, over));
    if (p.statusCode !== 201) throw new Error(p.body);
    const patient = p.json() as Rec;
    const e = await call(
      'POST',
      `/api/institutions/${instId}/collectionProtocols/${protocolId}/collectionProtocolParticipants`,
      { PatientIds: [patient.id] },
    );
    if (e.statusCode !== 201) throw new Error(e.body);
    return { patient, participantId: (e.json() as Rec[])[0].id };
  }
  const submit = (body: Record<string, unknown>, as = token) =>
    call(
      'POST',
      `/api/institutions/${instId}/submittedCollectionProtocolForms`,
      { InstitutionSiteId: refs.site, ...body },
      as,
    );
  return { refs, protocol, type, base, call, form, fieldsUrl, field, enrolledPatient, submit };
}
