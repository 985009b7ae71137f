import { describe, expect, it } from 'vitest';
import type { Observation, ServiceRequest } from '@medplum/fhirtypes';
import type { OrderDetail, OrderSummary } from '../../../contract/orders.contract';
import { validate } from '../../test/fhir-validate';
import { labSetup } from '../../test/orders-fixtures';
import { testApp, json } from '../../test/harness';
import { signedIn } from '../../test/factories';
import { protocolRefs } from '../../test/protocols-fixtures';
import { receivedKit, type Rec } from '../../test/received-fixtures';

// Ordering tests on a received sample (issue 31 item 1, docs/decisions/0014-received-samples.md): the order's subject
// is the sample's pseudonymous donor code, never the sender's participant.
const t = await testApp();
const A = await signedIn(t, ['Coordinator']);
const B = await signedIn(t, ['Coordinator']);
const C = await signedIn(t, ['Coordinator']);
const { setUp, inst, receive } = receivedKit(t);
const a = await setUp(A);
const bAdmin = await signedIn(t, ['Institution Administrator'], B.institution);
const bLab = await labSetup(t, B.institution.id, bAdmin.token);
const orderOn = (sampleId: number, who = bAdmin, lab = bLab) =>
  t.call('POST', `/api/institutions/${who.institution.id}/collectedSamples/${sampleId}/LIMSOrders`, {
    token: who.token,
    body: { priorityId: lab.priorityId, panelIds: [lab.panel.id], commentToLab: 'Please run today' },
  });
const bApi = (p: string) => `/api/institutions/${B.institution.id}/${p}`;

/** A's sample, shipped to B and accepted there: A's record and B's own received record. */
async function receivedByB() {
  const s1 = await a.sample();
  const { received } = await receive(A, B, [s1.id], 'For orders');
  return { s1, bId: received[0].id };
}

