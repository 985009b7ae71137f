import { describe, expect, it } from 'vitest';
import { testApp, json } from '../../test/harness';
import { signedIn } from '../../test/factories';
import { labSetup } from '../../test/orders-fixtures';
import { signaturePng } from '../../test/protocols-fixtures';
import { sampleSetUp } from '../../test/samples-fixtures';

// Orders on a collected sample (issue 13: the COLLECTED SAMPLE ID tabs of New Order and Orders).
const t = await testApp();
const { institution, token } = await signedIn(t, ['Institution Administrator']);
const lab = await labSetup(t, institution.id, token);
const api = (p: string, inst = institution.id) => `/api/institutions/${inst}/${p}`;
type Order = {
  id: number;
  sampleId: string;
  collectedSampleId: number | null;
  collectedSample: { id: number; sampleId: string } | null;
};

describe('orders on a collected sample', () => {
  it('orders a panel on a sample for its donor, names the sample in the list, and finds the order by the sample ID', async () => {
    const s = await sampleSetUp(t, institution, token);
    const sample = await s.sample({ SampleID: 'CS-ORD-1' });
    const res = await t.call('POST', api('LIMSOrders/place'), {
      token,
      body: {
        patientIds: [s.patient.id],
        priorityId: lab.priorityId,
        panelIds: [lab.panel.id],
        collectedSampleId: sample.id,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const [order] = json<Order[]>(res);
    expect(order).toMatchObject({
      collectedSampleId: sample.id,
      collectedSample: { id: sample.id, sampleId: 'CS-ORD-1' },
    });
    const found = json<Order[]>(await t.call('GET', api('LIMSOrders?CollectedSample=cs-ord-1'), { token }));
    expect(found.map((o) => o.id)).toEqual([order.id]);
    expect(json<Order[]>(await t.call('GET', api('LIMSOrders?CollectedSample=CS-ORD'), { token }))).toEqual([]);
  });

  it("refuses another participant, another institution's sample, and a donor who withdrew consent", async () => {
    const s = await sampleSetUp(t, institution, token);
    const sample = await s.sample();
    const place = (body: Record<string, unknown>, inst = institution.id, tok = token) =>
      t.call('POST', api('LIMSOrders/place', inst), {
        token: tok,
        body: { priorityId: lab.priorityId, panelIds: [lab.panel.id], ...body },
      });

    const mixed = await place({ patientIds: [s.patient.id, lab.patient.id], collectedSampleId: sample.id });
    expect(mixed.statusCode).toBe(400);
    expect(json(mixed)).toMatchObject({
      code: 'orders.collected_sample_patient',
      errors: { collectedSampleId: ['Collected from another participant'] },
    });

    const other = await signedIn(t, ['Institution Administrator']);
    const otherLab = await labSetup(t, other.institution.id, other.token);
    const foreign = await place(
      {
        patientIds: [otherLab.patient.id],
        priorityId: otherLab.priorityId,
        panelIds: [otherLab.panel.id],
        collectedSampleId: sample.id,
      },
      other.institution.id,
      other.token,
    );
    expect(json(foreign)).toMatchObject({ status: 400, code: 'orders.collected_sample_unknown' });

    const consent = json<{ consentVersionId: number }>(
      await t.call('POST', `${s.base}/collectionProtocolConsents`, {
        token,
        body: { Title: 'Main', Consent: '<p>I agree</p>' },
      }),
    );
    const signed = json<{ id: number }>(
      await t.call('POST', `${s.base}/collectionProtocolParticipantConsents`, {
        token,
        body: {
          ParticipantId: s.enrolment.id,
          ConsentVersionId: consent.consentVersionId,
          Signature: signaturePng().dataUrl,
        },
      }),
    );
    const today = new Date().toISOString().slice(0, 10);
    await t.call('POST', `${s.base}/collectionProtocolParticipantConsents/${signed.id}/withdraw`, {
      token,
      body: { WithdrawnDate: today, Reason: 'Moved', Effect: 'stop_use' },
    });
    const withdrawn = await place({ patientIds: [s.patient.id], collectedSampleId: sample.id });
    expect(json(withdrawn)).toMatchObject({ status: 409, code: 'protocols.consent_withdrawn' });
  });
});
