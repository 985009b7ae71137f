import { MAX_COLLECT_ROWS } from '../../contract/samples.contract';
import type { TestApp } from './harness';
import { json } from './harness';
import { participant, referenceIds } from './participants-fixtures';
import { createProtocol, protocolRefs } from './protocols-fixtures';

type Rec = Record<string, unknown> & { id: number };
export type Sample = Rec & {
  sampleId: string;
  remainingAmount: number;
  collectedAmount: number;
  concurrencyStamp: string;
  children: Sample[];
};
type Inst = { id: number; site: { id: number } };

/**
 * A protocol with the institution's site, one event and one enrolled patient, through the API, and helpers to
 * collect samples (`sample`) and sub-samples (`sub`) for it. `refs` saves the look-ups when already known.
 */
export async function sampleSetUp(
  t: TestApp,
  inst: Inst,
  token: string,
  refs?: {
    protocol: Awaited<ReturnType<typeof protocolRefs>>;
    participant: Awaited<ReturnType<typeof referenceIds>>;
  },
  /** Overrides of the registered patient's body (names, MRN, phone numbers). */
  patientOver: Record<string, unknown> = {},
) {
  const own = refs?.protocol ?? (await protocolRefs(t, inst.id, token));
  const people = refs?.participant ?? (await referenceIds(t, inst.id, token));
  const protocol = await createProtocol(t, inst.id, token);
  const base = `/api/institutions/${inst.id}/collectionProtocols/${protocol.id}`;
  await t.call('POST', `${base}/collectionProtocolSites`, { token, body: { InstitutionSiteId: inst.site.id } });
  const event = json<Rec>(
    await t.call('POST', `${base}/collectionProtocolEvents`, {
      token,
      body: { Label: 'Baseline', EventCode: 'BL', CollectionProtocolEventUnitOfMeasurementId: own.eventUnit('Day') },
    }),
  );
  const patient = json<Rec>(
    await t.call('POST', `/api/institutions/${inst.id}/patients/register`, {
      token,
      body: participant(people, patientOver),
    }),
  );
  const [enrolment] = json<Rec[]>(
    await t.call('POST', `${base}/collectionProtocolParticipants`, { token, body: { PatientIds: [patient.id] } }),
  );
  const api = (p = '') => `${base}/collectedSamples${p}`;
  const body = (over: Record<string, unknown> = {}) => ({
    PatientId: patient.id,
    InstitutionSiteId: inst.site.id,
    CollectionProtocolEventId: event.id,
    SpecimenTypeId: own.type('Whole Blood'),
    CollectedAmount: 10,
    RemainingAmount: 10,
    UnitOfMeasurementId: own.unit('Millilitre'),
    CollectedDate: '2026-03-14',
    CollectedTime: '09:30',
    IsSubSample: false,
    ...over,
  });
  const sample = async (over: Record<string, unknown> = {}) => {
    const res = await t.call('POST', api(), { token, body: body(over) });
    if (res.statusCode !== 201) throw new Error(res.body);
    return json<Sample>(res);
  };
  const sub = (parent: Sample, over: Record<string, unknown> = {}) =>
    t.call('POST', api(), {
      token,
      body: {
        IsSubSample: true,
        ParentSampleId: parent.id,
        SubSampleLineageId: own.aliquot,
        SpecimenTypeId: own.type('Whole Blood'),
        CollectedAmount: 1,
        ...over,
      },
    });
  /** `n` new samples of the patient through the collect stepper's command, in as few calls as it allows (sample IDs generated). */
  const collectMany = async (n: number) => {
    const made: (Rec & { sampleId: string })[] = [];
    while (made.length < n) {
      const rows = Math.min(MAX_COLLECT_ROWS, n - made.length);
      const res = await t.call('POST', api('/collect'), {
        token,
        body: {
          CollectionProtocolEventId: event.id,
          PatientId: patient.id,
          InstitutionSiteId: inst.site.id,
          CollectedDate: '2026-03-14',
          CollectedTime: '09:30',
          Rows: Array.from({ length: rows }, (_, i) => ({
            Key: `k${i}`,
            SpecimenTypeId: own.type('Whole Blood'),
            Quantity: 1,
            UnitOfMeasurementId: own.unit('Millilitre'),
          })),
        },
      });
      if (res.statusCode !== 201) throw new Error(res.body);
      made.push(...json<(Rec & { sampleId: string })[]>(res));
    }
    return made;
  };
  return { protocol, base, event, patient, enrolment, api, body, sample, sub, collectMany };
}
