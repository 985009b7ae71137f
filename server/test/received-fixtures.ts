import type { TestApp } from './harness';
import { json } from './harness';
import type { signedIn } from './factories';
import { participant, referenceIds } from './participants-fixtures';
import { createProtocol, protocolRefs } from './protocols-fixtures';

// Received samples (issue 31 item 1, docs/decisions/0014-received-samples.md): a protocol with an enrolled donor
// to collect from, and the shipping calls that make a sample another institution's own received record. Shared by
// shipments' received-samples.test.ts and labels' received-labels.test.ts.

export type Who = Awaited<ReturnType<typeof signedIn>>;
export type Rec = Record<string, unknown> & { id: number };
export type Sample = Rec & { sampleId: string; concurrencyStamp: string; origin: string; remainingAmount: number };
export type Item = Rec & {
  status: string;
  receivedSample: { id: number; sampleId: string } | null;
  storedAt: string | null;
};
export type Entry = { kind: string; summary: string; institution: string | null };

export function receivedKit(t: TestApp) {
  /** A protocol of `who`'s institution with its site, one event and one enrolled patient; `sample` collects one. */
  async function setUp(who: Who) {
    const { institution: inst, token: tok } = who;
    const r = await protocolRefs(t, inst.id, tok);
    const protocol = await createProtocol(t, inst.id, tok);
    const base = `/api/institutions/${inst.id}/collectionProtocols/${protocol.id}`;
    await t.call('POST', `${base}/collectionProtocolSites`, { token: tok, body: { InstitutionSiteId: inst.site.id } });
    const event = json<Rec>(
      await t.call('POST', `${base}/collectionProtocolEvents`, {
        token: tok,
        body: { Label: 'Baseline', EventCode: 'BL', CollectionProtocolEventUnitOfMeasurementId: r.eventUnit('Day') },
      }),
    );
    const patient = json<Rec>(
      await t.call('POST', `/api/institutions/${inst.id}/patients/register`, {
        token: tok,
        body: participant(await referenceIds(t, inst.id, tok)),
      }),
    );
    await t.call('POST', `${base}/collectionProtocolParticipants`, { token: tok, body: { PatientIds: [patient.id] } });
    const sample = async (over: Record<string, unknown> = {}) => {
      const res = await t.call('POST', `${base}/collectedSamples`, {
        token: tok,
        body: {
          PatientId: patient.id,
          InstitutionSiteId: inst.site.id,
          CollectionProtocolEventId: event.id,
          SpecimenTypeId: r.type('Whole Blood'),
          CollectedAmount: 10,
          UnitOfMeasurementId: r.unit('Millilitre'),
          CollectedDate: '2026-03-14',
          CollectedTime: '09:30',
          ...over,
        },
      });
      if (res.statusCode !== 201) throw new Error(res.body);
      return json<Sample>(res);
    };
    return { protocol, base, patient, sample, r };
  }

  const inst = (who: Who, path: string) => `/api/institutions/${who.institution.id}${path}`;
  /** Ships `ids` from `from` to `to` (a signed-in institution, or any with a site: createInstitution's). */
  const ship = async (
    from: Who,
    to: { institution: { id: number; site: { id: number } } },
    ids: number[],
    name = 'Onward',
  ) => {
    const res = await t.call('POST', inst(from, '/collectedSampleShipments'), {
      token: from.token,
      body: {
        Name: name,
        SendingInstitutionSiteId: from.institution.site.id,
        ReceivingInstitutionId: to.institution.id,
        ReceivingInstitutionSiteId: to.institution.site.id,
        CollectedSampleIds: ids,
      },
    });
    if (res.statusCode !== 201) throw new Error(res.body);
    return json<Rec>(res);
  };
  const itemsOf = async (who: Who, s: Rec) =>
    json<Item[]>(
      await t.call('GET', inst(who, `/collectedSampleShipments/${s.id}/collectedSampleShipmentItems`), {
        token: who.token,
      }),
    );
  const accept = async (who: Who, s: Rec, item: Item) => {
    const res = await t.call(
      'POST',
      inst(who, `/collectedSampleShipments/${s.id}/collectedSampleShipmentItems/${item.id}/receive`),
      { token: who.token, body: {} },
    );
    if (res.statusCode !== 200) throw new Error(res.body);
    return json<Item>(res);
  };
  const sampleOf = async (who: Who, id: number) =>
    json<Sample & Record<string, unknown>>(
      await t.call('GET', inst(who, `/collectedSamples/${id}`), { token: who.token }),
    );
  const historyOf = async (who: Who, id: number) =>
    json<Entry[]>(await t.call('GET', inst(who, `/collectedSamples/${id}/history`), { token: who.token }));
  /** Ships `sampleIds` from `from` to `to` and accepts every item: the receiver's records, in item order. */
  const receive = async (from: Who, to: Who, sampleIds: number[], name = 'Received') => {
    const shipment = await ship(from, to, sampleIds, name);
    const received = [];
    for (const item of await itemsOf(to, shipment)) received.push((await accept(to, shipment, item)).receivedSample!);
    return { shipment, received };
  };
  return { setUp, inst, ship, itemsOf, accept, sampleOf, historyOf, receive };
}