describe('orders on a received sample', () => {
  it("B orders a panel on its received sample: the order's subject is the donor code; results are entered and released; lists, detail, report and FHIR read it; nothing of A's donor shows", async () => {
    const { bId } = await receivedByB();
    const res = await orderOn(bId);
    expect(res.statusCode, res.body).toBe(201);
    const order = json<OrderSummary>(res);
    expect(order).toMatchObject({
      patientId: null,
      patient: null,
      patientMRN: null,
      collectedSampleId: bId,
      commentToLab: 'Please run today',
      orderedPanels: [bLab.panel.title],
      releaseState: 'pending',
    });
    expect(order.donorCode).toMatch(/^D-[0-9a-f]{16}$/);
    const rec = json<{ receivedFrom: { donorCode: string } }>(
      await t.call('GET', bApi(`collectedSamples/${bId}`), { token: bAdmin.token }),
    );
    expect(order.donorCode).toBe(rec.receivedFrom.donorCode);

    // The lists: all, by collected sample, by sample ID; the detail has no participant and no MRNs.
    const list = json<OrderSummary[]>(await t.call('GET', bApi('LIMSOrders?PageSize=50'), { token: bAdmin.token }));
    expect(list.find((o) => o.id === order.id)).toMatchObject({ donorCode: order.donorCode, patient: null });
    const bySample = json<OrderSummary[]>(
      await t.call('GET', bApi(`LIMSOrders?CollectedSampleId=${bId}`), { token: bAdmin.token }),
    );
    expect(bySample.map((o) => o.id)).toEqual([order.id]);
    const detail = json<OrderDetail>(await t.call('GET', bApi(`LIMSOrders/${order.id}`), { token: bAdmin.token }));
    expect(detail).toMatchObject({ patient: null, patientMRNs: [], donorCode: order.donorCode });

    // Results are entered and released like on any order.
    const tests = detail.orderedPanels[0].orderedTests;
    const glucose = tests.find((x) => x.test.title === bLab.glucose.title)!;
    const valueOf = (title: string) =>
      title === bLab.glucose.title ? '6.1' : title === bLab.hiv.title ? 'Negative' : 'Normocytic';
    const saved = await t.call('PUT', bApi(`LIMSOrders/${order.id}/results`), {
      token: bAdmin.token,
      body: {
        results: tests.map((x) => ({
          resultId: x.testResult.id,
          result: valueOf(x.test.title),
          concurrencyStamp: x.testResult.concurrencyStamp,
        })),
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const panel = detail.orderedPanels[0];
    // The unreleased-panels report lists it under its donor code before the release.
    const day = new Date().toISOString().slice(0, 10);
    const report = json<{ rows: Record<string, unknown>[] }>(
      await t.call('GET', bApi(`reports/unreleased-panels?From=${day}&To=${day}&PageSize=100`), {
        token: bAdmin.token,
      }),
    );
    expect(report.rows.find((r) => r.sampleId === order.sampleId)).toMatchObject({
      patientName: order.donorCode,
      patientId: '',
    });
    const released = await t.call('POST', bApi(`LIMSOrders/${order.id}/limsOrderedPanels/${panel.id}/release`), {
      token: bAdmin.token,
      body: {},
    });
    expect(released.statusCode, released.body).toBe(200);
    const after = json<OrderDetail>(await t.call('GET', bApi(`LIMSOrders/${order.id}`), { token: bAdmin.token }));
    expect(after.releaseState).toBe('released');
    const g = after.orderedPanels[0].orderedTests.find((x) => x.test.title === bLab.glucose.title)!;
    expect(g.testResult).toMatchObject({ result: '6.1', flag: 'H' });
    expect(g.testResultRelease.isReleased).toBe(true);

    // FHIR: the ServiceRequest and its Observation name the donor code as a logical reference, valid R4.
    const sr = json<ServiceRequest>(
      await t.call('GET', bApi(`fhir/ServiceRequest/${order.id}`), { token: bAdmin.token }),
    );
    expect(sr.subject).toEqual({
      type: 'Patient',
      identifier: { system: 'urn:biobank-lims:donor-code', value: order.donorCode },
    });
    expect(sr.specimen).toEqual([{ reference: `Specimen/${bId}` }]);
    validate(sr);
    const obs = json<Observation>(
      await t.call('GET', bApi(`fhir/Observation/${g.testResult.id}`), { token: bAdmin.token }),
    );
    expect(obs.subject).toEqual(sr.subject);
    validate(obs);

    // Audited: the order's creation and the result's entry.
    const created = json<{ action: string }[]>(
      await t.call('GET', bApi(`auditEvents?entity=limsOrder&entityId=${order.id}`), { token: bAdmin.token }),
    );
    expect(created.map((e) => e.action)).toEqual(['create']);
    const entered = json<{ action: string }[]>(
      await t.call('GET', bApi(`auditEvents?entity=limsOrderedTestResult&entityId=${glucose.testResult.id}`), {
        token: bAdmin.token,
      }),
    );
    expect(entered.map((e) => e.action)).toContain('update');

    // Tenancy of identity: nothing of A's participant reaches B's order answers.
    const text = JSON.stringify([order, list, detail, after, report, sr, obs]);
    expect(text).not.toContain(String(a.patient.firstName));
    expect(text).not.toContain(String(a.patient.patientMRN ?? 'no-mrn'));
  });

  it("an aliquot of a received sample is ordered on under the same donor code; an own sample's order is its participant's", async () => {
    const { bId } = await receivedByB();
    const bRec = json<{ specimenType: Rec; receivedFrom: { donorCode: string } }>(
      await t.call('GET', bApi(`collectedSamples/${bId}`), { token: B.token }),
    );
    const bRefs = await protocolRefs(t, B.institution.id, B.token);
    const child = await t.call('POST', bApi('collectedSamples/subSamples'), {
      token: B.token,
      body: {
        ParentSampleId: bId,
        SubSampleLineageId: bRefs.aliquot,
        SpecimenTypeId: bRec.specimenType.id,
        CollectedAmount: 1,
      },
    });
    expect(child.statusCode, child.body).toBe(201);
    const aliquot = json<Rec>(child);
    const res = await orderOn(aliquot.id);
    expect(res.statusCode, res.body).toBe(201);
    expect(json<OrderSummary>(res)).toMatchObject({
      patientId: null,
      donorCode: bRec.receivedFrom.donorCode,
      collectedSampleId: aliquot.id,
    });

    // A's own (not shipped) sample through the same route: the order is for its participant.
    const aAdmin = await signedIn(t, ['Institution Administrator'], A.institution);
    const aLab = await labSetup(t, A.institution.id, aAdmin.token);
    const own = await a.sample();
    const mine = await orderOn(own.id, aAdmin, aLab);
    expect(mine.statusCode, mine.body).toBe(201);
    expect(json<OrderSummary>(mine)).toMatchObject({ patientId: a.patient.id, donorCode: null });
  });

  it("refuses the sender's sample now held by B (409), another institution's sample (404), and a spec order naming a participant on a received sample (409)", async () => {
    const { s1, bId } = await receivedByB();
    const aAdmin = await signedIn(t, ['Institution Administrator'], A.institution);
    const aLab = await labSetup(t, A.institution.id, aAdmin.token);
    const held = await orderOn(s1.id, aAdmin, aLab);
    expect(json(held)).toMatchObject({
      status: 409,
      code: 'orders.collected_sample_held_elsewhere',
      title: expect.stringContaining(B.institution.title),
    });
    // The spec's calls are refused the same way: the sample is in B's custody.
    const spec = await t.call('POST', `/api/institutions/${A.institution.id}/LIMSOrders/place`, {
      token: aAdmin.token,
      body: {
        patientIds: [a.patient.id],
        priorityId: aLab.priorityId,
        panelIds: [aLab.panel.id],
        collectedSampleId: s1.id,
      },
    });
    expect(json(spec)).toMatchObject({ status: 409, code: 'orders.collected_sample_held_elsewhere' });

    const cAdmin = await signedIn(t, ['Institution Administrator'], C.institution);
    const cLab = await labSetup(t, C.institution.id, cAdmin.token);
    const foreign = await orderOn(bId, cAdmin, cLab);
    expect(foreign.statusCode, foreign.body).toBe(404);
    // The route needs orders.create: a Researcher of B (no orders.create) is refused.
    const researcher = await signedIn(t, ['Researcher'], B.institution);
    const refused = await t.call('POST', inst(B, `/collectedSamples/${bId}/LIMSOrders`), {
      token: researcher.token,
      body: { priorityId: bLab.priorityId, panelIds: [bLab.panel.id] },
    });
    expect(refused.statusCode).toBe(403);

    const named = await t.call('POST', bApi('LIMSOrders/place'), {
      token: bAdmin.token,
      body: {
        patientIds: [bLab.patient.id],
        priorityId: bLab.priorityId,
        panelIds: [bLab.panel.id],
        collectedSampleId: bId,
      },
    });
    expect(json(named)).toMatchObject({
      status: 409,
      code: 'orders.collected_sample_received',
      errors: { collectedSampleId: ['Received from another institution: order it from its sample page'] },
    });
    // Nothing was saved by the refusals.
    const onB = json<OrderSummary[]>(
      await t.call('GET', bApi(`LIMSOrders?CollectedSampleId=${bId}`), { token: bAdmin.token }),
    );
    expect(onB.filter((o) => o.patientId !== null)).toEqual([]);
  });

  it('validates the body like New Order: a priority and at least one panel', async () => {
    const { bId } = await receivedByB();
    const res = await t.call('POST', bApi(`collectedSamples/${bId}/LIMSOrders`), {
      token: bAdmin.token,
      body: { panelIds: [] },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(json<{ errors: Record<string, string[]> }>(res).errors).sort()).toEqual([
      'panelIds',
      'priorityId',
    ]);
  });
});
