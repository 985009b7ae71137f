import { describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import type { OrderDetail } from '../../../contract/orders.contract';
import { testApp, json, pagination } from '../../test/harness';
import { createInstitution, signedIn } from '../../test/factories';
import { labSetup } from '../../test/orders-fixtures';
import { limsOrders, limsResultHistory } from './orders.table';
import { aroundCommit, namesInTransactions, sentNamedStatements } from '../../test/sent-statements';

const t = await testApp();
const { institution, token } = await signedIn(t, ['Institution Administrator']);
const lab = await labSetup(t, institution.id, token);
const api = (p: string, inst = institution.id) => `/api/institutions/${inst}/${p}`;
const place = (body: Record<string, unknown>, tok = token) =>
  t.call('POST', api('LIMSOrders/place'), { token: tok, body });
const order = async () => {
  const res = await place({
    patientIds: [lab.patient.id],
    priorityId: lab.priorityId,
    panelIds: [lab.panel.id, lab.second.id],
  });
  expect(res.statusCode, res.body).toBe(201);
  return json<{ id: number; sampleId: string }[]>(res)[0];
};
const detail = async (id: number, tok = token) =>
  json<OrderDetail>(await t.call('GET', api(`LIMSOrders/${id}`), { token: tok }));
const tests = (d: OrderDetail) => d.orderedPanels.flatMap((p) => p.orderedTests);
const byTitle = (d: OrderDetail, prefix: string) => tests(d).find((x) => x.test.title.startsWith(prefix))!;

describe('placing orders', () => {
  it('creates one order per participant with every panel and its tests, with a generated sample ID', async () => {
    const o = await order();
    expect(o.sampleId).toMatch(/^L\d{6}\d{4}$/);
    const d = await detail(o.id);
    expect(d.orderedPanels.map((p) => p.panel.title)).toEqual([lab.panel.title, lab.second.title]);
    expect(d.orderedPanels[0].orderedTests.map((x) => x.test.title).sort()).toEqual(
      [lab.glucose.title, lab.hiv.title, lab.note.title].sort(),
    );
    expect(byTitle(d, 'Glucose').testResultRange).toMatchObject({ minimumValue: 3.5, maximumValue: 5.5 });
    expect(byTitle(d, 'HIV').testAcceptedValues.map((a) => a.title)).toEqual(['Negative', 'Positive']);
    expect(d.patient?.firstName).toBe('Almaz');
    expect(d.patientMRNs[0].mrn).toBe(lab.patient.patientMRN);
  });

  it('is atomic: a panel without tests rolls back every order of the command', async () => {
    const empty = json<{ id: number }>(
      await t.call('POST', api('panels'), { token, body: { ...lab.panel, title: `Empty ${Date.now()}` } }),
    );
    const before = (await t.db.select().from(limsOrders).where(eq(limsOrders.institutionId, institution.id))).length;
    const res = await place({
      patientIds: [lab.patient.id],
      priorityId: lab.priorityId,
      panelIds: [lab.panel.id, empty.id],
    });
    expect(res.statusCode).toBe(400);
    expect(json(res).title).toMatch(/has no tests yet/);
    expect((await t.db.select().from(limsOrders).where(eq(limsOrders.institutionId, institution.id))).length).toBe(
      before,
    );
  });

  it('needs a priority and at least one panel (*Required) and refuses a duplicate sample ID', async () => {
    const res = await place({ patientIds: [lab.patient.id], panelIds: [] });
    expect(json(res).errors).toEqual({ priorityId: ['*Required'], panelIds: ['*Required'] });
    const created = await t.call('POST', api('LIMSOrders'), {
      token,
      body: { PatientId: lab.patient.id, PriorityId: lab.priorityId, SampleId: `S-${lab.patient.id}-X` },
    });
    expect(created.statusCode).toBe(201);
    const dup = await t.call('POST', api('LIMSOrders'), {
      token,
      body: { PatientId: lab.patient.id, PriorityId: lab.priorityId, SampleId: `s-${lab.patient.id}-x` },
    });
    expect(dup.statusCode).toBe(409);
    expect(json(dup).title).toBe(`Sample ID s-${lab.patient.id}-x is already used by another order.`);
    const panel = await t.call('POST', api(`LIMSOrders/${json(created).id}/LIMSOrderedPanels`), {
      token,
      body: { limsOrderID: json(created).id, panelID: lab.second.id },
    });
    expect(json(panel).orderedPanels).toEqual([lab.second.title]);
  });

  it('finds orders by sample ID, participant, MRN; pages; counts', async () => {
    const o = await order();
    const bySample = await t.call('GET', api(`LIMSOrders?SampleID=${o.sampleId}`), { token });
    expect(json<{ id: number; orderedPanels: string[]; patientMRN: string }[]>(bySample)).toMatchObject([
      { id: o.id, orderedPanels: [lab.panel.title, lab.second.title], patientMRN: lab.patient.patientMRN },
    ]);
    const byPatient = json<{ id: number }[]>(
      await t.call('GET', api(`limsOrders?patientId=${lab.patient.id}&PageSize=100`), { token }),
    );
    expect(byPatient.map((x) => x.id)).toContain(o.id);
    const byMrn = json<{ id: number }[]>(
      await t.call('GET', api(`LIMSOrders?mrn=${lab.patient.patientMRN}&PageSize=100`), { token }),
    );
    expect(byMrn.map((x) => x.id)).toContain(o.id);
    const page = await t.call('GET', api('LIMSOrders?PageSize=1'), { token });
    expect(pagination(page).TotalCount).toBeGreaterThan(1);
    expect(json<{ count: number }>(await t.call('GET', api('LIMSOrders/count'), { token })).count).toBe(
      pagination(page).TotalCount,
    );
  });
});

describe('results', () => {
  const save = (orderId: number, results: unknown[], tok = token) =>
    t.call('PUT', api(`LIMSOrders/${orderId}/results`), { token: tok, body: { results } });

  it('takes accepted values, numbers flagged Low/High against the range, and free text', async () => {
    const o = await order();
    const d = await detail(o.id);
    const [g, h, n] = [byTitle(d, 'Glucose'), byTitle(d, 'HIV'), byTitle(d, 'Morphology')];
    const stamped = (x: typeof g, result: string) => ({
      resultId: x.testResult.id,
      result,
      concurrencyStamp: x.testResult.concurrencyStamp,
    });
    expect(json(await save(o.id, [stamped(h, 'maybe')])).title).toMatch(
      /'maybe' is not an accepted value. Choose one of: Negative, Positive./,
    );
    expect(json(await save(o.id, [stamped(g, 'high')])).title).toMatch(/enter a number/);
    const res = await save(o.id, [stamped(g, '7.2'), stamped(h, 'positive'), stamped(n, 'Normocytic')]);
    expect(res.statusCode, res.body).toBe(200);
    const after = json<OrderDetail>(res);
    expect(byTitle(after, 'Glucose').testResult).toMatchObject({ result: '7.2', flag: 'H' });
    expect(byTitle(after, 'HIV').testResult).toMatchObject({ result: 'Positive', flag: null });
    expect(byTitle(after, 'Morphology').testResult.result).toBe('Normocytic');
    expect(
      byTitle(json<OrderDetail>(await save(o.id, [stamped(byTitle(after, 'Glucose'), '2')])), 'Glucose').testResult
        .flag,
    ).toBe('L');
  });

  it('saves only changed results; a stale stamp is 409 and nothing is overwritten', async () => {
    const o = await order();
    const g = byTitle(await detail(o.id), 'Glucose');
    const first = byTitle(
      json<OrderDetail>(
        await save(o.id, [
          { resultId: g.testResult.id, result: '4.1', concurrencyStamp: g.testResult.concurrencyStamp },
        ]),
      ),
      'Glucose',
    );
    const same = byTitle(
      json<OrderDetail>(
        await save(o.id, [
          { resultId: g.testResult.id, result: '4.1', concurrencyStamp: first.testResult.concurrencyStamp },
        ]),
      ),
      'Glucose',
    );
    expect(same.testResult.concurrencyStamp).toBe(first.testResult.concurrencyStamp);
    const second = await save(o.id, [
      { resultId: g.testResult.id, result: '4.9', concurrencyStamp: g.testResult.concurrencyStamp },
    ]);
    expect(second.statusCode).toBe(409);
    expect(byTitle(await detail(o.id), 'Glucose').testResult.result).toBe('4.1');
    const unstamped = await save(o.id, [{ resultId: g.testResult.id, result: '4.9' }]);
    expect(unstamped.statusCode).toBe(400); // a stamp is required: an edit never silently overwrites
    expect(Object.keys(json<{ errors: Record<string, string[]> }>(unstamped).errors)).toEqual([
      expect.stringMatching(/^results\.0\.concurrencyStamp$/i),
    ]);
    expect(byTitle(await detail(o.id), 'Glucose').testResult.result).toBe('4.1');
  });

  it('a save locks its results, updates and writes history with statements prepared by name, and names what it did not find (issue 30)', async () => {
    const o = await order();
    let g = byTitle(await detail(o.id), 'Glucose');
    const saveGlucose = async (result: string) => {
      let res: Awaited<ReturnType<typeof save>> | undefined;
      const sent = await sentNamedStatements(t.db, async () => {
        res = await save(o.id, [
          { resultId: g.testResult.id, result, concurrencyStamp: g.testResult.concurrencyStamp },
        ]);
      });
      expect(res?.statusCode, res?.body).toBe(200);
      g = byTitle(json<OrderDetail>(res!), 'Glucose');
      return sent;
    };
    await saveGlucose('4.4');
    const sent = await saveGlucose('6.1');
    expect(g.testResult).toMatchObject({ result: '6.1', flag: 'H' });
    const { inTransaction, after } = aroundCommit(sent);
    const of = (pattern: RegExp) => inTransaction.filter((q) => pattern.test(q.text));
    // The order is read only to name what a save did not find (below); the lock reads by order and institution.
    expect(of(/^select .* from "lims_orders" where/is)).toHaveLength(0);
    const steps = [
      of(/for update of "lims_ordered_test_results", "lims_ordered_test_result_releases"/i),
      of(/^update "lims_ordered_test_results" set/i),
      of(/^insert into "lims_result_history"/i),
    ];
    for (const step of steps) expect(step, inTransaction.map((q) => q.text).join('\n')).toHaveLength(1);
    // PostgreSQL: each by its name. PGlite runs a transaction's statements unnamed (sent-statements.ts).
    if (namesInTransactions(t.db)) for (const [q] of steps) expect(q.name, q.text).not.toBe('');
    const history = await t.db
      .select()
      .from(limsResultHistory)
      .where(eq(limsResultHistory.limsOrderedTestResultId, g.testResult.id))
      .orderBy(asc(limsResultHistory.id));
    expect(history.map((h) => [h.action, h.previousResult, h.newResult, h.reason])).toEqual([
      ['enter', null, '4.4', null],
      ['enter', '4.4', '6.1', null],
    ]);
    expect(Math.abs(history[1].at.getTime() - Date.now())).toBeLessThan(60_000);
    // The answer is the order read back in two statements: the order, then its participant, panels and tests.
    expect(after.map((q) => q.text)).toHaveLength(2);

    // What a save did not find is named: an order of another institution (or none), a result of another order.
    const elsewhere = await order();
    const foreign = byTitle(await detail(elsewhere.id), 'Glucose').testResult.id;
    const outsider = await signedIn(t, ['Institution Administrator'], await createInstitution(t));
    for (const [orderId, resultId, who, title] of [
      [o.id, foreign, { token, institution }, 'Result not found.'],
      [o.id + 1_000_000, g.testResult.id, { token, institution }, 'Order not found.'],
      [o.id, g.testResult.id, outsider, 'Order not found.'],
    ] as const) {
      const res = await t.call('PUT', api(`LIMSOrders/${orderId}/results`, who.institution.id), {
        token: who.token,
        body: { results: [{ resultId, result: '5.0', concurrencyStamp: 'x' }] },
      });
      expect([res.statusCode, json<{ title: string }>(res).title], res.body).toEqual([404, title]);
    }
    expect(byTitle(await detail(o.id), 'Glucose').testResult.result).toBe('6.1');
    expect(byTitle(await detail(elsewhere.id), 'Glucose').testResult.result).toBeNull();
  });

  it("50 parallel saves of one result with the same stamp: exactly one 200, 49 409, the winner's value kept (no lost update)", async () => {
    const o = await order();
    const g = byTitle(await detail(o.id), 'Glucose');
    const values = Array.from({ length: 50 }, (_, i) => (3.5 + i).toFixed(1));
    const results = await Promise.all(
      values.map((result) =>
        save(o.id, [{ resultId: g.testResult.id, result, concurrencyStamp: g.testResult.concurrencyStamp }]),
      ),
    );
    const ok = results.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(49);
    const winner = byTitle(json<OrderDetail>(ok[0]), 'Glucose').testResult;
    expect(values).toContain(winner.result);
    const stored = byTitle(await detail(o.id), 'Glucose').testResult;
    expect(stored).toMatchObject({ result: winner.result, concurrencyStamp: winner.concurrencyStamp });
    // One change, one audit row, and the institution's audit chain still verifies.
    const verify = json<{ firstBreak: unknown }>(await t.call('GET', api('audit/verify'), { token }));
    expect(verify.firstBreak).toBeNull();
  });

  it('a release needs a result; a released result cannot be edited without an amendment', async () => {
    const o = await order();
    const d0 = await detail(o.id);
    const g = byTitle(d0, 'Glucose');
    const panelId = d0.orderedPanels[0].id;
    const releasePath = `LIMSOrders/${o.id}/limsOrderedPanels/${panelId}/limsOrderedTests/${g.id}/limsOrderedTestResults/${g.testResult.id}/limsOrderedTestResultReleases/${g.testResultRelease.id}/release`;
    const empty = await t.call('POST', api(releasePath), { token });
    expect(empty.statusCode).toBe(400);
    expect(json(empty).title).toMatch(/^Enter a result before releasing/);
    expect(
      (await save(o.id, [{ resultId: g.testResult.id, result: '5', concurrencyStamp: g.testResult.concurrencyStamp }]))
        .statusCode,
    ).toBe(200);
    const released = await t.call('POST', api(releasePath), { token });
    expect(released.statusCode).toBe(200);
    expect(byTitle(json<OrderDetail>(released), 'Glucose').testResultRelease).toMatchObject({
      isReleased: true,
      releasedBy: { firstName: 'Test' },
    });
    const stamp = byTitle(json<OrderDetail>(released), 'Glucose').testResult.concurrencyStamp;
    const edit = await save(o.id, [{ resultId: g.testResult.id, result: '6', concurrencyStamp: stamp }]);
    expect(edit.statusCode).toBe(409);
    expect(json(edit).title).toMatch(/is released; amend it with a reason/);
    const amendPath = `LIMSOrders/${o.id}/limsOrderedPanels/${panelId}/limsOrderedTests/${g.id}/limsOrderedTestResults/${g.testResult.id}`;
    expect(
      json(await t.call('POST', api(`${amendPath}/amend`), { token, body: { result: '6', concurrencyStamp: stamp } }))
        .errors,
    ).toEqual({ reason: ['*required'] });
    expect(
      json(
        await t.call('POST', api(`${amendPath}/amend`), {
          token,
          body: { result: '6', reason: 'Transcription error' },
        }),
      ).errors,
    ).toEqual({ concurrencyStamp: ['*required'] });
    const amended = await t.call('POST', api(`${amendPath}/amend`), {
      token,
      body: { result: '6', reason: 'Transcription error', concurrencyStamp: stamp },
    });
    expect(amended.statusCode, amended.body).toBe(200);
    expect(byTitle(json<OrderDetail>(amended), 'Glucose').testResult).toMatchObject({
      result: '6',
      amended: true,
      flag: 'H',
    });
    const history = json<{ action: string; previousResult: string; newResult: string; reason: string | null }[]>(
      await t.call('GET', api(`${amendPath}/history`), { token }),
    );
    expect(history.map((h) => [h.action, h.previousResult, h.newResult, h.reason])).toEqual([
      ['enter', null, '5', null],
      ['release', '5', '5', null],
      ['amend', '5', '6', 'Transcription error'],
    ]);
  });

  it('a panel release releases every test of the panel at once, or none when one lacks a result', async () => {
    const o = await order();
    const d = await detail(o.id);
    const panel = d.orderedPanels[0];
    const [g, h, n] = [byTitle(d, 'Glucose'), byTitle(d, 'HIV'), byTitle(d, 'Morphology')];
    const stamped = (x: typeof g, result: string) => ({
      resultId: x.testResult.id,
      result,
      concurrencyStamp: x.testResult.concurrencyStamp,
    });
    expect((await save(o.id, [stamped(g, '4'), stamped(h, 'Negative')])).statusCode).toBe(200);
    const partial = await t.call('POST', api(`LIMSOrders/${o.id}/limsOrderedPanels/${panel.id}/release`), { token });
    expect(partial.statusCode).toBe(400);
    expect(json(partial).title).toBe(`Enter a result before releasing: ${lab.note.title}.`);
    expect(tests(await detail(o.id)).some((x) => x.testResultRelease.isReleased)).toBe(false);
    expect((await save(o.id, [stamped(n, 'Normal')])).statusCode).toBe(200);
    const ok = json<OrderDetail>(
      await t.call('POST', api(`LIMSOrders/${o.id}/limsOrderedPanels/${panel.id}/release`), { token }),
    );
    const releases = ok.orderedPanels[0].orderedTests.map((x) => x.testResultRelease);
    expect(releases.every((r) => r.isReleased)).toBe(true);
    expect(new Set(releases.map((r) => r.releasedDate)).size).toBe(1);
    expect(ok.orderedPanels[1].orderedTests.every((x) => !x.testResultRelease.isReleased)).toBe(true);
  });

  it('comments on an ordered test', async () => {
    const o = await order();
    const d = await detail(o.id);
    const n = byTitle(d, 'Morphology');
    const res = await t.call(
      'PUT',
      api(`LIMSOrders/${o.id}/limsOrderedPanels/${d.orderedPanels[0].id}/limsOrderedTests/${n.id}`),
      { token, body: { comment: 'Haemolysed sample', concurrencyStamp: n.concurrencyStamp } },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(byTitle(json<OrderDetail>(res), 'Morphology').comment).toBe('Haemolysed sample');
    const stale = await t.call(
      'PUT',
      api(`LIMSOrders/${o.id}/limsOrderedPanels/${d.orderedPanels[0].id}/limsOrderedTests/${n.id}`),
      { token, body: { comment: 'Clotted', concurrencyStamp: n.concurrencyStamp } },
    );
    expect(stale.statusCode).toBe(409);
    expect(byTitle(await detail(o.id), 'Morphology').comment).toBe('Haemolysed sample');
  });

  it('a Technician enters results but cannot release them; a Researcher only reads', async () => {
    const o = await order();
    const g = byTitle(await detail(o.id), 'Glucose');
    const tech = await signedIn(t, ['Technician'], institution);
    const entered = await save(
      o.id,
      [{ resultId: g.testResult.id, result: '4.4', concurrencyStamp: g.testResult.concurrencyStamp }],
      tech.token,
    );
    expect(entered.statusCode).toBe(200);
    const release = await t.call('POST', api(`LIMSOrders/${o.id}/limsOrderedPanels/${g.id}/release`), {
      token: tech.token,
    });
    expect(release.statusCode).toBe(403);
    const researcher = await signedIn(t, ['Researcher'], institution);
    expect((await detail(o.id, researcher.token)).id).toBe(o.id);
    const current = byTitle(json<OrderDetail>(entered), 'Glucose').testResult.concurrencyStamp;
    expect(
      (await save(o.id, [{ resultId: g.testResult.id, result: '4.5', concurrencyStamp: current }], researcher.token))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await place(
          { patientIds: [lab.patient.id], priorityId: lab.priorityId, panelIds: [lab.panel.id] },
          researcher.token,
        )
      ).statusCode,
    ).toBe(403);
  });

  it('another institution never sees the order', async () => {
    const o = await order();
    const other = await createInstitution(t);
    const outsider = await signedIn(t, ['Institution Administrator'], other);
    expect((await t.call('GET', api(`LIMSOrders/${o.id}`, other.id), { token: outsider.token })).statusCode).toBe(404);
    expect((await t.call('GET', api(`LIMSOrders/${o.id}`, other.id), { token })).statusCode).toBe(404);
  });

  it('every change is audited', async () => {
    const o = await order();
    const g = byTitle(await detail(o.id), 'Glucose');
    expect(
      (
        await save(o.id, [
          { resultId: g.testResult.id, result: '4.2', concurrencyStamp: g.testResult.concurrencyStamp },
        ])
      ).statusCode,
    ).toBe(200);
    const events = json<{ entity: string; action: string }[]>(
      await t.call('GET', api(`auditEvents?entity=limsOrderedTestResult&entityId=${g.testResult.id}`), { token }),
    );
    expect(events.map((e) => e.action)).toEqual(['update']);
    const created = json<{ action: string }[]>(
      await t.call('GET', api(`auditEvents?entity=limsOrder&entityId=${o.id}`), { token }),
    );
    expect(created.map((e) => e.action)).toEqual(['create']);
  });
});
