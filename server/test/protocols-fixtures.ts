import type { TestApp } from './harness';

type Rec = Record<string, unknown> & { id: number; title?: string; unitName?: string };

let codes = 0;
/** A fresh two-character protocol code (unique within one test file's run). */
export const nextCode = () => {
  const n = codes++;
  return `${String.fromCharCode(65 + Math.floor(n / 26) % 26)}${String.fromCharCode(65 + n % 26)}`;
};

export const protocolBody = (over: Record<string, unknown> = {}) => ({
  Title: 'Breast Cancer Screening', Abbreviation: 'BCS', Code: nextCode(), StartDate: '2026-01-01', EndDate: '2026-12-31', ExpectedParticipants: 120, ...over,
});

/** A protocol made through the API. */
export async function createProtocol(t: TestApp, instId: number, token: string, over: Record<string, unknown> = {}) {
  const res = await t.call('POST', `/api/institutions/${instId}/collectionProtocols`, { token, body: protocolBody(over) });
  if (res.statusCode !== 201) throw new Error(`protocol: ${res.statusCode} ${res.body}`);
  return res.json() as Rec & { concurrencyStamp: string; code: string };
}

/** Ids of the seeded lists a protocol's events and requirements use, by title. */
export async function protocolRefs(t: TestApp, instId: number, token: string) {
  const list = async (key: string) => (await t.call('GET', `/api/institutions/${instId}/${key}?PageSize=200`, { token })).json() as Rec[];
  const [eventUnits, units, types, lineages, anatomic, pathological, procedures] = await Promise.all(
    ['collectionProtocolEventUnitOfMeasurements', 'unitOfMeasurements', 'specimenTypes', 'subSampleLineages', 'anatomicSites', 'pathologicalStatuses', 'specimenCollectionProcedures'].map(list),
  );
  const by = (rows: Rec[], name: string) => {
    const row = rows.find((r) => r.title === name || r.unitName === name);
    if (!row) throw new Error(`no ${name} in ${JSON.stringify(rows.map((r) => r.title ?? r.unitName))}`);
    return row.id;
  };
  return {
    eventUnits, units, types,
    eventUnit: (name: string) => by(eventUnits, name), unit: (name: string) => by(units, name), type: (name: string) => by(types, name),
    aliquot: by(lineages, 'Aliquot'), derived: by(lineages, 'Derived'),
    blood: by(anatomic, 'Blood'), malignant: by(pathological, 'Malignant'), venipuncture: by(procedures, 'Venipuncture'),
  };
}
